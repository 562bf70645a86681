// Spellweavers' balance hooks (core/balance_hooks.h): wizards are priced by the power formula, not
// a unit catalog, so `warband balance spellweavers` draws random wizards at a power budget and
// fits each formula term's value per power point (power_terms.h).
#include "core/balance_hooks.h"
#include "core/content_root.h"

#include <fmt/format.h>

#include "core/error.h"
#include "core/parameter_overrides.h"
#include "core/registry.h"
#include "core/rng.h"
#include "rulesets/spellweavers/parameters.h"
#include "rulesets/spellweavers/power_terms.h"
#include "rulesets/spellweavers/random_wizard.h"
#include "rulesets/spellweavers/spellweavers_ruleset.h"
#include "rulesets/spellweavers/wizard_file.h"

namespace warband::spellweavers {
namespace {

// The parameters a setup plays with: its content's, then its overrides (as SpellweaversGame reads
// them).
Parameters setup_parameters(const nlohmann::json& setup) {
  Parameters parameters = root_parameters(setup_content_root(setup));
  if (setup.is_object() && setup.contains("parameters"))
    apply_parameter_overrides(setup["parameters"], parameters);
  return parameters;
}

nlohmann::json random_setup(const nlohmann::json& base, int points, int spread,
                            std::uint64_t seed) {
  const Parameters parameters = setup_parameters(base);
  Rng rng(seed);
  nlohmann::json setup = base.is_object() ? base : nlohmann::json::object();
  setup["warbands"] = nlohmann::json::array();
  for (int side = 0; side < 2; ++side) {
    nlohmann::json wizards = nlohmann::json::array();
    for (int i = 0; i < parameters.wizards_per_side; ++i) {
      const std::string name = fmt::format("Random {} {}", side == 0 ? "Red" : "Blue", i + 1);
      wizards.push_back(
          wizard_to_json(random_wizard(name, points, spread, parameters, rng), parameters));
    }
    setup["warbands"].push_back(std::move(wizards));
  }
  return setup;
}

FormulaPoints formula_points(const nlohmann::json& setup) {
  FormulaPoints points;
  for (int side = 0; side < 2; ++side) {
    points[side].assign(power_terms().size(), 0.0);
    const std::string where = fmt::format("setup.warbands[{}]", side);
    const nlohmann::json& wizards = setup.at("warbands").at(side);
    if (!wizards.is_array()) throw InputError(where, "expected the random wizards' array");
    for (std::size_t i = 0; i < wizards.size(); ++i) {
      const std::vector<double> wizard =
          wizard_points(wizard_from_json(wizards[i], fmt::format("{}[{}]", where, i)));
      for (std::size_t t = 0; t < wizard.size(); ++t)
        points[side][t] += wizard[t];
    }
  }
  return points;
}

}  // namespace

BalanceHooks balance_hooks() {
  return {
      .catalog = [](const nlohmann::json&) { return std::vector<BalanceUnit>{}; },
      .points_limit = [](const nlohmann::json&) { return kDefaultPowerBudget; },
      .random_setup = random_setup,
      // Only the rule numbers are what-ifs (`--set parameters.NAME=VALUE`): the formula's own
      // numbers are what the run measures.
      .apply_overrides =
          [](const nlohmann::json& setup, const std::vector<BalanceOverride>& overrides) {
            return override_parameters(setup, overrides, "Spellweavers", parameter_specs());
          },
      .default_spread = default_power_spread,
      .formula_terms = [](const nlohmann::json&) { return power_terms(); },
      .formula_points = formula_points,
  };
}

}  // namespace warband::spellweavers
