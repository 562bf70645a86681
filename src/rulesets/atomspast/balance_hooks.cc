// AtomsPast's balance hooks (core/balance_hooks.h): the catalog, random legal warbands and
// what-if overrides of the content.
#include "core/balance_hooks.h"

#include <fmt/format.h>

#include "core/rng.h"
#include "rulesets/atomspast/atomspast_game.h"
#include "rulesets/atomspast/atomspast_ruleset.h"
#include "rulesets/atomspast/content_files/content_files.h"
#include "rulesets/atomspast/content_overrides.h"
#include "rulesets/atomspast/random_warband.h"

namespace warband::atomspast {
namespace {

std::vector<BalanceUnit> catalog(const nlohmann::json& setup) {
  std::vector<BalanceUnit> units;
  for (const UnitProfile& unit : setup_content(setup)->units)
    units.push_back({.id = unit.id, .name = unit.name, .points = unit.points});
  return units;
}

nlohmann::json skewed_setup(const nlohmann::json& base, int points, int spread, int profiles,
                            std::uint64_t seed) {
  const std::shared_ptr<const Content> content = setup_content(base);
  Rng rng(seed);
  nlohmann::json setup = base.is_object() ? base : nlohmann::json::object();
  setup["warbands"] = nlohmann::json::array();
  for (int side = 0; side < 2; ++side) {
    WarbandDef warband = random_warband(*content, points, spread, profiles, rng);
    warband.id = side == 0 ? "random_red" : "random_blue";
    warband.name = side == 0 ? "Random Red" : "Random Blue";
    setup["warbands"].push_back(warband_json(warband));
  }
  return setup;
}

nlohmann::json random_setup(const nlohmann::json& base, int points, int spread,
                            std::uint64_t seed) {
  return skewed_setup(base, points, spread, 0, seed);
}

// New prices as points.toml's per-unit overrides: paste the [units] lines into points.toml (or
// give them to `--set units.ID.points=N`).
std::string render_points_file(const nlohmann::json& /*setup*/,
                               const std::vector<BalanceUnit>& prices,
                               const std::vector<std::string>& comments) {
  std::string out =
      "# AtomsPast points suggested by `warband balance atomspast --reprice`: points.toml's\n"
      "# per-unit overrides (docs/content/atomspast.md, \"points.toml\"). Each line says the old\n"
      "# cost and the suggestion's 95% interval.\n\n[units]\n";
  for (std::size_t u = 0; u < prices.size(); ++u)
    out += fmt::format("{} = {{ override = {} }}{}\n", prices[u].id, prices[u].points,
                       u < comments.size() && !comments[u].empty() ? "  # " + comments[u] : "");
  return out;
}

nlohmann::json apply_overrides(const nlohmann::json& base,
                               const std::vector<BalanceOverride>& overrides) {
  nlohmann::json setup = base.is_object() ? base : nlohmann::json::object();
  if (overrides.empty()) return setup;
  // Each value is checked against the content as the overrides before it left it.
  nlohmann::json& recorded = setup["content_overrides"];
  if (!recorded.is_object()) recorded = nlohmann::json::object();
  for (const auto& [path, value] : overrides) {
    const std::shared_ptr<const Content> content = setup_content(setup);
    recorded[path] = parse_content_override(path, value, *content);
  }
  // The bots' weights are checked together once all are set, so their order is free.
  content_files::check_heuristic_shares(setup_content(setup)->heuristics, "--set heuristics");
  return setup;
}

}  // namespace

BalanceHooks balance_hooks() {
  return {
      .catalog = catalog,
      .points_limit =
          [](const nlohmann::json& setup) { return setup_content(setup)->parameters.points_limit; },
      .random_setup = random_setup,
      .apply_overrides = apply_overrides,
      .skewed_setup = skewed_setup,
      .render_points_file = render_points_file,
  };
}

}  // namespace warband::atomspast
