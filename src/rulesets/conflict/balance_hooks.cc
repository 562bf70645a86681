// Conflict's balance hooks (core/balance_hooks.h): `warband balance conflict` draws two random
// warbands of the shipped characters (the character files and the shipped warbands' inline ones)
// at a points budget, fits each character's value per point, and each term of the points formula
// (cost_terms.h) its value per point of cost.
#include "core/balance_hooks.h"
#include "core/content_root.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <map>

#include "core/error.h"
#include "core/file_io.h"
#include "core/folder_cache.h"
#include "core/parameter_overrides.h"
#include "core/registry.h"
#include "core/rng.h"
#include "core/unit_price_overrides.h"
#include "rulesets/conflict/character_catalog.h"
#include "rulesets/conflict/character_cost.h"
#include "rulesets/conflict/character_file.h"
#include "rulesets/conflict/character_problems.h"
#include "rulesets/conflict/conflict_game.h"
#include "rulesets/conflict/conflict_ruleset.h"
#include "rulesets/conflict/cost_terms.h"
#include "rulesets/conflict/warband_file.h"

namespace warband::conflict {
namespace {

// What random warbands are drawn from.
struct Catalog : CharacterCatalog {
  CreationRules rules;
  // By character: its JSON as a warband holds it (character_to_json, its cost breakdown in words
  // too) and its formula price, made once per catalog, not once a drawn side: writing the JSON was
  // a third of a random-bot run's instructions.
  std::vector<nlohmann::json> character_json;
  std::vector<int> formula_points;
  // By character: its points per formula term (character_term_points), its exact cost and that
  // cost rounded (the formula's own price, before any override), for the formula fit, which
  // priced each drawn character term by term again a pair of games.
  std::vector<std::vector<double>> term_points;
  std::vector<double> exact_points;
  std::vector<int> rounded_points;
};

std::string conflict_folder(const nlohmann::json& setup) {
  return setup_content_root(setup) + "/conflict";
}

Catalog read_catalog(const std::string& folder) {
  Catalog catalog;
  catalog.rules = load_creation_rules(folder);
  static_cast<CharacterCatalog&>(catalog) = read_character_catalog(folder);
  for (const Character& character : catalog.characters) {
    catalog.character_json.push_back(character_to_json(character, catalog.rules));
    catalog.formula_points.push_back(character_points(character, catalog.rules.costs));
    catalog.term_points.push_back(character_term_points(character, catalog.rules.costs));
    const CharacterCost cost = character_cost(character, catalog.rules.costs, CostWords::kOmitted);
    catalog.exact_points.push_back(cost.exact);
    catalog.rounded_points.push_back(cost.formula_points);
  }
  return catalog;
}

// The setup's catalog, read once per folder and again when a file under it changes
// (core/folder_cache.h); held by the caller while it reads it.
std::shared_ptr<const Catalog> catalog_of(const nlohmann::json& setup) {
  static FolderCache<Catalog> catalogs(read_catalog);
  return catalogs.get(conflict_folder(setup));
}

// Each catalog character's price in `setup`: its `units.ID.points` (a balance run's price under
// test), or the points formula's.
std::vector<int> catalog_prices(const Catalog& catalog, const nlohmann::json& setup) {
  std::vector<int> prices;
  for (std::size_t c = 0; c < catalog.characters.size(); ++c)
    prices.push_back(unit_price(setup, catalog.ids[c], catalog.formula_points[c]));
  return prices;
}

// A character's price among `prices` (catalog_prices), found by name as the catalog keeps it; one
// outside the catalog costs what the formula says.
int character_price(const Catalog& catalog, const std::vector<int>& prices,
                    const Character& character) {
  for (std::size_t c = 0; c < catalog.characters.size(); ++c)
    if (catalog.characters[c].name == character.name) return prices[c];
  return character_points(character, catalog.rules.costs);
}

// A warband's cost at `prices`.
int warband_price(const Catalog& catalog, const std::vector<int>& prices, const Warband& warband) {
  int cost = 0;
  for (const WarbandEntry& entry : warband.characters)
    cost += character_price(catalog, prices, entry.character);
  return cost;
}

// The cheapest character's price among `prices` (catalog_prices); 0 for an empty catalog.
int cheapest_character(const std::vector<int>& prices) {
  return prices.empty() ? 0 : std::ranges::min(prices);
}

// A side: characters drawn one at a time among those that still fit the budget at `prices`, until
// none does or the warband is full; `drawn` gets their catalog indexes.
Warband random_warband(const Catalog& catalog, const std::vector<int>& prices,
                       const std::string& name, int points, int budget, Rng& rng,
                       std::vector<int>& drawn_indexes) {
  Warband warband;
  warband.name = name;
  warband.points_limit = points;
  int left = budget;
  std::vector<int> fitting;
  while (static_cast<int>(warband.characters.size()) <
         catalog.rules.limits.warband_characters_max) {
    fitting.clear();
    for (int c = 0; c < static_cast<int>(catalog.characters.size()); ++c)
      if (prices[c] <= left) fitting.push_back(c);
    if (fitting.empty()) break;
    const int drawn = fitting[rng.below(fitting.size())];
    left -= prices[drawn];
    warband.characters.push_back({.file = "", .character = catalog.characters[drawn]});
    drawn_indexes.push_back(drawn);
  }
  if (warband.characters.empty()) {
    const int cheapest = cheapest_character(prices);
    // A budget the spread drew below the cheapest character, at a limit that buys one.
    if (budget < points && cheapest <= points)
      throw InputError("--spread", fmt::format("a side's budget of {} points buys no character "
                                               "(the cheapest costs {}): a --spread of {} at "
                                               "most at {} points",
                                               budget, cheapest, points - cheapest, points));
    throw InputError("--points", fmt::format("{} points buy no character", budget));
  }
  return warband;
}

// A warband as a setup's side, its `points` what it costs at `prices` (the export's own field
// counts the formula's) and its problems those of the builder but the limit's, which holds at
// `prices` (each side is drawn within it, or has it raised to its cost). The JSON is
// warband_to_json's, its characters (catalog indexes `drawn`) copied from the catalog's.
nlohmann::json priced_warband_json(const Catalog& catalog, const std::vector<int>& prices,
                                   const Warband& warband, const std::vector<int>& drawn) {
  Warband heading;
  heading.name = warband.name;
  heading.description = warband.description;
  heading.points_limit = warband.points_limit;
  nlohmann::json json = warband_to_json(heading, catalog.rules);
  nlohmann::json& characters = json["characters"];
  int formula_cost = 0;
  for (const int c : drawn) {
    characters.push_back({{"character", catalog.character_json[c]}});
    formula_cost += catalog.formula_points[c];
  }
  json["problems"] = warband_problems(warband, catalog.rules);
  json["points"] = warband_price(catalog, prices, warband);
  if (formula_cost > warband.points_limit) {
    Warband within = warband;
    within.points_limit = formula_cost;
    json["problems"] = warband_problems(within, catalog.rules);
  }
  return json;
}

// The budget of each side is drawn from [points - spread, points], so that totals differ. A draw
// whose models do not fit their deployment zones is drawn again.
nlohmann::json random_setup(const nlohmann::json& base, int points, int spread,
                            std::uint64_t seed) {
  const std::shared_ptr<const Catalog> held = catalog_of(base);
  const Catalog& catalog = *held;
  const std::vector<int> prices = catalog_prices(catalog, base);
  Rng rng(seed);
  constexpr int kTries = 20;
  for (int attempt = 0;; ++attempt) {
    nlohmann::json setup = base.is_object() ? base : nlohmann::json::object();
    setup["warbands"] = nlohmann::json::array();
    std::array<std::vector<const Character*>, 2> sides;
    for (int side = 0; side < 2; ++side) {
      const int budget = points - static_cast<int>(rng.below(static_cast<std::uint64_t>(
                                      std::max(0, std::min(spread, points - 1)) + 1)));
      std::vector<int> drawn;
      const Warband warband = random_warband(
          catalog, prices, side == 0 ? "Random Red" : "Random Blue", points, budget, rng, drawn);
      setup["warbands"].push_back(priced_warband_json(catalog, prices, warband, drawn));
      for (const int c : drawn)
        sides[side].push_back(&catalog.characters[c]);
    }
    try {
      // What the game would refuse: a side the builder does not pass (as ConflictGame says it),
      // or one that does not deploy, asked without building the game.
      for (int side = 0; side < 2; ++side) {
        const nlohmann::json& warband = setup["warbands"][side];
        if (!warband["problems"].empty())
          throw InputError(
              fmt::format("setup.warbands[{}]", side),
              fmt::format("'{}' is not a legal warband: {}", warband["name"].get<std::string>(),
                          fmt::join(warband["problems"].get<std::vector<std::string>>(), "; ")));
      }
      check_sides_deploy(setup, sides);
      return setup;
    } catch (const InputError& error) {
      if (attempt + 1 == kTries)
        throw InputError("--points", fmt::format("no random warbands of {} points fit the table "
                                                 "in {} draws: {}",
                                                 points, kTries, error.what()));
    }
  }
}

// A side's points per formula term: each character's cost_terms shares, scaled to add up to its
// price in the setup (a `units.ID.points` under test moves its terms with it, so the fit sees it).
FormulaPoints formula_points(const nlohmann::json& setup) {
  const std::string folder = conflict_folder(setup);
  const std::shared_ptr<const Catalog> held = catalog_of(setup);
  const Catalog& catalog = *held;
  const std::vector<int> prices = catalog_prices(catalog, setup);
  const CostFormula& costs = catalog.rules.costs;
  FormulaPoints points;
  for (int side = 0; side < 2; ++side) {
    const std::string where = fmt::format("setup.warbands[{}]", side);
    const Warband warband =
        warband_from_json(setup.at("warbands").at(side), where, characters_folder_of(folder));
    points[side].assign(cost_terms(costs).size(), 0.0);
    for (const WarbandEntry& entry : warband.characters) {
      // A catalog character's terms and costs as the catalog priced them; another's worked out.
      const auto found = std::ranges::find(catalog.characters, entry.character);
      const bool known = found != catalog.characters.end();
      const auto c = static_cast<std::size_t>(found - catalog.characters.begin());
      const std::vector<double> character =
          known ? catalog.term_points[c] : character_term_points(entry.character, costs);
      const CharacterCost cost =
          known ? CharacterCost{} : character_cost(entry.character, costs, CostWords::kOmitted);
      const double exact = known ? catalog.exact_points[c] : cost.exact;
      const int formula = known ? catalog.rounded_points[c] : cost.formula_points;
      const int price = character_price(catalog, prices, entry.character);
      // The terms are the formula's: a price other than its own (an override's) scales them.
      const double scale = exact > 0 && price != formula ? price / exact : 1.0;
      for (std::size_t t = 0; t < character.size(); ++t)
        points[side][t] += character[t] * scale;
    }
  }
  return points;
}

std::vector<BalanceUnit> catalog(const nlohmann::json& setup) {
  const std::shared_ptr<const Catalog> held = catalog_of(setup);
  const Catalog& read = *held;
  const std::vector<int> prices = catalog_prices(read, setup);
  std::vector<BalanceUnit> units;
  for (std::size_t c = 0; c < read.characters.size(); ++c)
    units.push_back({read.ids[c], read.characters[c].name, prices[c]});
  return units;
}

// `drawn`'s warbands (drawn at the reference prices) played at `priced`'s prices and overrides: a
// warband its prices put over its limit has the limit raised to its cost (the limit bounds a
// player's choice; here the list is the experiment's), and its `points` are its cost at them.
// Nothing in play reads a price but the bots' material, which is the formula's cost
// (conflict_game.cc), the reference price already. The warbands are edited where they stand, not
// read and written again (a tenth of a game's cost): drawn at the formula's prices, they have no
// limit problem, which a raised limit cannot add.
nlohmann::json with_warbands(const nlohmann::json& priced, const nlohmann::json& drawn) {
  const std::shared_ptr<const Catalog> held = catalog_of(priced);
  const Catalog& catalog = *held;
  const std::vector<int> prices = catalog_prices(catalog, priced);
  std::map<std::string, int> price_by_name;
  for (std::size_t c = 0; c < catalog.characters.size(); ++c)
    price_by_name.emplace(catalog.characters[c].name, prices[c]);
  nlohmann::json setup = priced.is_object() ? priced : nlohmann::json::object();
  setup["warbands"] = drawn.at("warbands");
  for (std::size_t side = 0; side < setup["warbands"].size(); ++side) {
    nlohmann::json& warband = setup["warbands"][side];
    const std::string where = fmt::format("setup.warbands[{}]", side);
    int cost = 0;
    for (const nlohmann::json& entry : warband.at("characters")) {
      const std::string name = entry.at("character").at("name").get<std::string>();
      const auto found = price_by_name.find(name);
      if (found == price_by_name.end())
        throw InputError(where, fmt::format("'{}' is not in the catalog random warbands are "
                                            "drawn from",
                                            name));
      cost += found->second;
    }
    warband["points"] = cost;
    warband["points_limit"] = std::max(warband.at("points_limit").get<int>(), cost);
  }
  return setup;
}

// New prices as costs.toml's per-character overrides: the setup folder's costs.toml with its
// [units] table replaced, to save over it (docs/content/conflict.md, "costs.toml").
std::string render_points_file(const nlohmann::json& setup, const std::vector<BalanceUnit>& prices,
                               const std::vector<std::string>& comments) {
  return cost_file_with_overrides(
      read_text_file(conflict_folder(setup) + "/costs.toml"),
      "Each character's price by `warband balance conflict --reprice`, in place of the formula's\n"
      "(docs/content/conflict.md, \"costs.toml\"): save this file as the content's costs.toml.\n"
      "Each line says the old cost and the suggestion's 95% interval.",
      prices, comments);
}

}  // namespace

BalanceHooks balance_hooks() {
  return {
      .catalog = catalog,
      .points_limit = [](const nlohmann::json& setup) { return catalog_of(setup)->points_limit; },
      .random_setup = random_setup,
      // The what-ifs: a rule number (`--set parameters.round_limit=6`) and a character's price
      // (`--set units.ID.points=N`, what a planted test and --reprice move); the formula's own
      // numbers are what the run measures.
      .apply_overrides =
          [](const nlohmann::json& setup, const std::vector<BalanceOverride>& overrides) {
            return override_prices_and_parameters(
                setup, overrides, "Conflict", catalog(setup),
                {declared_parameter("conflict", "round_limit", 1)});
          },
      // Half the limit to all of it: the formula fit needs sides' totals to differ.
      .default_spread = [](int points) { return points / 2; },
      // Down to the cheapest character's price: the lowest budget that buys a side.
      .widest_spread =
          [](const nlohmann::json& setup, int points) {
            const std::shared_ptr<const Catalog> held = catalog_of(setup);
            return std::max(0, points - cheapest_character(catalog_prices(*held, setup)));
          },
      .formula_terms =
          [](const nlohmann::json& setup) { return cost_terms(catalog_of(setup)->rules.costs); },
      .formula_points = formula_points,
      .render_points_file = render_points_file,
      .with_warbands = with_warbands,
  };
}

}  // namespace warband::conflict
