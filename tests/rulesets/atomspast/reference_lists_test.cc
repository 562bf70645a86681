// AtomsPast's lists at the reference prices (balance_hooks.cc: with_warbands; docs/sim.md "Lists at
// the reference prices"): a balance run draws its random lists at the content's prices, so a price
// under test (`--set units.ID.points`, a search's move, an AcTi) changes no list, and each list is
// made legal at the prices the game is played at.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "balance/balance_run.h"
#include "balance/report.h"
#include "core/error.h"
#include "core/game.h"
#include "core/registry.h"
#include "rulesets/atomspast/atomspast_game.h"
#include "tests/support/reference_lists_checks.h"
#include "tests/support/test_scale.h"

namespace warband::atomspast {
namespace {

balance::BalanceSettings random_run(std::int64_t games, std::uint64_t seed) {
  balance::BalanceSettings settings;
  settings.ruleset = "atomspast";
  settings.games = games;
  settings.seed = seed;
  settings.mirrored = true;
  return settings;
}

// The unit fielded most often in the first `games` lists of `settings`.
std::string most_fielded(const balance::BalanceSettings& settings, std::int64_t games) {
  const sim::SweepSettings sweep = balance::sweep_for(settings);
  std::map<std::string, int> counts;
  for (std::int64_t game = 0; game < games; ++game) {
    const nlohmann::json setup = sweep.setup_for_game(game);
    for (const nlohmann::json& warband : setup["warbands"])
      for (const nlohmann::json& entry : warband["units"])
        counts[entry["unit"].get<std::string>()] += entry["count"].get<int>();
  }
  std::string best;
  for (const auto& [id, count] : counts)
    if (best.empty() || count > counts[best]) best = id;
  return best;
}

TEST(AtomsPastReferenceLists, APriceUnderTestChangesNoList) {
  balance::BalanceSettings baseline = random_run(40, 3);
  const std::string id = most_fielded(baseline, 40);
  balance::BalanceSettings planted = baseline;
  planted.overrides = {warband::testing::shifted_unit_price("atomspast", id, 0.7),
                       {"spells.bone_explosion.acti", "1"}};
  const sim::SweepSettings base_sweep = balance::sweep_for(baseline);
  const sim::SweepSettings planted_sweep = balance::sweep_for(planted);
  for (std::int64_t game = 0; game < 40; ++game)
    EXPECT_EQ(base_sweep.setup_for_game(game)["warbands"],
              planted_sweep.setup_for_game(game)["warbands"])
        << game;
  // Drawn at the prices under test, the cheaper unit fits more lists (and the cheaper spell is
  // cast at other Power Levels): the old design, which the reference prices replace (so the
  // check above can fail).
  planted.lists = balance::Lists::kPriced;
  const sim::SweepSettings priced_sweep = balance::sweep_for(planted);
  int differ = 0;
  for (std::int64_t game = 0; game < 40; game += 2)
    differ += base_sweep.setup_for_game(game)["warbands"] !=
              priced_sweep.setup_for_game(game)["warbands"];
  EXPECT_GT(differ, 10);
}

// The report says which lists were played, since a replay must draw the same ones: reference
// unless asked for priced, and priced for a ruleset without with_warbands.
TEST(AtomsPastReferenceLists, TheReportNamesTheListsPlayed) {
  balance::BalanceSettings settings;
  settings.ruleset = "atomspast";
  settings.games = 2;
  settings.seed = 3;
  EXPECT_EQ(balance::lists_played(settings), balance::Lists::kReference);
  EXPECT_EQ(balance::report_json(balance::run_balance(settings), {.command = "warband balance"})
                .at("lists"),
            "reference");
  balance::BalanceSettings priced = settings;
  priced.lists = balance::Lists::kPriced;
  EXPECT_EQ(balance::lists_played(priced), balance::Lists::kPriced);
  balance::BalanceSettings given = settings;
  given.random_warbands = false;
  EXPECT_EQ(balance::lists_played(given), balance::Lists::kPriced);
  balance::BalanceSettings no_hook = settings;
  no_hook.ruleset = "spellweavers";
  EXPECT_EQ(balance::lists_played(no_hook), balance::Lists::kPriced);
}

TEST(AtomsPastReferenceLists, AListItsPricesPutOverItsLimitIsPlayedLegally) {
  balance::BalanceSettings settings = random_run(20, 5);
  const std::string id = most_fielded(settings, 20);
  settings.overrides = {warband::testing::shifted_unit_price("atomspast", id, 1.6)};
  const sim::SweepSettings sweep = balance::sweep_for(settings);
  int over = 0;
  for (std::int64_t game = 0; game < 20; ++game) {
    const nlohmann::json setup = sweep.setup_for_game(game);
    const std::shared_ptr<const Game> played = make_game("atomspast", setup);  // legal, or throws
    const auto& atoms = dynamic_cast<const AtomsPastGame&>(*played);
    for (int side = 0; side < 2; ++side) {
      const int cost = warband_points(atoms.warband(side), atoms.content());
      EXPECT_LE(cost, atoms.warband(side).points_limit);
      // Raised exactly to the cost when the dearer unit put it over the standard game's limit.
      if (atoms.warband(side).points_limit > atoms.content().parameters.points_limit) {
        EXPECT_EQ(atoms.warband(side).points_limit, cost);
        ++over;
      }
    }
  }
  EXPECT_GT(over, 0);  // the case was met
}

TEST(AtomsPastReferenceLists, AKonsPowerLevelIsRaisedToCastItsSpellAtItsAcTiNow) {
  const BalanceHooks& hooks = find_balance("atomspast");
  const nlohmann::json drawn = hooks.random_setup(nlohmann::json::object(), 1500, 150, 8);
  const std::string spell = drawn["warbands"][0]["kon"]["spell"];
  const int max_level = setup_content(nlohmann::json::object())->parameters.max_power_level;
  const nlohmann::json priced = hooks.apply_overrides(
      nlohmann::json::object(), {{"spells." + spell + ".acti", std::to_string(2 * max_level)}});
  const nlohmann::json played = hooks.with_warbands(priced, drawn);
  // AcTi 2 x the top level is cast only at the top level ("cast at twice its Power Level").
  EXPECT_EQ(played["warbands"][0]["kon"]["power_level"], max_level);
  EXPECT_EQ(played["warbands"][1]["units"], drawn["warbands"][1]["units"]);
  make_game("atomspast", played);  // legal, or throws
}

TEST(AtomsPastReferenceLists, TheBotsWeighMaterialAtTheReferencePrices) {
  const BalanceHooks& hooks = find_balance("atomspast");
  const nlohmann::json drawn = hooks.random_setup(nlohmann::json::object(), 1500, 150, 4);
  const std::string id = drawn["warbands"][0]["units"][0]["unit"];
  const int reference = setup_content(nlohmann::json::object())->find_unit(id)->points;
  const nlohmann::json priced =
      hooks.apply_overrides(nlohmann::json::object(), {{"units." + id + ".points", "7"}});
  const nlohmann::json played = hooks.with_warbands(priced, drawn);
  EXPECT_EQ(played["material_points"], nlohmann::json({{id, reference}}));  // only what differs
  const std::shared_ptr<const Game> game = make_game("atomspast", played);
  const auto& atoms = dynamic_cast<const AtomsPastGame&>(*game);
  int seen = 0;
  for (const RosterEntry& entry : atoms.roster()) {
    if (entry.profile->id != id) continue;
    ++seen;
    EXPECT_EQ(entry.profile->points, 7);  // the game scores it at its price
    EXPECT_EQ(entry.material, reference);
  }
  EXPECT_GT(seen, 0);
  // Drawn and played at the same prices, nothing is recorded.
  EXPECT_FALSE(hooks.with_warbands(nlohmann::json::object(), drawn).contains("material_points"));
}

TEST(AtomsPastReferenceLists, BadMaterialPointsSayWhereAndWhat) {
  const auto error_of = [](const nlohmann::json& material) {
    nlohmann::json setup = {{"material_points", material}};
    try {
      make_game("atomspast", setup);
    } catch (const InputError& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(error_of(nlohmann::json::array()).find("setup.material_points"), std::string::npos);
  EXPECT_NE(error_of({{"no_such_unit", 5}}).find("setup.material_points.no_such_unit"),
            std::string::npos);
  EXPECT_NE(error_of({{"troll", -1}}).find("whole points from 0"), std::string::npos);
  EXPECT_NE(error_of({{"troll", "many"}}).find("whole points from 0"), std::string::npos);
  EXPECT_EQ(error_of({{"troll", 10}}), "no error");
}

// The balance bot reads a unit's material, the margin the reference prices: a planted price
// changes no game of theirs either.
TEST(AtomsPastReferenceLists, APlantedPriceChangesNoBalanceBotGame) {
  balance::BalanceSettings baseline = random_run(scaled_count(8), 13);
  baseline.bot = "balance";
  baseline.outcome = balance::Outcome::kMargin;
  const std::string id = most_fielded(baseline, baseline.games);
  balance::BalanceSettings planted = baseline;
  planted.overrides = {warband::testing::shifted_unit_price("atomspast", id, 0.75)};
  const balance::BalanceRun base_run = balance::run_balance(baseline);
  const balance::BalanceRun planted_run = balance::run_balance(planted);
  ASSERT_EQ(base_run.games.size(), planted_run.games.size());
  for (std::size_t g = 0; g < base_run.games.size(); ++g) {
    const sim::GameResult& base = base_run.games[g];
    const sim::GameResult& moved = planted_run.games[g];
    EXPECT_EQ(base.decisions, moved.decisions) << g;
    ASSERT_EQ(base.units.size(), moved.units.size()) << g;
    for (std::size_t u = 0; u < base.units.size(); ++u) {
      EXPECT_EQ(base.units[u].wounds, moved.units[u].wounds) << g << " " << u;
      EXPECT_EQ(base.units[u].survived, moved.units[u].survived) << g << " " << u;
    }
  }
}

// With random bots (who read no price) and the margin (measured at the reference prices), a
// planted price changes no game and no suggestion: the price under test is not part of its own
// estimate, nor of any other unit's.
TEST(AtomsPastReferenceLists, APlantedPriceMovesNoSuggestion) {
  balance::BalanceSettings baseline = random_run(160, 11);
  baseline.outcome = balance::Outcome::kMargin;
  const std::string id = most_fielded(baseline, 160);
  balance::BalanceSettings planted = baseline;
  planted.overrides = {warband::testing::shifted_unit_price("atomspast", id, 1.25)};
  // More than 10 units estimable; the planted unit played at its planted cost.
  warband::testing::expect_same_suggestions(balance::run_balance(baseline),
                                            balance::run_balance(planted), id,
                                            planted.overrides[0].second, 11);
}

}  // namespace
}  // namespace warband::atomspast
