// Spellweavers dice and odds: exact distributions against hand counts and against every path
// through the chance-node machines, and against seeded Monte Carlo through the machines.
#include "rulesets/spellweavers/dice.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>

#include "core/error.h"
#include "core/odds.h"
#include "core/registry.h"
#include "rulesets/spellweavers/parameters.h"
#include "tests/support/monte_carlo.h"
#include "tests/support/test_files.h"

namespace warband::spellweavers {
namespace {

const OddsQuery& query() {
  return find_odds("spellweavers");
}

const Parameters kSeed;  // the seed's numbers (and the defaults of the open ones)

// Walks every path through a machine's chance nodes: the exact distribution of its value by
// brute force, to hold the convolutions against.
template <typename Machine>
void walk(const Machine& machine, double probability, std::map<int, double>& out) {
  if (machine.done()) {
    out[machine.value()] += probability;
    return;
  }
  for (const ChanceOutcome& outcome : machine.chance_outcomes()) {
    Machine next = machine;
    next.apply(outcome.action);
    walk(next, probability * outcome.probability, out);
  }
}

template <typename Machine>
void expect_matches_machine(const Distribution& exact, const Machine& machine) {
  std::map<int, double> paths;
  walk(machine, 1.0, paths);
  for (const auto& [value, p] : paths)
    EXPECT_NEAR(exact.probability(value), p, 1e-12) << "value " << value;
  double sum = 0;
  for (const auto& [value, p] : exact.outcomes()) {
    EXPECT_TRUE(paths.count(value)) << "no path gives " << value;
    sum += p;
  }
  EXPECT_NEAR(sum, 1.0, 1e-12);
}

TEST(SpellweaversOdds, ReductionsTakeFourEachButNeverBelowOne) {
  const Reductions defend{true, false, false};
  const Reductions all{true, true, true};
  EXPECT_EQ(reduce_damage(10, {}, kSeed), 10);
  EXPECT_EQ(reduce_damage(10, defend, kSeed), 6);  // "you take 4 less damage"
  EXPECT_EQ(reduce_damage(3, defend, kSeed), 1);   // "(but not less than 1)"
  EXPECT_EQ(reduce_damage(10, {true, true, false}, kSeed), 2);
  EXPECT_EQ(reduce_damage(20, all, kSeed), 8);
  EXPECT_EQ(reduce_damage(1, all, kSeed), 1);
  EXPECT_EQ(reduce_damage(0, all, kSeed), 0);  // a reduction never raises a damage
}

TEST(SpellweaversOdds, DamageRollsCountedByHand) {
  // Staff Strike, "deals 2d6 damage": 7 has 6 ways of 36.
  const Distribution staff = damage_roll_odds(2, {}, kSeed);
  ASSERT_TRUE(staff.exact());
  EXPECT_EQ(staff.ways(7), 6u);
  EXPECT_EQ(staff.denominator(), 36u);
  // Defended: 2d6 - 4, at least 1: a 1 whenever 2d6 <= 5 (10 ways of 36).
  const Distribution defended = damage_roll_odds(2, {true, false, false}, kSeed);
  EXPECT_NEAR(defended.probability(1), 10.0 / 36, 1e-15);
  EXPECT_NEAR(defended.probability(8), 1.0 / 36, 1e-15);
  EXPECT_EQ(defended.max_value(), 8);
  // All three on 3d6: 3d6 - 12, at least 1: a 1 whenever 3d6 <= 13.
  const Distribution all = damage_roll_odds(3, {true, true, true}, kSeed);
  EXPECT_NEAR(all.probability(1), healing_roll_odds(3, kSeed).at_most(13), 1e-15);
  EXPECT_EQ(all.max_value(), 6);
}

TEST(SpellweaversOdds, DamageAndHealingMatchEveryRoll) {
  for (int dice = 1; dice <= 4; ++dice)
    for (int mask = 0; mask < 8; ++mask) {
      const Reductions reductions{(mask & 1) != 0, (mask & 2) != 0, (mask & 4) != 0};
      SCOPED_TRACE(::testing::Message() << dice << "d6, reductions " << mask);
      expect_matches_machine(damage_roll_odds(dice, reductions, kSeed),
                             PoolRoll::damage(dice, reductions, kSeed));
    }
  for (int dice = 1; dice <= 4; ++dice)
    expect_matches_machine(healing_roll_odds(dice, kSeed), PoolRoll::healing(dice, kSeed));
  EXPECT_NEAR(healing_roll_odds(3, kSeed).probability(10), 27.0 / 216, 1e-15);
}

TEST(SpellweaversOdds, RemovalRollsWhenAppliedAndAtEachTurnEnd) {
  // Slow, "Remove: 5+": 1/3 on the roll when applied, then 2/3 * 1/3 at the first turn end...
  const Distribution slow = removal_turn_odds(Condition::kSlow, 2, kSeed);
  ASSERT_TRUE(slow.exact());
  EXPECT_NEAR(slow.probability(0), 1.0 / 3, 1e-15);
  EXPECT_NEAR(slow.probability(1), 2.0 / 9, 1e-15);
  EXPECT_NEAR(slow.probability(2), 4.0 / 27, 1e-15);
  EXPECT_NEAR(slow.probability(kStillActive), 8.0 / 27, 1e-15);
  // Stun, "Remove: 4+ ... At the end of their turn, remove this condition without rolling".
  const Distribution stun = removal_turn_odds(Condition::kStun, 3, kSeed);
  EXPECT_DOUBLE_EQ(stun.probability(0), 0.5);
  EXPECT_DOUBLE_EQ(stun.probability(1), 0.5);
  EXPECT_DOUBLE_EQ(removal_turn_odds(Condition::kStun, 0, kSeed).probability(kStillActive), 0.5);
  // Long runs leave exact counts behind (6^101 overflows) and still sum to 1.
  const Distribution poison = removal_turn_odds(Condition::kPoison, 100, kSeed);
  EXPECT_NEAR(poison.probability(kStillActive), std::pow(5.0 / 6, 101), 1e-15);
  EXPECT_NEAR(poison.at_least(kStillActive), 1.0, 1e-12);
  for (Condition condition : {Condition::kPoison, Condition::kSlow, Condition::kStun,
                              Condition::kRegenerate, Condition::kProtection})
    for (int turns = 0; turns <= 4; ++turns)
      expect_matches_machine(
          removal_turn_odds(condition, turns, kSeed),
          ConditionRolls(condition, turns, ConditionRolls::Measure::kRemovalTurn, {}, kSeed));
}

TEST(SpellweaversOdds, PoisonAndRegenerateTotalsMatchEveryRoll) {
  for (int turns = 0; turns <= 4; ++turns) {
    SCOPED_TRACE(::testing::Message() << turns << " turns");
    expect_matches_machine(
        condition_total_odds(Condition::kPoison, turns, {}, kSeed),
        ConditionRolls(Condition::kPoison, turns, ConditionRolls::Measure::kTotal, {}, kSeed));
    expect_matches_machine(
        condition_total_odds(Condition::kRegenerate, turns, {}, kSeed),
        ConditionRolls(Condition::kRegenerate, turns, ConditionRolls::Measure::kTotal, {}, kSeed));
    const Reductions protection{false, true, false};
    expect_matches_machine(condition_total_odds(Condition::kPoison, turns, protection, kSeed),
                           ConditionRolls(Condition::kPoison, turns,
                                          ConditionRolls::Measure::kTotal, protection, kSeed));
  }
  // One turn of Poison: nothing when the roll on applying is a 6 (1/6); else the turn-end roll
  // deals its face, 6 included ("even on a roll of 6").
  const Distribution one = condition_total_odds(Condition::kPoison, 1, {}, kSeed);
  EXPECT_NEAR(one.probability(0), 1.0 / 6, 1e-15);
  for (int face = 1; face <= 6; ++face)
    EXPECT_NEAR(one.probability(face), 5.0 / 36, 1e-15) << face;
  // The whole of a Poison: (5/6) * (expected turn-end rolls 6) * 3.5 on average.
  const Distribution whole = condition_total_odds(Condition::kPoison, 200, {}, kSeed);
  EXPECT_NEAR(whole.at_least(0), 1.0, 1e-12);
  EXPECT_NEAR(whole.mean(), 5.0 / 6 * 6 * 3.5, 1e-9);
}

// Every exact distribution against the same quantity sampled through the machines.
void expect_monte_carlo_agrees(const OddsArgs& args, std::uint64_t seed) {
  constexpr int kSamples = 20000;
  Rng rng(seed);
  const std::vector<int> values = query().sample(args, rng, kSamples);
  ASSERT_EQ(values.size(), static_cast<std::size_t>(kSamples));
  warband::testing::expect_samples_agree(query().compute(args).exact, values);
}

TEST(SpellweaversOdds, MonteCarloThroughTheMachinesAgrees) {
  expect_monte_carlo_agrees({{"damage-dice", "3"}, {"defend", "true"}}, 1);
  expect_monte_carlo_agrees({{"damage-dice", "2"}, {"protection", "true"}, {"fortified", "true"}},
                            2);
  expect_monte_carlo_agrees({{"healing-dice", "4"}}, 3);
  expect_monte_carlo_agrees({{"condition", "slow"}, {"turns", "3"}}, 4);
  expect_monte_carlo_agrees({{"condition", "Stun"}, {"turns", "2"}}, 5);
  expect_monte_carlo_agrees({{"poison", "true"}}, 6);
  expect_monte_carlo_agrees({{"poison", "true"}, {"turns", "3"}, {"defend", "true"}}, 7);
  expect_monte_carlo_agrees({{"regenerate", "true"}, {"turns", "5"}}, 8);
  expect_monte_carlo_agrees({{"wizard", "Ember the Red"}, {"spell", "Fireball"}}, 9);
}

TEST(SpellweaversOdds, QueryFigures) {
  const OddsResult damage = query().compute({{"damage-dice", "6"}, {"hp", "30"}});
  ASSERT_EQ(damage.figures.size(), 1u);
  EXPECT_NEAR(damage.figures[0].second, healing_roll_odds(6, kSeed).at_least(30), 1e-15);
  const OddsResult slow = query().compute({{"condition", "slow"}, {"turns", "2"}});
  EXPECT_NEAR(slow.figures[0].second, 1 - 8.0 / 27, 1e-15);
  EXPECT_NE(slow.title.find("-1 = still on after turn 2"), std::string::npos) << slow.title;
}

// A content wizard's spell by name rolls the dice its file gives: Ember the Red's Fireball is
// ["damage:3", "terrain:burning"], Brother Thorn's Mending Light ["healing:3"], and every wizard
// strikes with the staff for 2d6 (staff_strike_dice).
TEST(SpellweaversOdds, AWizardsSpellByName) {
  const Reductions none, defend{true, false, false};
  const OddsResult fireball = query().compute({{"wizard", "Ember the Red"}, {"spell", "Fireball"}});
  EXPECT_EQ(fireball.title,
            "Ember the Red's Fireball (Damage 3, Terrain: Burning): 3d6 damage: the damage taken");
  EXPECT_EQ(fireball.exact.ways(3), damage_roll_odds(3, none, kSeed).ways(3));
  EXPECT_EQ(fireball.exact.denominator(), 216u);  // 6^3
  EXPECT_NEAR(fireball.exact.mean(), 10.5, 1e-12);
  ASSERT_EQ(fireball.figures.size(), 1u);  // P(knocks out a wizard at full HP): 30 HP, beyond 18
  EXPECT_EQ(fireball.figures[0].second, 0.0);

  const OddsResult staff = query().compute(
      {{"wizard", "Ember the Red"}, {"spell", "Staff Strike"}, {"defend", "true"}, {"hp", "5"}});
  EXPECT_EQ(staff.title,
            "Ember the Red's Staff Strike: 2d6 damage after Defend -4 (never below 1): the damage "
            "taken");
  for (int damage = 0; damage <= 12; ++damage)
    EXPECT_EQ(staff.exact.ways(damage), damage_roll_odds(2, defend, kSeed).ways(damage)) << damage;
  // 2d6 - 4 >= 5 when the dice make 9 or more: 10 of 36.
  EXPECT_NEAR(staff.figures[0].second, 10.0 / 36, 1e-15);

  const OddsResult mending =
      query().compute({{"wizard", "Brother Thorn"}, {"spell", "Mending Light"}});
  EXPECT_EQ(mending.title,
            "Brother Thorn's Mending Light (Healing 3): 3d6 healing: the HP restored");
  EXPECT_EQ(mending.outcome_label, "HP");

  // The pickers: each wizard, and while one is picked its Staff Strike and rolling spells only.
  const OddsOption* spell = nullptr;
  for (const OddsOption& option : query().options)
    if (option.name == "spell") spell = &option;
  ASSERT_NE(spell, nullptr);
  std::vector<std::string> embers;
  for (const OddsChoice& choice : spell->choices())
    if (choice.only_with_value == "Ember the Red") embers.push_back(choice.label);
  ASSERT_FALSE(embers.empty());
  EXPECT_EQ(embers.front(), "Staff Strike (2d6 damage)");
  EXPECT_NE(std::find(embers.begin(), embers.end(), "Fireball (3d6 damage)"), embers.end());
  EXPECT_NE(std::find(embers.begin(), embers.end(), "Cauterize (2d6 healing)"), embers.end());
  for (const std::string& label : embers)
    EXPECT_EQ(label.find("Smoke Screen"), std::string::npos);
}

void expect_input_error(const OddsArgs& args, const std::string& where, const std::string& what) {
  try {
    query().compute(args);
    ADD_FAILURE() << "accepted bad arguments";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), where) << error.what();
    EXPECT_NE(error.problem().find(what), std::string::npos) << error.what();
  }
}

