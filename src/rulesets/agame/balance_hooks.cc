// A Game's balance hooks (core/balance_hooks.h): `warband balance agame` draws two random warbands
// of the 12 profiles (content/agame/profiles.toml), priced by model_cost (costs.toml), within a
// points budget and warband.toml's limits, fits each profile's value per point, and each number of
// costs.toml (cost_terms.h) its value per point of cost, and each draft card its worth in points
// from the cards each side drafted (card_values.h).
#include "core/balance_hooks.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>

#include "core/error.h"
#include "core/file_io.h"
#include "core/parameter_overrides.h"
#include "core/registry.h"
#include "core/rng.h"
#include "core/unit_price_overrides.h"
#include "rulesets/agame/agame_game.h"
#include "rulesets/agame/agame_ruleset.h"
#include "rulesets/agame/agame_state.h"
#include "rulesets/agame/build_rules.h"
#include "rulesets/agame/cost_terms.h"
#include "rulesets/agame/folder_files.h"
#include "rulesets/agame/model_cost.h"

namespace warband::agame {
namespace {

// The builder rules of the setup's content folder (folder_files.h) and each profile's formula
// price, with the folder's entry that holds them: a hook keeps it while it reads, so a file saved
// meanwhile cannot drop them.
struct SetupRules {
  std::shared_ptr<const FolderFiles> files;
  const BuildRules& rules;
  const std::vector<int>& formula;  // by profile, in rules.content.models' order
};

SetupRules setup_rules(const nlohmann::json& setup) {
  std::shared_ptr<const FolderFiles> files = folder_files(setup_folder(setup));
  const BuildRules& rules = files->build_rules();
  const std::vector<int>& formula = files->profile_points;
  return {std::move(files), rules, formula};
}

// "Great Ram of Shamborga" -> "great_ram_of_shamborga": what `--set` and the report name it by.
std::string profile_id(const std::string& name) {
  return profile_unit_id(name);
}

// Each profile's price in `setup` (rules.content.models' order): its `units.ID.points` (a balance
// run's price under test), or the formula's.
std::vector<int> profile_prices(const SetupRules& held, const nlohmann::json& setup) {
  std::vector<int> prices;
  for (std::size_t m = 0; m < held.rules.content.models.size(); ++m)
    prices.push_back(
        unit_price(setup, profile_id(held.rules.content.models[m].name), held.formula[m]));
  return prices;
}

// `model`'s price among `prices` (profile_prices, or the formula's): find_model gives a profile of
// rules.content.
int price_of(const BuildRules& rules, const std::vector<int>& prices, const Model& model) {
  return prices.at(static_cast<std::size_t>(&model - rules.content.models.data()));
}

// A side's profile names, checked: what a setup's warbands[side] holds.
std::vector<std::string> side_profiles(const nlohmann::json& setup, int side) {
  const std::string where = fmt::format("setup.warbands[{}]", side);
  const nlohmann::json& warband = setup.at("warbands").at(side);
  if (!warband.is_array()) throw InputError(where, "expected an array of profile names");
  std::vector<std::string> names;
  for (std::size_t i = 0; i < warband.size(); ++i) {
    if (!warband[i].is_string())
      throw InputError(fmt::format("{}[{}]", where, i), "expected a profile name");
    names.push_back(warband[i].get<std::string>());
  }
  return names;
}

// The game's points limit for a balance setup's two sides: the run's `points`, raised to a side's
// cost at the setup's prices (a list the prices under test put over the limit: the limit bounds a
// player's choice, here the list is the experiment's) and to its cost at the formula's, which the
// game checks (agame_game.cc: the rules read no price under test).
int legal_points_limit(const SetupRules& held, const nlohmann::json& setup, int points) {
  const BuildRules& rules = held.rules;
  const std::vector<int> prices = profile_prices(held, setup);
  int limit = points;
  for (int side = 0; side < 2; ++side) {
    int priced = 0, formula = 0;
    for (const std::string& name : side_profiles(setup, side)) {
      const Model* found = rules.content.model_named(name);  // the place named only when it is not
      const Model& model =
          found ? *found : rules.content.find_model(name, fmt::format("setup.warbands[{}]", side));
      priced += price_of(rules, prices, model);
      formula += price_of(rules, held.formula, model);
    }
    limit = std::max({limit, priced, formula});
  }
  return limit;
}

// A side: profiles drawn one at a time, uniform among those that still fit the budget at `prices`,
// the copies of a profile (same_profile_max) and the class limits (class_max), until none does or
// the warband holds models_max. Empty when fewer than models_min fit: the caller draws again.
std::vector<std::string> random_warband(const BuildRules& rules, const std::vector<int>& prices,
                                        int budget, Rng& rng) {
  const WarbandRules& limits = rules.warband;
  const std::vector<Model>& models = rules.content.models;
  std::vector<std::string> drawn;
  std::map<std::string, int> per_profile, per_class;
  // Each profile's class, worked out once rather than once a profile a model drawn.
  std::vector<std::string> classes;
  for (const Model& model : models)
    classes.push_back(limits.class_of_model(model));
  int left = budget;
  std::vector<int> fitting;
  while (static_cast<int>(drawn.size()) < limits.models_max) {
    fitting.clear();
    for (int m = 0; m < static_cast<int>(models.size()); ++m) {
      const std::string& model_class = classes[m];
      const auto most = limits.class_max.find(model_class);
      if (model_class.empty() || prices[m] > left ||
          per_profile[models[m].name] >= limits.same_profile_max ||
          (most != limits.class_max.end() && per_class[model_class] >= most->second))
        continue;
      fitting.push_back(m);
    }
    if (fitting.empty()) break;
    const int chosen = fitting[rng.below(fitting.size())];
    const Model& model = models[chosen];
    left -= prices[chosen];
    ++per_profile[model.name];
    ++per_class[classes[chosen]];
    drawn.push_back(model.name);
  }
  if (static_cast<int>(drawn.size()) < limits.models_min) drawn.clear();
  return drawn;
}

// What the cheapest side random_warband can draw costs at `prices`: models_min models, the
// cheapest first within the copies and class limits (nested limits: the cheapest first is the
// cheapest side); nullopt when no models_min models can be drawn at all.
std::optional<int> cheapest_side(const BuildRules& rules, const std::vector<int>& prices) {
  const WarbandRules& limits = rules.warband;
  const std::vector<Model>& models = rules.content.models;
  std::vector<int> by_price;
  for (int m = 0; m < static_cast<int>(models.size()); ++m)
    if (!limits.class_of_model(models[m]).empty()) by_price.push_back(m);
  std::ranges::stable_sort(by_price, {}, [&](int m) { return prices[m]; });
  std::map<std::string, int> per_class;
  int cost = 0, count = 0;
  for (const int m : by_price) {
    const std::string model_class = limits.class_of_model(models[m]);
    const auto most = limits.class_max.find(model_class);
    for (int copy = 0; copy < limits.same_profile_max && count < limits.models_min; ++copy) {
      if (most != limits.class_max.end() && per_class[model_class] >= most->second) break;
      ++per_class[model_class];
      cost += prices[m];
      ++count;
    }
  }
  if (count < limits.models_min) return std::nullopt;
  return cost;
}

// Each side's budget is drawn from [points - spread, points], so that totals differ; both go into
// the game's setup as arrays of profile names. A draw of fewer than models_min models, or whose
// models do not fit their deployment zones, is drawn again.
nlohmann::json random_setup(const nlohmann::json& base, int points, int spread,
                            std::uint64_t seed) {
  const SetupRules held = setup_rules(base);
  const BuildRules& rules = held.rules;
  const std::vector<int> prices = profile_prices(held, base);
  Rng rng(seed);
  constexpr int kTries = 20;
  const std::string too_few = fmt::format("fewer than {} models fit", rules.warband.models_min);
  std::string last_problem = too_few;
  for (int attempt = 0; attempt < kTries; ++attempt) {
    nlohmann::json setup = base.is_object() ? base : nlohmann::json::object();
    // The run's budget is the game's limit, and the fit needs the sides' totals apart: no gap.
    setup["parameters"]["points_limit"] = points;
    setup["parameters"]["points_gap"] = 0;
    setup["warbands"] = nlohmann::json::array();
    bool drawn = true;
    for (int side = 0; side < 2 && drawn; ++side) {
      const int budget = points - static_cast<int>(rng.below(static_cast<std::uint64_t>(
                                      std::max(0, std::min(spread, points - 1)) + 1)));
      const std::vector<std::string> warband = random_warband(rules, prices, budget, rng);
      drawn = !warband.empty();
      setup["warbands"].push_back(warband);
    }
    if (!drawn) continue;
    setup["parameters"]["points_limit"] = legal_points_limit(held, setup, points);
    try {
      AGameGame check(setup);
      return setup;
    } catch (const InputError& error) {
      last_problem = error.what();
    }
  }
  const std::string problem =
      fmt::format("no random warbands of {} points (spread {}) in {} draws: {}", points, spread,
                  kTries, last_problem);
  // Too few models at budgets the cheapest side does not fit in: the spread's doing.
  const std::optional<int> cheapest = cheapest_side(rules, prices);
  if (last_problem == too_few && cheapest && *cheapest <= points && points - spread < *cheapest)
    throw InputError("--spread",
                     fmt::format("{} (a budget may fall to {} points, the cheapest side "
                                 "costs {}: a --spread of {} at most)",
                                 problem, points - spread, *cheapest, points - *cheapest));
  throw InputError("--points", problem);
}

std::vector<BalanceUnit> catalog(const nlohmann::json& setup) {
  const SetupRules held = setup_rules(setup);
  const BuildRules& rules = held.rules;
  const std::vector<int> prices = profile_prices(held, setup);
  std::vector<BalanceUnit> units;
  for (std::size_t m = 0; m < rules.content.models.size(); ++m) {
    const std::string& name = rules.content.models[m].name;
    units.push_back({profile_id(name), name, prices[m]});
  }
  return units;
}

// A side's points per formula term (cost_terms.h): its models' model_term_points, each model's
// scaled to add up to its price in the setup (a `units.ID.points` under test moves its terms with
// it, so the fit sees it), added up.
FormulaPoints formula_points(const nlohmann::json& setup) {
  const SetupRules held = setup_rules(setup);
  const BuildRules& rules = held.rules;
  const std::vector<int> prices = profile_prices(held, setup);
  const std::size_t term_count = cost_terms(rules.costs).size();
  FormulaPoints points;
  for (int side = 0; side < 2; ++side) {
    const std::string where = fmt::format("setup.warbands[{}]", side);
    points[side].assign(term_count, 0.0);
    const std::vector<std::string> names = side_profiles(setup, side);
    for (std::size_t i = 0; i < names.size(); ++i) {
      const Model* found = rules.content.model_named(names[i]);
      const Model& model =
          found ? *found : rules.content.find_model(names[i], fmt::format("{}[{}]", where, i));
      const auto profile = static_cast<std::size_t>(&model - rules.content.models.data());
      const std::vector<double>& model_points = held.files->profile_term_points.at(profile);
      const double exact = held.files->profile_exact_points.at(profile);
      const int formula = static_cast<int>(std::floor(exact + 0.5));  // model_cost's rounding
      const int price = price_of(rules, prices, model);
      // The terms are the formula's: a price other than its own (an override's) scales them.
      const double scale = exact > 0 && price != formula ? price / exact : 1.0;
      for (std::size_t t = 0; t < term_count; ++t)
        points[side][t] += model_points[t] * scale;
    }
  }
  return points;
}

// `drawn`'s warbands (drawn at the reference prices) played at `priced`'s prices and overrides,
// the game's points limit raised to what a side costs at them (legal_points_limit). The bots read
// no price (state_heuristics.cc: models, wounds and objectives), so nothing else is recorded.
nlohmann::json with_warbands(const nlohmann::json& priced, const nlohmann::json& drawn) {
  const SetupRules held = setup_rules(priced);
  nlohmann::json setup = priced.is_object() ? priced : nlohmann::json::object();
  setup["warbands"] = drawn.at("warbands");
  setup["parameters"]["points_gap"] = 0;
  setup["parameters"]["points_limit"] =
      legal_points_limit(held, setup, drawn.at("parameters").at("points_limit").get<int>());
  return setup;
}

// The draft cards of the setup's content, each with its value as card_values.toml proposes.
std::vector<BalanceCard> balance_cards(const nlohmann::json& setup) {
  const SetupRules held = setup_rules(setup);
  const BuildRules& rules = held.rules;
  std::vector<BalanceCard> cards;
  for (const Card& card : rules.cards) {
    const auto value = rules.card_values.find(card.id);
    cards.push_back({.id = card.id,
                     .name = card.name,
                     .value = value == rules.card_values.end()
                                  ? std::nullopt
                                  : std::optional<double>(value->second)});
  }
  return cards;
}

// Each side's hand as the draft dealt it, played cards too: what the side drafted.
SideCards drafted_cards(const State& final_state) {
  SideCards held;
  const nlohmann::json view = dynamic_cast<const AGameState&>(final_state).cards_view();
  if (!view.is_object() || !view.contains("hands")) return held;  // a game without the draft
  for (int side = 0; side < 2; ++side)
    for (const nlohmann::json& card : view["hands"][side])
      held[side].push_back(card["name"].get<std::string>());
  return held;
}

// New prices as costs.toml's per-profile overrides: the setup folder's costs.toml with its [units]
// table replaced, to save over it (docs/content/agame.md, "costs.toml").
std::string render_points_file(const nlohmann::json& setup, const std::vector<BalanceUnit>& prices,
                               const std::vector<std::string>& comments) {
  return cost_file_with_overrides(
      read_text_file(setup_folder(setup) + "/costs.toml"),
      "Each profile's price by `warband balance agame --reprice`, in place of the formula's\n"
      "(docs/content/agame.md, \"costs.toml\"): save this file as the content's costs.toml.\n"
      "Each line says the old cost and the suggestion's 95% interval.",
      prices, comments);
}

}  // namespace

BalanceHooks balance_hooks() {
  return {
      .catalog = catalog,
      .points_limit =
          [](const nlohmann::json& setup) { return setup_rules(setup).rules.warband.points_limit; },
      .random_setup = random_setup,
      // The what-ifs: a rule number (`--set parameters.round_limit=6`) and a profile's price
      // (`--set units.ID.points=N`, what a planted test and --reprice move); the formula's own
      // numbers are what the run measures.
      .apply_overrides =
          [](const nlohmann::json& setup, const std::vector<BalanceOverride>& overrides) {
            return override_prices_and_parameters(setup, overrides, "A Game", catalog(setup),
                                                  {declared_parameter("agame", "round_limit", 1)});
          },
      // Half the limit to all of it: the formula fit needs sides' totals to differ.
      .default_spread = [](int points) { return points / 2; },
      // Down to the cheapest side's cost: the lowest budget that buys models_min models.
      .widest_spread =
          [](const nlohmann::json& setup, int points) {
            const SetupRules held = setup_rules(setup);
            const std::optional<int> cheapest =
                cheapest_side(held.rules, profile_prices(held, setup));
            return cheapest ? std::max(0, points - *cheapest) : points / 2;
          },
      .formula_terms =
          [](const nlohmann::json& setup) { return cost_terms(setup_rules(setup).rules.costs); },
      .formula_points = formula_points,
      .render_points_file = render_points_file,
      .with_warbands = with_warbands,
      .cards = balance_cards,
      .side_cards = drafted_cards,
  };
}

}  // namespace warband::agame
