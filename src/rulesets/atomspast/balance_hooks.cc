// AtomsPast's balance hooks (core/balance_hooks.h): the catalog, random legal warbands, what-if
// overrides of the content, and the spell cards priced by their AcTi.
#include "core/balance_hooks.h"

#include <fmt/format.h>

#include "core/rng.h"
#include "rulesets/atomspast/atomspast_game.h"
#include "rulesets/atomspast/atomspast_ruleset.h"
#include "rulesets/atomspast/builder/warband_file.h"
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

// The spell cards the fit values, each spell twice (docs/sim.md "Spell cards"): a copy in the
// deck ("Each player starts the game with a 50 card Spell Deck"), and the Kon's spell, which is
// "taken from your deck" and cast at its Power Level. Both are priced by the spell's AcTi.
constexpr const char* kDeckKind = "Deck copy";
constexpr const char* kKonKind = "Kon's spell";

std::string kon_card_name(const SpellCard& spell) {
  return "Kon: " + spell.name;
}

std::vector<BalanceCard> spell_cards(const nlohmann::json& setup) {
  const std::shared_ptr<const Content> content = setup_content(setup);
  std::vector<BalanceCard> cards;
  for (const SpellCard& spell : content->spells)
    cards.push_back({.id = spell.id,
                     .name = spell.name,
                     .kind = kDeckKind,
                     .price_id = spell.id,
                     .price = spell.acti});
  for (const SpellCard& spell : content->spells)
    cards.push_back({.id = "kon:" + spell.id,
                     .name = kon_card_name(spell),
                     .kind = kKonKind,
                     .price_id = spell.id,
                     .price = spell.acti});
  return cards;
}

// Each side's deck as the game starts (the Kon's copy taken out), a name per copy, and its Kon's
// spell.
SideCards side_spells(const State& final_state) {
  const auto& game = dynamic_cast<const AtomsPastGame&>(final_state.game());
  SideCards held;
  for (int side = 0; side < 2; ++side) {
    const std::vector<int>& deck = game.starting_deck(side);
    for (std::size_t spell = 0; spell < deck.size(); ++spell)
      for (int copy = 0; copy < deck[spell]; ++copy)
        held[side].push_back(game.spell(static_cast<int>(spell)).name);
    held[side].push_back(kon_card_name(game.spell(game.kon_spell(side))));
  }
  return held;
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

// `drawn`'s warbands (drawn at the reference prices) played at `priced`'s: a list its prices put
// over its limit has the limit raised to its cost ("A standard game of AtomsPast is 1500
// points" limits a player's choice; here the list is the experiment's), and a Kon's Power Level
// that no longer casts its spell at the spell's AcTi now is raised to the lowest that does. The
// bots weigh each unit's material at its reference price (setup.material_points), so that a
// price under test changes how the game scores, not how the bots play.
nlohmann::json with_warbands(const nlohmann::json& priced, const nlohmann::json& drawn) {
  const std::shared_ptr<const Content> content = setup_content(priced);
  nlohmann::json setup = priced.is_object() ? priced : nlohmann::json::object();
  nlohmann::json material = nlohmann::json::object();  // where the prices differ
  for (const UnitProfile& unit : setup_content(drawn)->units)
    if (const UnitProfile* played = content->find_unit(unit.id);
        played && played->points != unit.points)
      material[unit.id] = unit.points;
  if (!material.empty()) setup["material_points"] = std::move(material);
  setup["warbands"] = nlohmann::json::array();
  for (const nlohmann::json& given : drawn.at("warbands")) {
    WarbandDef warband = builder::parse_warband_json(given.dump(), "random warband", *content);
    warband.points_limit = std::max(warband.points_limit, warband_points(warband, *content));
    if (const SpellCard* spell = content->find_spell(warband.kon_spell))
      warband.kon_power_level = std::max(warband.kon_power_level, (spell->acti + 1) / 2);
    setup["warbands"].push_back(warband_json(warband));
  }
  return setup;
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
      .with_warbands = with_warbands,
      .cards = spell_cards,
      .side_cards = side_spells,
      .card_price_name = "AcTi",
      .card_price_override =
          [](const std::string& spell, int acti) {
            return BalanceOverride{"spells." + spell + ".acti", std::to_string(acti)};
          },
  };
}

}  // namespace warband::atomspast