TEST(SpellweaversOdds, BadArgumentsSayWhereAndWhat) {
  expect_input_error({}, "warband odds spellweavers", "give one of --damage-dice X");
  expect_input_error({{"damage-dice", "0"}}, "--damage-dice", "1 to 200");
  expect_input_error({{"damage-dice", "-2"}}, "--damage-dice", "got -2");
  expect_input_error({{"damage-dice", "2"}, {"healing-dice", "2"}}, "--healing-dice", "give one");
  expect_input_error({{"healing-dice", "2"}, {"defend", "true"}}, "--defend",
                     "goes with --damage-dice X or --poison");
  expect_input_error({{"regenerate", "true"}, {"hp", "10"}}, "--hp", "goes with --damage-dice");
  expect_input_error({{"damage-dice", "2"}, {"turns", "3"}}, "--turns", "goes with --condition");
  expect_input_error({{"condition", "slow"}}, "--condition", "goes with --turns T");
  expect_input_error({{"condition", "slow"}, {"turns", "-1"}}, "--turns", "got -1");
  expect_input_error({{"condition", "dispel"}, {"turns", "1"}}, "--condition", "Remove: N/A");
  expect_input_error({{"condition", "burning"}, {"turns", "1"}}, "--condition",
                     "unknown status condition 'burning'");
  // A spell by name.
  expect_input_error({{"wizard", "Ember the Red"}}, "--spell", "is missing");
  expect_input_error(
      {{"wizard", "Ember the Rd"}, {"spell", "Fireball"}}, "--wizard",
      "no wizard named 'Ember the Rd' in the content. Did you mean 'Ember the Red'?");
  expect_input_error({{"wizard", "Ember the Red"}, {"spell", "Firebal"}}, "--spell",
                     "Did you mean 'Fireball'?");
  expect_input_error({{"wizard", "Ember the Red"}, {"spell", "Smoke Screen"}}, "--spell",
                     "rolls no damage or healing (Terrain: Dark)");
  expect_input_error({{"wizard", "Ember the Red"}, {"spell", "Fireball"}, {"damage-dice", "3"}},
                     "--damage-dice", "ask for different things");
  expect_input_error({{"wizard", "Brother Thorn"}, {"spell", "Mending Light"}, {"hp", "10"}},
                     "--hp", "or a spell by name that deals damage");
}

