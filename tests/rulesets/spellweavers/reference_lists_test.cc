// Spellweavers and the lists at the reference prices (docs/sim.md "Lists at the reference
// prices"): no `--set` path is a price here, so there is no with_warbands. A wizard's budget is
// counted in power, which the seed's formula gives from the spell alone (spell.h: spell_power
// takes no parameter); the formula's numbers are what a run measures, not what-ifs; every what-if
// is a rule number, which the lists must follow (a wizard is drawn castable under the rules it
// plays by).
#include <gtest/gtest.h>

#include "balance/balance_run.h"
#include "balance/reprice.h"
#include "core/error.h"
#include "core/registry.h"
#include "sim/sweep.h"

namespace warband::spellweavers {
namespace {

TEST(SpellweaversReferenceLists, NoWhatIfIsAPriceSoTheListsFollowEveryOne) {
  const BalanceHooks& hooks = find_balance("spellweavers");
  EXPECT_TRUE(hooks.catalog(nlohmann::json::object()).empty());  // no unit price to set
  EXPECT_FALSE(hooks.cards);                                     // no card price either
  EXPECT_FALSE(hooks.with_warbands);
  balance::BalanceSettings baseline;
  baseline.ruleset = "spellweavers";
  baseline.games = 30;
  baseline.seed = 3;
  // A rule that changes which spells a wizard can cast: 20 MP, a third of the default 60.
  balance::BalanceSettings changed = baseline;
  changed.overrides = {{"parameters.wizard_max_mp", "20"}};
  balance::BalanceSettings priced = changed;
  priced.lists = balance::Lists::kPriced;
  const sim::SweepSettings base_sweep = balance::sweep_for(baseline);
  const sim::SweepSettings reference_sweep = balance::sweep_for(changed);
  const sim::SweepSettings priced_sweep = balance::sweep_for(priced);
  int differ = 0;
  for (std::int64_t game = 0; game < 30; ++game) {
    const nlohmann::json lists = reference_sweep.setup_for_game(game)["warbands"];
    EXPECT_EQ(lists, priced_sweep.setup_for_game(game)["warbands"]) << game;
    differ += lists != base_sweep.setup_for_game(game)["warbands"];
  }
  EXPECT_EQ(differ, 30);  // every list follows the rule, whichever lists are asked for
}

// So --reprice has nothing to move, and says so at once instead of playing games for nothing.
TEST(SpellweaversReferenceLists, RepricingIsRefusedWithNothingToMove) {
  balance::RepriceSettings settings;
  settings.balance.ruleset = "spellweavers";
  settings.balance.games = 10;
  try {
    balance::reprice(settings);
    ADD_FAILURE() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "--reprice");
    EXPECT_NE(error.problem().find("spellweavers has no price to move"), std::string::npos)
        << error.problem();
  }
}

}  // namespace
}  // namespace warband::spellweavers
