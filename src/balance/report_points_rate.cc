// The text and JSON of a `warband balance --measure-rate` run.
#include <fmt/format.h>

#include "balance/points_rate.h"

namespace warband::balance {
namespace {

std::string rate_words(const PointsRate& fit) {
  if (!fit.identified) return "not identified";
  return fmt::format("{:+.3f} [{:+.3f}, {:+.3f}]", fit.rate, fit.rate_low, fit.rate_high);
}

double share(std::int64_t part, std::int64_t whole) {
  return whole > 0 ? static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

// Whether the role unit (the Kon) decides the games, and whether points matter then.
std::string role_text(const RoleOutcomes& roles) {
  if (roles.role.empty() || roles.games == 0) return "";
  return fmt::format(
      "  {role}: exactly one side's {role} fell in {one} of {games} games ({one_share:.3f}; both "
      "in {both}); the side that kept its {role} won {kept_share:.3f} of those, and the larger "
      "army's {role} was the one to fall in {larger_share:.3f} of them\n"
      "  r where one {role} fell: {fell} ({one} games); where none fell: {kept} ({none} games)\n",
      fmt::arg("role", roles.role), fmt::arg("one", roles.one_fell), fmt::arg("games", roles.games),
      fmt::arg("one_share", share(roles.one_fell, roles.games)), fmt::arg("both", roles.both_fell),
      fmt::arg("kept_share", share(roles.won_by_keeper, roles.one_fell)),
      fmt::arg("larger_share", share(roles.more_points_fell, roles.unequal_one_fell)),
      fmt::arg("fell", rate_words(roles.rate_when_one_fell)),
      fmt::arg("kept", rate_words(roles.rate_when_none_fell)),
      fmt::arg("none", roles.rate_when_none_fell.games));
}

// Result and margin fitted on the same games: which gives more evidence per game that points
// matter (t per root game), and so how many fewer games it needs for the same interval.
std::string outcomes_text(const PointsRate& fit, const PointsRate& other) {
  if (!fit.identified || !other.identified) return "";
  std::string text =
      "  each outcome on these games (t per root game = r / se / sqrt(games); the games an "
      "interval needs scale as its inverse square):\n";
  for (const PointsRate* part : {&fit, &other})
    text += fmt::format("    {}: r = {} {} per 100 points (se {:.4f}), t per root game {:.4f}\n",
                        outcome_name(part->outcome), rate_words(*part),
                        outcome_value_unit(part->outcome), part->rate_se, part->t_per_root_game());
  for (const PointsRate* part : {&fit, &other})
    if (part->luck.fitted)
      text += "    " + luck_effect_words(part->luck, part->rate_se, 1.0) + "\n";
  const PointsRate& result = fit.outcome == Outcome::kResult ? fit : other;
  const PointsRate& margin = fit.outcome == Outcome::kMargin ? fit : other;
  const double t_result = result.t_per_root_game();
  if (t_result != 0) {
    const double ratio = margin.t_per_root_game() / t_result;
    text += fmt::format(
        "    the margin gives {:.2f} times the result's evidence per game (ratio of t per root "
        "game, squared)\n",
        ratio * ratio);
  }
  return text;
}

nlohmann::json outcome_json(const PointsRate& fit) {
  return {{"outcome", outcome_name(fit.outcome)},
          {"identified", fit.identified},
          {"rate_per_100_points", fit.rate},
          {"rate_se", fit.rate_se},
          {"rate_low", fit.rate_low},
          {"rate_high", fit.rate_high},
          {"red_mean", fit.red_score},
          {"t_per_root_game", fit.t_per_root_game()},
          {"luck_column", luck_effect_json(fit.luck, fit.rate_se)}};
}

nlohmann::json part_json(const PointsRate& fit) {
  return {{"games", fit.games},
          {"identified", fit.identified},
          {"rate_per_100_points", fit.rate},
          {"rate_low", fit.rate_low},
          {"rate_high", fit.rate_high}};
}

}  // namespace

std::string rate_text(const RateMeasurement& m) {
  const PointsRate& fit = m.fit;
  std::string text =
      fmt::format("r for bot {} ({}, {} games, budgets {} to {} points, seed {}):\n", m.bot,
                  m.ruleset, fit.games, m.points - m.spread, m.points, m.seed);
  if (!fit.identified && !fit.priced && fit.games > 0) {
    // No spread helps: the sides are priced by a formula, not by unit points.
    text += fmt::format(
        "  not identified: no unit of these games carries points, so no side's total can "
        "differ; {} prices its sides by a formula, whose terms `warband balance {}` fits "
        "(without --measure-rate)\n",
        m.ruleset, m.ruleset);
  } else if (!fit.identified) {
    text += "  not identified: the sides' totals never differed (use a wider --spread)\n";
  } else {
    text += fmt::format("  r = {:+.3f} [{:+.3f}, {:+.3f}] {} per 100 points (se {:.3f}){}\n",
                        fit.rate, fit.rate_low, fit.rate_high, outcome_value_unit(fit.outcome),
                        fit.rate_se, fit.converged ? "" : "; the fit did not converge");
    text += fmt::format(
        "  points difference between the sides: sd {:.0f}; Red's mean {} {:.3f}; Red's {} at "
        "equal points {:+.3f} (se {:.3f})\n",
        fit.difference_sd, outcome_name(fit.outcome), fit.red_score,
        outcome_value_unit(fit.outcome), fit.intercept, fit.intercept_se);
  }
  text += outcomes_text(fit, m.other);
  text += role_text(m.roles);
  text += fmt::format("  CPU {:.1f} ms per game ({:.1f} s on {} thread{})\n", m.cpu_ms_per_game(),
                      m.cpu_seconds, m.threads, m.threads == 1 ? "" : "s");
  return text;
}

nlohmann::json rate_json(const RateMeasurement& m) {
  const PointsRate& fit = m.fit;
  return {
      {"ruleset", m.ruleset},
      {"bot", m.bot},
      {"seed", m.seed},
      {"points", m.points},
      {"spread", m.spread},
      {"games", fit.games},
      {"threads", m.threads},
      {"identified", fit.identified},
      {"converged", fit.converged},
      {"rate_per_100_points", fit.rate},
      {"rate_se", fit.rate_se},
      {"rate_low", fit.rate_low},
      {"rate_high", fit.rate_high},
      {"intercept", fit.intercept},
      {"intercept_se", fit.intercept_se},
      {"points_difference_sd", fit.difference_sd},
      {"red_score", fit.red_score},
      {"outcome", outcome_name(fit.outcome)},
      {"outcomes", {outcome_json(fit), outcome_json(m.other)}},
      {"cpu_seconds", m.cpu_seconds},
      {"cpu_ms_per_game", m.cpu_ms_per_game()},
      {"role",
       {{"name", m.roles.role},
        {"games", m.roles.games},
        {"one_fell", m.roles.one_fell},
        {"won_by_keeper", m.roles.won_by_keeper},
        {"both_fell", m.roles.both_fell},
        {"unequal_one_fell", m.roles.unequal_one_fell},
        {"more_points_fell", m.roles.more_points_fell},
        {"rate_when_one_fell", part_json(m.roles.rate_when_one_fell)},
        {"rate_when_none_fell", part_json(m.roles.rate_when_none_fell)}}},
  };
}

}  // namespace warband::balance
