// The balance report in Markdown, HTML and JSON: one table built once, rendered three ways.
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "balance/report.h"
#include "balance/report_cards.h"
#include "balance/report_endings.h"
#include "balance/report_formula.h"
#include "balance/report_table.h"
#include "bots/bot.h"
#include "core/markup.h"

namespace warband::balance {
namespace {

std::string replay_command(const ReportLinks& links, const GameRef& ref) {
  const std::string log = fmt::format("balance_game_{}.json", ref.index);
  return fmt::format("{} --replay-index {} --log {} && warband replay {}", links.command, ref.index,
                     log, log);
}

std::string game_cell(const GameRef& ref) {
  if (!ref.present) return "-";
  return fmt::format("#{} (dealt {}, {}, {})", ref.index, ref.damage_dealt,
                     ref.survived ? "survived" : "fell", ref.side_won ? "won" : "did not win");
}

std::vector<std::string> unit_headers() {
  return {"Unit",
          "Points",
          "Games",
          "Value / 100 pts [95%]",
          "Above average / 100 pts [95%]",
          "Suggested [95%]",
          "Solid",
          "Survival",
          "Damage / game",
          "Best game",
          "Worst game"};
}

std::vector<std::vector<std::string>> unit_rows(const BalanceAnalysis& analysis) {
  std::vector<std::vector<std::string>> table;
  for (const UnitBalance& unit : analysis.units) {
    std::vector<std::string> row = {unit.name, std::to_string(unit.points),
                                    std::to_string(unit.appearances)};
    if (unit.estimable) {
      row.push_back(fmt::format("{:.3f} [{:.3f}, {:.3f}]", unit.value_per_point * kPer,
                                unit.value_per_point_low * kPer, unit.value_per_point_high * kPer));
      row.push_back(fmt::format("{:+.3f} [{:+.3f}, {:+.3f}]{}", unit.excess_per_point * kPer,
                                unit.excess_low * kPer, unit.excess_high * kPer,
                                unit.off_par ? " *" : ""));
      row.push_back(suggested_cost_cell(analysis, unit));
      row.push_back(unit.solid ? "yes" : "no");
    } else {
      row.insert(row.end(), {"not estimable", "-", "-", "no"});
    }
    row.push_back(unit.copies ? fmt::format("{:.0f}%", unit.survival * 100) : "-");
    row.push_back(unit.copies ? fmt::format("{:.1f}", unit.damage_per_game) : "-");
    row.push_back(game_cell(unit.best));
    row.push_back(game_cell(unit.worst));
    table.push_back(std::move(row));
  }
  return table;
}

// A bot that searches for a time plays another game each run: the replay lines must say so.
std::string replay_caveat(const BalanceSettings& settings) {
  if (!bots::BotSpec::parse(settings.bot, "--bot").options.contains("ms")) return "";
  return fmt::format(
      "The bot `{}` searches for a time, not a number of iterations, so these commands play "
      "other games than the run's: use `iterations=` for games that replay.",
      settings.bot);
}

// One table per role ("As Kon"): each candidate's log-odds for Red against the role's reference.
std::vector<std::string> role_headers() {
  return {"Unit", "Games", "Value vs reference [95%]", "Survival"};
}

std::vector<std::vector<std::string>> role_rows(const BalanceAnalysis& analysis,
                                                const std::string& role) {
  std::vector<std::vector<std::string>> table;
  for (const RoleBalance& unit : analysis.roles) {
    if (unit.role != role) continue;
    table.push_back(
        {unit.name, std::to_string(unit.games),
         unit.reference ? "0 (reference)"
         : !unit.estimable
             ? "not estimable"
             : fmt::format("{:+.3f} [{:+.3f}, {:+.3f}]{}", unit.value, unit.value_low,
                           unit.value_high, unit.value_low > 0 || unit.value_high < 0 ? " *" : ""),
         fmt::format("{:.0f}%", unit.survival * 100)});
  }
  return table;
}

std::vector<std::string> role_names(const BalanceAnalysis& analysis) {
  std::vector<std::string> names;
  for (const RoleBalance& unit : analysis.roles)
    if (names.empty() || names.back() != unit.role) names.push_back(unit.role);
  return names;
}

std::string settings_line(const BalanceRun& run) {
  const BalanceSettings& s = run.settings;
  std::string warbands =
      !s.random_warbands ? "the warbands given, every game"
      : run.formula ? fmt::format("random legal sides costing {} to {} by the ruleset's formula",
                                  run.points - run.spread, run.points)
                    : fmt::format("random legal warbands of {} to {} points",
                                  run.points - run.spread, run.points);
  std::string overrides;
  for (const auto& [path, value] : s.overrides)
    overrides += fmt::format("{}{}={}", overrides.empty() ? "" : ", ", path, value);
  return fmt::format("{} games of {}, bot `{}` on both sides, seed {}, {}{}.", s.games, s.ruleset,
                     s.bot, s.seed, warbands, overrides.empty() ? "" : "; what-if: " + overrides);
}

std::string summary_markdown(const BalanceRun& run) {
  const BalanceAnalysis& a = run.analysis;
  std::string text = fmt::format(
      "- Results: Red won {}, Blue won {}, {} drawn{}. Red's score {:.3f} [95% {:.3f}, {:.3f}].\n"
      "- Side advantage (intercept, {} for Red with equal forces): {:.3f} ± {:.3f} ({}).\n",
      a.red_wins, a.blue_wins, a.draws,
      a.unfinished ? fmt::format(" ({} unfinished)", a.unfinished) : "", a.red_score,
      a.red_score_low, a.red_score_high, outcome_value_unit(a.outcome), a.intercept,
      kZ95 * a.intercept_se, a.intercept_significant ? "significant" : "not significant");
  if (a.outcome == Outcome::kMargin)
    text += fmt::format("- Red's mean margin: {:+.3f}.\n", a.red_margin);
  bool any_unit = false;
  for (const UnitBalance& unit : a.units)
    any_unit = any_unit || unit.estimable;
  // Priced by a formula and no catalog to fit: the formula's section says the rest.
  if (run.formula && !any_unit) return text;
  if (!any_unit) {
    text +=
        "- The sides' forces did not vary between games, so no unit's value can be fitted: "
        "use random warbands (leave out --warbands) for per-unit values.\n";
    return text;
  }
  text += fmt::format("- Average rate: {:.4f} {} per 100 points ± {:.4f}{}.\n", a.rate * kPer,
                      outcome_value_unit(a.outcome), kZ95 * a.rate_se * kPer,
                      a.rate_identified
                          ? ""
                          : fmt::format(" — not clearly above 0: points do not yet predict {} at "
                                        "this sample size, so no cost is suggested",
                                        a.outcome == Outcome::kMargin ? "the margin" : "wins"));
  if (a.luck.fitted) text += "- " + luck_effect_words(a.luck, a.rate_se, kPer) + ".\n";
  if (!a.fit_converged) text += "- Warning: the fit did not converge.\n";
  return text;
}

// Whether any unit of the catalog varied between the sides, so that its value was fitted.
bool any_estimable(const BalanceAnalysis& analysis) {
  return std::any_of(analysis.units.begin(), analysis.units.end(),
                     [](const UnitBalance& unit) { return unit.estimable; });
}

}  // namespace

std::string suggested_cost_cell(const BalanceAnalysis& analysis, const UnitBalance& unit) {
  if (!analysis.rate_identified) return "-";
  return fmt::format("{:.0f} [{:.0f}, {:.0f}]{}", unit.suggested, unit.suggested_low,
                     unit.suggested_high, unit.off ? " *" : "");
}

std::string report_markdown(const BalanceRun& run, const ReportLinks& links) {
  std::string md =
      fmt::format("# Balance report: {}\n\n{}\n\n", run.settings.ruleset, settings_line(run));
  md += summary_markdown(run) + "\n" + outcome_explanation(run.analysis.outcome) + "\n\n";
  md += endings_markdown(run.games);
  // A ruleset with both a catalog and a formula gets the units' costs, then the terms.
  if (run.formula && !any_estimable(run.analysis))
    return md + formula_markdown(*run.formula, run.settings.bot);
  md += "Units, the furthest off their cost first (in standard errors). *Value*: " +
        std::string(value_words(run.analysis.outcome)) +
        " per extra unit, per 100 of its points. *Above average*: its value per point "
        "minus the average point's (`*` = the interval excludes 0). *Suggested*: the cost at "
        "which it would be worth the average point (`*` = the interval excludes the current "
        "cost). *Solid*: the rate is clearly positive and the suggestion's 95% interval is within "
        "±15% of the current cost (docs/sim.md, \"Balance\").\n\n";
  md += markdown_table(unit_headers(), unit_rows(run.analysis));
  if (!links.value_plot_file.empty())
    md += fmt::format("\n![Value per point]({})\n", links.value_plot_file);
  if (!links.cost_plot_file.empty())
    md += fmt::format("\n![Suggested against current cost]({})\n", links.cost_plot_file);
  for (const std::string& role : role_names(run.analysis)) {
    md += fmt::format(
        "\n## As {0}\n\nUnits in the {0}'s role, fitted apart from the army counts (not "
        "costed). *Value*: {1} with this unit as {0} instead of the reference "
        "(`*` = the interval excludes 0).\n\n",
        role, value_words(run.analysis.outcome));
    md += markdown_table(role_headers(), role_rows(run.analysis, role));
  }
  md += cards_markdown(run.analysis);
  md += "\n## Replaying a unit's best and worst games\n\n";
  if (const std::string caveat = replay_caveat(run.settings); !caveat.empty())
    md += caveat + "\n\n";
  for (const UnitBalance& unit : run.analysis.units) {
    if (!unit.best.present) continue;
    md += fmt::format("- {}: best `{}`; worst `{}`\n", unit.name, replay_command(links, unit.best),
                      replay_command(links, unit.worst));
  }
  if (run.formula) {
    md += '\n';
    md += formula_markdown(*run.formula, run.settings.bot);
  }
  return md;
}

std::string report_html(const BalanceRun& run, const ReportLinks& links) {
  std::string html = fmt::format(
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Balance report: {0}</title>"
      "<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse}}"
      "td,th{{border:1px solid #ccc;padding:3px 6px;text-align:right}}td:first-child{{text-align:"
      "left}}code{{font-size:85%}}</style></head><body>\n<h1>Balance report: "
      "{0}</h1>\n<p>{1}</p>\n",
      escape_markup(run.settings.ruleset), html_text(settings_line(run)));
  std::string summary = summary_markdown(run);
  html += "<ul>\n";
  std::size_t start = 0;
  while (start < summary.size()) {
    const std::size_t end = summary.find('\n', start);
    std::string line = summary.substr(start, end - start);
    if (line.starts_with("- ")) line = line.substr(2);
    html += "<li>" + html_text(line) + "</li>\n";
    start = end == std::string::npos ? summary.size() : end + 1;
  }
  html += "</ul>\n<p>" + html_text(outcome_explanation(run.analysis.outcome)) + "</p>\n";
  html += endings_html(run.games);
  if (run.formula && !any_estimable(run.analysis))
    return html + formula_html(*run.formula, run.settings.bot) + "</body></html>\n";
  html += html_table(unit_headers(), unit_rows(run.analysis));
  for (const std::string& role : role_names(run.analysis)) {
    html += "<h2>As " + escape_markup(role) + "</h2>\n";
    html += html_table(role_headers(), role_rows(run.analysis, role));
  }
  html += cards_html(run.analysis);
  html += value_plot_svg(run.analysis) + cost_plot_svg(run.analysis);
  html += "<h2>Replaying a unit's best and worst games</h2>\n";
  if (const std::string caveat = replay_caveat(run.settings); !caveat.empty())
    html += "<p>" + html_text(caveat) + "</p>\n";
  html += "<ul>\n";
  for (const UnitBalance& unit : run.analysis.units) {
    if (!unit.best.present) continue;
    html += fmt::format("<li>{}: best <code>{}</code>; worst <code>{}</code></li>\n",
                        escape_markup(unit.name), escape_markup(replay_command(links, unit.best)),
                        escape_markup(replay_command(links, unit.worst)));
  }
  html += "</ul>\n";
  if (run.formula) html += formula_html(*run.formula, run.settings.bot);
  html += "</body></html>\n";
  return html;
}

nlohmann::json report_json(const BalanceRun& run, const ReportLinks& links) {
  const BalanceAnalysis& a = run.analysis;
  nlohmann::json overrides = nlohmann::json::object();
  for (const auto& [path, value] : run.settings.overrides)
    overrides[path] = value;
  nlohmann::json doc = {
      {"ruleset", run.settings.ruleset},
      {"games", a.games},
      {"bot", run.settings.bot},
      {"seed", run.settings.seed},
      {"random_warbands", run.settings.random_warbands},
      // The prices the lists were drawn at (null for given warbands): what a replay must repeat.
      {"lists", run.settings.random_warbands
                    ? nlohmann::json(lists_name(lists_played(run.settings)))
                    : nlohmann::json(nullptr)},
      {"points", run.points},
      {"spread", run.spread},
      {"overrides", overrides},
      {"replay_command", links.command},
      {"red_wins", a.red_wins},
      {"blue_wins", a.blue_wins},
      {"draws", a.draws},
      {"unfinished", a.unfinished},
      {"red_score", {{"value", a.red_score}, {"low", a.red_score_low}, {"high", a.red_score_high}}},
      {"intercept",
       {{"value", a.intercept}, {"se", a.intercept_se}, {"significant", a.intercept_significant}}},
      {"rate_per_point", {{"value", a.rate}, {"se", a.rate_se}, {"identified", a.rate_identified}}},
      {"fit_converged", a.fit_converged},
      {"outcome", outcome_name(a.outcome)},
      {"red_margin", a.red_margin},
      {"luck_column", luck_effect_json(a.luck, a.rate_se)},
  };
  if (run.formula) doc["formula"] = formula_json(*run.formula);
  doc["units"] = nlohmann::json::array();
  const auto ref_json = [](const GameRef& ref) -> nlohmann::json {
    if (!ref.present) return nullptr;
    return {{"index", ref.index},
            {"game_seed", ref.game_seed},
            {"damage_dealt", ref.damage_dealt},
            {"survived", ref.survived},
            {"side_won", ref.side_won}};
  };
  for (const UnitBalance& unit : a.units) {
    nlohmann::json u = {{"id", unit.id},
                        {"name", unit.name},
                        {"points", unit.points},
                        {"appearances", unit.appearances},
                        {"copies", unit.copies},
                        {"estimable", unit.estimable},
                        {"survival", unit.survival},
                        {"damage_per_game", unit.damage_per_game},
                        {"kills_per_game", unit.kills_per_game},
                        {"best_game", ref_json(unit.best)},
                        {"worst_game", ref_json(unit.worst)}};
    if (unit.estimable) {
      u["value"] = {{"value", unit.value}, {"se", unit.value_se}};
      u["value_per_point"] = {{"value", unit.value_per_point},
                              {"low", unit.value_per_point_low},
                              {"high", unit.value_per_point_high}};
      u["excess_per_point"] = {{"value", unit.excess_per_point},
                               {"low", unit.excess_low},
                               {"high", unit.excess_high},
                               {"off_par", unit.off_par}};
      u["suggested_points"] = {
          {"value", unit.suggested}, {"low", unit.suggested_low}, {"high", unit.suggested_high}};
      u["solid"] = unit.solid;
      u["off"] = unit.off;
    }
    doc["units"].push_back(std::move(u));
  }
  doc["roles"] = nlohmann::json::array();
  for (const RoleBalance& role : a.roles) {
    nlohmann::json r = {{"role", role.role},         {"name", role.name},
                        {"games", role.games},       {"copies", role.copies},
                        {"survival", role.survival}, {"reference", role.reference}};
    r["estimable"] = role.estimable;
    if (role.estimable)
      r["value"] = {{"value", role.value},
                    {"se", role.value_se},
                    {"low", role.value_low},
                    {"high", role.value_high}};
    doc["roles"].push_back(std::move(r));
  }
  doc["cards"] = cards_json(a);
  doc["card_steps"] = card_steps_json(a);
  doc["endings"] = endings_json(run.games);
  return doc;
}

}  // namespace warband::balance
