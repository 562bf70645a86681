// AtomsPast odds: exact distributions against hand counts and full enumeration of the dice, and
// against seeded Monte Carlo played through the engine's chance nodes (issue 3).
#include "rulesets/atomspast/odds.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>
#include <vector>

#include "core/error.h"
#include "core/odds.h"
#include "core/registry.h"
#include "tests/rulesets/atomspast/content_copy.h"
#include "tests/support/monte_carlo.h"

namespace warband::atomspast {
namespace {

const OddsQuery& query() {
  return find_odds("atomspast");
}

// Counts every one of the 6^dice rolls: how many give each total (the seed's rule, face by face).
std::map<int, long long> enumerate_rolls(int dice,
                                         const std::function<int(const std::vector<int>&)>& value) {
  std::map<int, long long> counts;
  std::vector<int> faces(dice, 1);
  while (true) {
    ++counts[value(faces)];
    int i = 0;
    while (i < dice && faces[i] == 6)
      faces[i++] = 1;
    if (i == dice) break;
    ++faces[i];
  }
  return counts;
}

int seed_total(const std::vector<int>& faces, int skill) {
  // "any dice value that is equal to or less than the Skill value is counted ... Dice that are
  // rolled but are greater than the Skill value add one to the total result."
  int total = 0;
  for (int face : faces)
    total += face <= skill ? face : 1;
  return total;
}

void expect_matches_counts(const Distribution& exact, const std::map<int, long long>& counts,
                           int dice) {
  const double all = std::pow(6.0, dice);
  double sum = 0;
  for (const auto& [value, count] : counts) {
    EXPECT_NEAR(exact.probability(value), count / all, 1e-15) << "value " << value;
    sum += exact.probability(value);
  }
  EXPECT_NEAR(sum, 1.0, 1e-12) << "the distribution has outcomes no roll gives";
}

TEST(AtomsPastOdds, SkillThreeFourDiceHasTheSeedExampleAndAllOnes) {
  const Distribution roll = skill_roll(3, 4);
  // "dice values: 1, 3, 2, 6 = 7 (1 + 3 + 2 + 1)".
  EXPECT_EQ(seed_total({1, 3, 2, 6}, 3), 7);
  EXPECT_GT(roll.probability(7), 0.0);
  // Total 4: every die counts 1 (faces 1, 4, 5, 6): (4/6)^4.
  EXPECT_NEAR(roll.probability(4), std::pow(4.0 / 6.0, 4), 1e-15);
  EXPECT_EQ(roll.min_value(), 4);
  EXPECT_EQ(roll.max_value(), 12);
  ASSERT_TRUE(roll.exact());
  EXPECT_EQ(roll.ways(4), 256u);
  EXPECT_EQ(roll.denominator(), 1296u);
  // Total 12: all four dice show 3.
  EXPECT_EQ(roll.ways(12), 1u);
  EXPECT_NEAR(roll.mean(), 4 * 1.5, 1e-12);  // the rulings' 1.5 a die at S3
}

TEST(AtomsPastOdds, SmallRollsMatchFullEnumeration) {
  for (int skill = 1; skill <= 6; ++skill)
    for (int dice = 0; dice <= 5; ++dice) {
      SCOPED_TRACE(::testing::Message() << "[S" << skill << "/D" << dice << "]");
      const Distribution exact = skill_roll(skill, dice);
      EXPECT_TRUE(exact.exact());
      expect_matches_counts(
          exact, enumerate_rolls(dice, [skill](const auto& f) { return seed_total(f, skill); }),
          dice);
    }
}

TEST(AtomsPastOdds, SkillSixTwoDiceIsTwoD6) {
  const Distribution roll = skill_roll(6, 2);
  const Distribution two_d6 = Distribution::uniform(1, 6).sum_of(2);
  ASSERT_EQ(roll.min_value(), 2);
  ASSERT_EQ(roll.max_value(), 12);
  for (int total = 2; total <= 12; ++total)
    EXPECT_EQ(roll.ways(total), two_d6.ways(total)) << total;
  EXPECT_EQ(roll.ways(7), 6u);
}

TEST(AtomsPastOdds, TwoHundredDiceSumToOneAtEverySkill) {
  // A die averages (sum of faces up to S + one for each face above S) / 6.
  const double die_mean[] = {0, 1.0, 7.0 / 6.0, 1.5, 2.0, 8.0 / 3.0, 3.5};
  for (int skill = 1; skill <= 6; ++skill) {
    const Distribution roll = skill_roll(skill, 200);
    double sum = 0;
    for (const auto& [value, p] : roll.outcomes())
      sum += p;
    EXPECT_NEAR(sum, 1.0, 1e-12) << "skill " << skill;
    EXPECT_NEAR(roll.mean(), 200 * die_mean[skill], 1e-8) << "skill " << skill;
    EXPECT_EQ(roll.min_value(), 200);
    EXPECT_EQ(roll.max_value(), 200 * skill);
  }
}

TEST(AtomsPastOdds, ShieldSubtractsFromEachRollNeverBelowZero) {
  for (int shield : {0, 2, 5, 30}) {
    SCOPED_TRACE(::testing::Message() << "Shield " << shield);
    expect_matches_counts(
        damage_after_shield(4, 3, shield),
        enumerate_rolls(3,
                        [shield](const auto& f) { return std::max(0, seed_total(f, 4) - shield); }),
        3);
  }
  // The seed's Footmen: "a Shield that blocks two damage" against [MS 3/MD 4].
  const Distribution footmen = damage_after_shield(3, 4, 2);
  EXPECT_NEAR(footmen.probability(2), std::pow(4.0 / 6.0, 4), 1e-15);
  EXPECT_EQ(footmen.min_value(), 2);
}

TEST(AtomsPastOdds, CastIsTheRollPlusBoostMinusTheRemainingAcTi) {
  const Distribution roll = skill_roll(3, 4);
  // AcTi 0, Boost 3: always cast, X = roll + 3.
  CastSetup boosted;
  boosted.acti = 0;
  boosted.boost = 3;
  const Distribution x = cast_x(boosted);
  EXPECT_DOUBLE_EQ(x.probability(kCastFails), 0.0);
  for (int total = 4; total <= 12; ++total)
    EXPECT_DOUBLE_EQ(x.probability(total + 3), roll.probability(total)) << total;
  // AcTi 17: [S3/D4] reaches 12 at most, so the Cast never succeeds.
  CastSetup hopeless;
  hopeless.acti = 17;
  EXPECT_DOUBLE_EQ(cast_x(hopeless).probability(kCastFails), 1.0);
  // AcTi 12: only 3,3,3,3 casts it, with X = 0.
  CastSetup exact_fit;
  exact_fit.acti = 12;
  EXPECT_NEAR(cast_x(exact_fit).probability(0), 1.0 / 1296.0, 1e-15);
  EXPECT_NEAR(cast_x(exact_fit).probability(kCastFails), 1295.0 / 1296.0, 1e-15);
  // Spell Z of the seed, "AcTi Cost 5": fails only on a total of 4 (all dice counting 1).
  CastSetup spell_z;
  spell_z.acti = 5;
  EXPECT_NEAR(cast_x(spell_z).probability(kCastFails), std::pow(4.0 / 6.0, 4), 1e-15);
  EXPECT_NEAR(cast_x(spell_z).probability(0), roll.probability(5), 1e-15);
}

TEST(AtomsPastOdds, ChannelsBeforeTheCastMatchFullEnumeration) {
  // One Channel over two spells, this one taking the remainder, then the Cast: 8 dice.
  for (const auto& [acti, zone] : std::vector<std::pair<int, int>>{{9, 1}, {7, 2}, {6, 3}}) {
    SCOPED_TRACE(::testing::Message() << "AcTi " << acti << ", zone " << zone);
    CastSetup setup;
    setup.acti = acti;
    setup.channels = 1;
    setup.zone = zone;
    // The bindings captured by copy: clang 14 cannot capture a structured binding.
    const auto counts =
        enumerate_rolls(8, [&, acti = acti, zone = zone](const std::vector<int>& f) {
          const int channel = seed_total({f[0], f[1], f[2], f[3]}, 3);
          const int downticks = channel / zone + (channel % zone > 0 ? 1 : 0);
          const int x = seed_total({f[4], f[5], f[6], f[7]}, 3) + downticks - acti;
          return x >= 0 ? x : kCastFails;
        });
    expect_matches_counts(cast_x(setup), counts, 8);
  }
}

TEST(AtomsPastOdds, QueryReportsCastFigures) {
  const OddsResult result = query().compute({{"acti", "5"}});
  EXPECT_EQ(result.outcome_label, "X");
  EXPECT_NE(result.title.find("-1 = the Cast fails"), std::string::npos) << result.title;
  ASSERT_EQ(result.figures.size(), 2u);
  EXPECT_EQ(result.figures[0].first, "P(cast succeeds)");
  EXPECT_NEAR(result.figures[0].second, 1.0 - std::pow(4.0 / 6.0, 4), 1e-15);
  EXPECT_EQ(result.figures[1].first, "E[X | success]");
  double sum = 0;
  const Distribution roll = skill_roll(3, 4);
  for (int total = 5; total <= 12; ++total)
    sum += (total - 5) * roll.probability(total);
  EXPECT_NEAR(result.figures[1].second, sum / result.figures[0].second, 1e-12);

  const OddsResult never = query().compute({{"acti", "17"}});
  ASSERT_EQ(never.figures.size(), 1u);  // no E[X | success] when it never succeeds
  EXPECT_DOUBLE_EQ(never.figures[0].second, 0.0);
}

TEST(AtomsPastOdds, QueryReportsDamageFigures) {
  const OddsResult result =
      query().compute({{"skill", "3"}, {"dice", "4"}, {"shield", "2"}, {"wounds", "5"}});
  EXPECT_EQ(result.outcome_label, "damage");
  ASSERT_EQ(result.figures.size(), 2u);
  EXPECT_DOUBLE_EQ(result.figures[0].second, 1.0);  // at least 4 - 2
  const Distribution roll = skill_roll(3, 4);
  EXPECT_NEAR(result.figures[1].second, roll.at_least(7), 1e-15);
  EXPECT_EQ(query().compute({{"skill", "3"}, {"dice", "4"}}).outcome_label, "total");
}

// Every exact distribution against the same quantity played through the engine's chance nodes.
void expect_monte_carlo_agrees(const OddsArgs& args, std::uint64_t seed) {
  constexpr int kSamples = 20000;
  Rng rng(seed);
  const std::vector<int> values = query().sample(args, rng, kSamples);
  ASSERT_EQ(values.size(), static_cast<std::size_t>(kSamples));
  warband::testing::expect_samples_agree(query().compute(args).exact, values);
}

TEST(AtomsPastOdds, MonteCarloThroughTheEngineAgrees) {
  expect_monte_carlo_agrees({{"skill", "3"}, {"dice", "4"}}, 1);
  expect_monte_carlo_agrees({{"skill", "5"}, {"dice", "3"}, {"shield", "4"}, {"wounds", "6"}}, 2);
  expect_monte_carlo_agrees({{"acti", "6"}, {"boost", "1"}}, 3);
  expect_monte_carlo_agrees({{"acti", "3"}, {"cast-skill", "4"}, {"cast-dice", "2"}}, 4);
  expect_monte_carlo_agrees({{"acti", "11"}, {"channels", "2"}, {"zone", "3"}}, 5);
}

TEST(AtomsPastOdds, MonteCarloRollsMoreDiceThanOneEngineRoll) {
  // 130 dice: two engine rolls (120 + 10), summed. Checked on the mean and spread.
  const OddsArgs args = {{"skill", "4"}, {"dice", "130"}};
  const Distribution exact = query().compute(args).exact;
  Rng rng(6);
  const auto values = query().sample(args, rng, 4000);
  double sum = 0;
  for (int value : values)
    sum += value;
  const double mean = sum / values.size();
  EXPECT_NEAR(mean, exact.mean(), 5 * exact.stdev() / std::sqrt(values.size()));
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

TEST(AtomsPastOdds, BadArgumentsSayWhereAndWhat) {
  expect_input_error({{"skill", "0"}, {"dice", "4"}}, "--skill", "from 1 to 6, got 0");
  expect_input_error({{"skill", "7"}, {"dice", "4"}}, "--skill", "from 1 to 6");
  expect_input_error({{"skill", "3"}, {"dice", "-1"}}, "--dice", "got -1");
  expect_input_error({{"skill", "3"}, {"dice", "201"}}, "--dice", "0 to 200");
  expect_input_error({{"skill", "3"}, {"dice", "four"}}, "--dice", "whole number");
  expect_input_error({{"skill", "3"}}, "--dice", "a skill roll needs both --skill S and --dice D");
  expect_input_error({{"shield", "2"}, {"dice", "3"}}, "--skill",
                     "--shield goes with a skill roll, --skill S --dice D");
  expect_input_error({{"skill", "3"}, {"dice", "4"}, {"acti", "5"}}, "--acti", "not both");
  expect_input_error({{"boost", "2"}}, "--boost", "goes with --acti");
  expect_input_error({{"acti", "5"}, {"zone", "2"}}, "--zone", "goes with --channels");
  expect_input_error({{"acti", "-1"}}, "--acti", "got -1");
  expect_input_error({{"acti", "5"}, {"zone", "11"}, {"channels", "1"}}, "--zone", "1 to 10");
  expect_input_error({{"acti", "0"}, {"boost", "100"}, {"channels", "5"}}, "--boost", "within 120");
  expect_input_error({}, "warband odds atomspast", "give --skill S --dice D");
  expect_input_error({}, "warband odds atomspast", "--attacker UNIT --target UNIT");
  // Sampling damage through the engine is bounded by the wounds a unit can carry.
  Rng rng(1);
  EXPECT_THROW(query().sample({{"skill", "6"}, {"dice", "40"}, {"shield", "1"}}, rng, 10),
               InputError);
}

// Attacks by name from the content: the seed's Goblin Archers' Combined Attack is [RS 4/RD 4]
// against the Footmen's Shield 2, and an Orc Warrior's Charge adds one die.
TEST(AtomsPastOdds, AttackBetweenUnitsByName) {
  const OddsResult archers = query().compute({{"attacker", "Goblin Archer"},
                                              {"target", "footmen"},
                                              {"ranged", "true"},
                                              {"combined-with", "goblin_archer"}});
  EXPECT_NE(archers.title.find("[RS 4/RD 4] against Footmen (Shield 2"), std::string::npos)
      << archers.title;
  const Distribution expected = damage_after_shield(4, 4, 2);
  for (int damage = expected.min_value(); damage <= expected.max_value(); ++damage)
    EXPECT_DOUBLE_EQ(archers.exact.probability(damage), expected.probability(damage)) << damage;

  const OddsResult charge =
      query().compute({{"attacker", "orc_warrior"}, {"target", "Footmen"}, {"charge", "true"}});
  EXPECT_NE(charge.title.find("[MS 3/MD 5]"), std::string::npos) << charge.title;
  EXPECT_DOUBLE_EQ(charge.exact.mean(), damage_after_shield(3, 5, 2).mean());

  expect_input_error({{"attacker", "nobody"}, {"target", "footmen"}}, "--attacker",
                     "unknown unit 'nobody'; units: Orc Warrior");
  expect_input_error({{"attacker", "orc_warrior"}}, "--target",
                     "needs --attacker UNIT and --target UNIT");
  expect_input_error({{"attacker", "orc_warrior"}, {"target", "footmen"}, {"ranged", "true"}},
                     "--ranged", "Orc Warrior has no ranged attack");
  expect_input_error({{"attacker", "orc_warrior"}, {"target", "footmen"}, {"skill", "3"}},
                     "--skill", "leave out --skill");
  expect_input_error({{"attacker", "orc_warrior"}, {"target", "footmen"}, {"cover", "thick"}},
                     "--cover", "light or heavy");
}

// A designer's copy of the content: a stat raised puts Tom's Orcs over its 1500 points, and the
// odds (by name, their pickers and the engine's samples) still answer from the changed profile.
TEST(AtomsPastOdds, ADesignersCopyWithASampleListOverItsLimitStillHasOdds) {
  warband::atomspast::testing::ContentCopy copy;
  copy.replace("units.toml", "weapons = [\"cleaver\"]\nwounds = 10",
               "weapons = [\"cleaver\"]\nwounds = 14");
  const std::string previous = use_content_dir(copy.root().string());
  const OddsArgs args = {{"attacker", "elf_blademaster"}, {"target", "Orc Warrior"}};
  const OddsResult attack = query().compute(args);
  EXPECT_NE(attack.title.find("Orc Warrior (Shield 0, 14 wounds)"), std::string::npos)
      << attack.title;
  bool offered = false;
  for (const OddsOption& option : query().options)
    if (option.name == "attacker" && option.choices)
      for (const OddsChoice& choice : option.choices())
        offered = offered || choice.value == "orc_warrior";
  EXPECT_TRUE(offered);
  Rng rng(1);
  EXPECT_EQ(query().sample(args, rng, 10).size(), 10u);
  EXPECT_EQ(query().sample({{"acti", "6"}}, rng, 10).size(), 10u);
  use_content_dir(previous);
}

// The same copy played: the game refuses the over-priced sample list and names its file.
TEST(AtomsPastOdds, ASampleListOverItsLimitIsRefusedByItsFile) {
  warband::atomspast::testing::ContentCopy copy;
  copy.replace("units.toml", "weapons = [\"cleaver\"]\nwounds = 10",
               "weapons = [\"cleaver\"]\nwounds = 14");
  const std::string previous = use_content_dir(copy.root().string());
  try {
    make_game("atomspast", nlohmann::json::object());
    ADD_FAILURE() << "an over-priced list was played";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "warband 'Tom's Orcs'");
    const std::string file = (copy.dir() / "warbands" / "toms_orcs.toml").string();
    EXPECT_EQ(error.problem(), "not a legal warband (its file: " + file +
                                   "): The warband costs 1620 points, 120 over its limit of 1500.");
  }
  use_content_dir(previous);
}

// Each question picked on an empty form starts on its example (odds_choices.js), which answers:
// a question without one would greet its form with a missing-option error.
TEST(AtomsPastOdds, EveryQuestionHasAnExampleThatComputes) {
  for (const OddsQuestion& question : query().questions) {
    if (question.title == "An attack between two units") continue;  // required pickers start it
    EXPECT_FALSE(question.example.empty()) << question.title;
    EXPECT_NO_THROW(query().compute(question.example)) << question.title;
  }
}

}  // namespace
}  // namespace warband::atomspast