// ---- parameters.toml ----

void expect_load_error(const std::string& text, const std::string& where_suffix,
                       const std::string& what) {
  const std::string path = write_temp_file("spellweavers_parameters.toml", text);
  try {
    load_parameters(path);
    ADD_FAILURE() << "accepted: " << text;
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), path + where_suffix) << error.what();
    EXPECT_NE(error.problem().find(what), std::string::npos) << error.what();
  }
}

TEST(SpellweaversOddsParameters, ContentFileHoldsTheDefaults) {
  const Parameters& loaded = content_parameters();
  EXPECT_EQ(loaded.die_faces, 6);
  EXPECT_EQ(loaded.defend_reduction, 4);
  EXPECT_EQ(loaded.poison_remove, 6);
  EXPECT_EQ(loaded.stun_remove, 4);
  EXPECT_EQ(loaded.wizard_max_hp, kSeed.wizard_max_hp);
  const Parameters partial =
      load_parameters(write_temp_file("partial.toml", "[parameters]\nwizard_max_hp = 24\n"));
  EXPECT_EQ(partial.wizard_max_hp, 24);
  EXPECT_EQ(partial.slow_remove, 5);
}

TEST(SpellweaversOddsParameters, BadFilesSayWhereAndWhat) {
  expect_load_error("[parameters]\nwizard_hp = 3\n", ":2", "parameters: unknown key 'wizard_hp'");
  expect_load_error("[parameters]\ndie_face = 6\n", ":2", "Did you mean 'die_faces'?");
  expect_load_error("[parameters]\n\ndie_faces = \"six\"\n", ":3", "must be a whole number");
  expect_load_error("[parameters]\ndefend_reduction = 2.5\n", ":2", "must be a whole number");
  expect_load_error("[parameters]\nslow_remove = 0\n", ":2", "from 1 to 100, got 0");
  expect_load_error("[parameters]\nslow_remove = 7\n", "", "above die_faces");
  expect_load_error("[rules]\nx = 1\n", ":1", "unknown key 'rules' (expected one of: parameters)");
  expect_load_error("[parameters\n", ":1", "not valid TOML");
  EXPECT_THROW(load_parameters(::testing::TempDir() + "no_such_file.toml"), InputError);
}

// Each question picked on an empty form starts on its example (odds_choices.js), which answers:
// a question without one would greet its form with a missing-option error.
TEST(SpellweaversOdds, EveryQuestionHasAnExampleThatComputes) {
  for (const OddsQuestion& question : query().questions) {
    // Its example would be a flag, which GET /api/odds sends as the text "true" and the server's
    // flag reader then refuses: the form starts it with nothing ticked.
    if (question.title == "Poison or Regenerate over turns") continue;
    EXPECT_FALSE(question.example.empty()) << question.title;
    EXPECT_NO_THROW(query().compute(question.example)) << question.title;
  }
}

}  // namespace
}  // namespace warband::spellweavers
