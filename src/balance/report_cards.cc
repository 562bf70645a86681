#include "balance/report_cards.h"

#include <fmt/format.h>

#include <cmath>
#include <vector>

#include "core/markup.h"

namespace warband::balance {
namespace {

const char kIntro[] =
    "Each side's cards were counted beside its units, so each card's value is in the units' "
    "log-odds and its worth in their points (value / the average point's value). *Worth*: the "
    "points a copy plays like, with its 95% interval (`*` = the interval excludes the value now). "
    "*Solid*: the rate is clearly positive and the interval is within ±10 points.";

std::vector<std::string> headers() {
  return {"Card",        "Games",     "Copies", "Side won", "Value (log-odds) [95%]",
          "Worth [95%]", "Value now", "Solid"};
}

std::string now_text(const CardBalance& card) {
  return card.current ? fmt::format("{:g}", *card.current) : "none";
}

// The current value lies outside the worth's interval.
bool off(const CardBalance& card) {
  return card.has_worth && card.current &&
         (*card.current < card.worth_low || *card.current > card.worth_high);
}

std::vector<std::vector<std::string>> rows(const BalanceAnalysis& analysis) {
  std::vector<std::vector<std::string>> out;
  for (const CardBalance& card : analysis.cards) {
    if (card.copies == 0) continue;
    std::vector<std::string> row = {card.name, std::to_string(card.games),
                                    std::to_string(card.copies),
                                    fmt::format("{:.0f}%", 100 * card.side_won)};
    row.push_back(card.estimable ? fmt::format("{:+.3f} [{:+.3f}, {:+.3f}]", card.value,
                                               card.value_low, card.value_high)
                                 : "not fitted");
    row.push_back(card.has_worth
                      ? fmt::format("{:.0f} [{:.0f}, {:.0f}]{}", card.worth, card.worth_low,
                                    card.worth_high, off(card) ? "*" : "")
                      : "-");
    row.push_back(now_text(card));
    row.push_back(card.solid ? "yes" : "no");
    out.push_back(std::move(row));
  }
  return out;
}

bool any_held(const BalanceAnalysis& analysis) {
  for (const CardBalance& card : analysis.cards)
    if (card.copies > 0) return true;
  return false;
}

}  // namespace

std::string cards_markdown(const BalanceAnalysis& analysis) {
  if (!any_held(analysis)) return "";
  std::string md = fmt::format("\n## Cards\n\n{}\n\n|", kIntro);
  for (const std::string& h : headers())
    md += " " + h + " |";
  md += "\n|---|";
  for (std::size_t i = 1; i < headers().size(); ++i)
    md += "---:|";
  md += "\n";
  for (const auto& row : rows(analysis)) {
    md += "|";
    for (const std::string& cell : row)
      md += " " + cell + " |";
    md += "\n";
  }
  return md;
}

std::string cards_html(const BalanceAnalysis& analysis) {
  if (!any_held(analysis)) return "";
  std::string html = "<h2>Cards</h2>\n<p>" + escape_markup(kIntro) + "</p>\n<table><tr>";
  for (const std::string& h : headers())
    html += "<th>" + escape_markup(h) + "</th>";
  html += "</tr>\n";
  for (const auto& row : rows(analysis)) {
    html += "<tr>";
    for (const std::string& cell : row)
      html += "<td>" + escape_markup(cell) + "</td>";
    html += "</tr>\n";
  }
  return html + "</table>\n";
}

nlohmann::json cards_json(const BalanceAnalysis& analysis) {
  nlohmann::json cards = nlohmann::json::array();
  for (const CardBalance& card : analysis.cards) {
    nlohmann::json c = {
        {"id", card.id},         {"name", card.name},         {"games", card.games},
        {"copies", card.copies}, {"side_won", card.side_won}, {"estimable", card.estimable}};
    c["value_now"] = card.current ? nlohmann::json(*card.current) : nlohmann::json(nullptr);
    if (card.estimable)
      c["value"] = {{"value", card.value},
                    {"se", card.value_se},
                    {"low", card.value_low},
                    {"high", card.value_high}};
    if (card.has_worth) {
      c["worth_points"] = {
          {"value", card.worth}, {"low", card.worth_low}, {"high", card.worth_high}};
      c["solid"] = card.solid;
      c["off"] = off(card);
    }
    cards.push_back(std::move(c));
  }
  return cards;
}

}  // namespace warband::balance
