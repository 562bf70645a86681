#include "balance/report_cards.h"

#include <fmt/format.h>

#include <cmath>
#include <vector>

#include "balance/report_table.h"
#include "core/markup.h"

namespace warband::balance {
namespace {

// What a card's value is in: the fit's unit (margin_outcome.h), the margin's named as what it
// counts, a share of the points destroyed.
const char* card_value_unit(Outcome outcome) {
  return outcome == Outcome::kMargin ? "margin (a share of points)" : "log-odds";
}

// The value column's title: the unit without nested brackets.
const char* value_header(Outcome outcome) {
  return outcome == Outcome::kMargin ? "Value (margin, a share of points) [95%]"
                                     : "Value (log-odds) [95%]";
}

std::string intro_text(const BalanceAnalysis& analysis) {
  return fmt::format(
      "Each side's cards were counted beside its units, so each card's value is in the units' "
      "{} and its worth in their points (value / the average point's value); the cards of "
      "one kind are valued against their kind's average card. *Worth*: the points a copy plays "
      "like, with its 95% interval (`*` = the interval excludes the value now){}. *Solid*: the "
      "rate is clearly positive and the interval is within ±10 points.",
      card_value_unit(analysis.outcome),
      analysis.rate_identified ? ""
                               : "; none here: the average point's value is not clearly above "
                                 "0, so no worth in points can be told");
}

// A kind's cards, in the analysis's order.
struct KindCards {
  std::string kind;
  std::vector<const CardBalance*> cards;
  const CardKindStep* step = nullptr;
  bool priced = false;  // some card of the kind has a price
};

std::vector<KindCards> by_kind(const BalanceAnalysis& analysis) {
  std::vector<KindCards> kinds;
  for (const CardBalance& card : analysis.cards) {
    if (card.copies == 0) continue;
    if (kinds.empty() || kinds.back().kind != card.kind) kinds.push_back({.kind = card.kind});
    kinds.back().cards.push_back(&card);
    kinds.back().priced = kinds.back().priced || card.price.has_value();
  }
  for (KindCards& kind : kinds)
    for (const CardKindStep& step : analysis.card_steps)
      if (step.kind == kind.kind) kind.step = &step;
  return kinds;
}

std::string price_name(const BalanceAnalysis& analysis) {
  return analysis.card_price_name.empty() ? "Price" : analysis.card_price_name;
}

std::vector<std::string> headers(const BalanceAnalysis& analysis, const KindCards& kind) {
  std::vector<std::string> out = {
      "Card",        "Games",     "Copies", "Side won", value_header(analysis.outcome),
      "Worth [95%]", "Value now", "Solid"};
  if (kind.priced) {
    out.push_back(price_name(analysis) + " now");
    out.push_back(price_name(analysis) + " suggested [95%]");
  }
  return out;
}

std::string now_text(const CardBalance& card) {
  return card.current ? fmt::format("{:g}", *card.current) : "none";
}

// The current value lies outside the worth's interval.
bool off(const CardBalance& card) {
  return card.has_worth && card.current &&
         (*card.current < card.worth_low || *card.current > card.worth_high);
}

// The price now lies outside the suggestion's interval.
bool price_off(const CardBalance& card) {
  return card.has_price_suggestion &&
         (*card.price < card.price_low || *card.price > card.price_high);
}

std::string suggestion_text(const CardBalance& card) {
  if (!card.has_price_suggestion) return "-";
  return fmt::format("{:.1f} [{:.1f}, {:.1f}]{}{}", card.price_suggested, card.price_low,
                     card.price_high, price_off(card) ? "*" : "", card.price_solid ? " solid" : "");
}

// A card's worth in points is its value over the average point's: "-" while that rate is not
// clearly above 0, when the quotient is noise of any sign and size.
std::string worth_text(const BalanceAnalysis& analysis, const CardBalance& card) {
  if (!card.has_worth || !analysis.rate_identified) return "-";
  return fmt::format("{:.0f} [{:.0f}, {:.0f}]{}", card.worth, card.worth_low, card.worth_high,
                     off(card) ? "*" : "");
}

std::vector<std::string> row(const BalanceAnalysis& analysis, const KindCards& kind,
                             const CardBalance& card) {
  std::vector<std::string> out = {card.name, std::to_string(card.games),
                                  std::to_string(card.copies),
                                  fmt::format("{:.0f}%", 100 * card.side_won)};
  out.push_back(card.estimable ? fmt::format("{:+.3f} [{:+.3f}, {:+.3f}]", card.value,
                                             card.value_low, card.value_high)
                               : "not fitted");
  out.push_back(worth_text(analysis, card));
  out.push_back(now_text(card));
  out.push_back(card.solid ? "yes" : "no");
  if (kind.priced) {
    out.push_back(card.price ? std::to_string(*card.price) : "-");
    out.push_back(suggestion_text(card));
  }
  return out;
}

std::vector<std::vector<std::string>> card_rows(const BalanceAnalysis& analysis,
                                                const KindCards& kind) {
  std::vector<std::vector<std::string>> out;
  for (const CardBalance* card : kind.cards)
    out.push_back(row(analysis, kind, *card));
  return out;
}

// What one price step is worth to a copy of the kind, and what that means for the suggestions.
std::string step_text(const BalanceAnalysis& analysis, const KindCards& kind) {
  if (!kind.priced) return "";
  const std::string name = price_name(analysis);
  if (kind.step == nullptr || !kind.step->estimable)
    return fmt::format(
        "What one {} step is worth was not measured: the prices never differed between games "
        "(run with `--price-jitter 1`), so no {} is suggested.",
        name, name);
  const CardKindStep& step = *kind.step;
  std::string text =
      fmt::format("One {} step (+1) is worth {:+.3f} [{:+.3f}, {:+.3f}] {} a copy", name,
                  step.value, step.value_low, step.value_high, card_value_unit(analysis.outcome));
  if (step.has_worth && analysis.rate_identified)
    text += fmt::format(" ({:+.1f} [{:+.1f}, {:+.1f}] points)", step.worth, step.worth_low,
                        step.worth_high);
  if (step.value_low > 0)
    return text + fmt::format(
                      ": a dearer card did better, so the bots do not pay for the {} and no {} "
                      "is suggested.",
                      name, name);
  if (!step.identified)
    return text + fmt::format(": not clearly different from 0, so no {} is suggested.", name);
  return text + fmt::format(
                    ". *{} suggested*: the {} at which a copy would play like the kind's average "
                    "card (now − value / step), with its 95% interval (`*` = it excludes the {} "
                    "now; *solid* = within ±{:g}).",
                    name, name, name, kSolidPriceSteps);
}

std::string kind_title(const KindCards& kind) {
  return kind.kind.empty() ? std::string() : kind.kind;
}

}  // namespace

std::string cards_markdown(const BalanceAnalysis& analysis) {
  const std::vector<KindCards> kinds = by_kind(analysis);
  if (kinds.empty()) return "";
  std::string md = fmt::format("\n## Cards\n\n{}\n", intro_text(analysis));
  for (const KindCards& kind : kinds) {
    if (!kind_title(kind).empty()) md += fmt::format("\n### {}\n", kind_title(kind));
    const std::string step = step_text(analysis, kind);
    if (!step.empty()) md += "\n" + step + "\n";
    md += "\n";
    md += markdown_table(headers(analysis, kind), card_rows(analysis, kind));
  }
  return md;
}

std::string cards_html(const BalanceAnalysis& analysis) {
  const std::vector<KindCards> kinds = by_kind(analysis);
  if (kinds.empty()) return "";
  std::string html = "<h2>Cards</h2>\n<p>" + html_text(intro_text(analysis)) + "</p>\n";
  for (const KindCards& kind : kinds) {
    if (!kind_title(kind).empty()) html += "<h3>" + escape_markup(kind_title(kind)) + "</h3>\n";
    const std::string step = step_text(analysis, kind);
    if (!step.empty()) html += "<p>" + html_text(step) + "</p>\n";
    html += html_table(headers(analysis, kind), card_rows(analysis, kind));
  }
  return html;
}

nlohmann::json cards_json(const BalanceAnalysis& analysis) {
  nlohmann::json cards = nlohmann::json::array();
  for (const CardBalance& card : analysis.cards) {
    nlohmann::json c = {{"id", card.id},
                        {"name", card.name},
                        {"kind", card.kind},
                        {"games", card.games},
                        {"copies", card.copies},
                        {"side_won", card.side_won},
                        {"estimable", card.estimable}};
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
    if (card.price) {
      c["price_id"] = card.price_id;
      c["price_now"] = *card.price;
    }
    if (card.has_price_suggestion)
      c["price_suggested"] = {{"value", card.price_suggested},
                              {"low", card.price_low},
                              {"high", card.price_high},
                              {"solid", card.price_solid},
                              {"off", price_off(card)}};
    cards.push_back(std::move(c));
  }
  return cards;
}

nlohmann::json card_steps_json(const BalanceAnalysis& analysis) {
  nlohmann::json steps = nlohmann::json::array();
  for (const CardKindStep& step : analysis.card_steps) {
    nlohmann::json s = {
        {"kind", step.kind}, {"price", analysis.card_price_name}, {"estimable", step.estimable}};
    if (step.estimable)
      s["value"] = {{"value", step.value},
                    {"se", step.value_se},
                    {"low", step.value_low},
                    {"high", step.value_high},
                    {"identified", step.identified}};
    if (step.has_worth)
      s["worth_points"] = {
          {"value", step.worth}, {"low", step.worth_low}, {"high", step.worth_high}};
    steps.push_back(std::move(s));
  }
  return steps;
}

}  // namespace warband::balance
