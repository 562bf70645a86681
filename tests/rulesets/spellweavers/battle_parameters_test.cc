// The battle's open numbers of seed 002 (parameters.h, "The battle's open numbers"): the shipped
// file holds the rulings' defaults, each choice reads by its key, and bad values name the line.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "core/error.h"
#include "rulesets/spellweavers/parameters.h"
#include "tests/support/test_files.h"

namespace warband::spellweavers {
namespace {

Parameters load_text(const std::string& text) {
  return load_parameters(write_temp_file("sw_battle_parameters.toml", "[parameters]\n" + text));
}

TEST(SpellweaversBattleParameters, DefaultsAreTheRulingsAndTheShippedFileSaysTheSame) {
  const Parameters defaults;
  EXPECT_EQ(defaults.mp_recovery_per_turn, 5);
  EXPECT_FALSE(defaults.healing_above_max_hp);
  EXPECT_EQ(defaults.wizards_per_side, 1);
  EXPECT_EQ(defaults.turn_limit, 20);
  EXPECT_EQ(defaults.turn_limit_tiebreak, TurnLimitTiebreak::kHpLeft);
  EXPECT_EQ(defaults.turn_order, TurnOrder::kPlayerPhase);
  EXPECT_EQ(defaults.shift_chooser, ShiftChooser::kCaster);
  const Parameters& shipped = content_parameters();
  EXPECT_EQ(shipped.mp_recovery_per_turn, defaults.mp_recovery_per_turn);
  EXPECT_EQ(shipped.healing_above_max_hp, defaults.healing_above_max_hp);
  EXPECT_EQ(shipped.wizards_per_side, defaults.wizards_per_side);
  EXPECT_EQ(shipped.turn_limit, defaults.turn_limit);
  EXPECT_EQ(shipped.turn_limit_tiebreak, defaults.turn_limit_tiebreak);
  EXPECT_EQ(shipped.turn_order, defaults.turn_order);
  EXPECT_EQ(shipped.shift_chooser, defaults.shift_chooser);
}

TEST(SpellweaversBattleParameters, EveryChoiceReadsByItsKey) {
  const Parameters read = load_text(
      "mp_recovery_per_turn = 0\nhealing_above_max_hp = true\nwizards_per_side = 4\n"
      "turn_limit = 0\nturn_limit_tiebreak = \"draw\"\nturn_order = \"initiative\"\n"
      "shift_chooser = \"owner\"\n");
  EXPECT_EQ(read.mp_recovery_per_turn, 0);
  EXPECT_TRUE(read.healing_above_max_hp);
  EXPECT_EQ(read.wizards_per_side, kMaxWizardsPerSide);
  EXPECT_EQ(read.turn_limit, 0);
  EXPECT_EQ(read.turn_limit_tiebreak, TurnLimitTiebreak::kDraw);
  EXPECT_EQ(read.turn_order, TurnOrder::kInitiative);
  EXPECT_EQ(read.shift_chooser, ShiftChooser::kOwner);
  EXPECT_EQ(turn_order_key(TurnOrder::kInitiative), "initiative");
  EXPECT_EQ(turn_order_key(TurnOrder::kPlayerPhase), "player-phase");
  EXPECT_EQ(turn_limit_tiebreak_key(TurnLimitTiebreak::kHpLeft), "hp-left");
  EXPECT_EQ(shift_chooser_key(ShiftChooser::kCaster), "caster");
}

TEST(SpellweaversBattleParameters, BadValuesSayTheLineAndTheChoices) {
  const auto expect_error = [](const std::string& text, const std::string& words) {
    const std::string path =
        write_temp_file("sw_bad_battle_parameters.toml", "[parameters]\n" + text);
    try {
      load_parameters(path);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& error) {
      EXPECT_EQ(error.where(), path + ":2") << error.what();
      EXPECT_NE(error.problem().find(words), std::string::npos) << error.what();
    }
  };
  expect_error("wizards_per_side = 5\n", "from 1 to 4, got 5");
  expect_error("wizards_per_side = 0\n", "from 1 to 4, got 0");
  expect_error("turn_limit = -1\n", "from 0 to 1000");
  expect_error("mp_recovery_per_turn = -5\n", "from 0 to 10000");
  expect_error("turn_order = \"initiativ\"\n", "\"player-phase\" or \"initiative\"");
  expect_error("turn_limit_tiebreak = \"coin\"\n", "\"hp-left\" or \"draw\"");
  expect_error("shift_chooser = \"target\"\n", "\"caster\" or \"owner\"");
  expect_error("healing_above_max_hp = \"no\"\n", "healing_above_max_hp");
  expect_error("turn_ordre = \"initiative\"\n", "Did you mean 'turn_order'?");
}

}  // namespace
}  // namespace warband::spellweavers
