// The shipped sample wizards (content/spellweavers/wizards/): every one legal with a name, a
// description and a talent of its own, reading back the same through TOML and JSON; together their
// spell lists show every effect, status and terrain condition, conjuration, area, range and
// special of the spell creator, so a player browsing them meets all of it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/registry.h"
#include "rulesets/spellweavers/wizard.h"
#include "rulesets/spellweavers/wizard_file.h"

namespace warband::spellweavers {
namespace {

std::vector<Wizard> shipped_wizards() {
  std::vector<std::string> paths;
  for (const auto& entry :
       std::filesystem::directory_iterator(default_content_dir() + "/spellweavers/wizards"))
    if (entry.path().string().ends_with(".wizard.toml")) paths.push_back(entry.path().string());
  std::sort(paths.begin(), paths.end());
  std::vector<Wizard> wizards;
  for (const std::string& path : paths)
    wizards.push_back(load_wizard_file(path));
  return wizards;
}

TEST(SpellweaversSampleWizards, EveryOneIsLegalDescribedAndRoundTrips) {
  const std::vector<Wizard> wizards = shipped_wizards();
  EXPECT_GE(wizards.size(), 8u);
  std::set<Talent> talents;
  std::set<std::string> names;
  for (const Wizard& wizard : wizards) {
    SCOPED_TRACE(wizard.name);
    EXPECT_TRUE(wizard_problems(wizard, content_parameters()).empty())
        << fmt::format("{}", fmt::join(wizard_problems(wizard, content_parameters()), "\n"));
    EXPECT_FALSE(wizard.name.empty());
    EXPECT_GE(wizard.description.size(), 40u) << "a one-line description a player enjoys";
    EXPECT_EQ(wizard.description.find('\n'), std::string::npos);
    EXPECT_GE(wizard.spells.size(), 4u);
    talents.insert(wizard.talent.talent);
    names.insert(wizard.name);
    EXPECT_EQ(parse_wizard_toml(wizard_to_toml(wizard), "saved"), wizard);
    EXPECT_EQ(wizard_from_json(wizard_to_json(wizard, content_parameters()), "json"), wizard);
    EXPECT_NE(wizard_to_markdown(wizard, content_parameters()).find(wizard.description),
              std::string::npos);
  }
  EXPECT_EQ(names.size(), wizards.size()) << "two sample wizards share a name";
  EXPECT_EQ(talents.size(), all_talent_keys().size()) << "each talent has its sample wizard";
}

TEST(SpellweaversSampleWizards, TogetherTheyShowEveryPartOfTheSpellCreator) {
  std::set<EffectKind> kinds;
  std::set<StatusCondition> statuses;
  std::set<TerrainCondition> terrains;
  std::set<Conjuration> conjurations;
  std::set<AreaClass> areas;
  std::set<RangeClass> ranges;
  bool snapcast = false;
  bool adaptable = false;
  for (const Wizard& wizard : shipped_wizards())
    for (const Spell& spell : wizard.spells) {
      for (const Effect& effect : spell.effects) {
        kinds.insert(effect.kind);
        if (effect.kind == EffectKind::kStatus) statuses.insert(effect.status);
        if (effect.kind == EffectKind::kTerrain) terrains.insert(effect.terrain);
        if (effect.kind == EffectKind::kConjure) conjurations.insert(effect.conjuration);
      }
      areas.insert(spell.area);
      ranges.insert(spell.range);
      snapcast |= spell.snapcast;
      adaptable |= spell.adaptable;
    }
  EXPECT_EQ(kinds, (std::set<EffectKind>{EffectKind::kDamage, EffectKind::kHealing,
                                         EffectKind::kShift, EffectKind::kStatus,
                                         EffectKind::kTerrain, EffectKind::kConjure}));
  EXPECT_EQ(statuses,
            (std::set<StatusCondition>{StatusCondition::kPoison, StatusCondition::kSlow,
                                       StatusCondition::kStun, StatusCondition::kRegenerate,
                                       StatusCondition::kProtection, StatusCondition::kDispel}));
  EXPECT_EQ(terrains,
            (std::set<TerrainCondition>{TerrainCondition::kBurning, TerrainCondition::kRough,
                                        TerrainCondition::kDark, TerrainCondition::kFortified,
                                        TerrainCondition::kWall}));
  EXPECT_EQ(conjurations,
            (std::set<Conjuration>{Conjuration::kGrizzlyBear, Conjuration::kAnnoyingImps}));
  EXPECT_EQ(areas, (std::set<AreaClass>{AreaClass::kSingle, AreaClass::kSmall, AreaClass::kMedium,
                                        AreaClass::kLarge, AreaClass::kNuke, AreaClass::kLine,
                                        AreaClass::kTetramino}));
  EXPECT_EQ(ranges, (std::set<RangeClass>{RangeClass::kClose, RangeClass::kMedium, RangeClass::kFar,
                                          RangeClass::kSnipe}));
  EXPECT_TRUE(snapcast);
  EXPECT_TRUE(adaptable);
}

TEST(SpellweaversSampleWizards, DescriptionIsOptionalAndRefusesNonText) {
  const Wizard plain = parse_wizard_toml("name = \"A\"\ntalent = \"navy-seal\"\n", "plain");
  EXPECT_EQ(plain.description, "");
  EXPECT_EQ(wizard_to_toml(plain).find("description"), std::string::npos);
  EXPECT_FALSE(wizard_to_json(plain, content_parameters()).contains("description"));
  try {
    parse_wizard_toml("name = \"A\"\ndescription = 3\ntalent = \"navy-seal\"\n", "bad.toml");
    ADD_FAILURE();
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "bad.toml:2");
    EXPECT_NE(error.problem().find("'description' must be some text"), std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace warband::spellweavers
