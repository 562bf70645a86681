// Issue 14, defect 2: every list a spell or a wizard can make long has a named limit, refused when
// read; and a spell's problems grow with the spell, not with its square (5,000 "damage:3" effects
// listed "make them one effect" for every pair and grew past 6.9 GB).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/registry.h"
#include "core/toml_input.h"
#include "rulesets/spellweavers/spell.h"
#include "rulesets/spellweavers/spell_file.h"
#include "rulesets/spellweavers/wizard.h"
#include "rulesets/spellweavers/wizard_file.h"
#include "tests/support/input_error.h"

namespace warband::spellweavers {
namespace {

using warband::testing::input_error;

std::string repeated(const std::string& item, std::size_t count, const std::string& separator) {
  std::string out;
  for (std::size_t i = 0; i < count; ++i)
    out += (i ? separator : "") + item;
  return out;
}

TEST(SpellweaversLimits, RepeatedEffectsAreOneProblemPerKind) {
  Spell spell;
  spell.name = "Many";
  for (std::size_t i = 0; i < kMaxSpellEffects; ++i)
    spell.effects.push_back(parse_effect(i % 2 ? "damage:3" : "status:slow", "test"));
  const std::vector<std::string> problems = spell_problems(spell, nullptr);
  ASSERT_EQ(problems.size(), 2u) << ::testing::PrintToString(problems);
  EXPECT_EQ(problems[0], "it has " + repeated("Damage 3", kMaxSpellEffects / 2 - 1, ", ") +
                             " and Damage 3: make them one effect");
  EXPECT_EQ(problems[1], fmt::format("it has Status: Slow {} times", kMaxSpellEffects / 2));
}

TEST(SpellweaversLimits, TooManyEffectsAreRefusedWhenRead) {
  const nlohmann::json effects(5000, "damage:3");
  EXPECT_EQ(input_error([&] {
              spell_from_json({{"name", "Big"}, {"effects", effects}}, "spell");
            }),
            "spell.effects: 5000 effects, more than the 24 allowed");
  EXPECT_EQ(input_error([] {
              spell_from_json({{"specials", nlohmann::json(9, "snapcast")}}, "spell");
            }),
            "spell.specials: 9 specials, more than the 8 allowed");
  const std::string toml =
      "name = \"Big\"\neffects = [" + repeated("\"damage:3\"", 25, ", ") + "]\n";
  EXPECT_EQ(input_error([&] { spell_from_toml(parse_toml_text(toml, "big.toml"), "big.toml"); }),
            "big.toml:2: 25 effects, more than the 24 allowed");
  // At the limit a spell is read, and its problems listed.
  const nlohmann::json most(kMaxSpellEffects, "damage:3");
  EXPECT_EQ(spell_from_json({{"effects", most}}, "spell").effects.size(), kMaxSpellEffects);
}

TEST(SpellweaversLimits, TooManySquaresAreRefusedWhenRead) {
  std::string shape;
  for (int i = 0; i < 100; ++i)
    shape += fmt::format("{}{},0", i ? ";" : "", i);
  EXPECT_EQ(input_error([&] { parse_shape(shape, "--shape"); }),
            "--shape: shape: more than the 64 squares allowed");
  // Each duplicated square is reported once.
  Spell spell;
  spell.effects.push_back(parse_effect("damage:1", "test"));
  spell.area = AreaClass::kLarge;
  spell.shape = parse_shape(repeated("0,0", kMaxShapeSquares, ";"), "test");
  const std::vector<std::string> problems = spell_problems(spell, nullptr);
  EXPECT_EQ(std::count(problems.begin(), problems.end(), "its shape has square 0,0 twice"), 1)
      << ::testing::PrintToString(problems);
  EXPECT_LE(problems.size(), 3u) << ::testing::PrintToString(problems);
}

TEST(SpellweaversLimits, TooManySpellsAreRefusedWhenRead) {
  const nlohmann::json spell = {{"name", "Same"}, {"effects", {"damage:1"}}};
  const nlohmann::json wizard = {{"name", "W"},
                                 {"talent", "navy-seal"},
                                 {"spells", nlohmann::json(kMaxWizardSpells + 1, spell)}};
  EXPECT_EQ(input_error([&] { wizard_from_json(wizard, "body"); }),
            "body.spells: 1001 spells, more than the 1000 allowed");
  // At the limit: read, and the shared name is one problem, not one per spell.
  nlohmann::json most = wizard;
  most["spells"] = nlohmann::json(kMaxWizardSpells, spell);
  const Wizard read = wizard_from_json(most, "body");
  const std::vector<std::string> problems = wizard_problems(read, Parameters{});
  EXPECT_EQ(std::count(problems.begin(), problems.end(), "Two spells are named 'Same'."), 1);
  EXPECT_LE(problems.size(), 3u) << problems.size();
}

// The route the probe used: the same 5,000 effects through the builder operation.
TEST(SpellweaversLimits, SpellPowerRefusesTooManyEffects) {
  const BuildOperation* power = nullptr;
  for (const BuildOperation& operation : find_builder("spellweavers").operations)
    if (operation.name == "spell-power") power = &operation;
  ASSERT_NE(power, nullptr);
  BuildInput input;
  input.args = {{"effect", repeated("damage:3", 5000, "\n")}};
  EXPECT_EQ(input_error([&] { power->run(input); }),
            "--effect: 5000 effects, more than the 24 allowed");
  input.args = {{"effect", repeated("damage:3", 20, "\n")}};
  const BuildOutput output = power->run(input);
  EXPECT_LT(output.text.size(), 4000u) << output.text;
}

}  // namespace
}  // namespace warband::spellweavers
