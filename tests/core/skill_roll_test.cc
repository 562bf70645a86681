// Skill rolls [S/D] (core/skill_roll.h): the seed's worked example, the exact totals against full
// enumeration done here, seeded Monte Carlo through the machine, and the JSON a State saves.
#include "core/skill_roll.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <array>
#include <initializer_list>
#include <map>
#include <type_traits>

#include "core/rng.h"
#include "tests/support/monte_carlo.h"

namespace warband {
namespace {

static_assert(std::is_trivially_copyable_v<SkillRoll>, "AtomsPast's state embeds it and copies it");

TEST(SkillRoll, TheSeedsWorkedExample) {
  // "Example roll with total values for MS 3/MD 4: dice values: 1, 3, 2, 6 = 7 (1 + 3 + 2 + 1)."
  SkillRoll roll = SkillRoll::start(3, 4);
  for (int face : {1, 3, 2, 6}) {
    EXPECT_FALSE(roll.done());
    roll.apply(face);
  }
  EXPECT_TRUE(roll.done());
  EXPECT_EQ(roll.total, 7);
  EXPECT_EQ(roll.rolled, 4);
  EXPECT_EQ(roll.faces[3], 6);
  EXPECT_TRUE(roll.chance_outcomes().empty());
}

TEST(SkillRoll, ChanceNodeIsASixSidedDie) {
  const SkillRoll roll = SkillRoll::start(4, 2);
  std::array<ChanceOutcome, kSkillDieFaces> buffer;
  ASSERT_EQ(roll.chance_outcomes_into(buffer), kSkillDieFaces);
  double sum = 0;
  for (int i = 0; i < kSkillDieFaces; ++i) {
    EXPECT_EQ(buffer[i].action, i + 1);
    sum += buffer[i].probability;
  }
  EXPECT_NEAR(sum, 1.0, 1e-12);
  EXPECT_TRUE(SkillRoll::start(4, 0).done());
}

TEST(SkillRoll, KeepsTheFirstFacesAndCountsEveryDie) {
  SkillRoll roll = SkillRoll::start(6, kMaxSkillRollDice);
  for (int i = 0; i < kMaxSkillRollDice; ++i)
    roll.apply(1 + i % 6);
  EXPECT_TRUE(roll.done());
  EXPECT_EQ(roll.total, 20 * 21);  // 120 dice, 20 of each face
  EXPECT_EQ(roll.faces[kSkillRollShownFaces - 1], 1 + (kSkillRollShownFaces - 1) % 6);
}

SkillRoll rolled(int skill, int dice, std::initializer_list<int> faces) {
  SkillRoll roll = SkillRoll::start(skill, dice);
  for (int face : faces)
    roll.apply(face);
  return roll;
}

TEST(SkillRollInWords, TheNotationIsSkillThenDice) {
  EXPECT_EQ(skill_roll_notation(4, 3), "[S4/D3]");
}

TEST(SkillRollInWords, ExplainsWhichDiceCountOne) {
  // The example: three 6s and a 5 at Skill 4 all count 1.
  EXPECT_EQ(describe_skill_roll("Attack", rolled(4, 4, {6, 6, 6, 5})),
            "Attack [S4/D4]: 6, 6, 6, 5 count 1 each (above Skill 4) → 4");
  // The seed's example: 1, 3, 2, 6 at Skill 3 = 7 (1 + 3 + 2 + 1).
  EXPECT_EQ(explain_skill_roll(rolled(3, 4, {1, 3, 2, 6})),
            "6 counts 1 (above Skill 3), 1, 3, 2 count as rolled → 7");
  EXPECT_EQ(explain_skill_roll(rolled(4, 2, {2, 5})), "5 counts 1 (above Skill 4), 2 counts 2 → 3");
}

TEST(SkillRollInWords, ARollStillGoingSaysHowManyDiceAreLeft) {
  EXPECT_EQ(describe_skill_roll("Channel", SkillRoll::start(3, 4)), "Channel [S3/D4]");
  EXPECT_EQ(describe_skill_roll("Channel", rolled(3, 4, {3})),
            "Channel [S3/D4]: 3 counts 3 → 3 so far, 3 of 4 dice to roll");
}

TEST(SkillRollInWords, DicePastTheShownFacesAreSummed) {
  SkillRoll roll = SkillRoll::start(6, kSkillRollShownFaces + 2);
  for (int i = 0; i < kSkillRollShownFaces + 2; ++i)
    roll.apply(2);
  const std::string text = explain_skill_roll(roll);
  EXPECT_NE(text.find(", 2 more dice count 4 → "), std::string::npos) << text;
  EXPECT_TRUE(text.ends_with(fmt::format("→ {}", 2 * (kSkillRollShownFaces + 2)))) << text;
}

TEST(SkillRoll, JsonKeepsTheSavedFieldNames) {
  SkillRoll roll = SkillRoll::start(3, 2);
  roll.apply(5);
  const nlohmann::json json = roll;
  EXPECT_EQ(json.size(), 5u);
  EXPECT_EQ(json["skill"], 3);
  EXPECT_EQ(json["dice"], 2);
  EXPECT_EQ(json["rolled"], 1);
  EXPECT_EQ(json["total"], 1);  // the 5 is above skill 3: it adds one
  EXPECT_EQ(json["faces"].size(), static_cast<std::size_t>(kSkillRollShownFaces));
  EXPECT_EQ(json["faces"][0], 5);
  EXPECT_EQ(json.get<SkillRoll>(), roll);
}

TEST(SkillRollOdds, TotalsAgainstFullEnumeration) {
  // Hand-counted: at skill 3 a die adds 1 (faces 1, 4, 5, 6), 2 or 3: ways 4, 1, 1 of 6.
  const Distribution die = skill_die(3);
  EXPECT_EQ(die.ways(1), 4u);
  EXPECT_EQ(die.ways(2), 1u);
  EXPECT_EQ(die.ways(3), 1u);
  for (int skill : {-2, 0, 1, 3, 6, 9})
    for (int dice = 0; dice <= 4; ++dice) {
      std::map<int, std::uint64_t> ways;
      std::vector<int> roll(dice, 1);
      while (true) {
        int total = 0;
        for (int face : roll)
          total += face <= skill ? face : 1;
        ++ways[total];
        int i = 0;
        while (i < dice && roll[i] == 6)
          roll[i++] = 1;
        if (i == dice) break;
        ++roll[i];
      }
      const Distribution exact = skill_roll_total(skill, dice);
      ASSERT_TRUE(exact.exact());
      for (const auto& [total, count] : ways)
        EXPECT_EQ(exact.ways(total), count) << "[S" << skill << "/D" << dice << "] " << total;
      double sum = 0;
      for (const auto& [value, p] : exact.outcomes())
        sum += p;
      EXPECT_NEAR(sum, 1.0, 1e-12);
    }
}

TEST(SkillRollOdds, ExactMatchesMonteCarloThroughTheMachine) {
  constexpr int kSamples = 20000;
  std::uint64_t seed = 5;
  for (const auto& [skill, dice] : std::vector<std::pair<int, int>>{{3, 4}, {1, 6}, {6, 10}}) {
    Rng rng(seed++);
    std::array<ChanceOutcome, kSkillDieFaces> buffer;
    std::vector<int> totals;
    for (int i = 0; i < kSamples; ++i) {
      SkillRoll roll = SkillRoll::start(skill, dice);
      while (!roll.done()) {
        const int n = roll.chance_outcomes_into(buffer);
        roll.apply(rng.sample(std::span<const ChanceOutcome>(buffer.data(), n)));
      }
      totals.push_back(roll.total);
    }
    SCOPED_TRACE(::testing::Message() << "[S" << skill << "/D" << dice << "]");
    warband::testing::expect_samples_agree(skill_roll_total(skill, dice), totals);
  }
}

}  // namespace
}  // namespace warband
