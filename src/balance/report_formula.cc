#include "balance/report_formula.h"

#include <fmt/format.h>

#include <vector>

#include "balance/balance_analysis.h"
#include "balance/report_table.h"
#include "core/markup.h"

namespace warband::balance {
namespace {

constexpr double kPerTenPoints = 10.0;  // value shown per 10 points of cost

std::string interval(double value, double low, double high, const char* format) {
  return fmt::format(fmt::runtime(format), value, low, high);
}

// Plain sentences: whether the figures mean anything, then which terms are off and what to set.
std::vector<std::string> verdict(const FormulaAnalysis& formula, const std::string& bot) {
  std::vector<std::string> lines;
  const std::string rate =
      interval(formula.rate * kPerTenPoints, formula.rate_low * kPerTenPoints,
               formula.rate_high * kPerTenPoints, "{:.3f} [95% {:.3f}, {:.3f}]");
  if (formula.rate_identified)
    lines.push_back(fmt::format(
        "Cost predicts wins: 10 more points on a side are worth {} log-odds of winning (sides "
        "average {:.0f} points).",
        rate, formula.mean_points));
  else
    lines.push_back(fmt::format(
        "The bot is too weak for these figures to mean anything: a side with more cost did not "
        "clearly win more (the average point's value, {} log-odds per 10 points, is not clearly "
        "above 0), so no number is suggested. {}A wider --spread (sides' totals that differ "
        "more) and more games help too.",
        rate, bot == "random" ? "Random bots barely reward cost: use --bot greedy. " : ""));
  std::vector<std::string> high, low;
  for (const TermBalance& term : formula.terms) {
    if (term.priced != "too high" && term.priced != "too low") continue;
    const std::string text = term.has_suggestion
                                 ? fmt::format("{} ({:g} now, {:.2f} [{:.2f}, {:.2f}] suggested)",
                                               term.term.name, term.term.current, term.suggested,
                                               term.suggested_low, term.suggested_high)
                                 : term.term.name;
    (term.priced == "too high" ? high : low).push_back(text);
  }
  // Without a clear average, a term is still told apart from the others, not priced in wins.
  const std::string against = formula.rate_identified ? "" : " (against each other only)";
  const auto list = [](const std::vector<std::string>& names) {
    return names.empty() ? std::string("none clearly") : fmt::format("{}", fmt::join(names, "; "));
  };
  lines.push_back(
      fmt::format("Priced too high{} (a point of it wins less than the average point): {}.",
                  against, list(high)));
  lines.push_back(
      fmt::format("Priced too low{} (a point of it wins more than the average point): {}.", against,
                  list(low)));
  return lines;
}

std::vector<std::string> formula_headers() {
  return {"Term",
          "Now",
          "Points / side",
          "Games",
          "Value / 10 pts [95%]",
          "Above average / 10 pts [95%]",
          "Priced",
          "Suggested [95%]"};
}

std::vector<std::vector<std::string>> formula_rows(const FormulaAnalysis& formula,
                                                   const std::string& family) {
  std::vector<std::vector<std::string>> table;
  for (const TermBalance& term : formula.terms) {
    if (term.term.family != family) continue;
    std::vector<std::string> row = {
        term.term.name, term.term.suggest == "none" ? "-" : fmt::format("{:g}", term.term.current),
        fmt::format("{:.1f}", term.mean_points), std::to_string(term.games)};
    if (!term.estimable) {
      row.insert(row.end(), {"not estimable", "-", "-", "-"});
    } else {
      row.push_back(interval(term.value * kPerTenPoints, term.value_low * kPerTenPoints,
                             term.value_high * kPerTenPoints, "{:.3f} [{:.3f}, {:.3f}]"));
      row.push_back(interval(term.excess * kPerTenPoints, term.excess_low * kPerTenPoints,
                             term.excess_high * kPerTenPoints, "{:+.3f} [{:+.3f}, {:+.3f}]"));
      row.push_back(term.priced);
      row.push_back(term.has_suggestion ? interval(term.suggested, term.suggested_low,
                                                   term.suggested_high, "{:.2f} [{:.2f}, {:.2f}]")
                                        : "-");
    }
    table.push_back(std::move(row));
  }
  return table;
}

std::string family_title(const FamilyFit& family) {
  return fmt::format("Terms by {} (average point: {:.3f} ± {:.3f} per 10 points{})", family.family,
                     family.rate * kPerTenPoints, kZ95 * family.rate_se * kPerTenPoints,
                     family.converged ? "" : "; the fit did not converge");
}

constexpr const char* kExplanation =
    "Each side's cost is shared out among the terms of each family (docs/sim.md, \"Balance of a "
    "cost formula\"), and Red's result is fitted on the Red - Blue points of each term, one "
    "family at a time. *Value*: log-odds of winning per 10 points of the term. *Above "
    "average*: its value minus the family's average point's. *Priced*: too high when that "
    "interval is below 0 (the formula charges more than it is worth), too low when above. "
    "*Suggested*: the number that would make a point of it worth the average point (now x "
    "value / average; for a x multiplier priced by its bonus, 1 + bonus x value / average).";

}  // namespace

std::string formula_markdown(const FormulaAnalysis& formula, const std::string& bot) {
  std::string md = "## The cost formula\n\n";
  for (const std::string& line : verdict(formula, bot))
    md += "- " + line + "\n";
  md += fmt::format("\n{}\n", kExplanation);
  for (const FamilyFit& family : formula.families) {
    md += fmt::format("\n### {}\n\n", family_title(family));
    md += markdown_table(formula_headers(), formula_rows(formula, family.family));
  }
  return md;
}

std::string formula_html(const FormulaAnalysis& formula, const std::string& bot) {
  std::string html = "<h2>The cost formula</h2>\n<ul class=\"formula-verdict\">\n";
  for (const std::string& line : verdict(formula, bot))
    html += "<li>" + html_text(line) + "</li>\n";
  html += "</ul>\n<p>" + html_text(kExplanation) + "</p>\n";
  for (const FamilyFit& family : formula.families) {
    html += "<h3>" + escape_markup(family_title(family)) + "</h3>\n";
    html += html_table(formula_headers(), formula_rows(formula, family.family));
  }
  return html;
}

nlohmann::json formula_json(const FormulaAnalysis& formula) {
  nlohmann::json doc = {
      {"rate_per_point",
       {{"value", formula.rate},
        {"se", formula.rate_se},
        {"low", formula.rate_low},
        {"high", formula.rate_high},
        {"identified", formula.rate_identified}}},
      {"mean_points", formula.mean_points},
      {"families", nlohmann::json::array()},
      {"terms", nlohmann::json::array()},
  };
  for (const FamilyFit& family : formula.families)
    doc["families"].push_back(
        {{"family", family.family},
         {"rate_per_point",
          {{"value", family.rate}, {"se", family.rate_se}, {"identified", family.rate_identified}}},
         {"converged", family.converged}});
  for (const TermBalance& term : formula.terms) {
    nlohmann::json t = {{"family", term.term.family},   {"id", term.term.id},
                        {"name", term.term.name},       {"current", term.term.current},
                        {"suggest", term.term.suggest}, {"mean_points", term.mean_points},
                        {"games", term.games},          {"estimable", term.estimable},
                        {"priced", term.priced}};
    if (term.estimable) {
      t["value_per_point"] = {{"value", term.value},
                              {"se", term.value_se},
                              {"low", term.value_low},
                              {"high", term.value_high}};
      t["excess_per_point"] = {
          {"value", term.excess}, {"low", term.excess_low}, {"high", term.excess_high}};
    }
    if (term.has_suggestion)
      t["suggested"] = {
          {"value", term.suggested}, {"low", term.suggested_low}, {"high", term.suggested_high}};
    doc["terms"].push_back(std::move(t));
  }
  return doc;
}

}  // namespace warband::balance
