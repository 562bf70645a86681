// AtomsPast weapons (content/atomspast/weapons.toml): units' attacks come from their weapons,
// loader errors say where and what, points carry a per-weapon weight, exports show weapons and
// round-trip them, validate says a custom unit's weapon problems, and the content version ignores
// text-only edits.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/build_files.h"
#include "core/builder.h"
#include "core/error.h"
#include "core/file_io.h"
#include "core/registry.h"
#include "rulesets/atomspast/builder/export_text.h"
#include "rulesets/atomspast/builder/unit_cards.h"
#include "rulesets/atomspast/builder/warband_file.h"
#include "rulesets/atomspast/content.h"
#include "tests/rulesets/atomspast/atomspast_fixture.h"
#include "tests/rulesets/atomspast/content_copy.h"

namespace warband::atomspast::builder {
namespace {

namespace fs = std::filesystem;
using testing::ContentCopy;
using testing::read;

using testing::shipped;

bool contains(const std::string& text, const std::string& words) {
  return text.find(words) != std::string::npos;
}

const BuildOperation& weapons_operation(const std::string& name) {
  for (const BuildOperation& op : find_builder("atomspast").operations)
    if (op.name == name) return op;
  throw std::runtime_error("no operation " + name);
}

TEST(AtomsPastWeapons, ShippedUnitsTakeTheirAttacksFromTheirWeapons) {
  const Content& content = shipped();
  ASSERT_EQ(content.units.size(), 17u);
  for (const UnitProfile& unit : content.units) {
    ASSERT_FALSE(unit.weapons.empty()) << unit.id;
    // Each unit's melee and ranged attacks are exactly those of its weapons.
    AttackProfile melee, ranged;
    for (const std::string& id : unit.weapons) {
      const Weapon* weapon = content.find_weapon(id);
      ASSERT_NE(weapon, nullptr) << unit.id << " " << id;
      (weapon->kind == AttackKind::kMelee ? melee : ranged) = weapon->attack;
    }
    EXPECT_EQ(unit.melee.skill, melee.skill) << unit.id;
    EXPECT_EQ(unit.melee.dice, melee.dice) << unit.id;
    EXPECT_EQ(unit.melee.range, melee.range) << unit.id;
    EXPECT_EQ(unit.ranged.skill, ranged.skill) << unit.id;
    EXPECT_EQ(unit.ranged.dice, ranged.dice) << unit.id;
    EXPECT_EQ(unit.ranged.range, ranged.range) << unit.id;
  }
  // The seed's numbers, now through weapons: Goblin Archers "RS 3, RD 3, RR 7".
  const UnitProfile* archer = content.find_unit("goblin_archer");
  EXPECT_EQ(archer->weapons, (std::vector<std::string>{"knife", "short_bow"}));
  EXPECT_EQ(archer->ranged.skill, 3);
  EXPECT_EQ(archer->ranged.dice, 3);
  EXPECT_EQ(archer->ranged.range, 7);
  EXPECT_EQ(content.find_unit("goblin_spearman")->melee.range, 2);  // the pike's reach
  EXPECT_EQ(content.find_weapon("long_rifle")->kind, AttackKind::kRanged);
  // Every catalog weapon is carried by some shipped unit.
  for (const Weapon& weapon : content.weapons) {
    bool carried = false;
    for (const UnitProfile& unit : content.units)
      carried = carried || std::find(unit.weapons.begin(), unit.weapons.end(), weapon.id) !=
                               unit.weapons.end();
    EXPECT_TRUE(carried) << weapon.id;
  }
}

TEST(AtomsPastWeapons, InlineProfilesStillLoad) {
  ContentCopy copy;
  copy.replace("units.toml", "weapons = [\"cleaver\"]",
               "melee = { skill = 3, dice = 4, range = 1 }");
  const Content content = copy.load();
  const UnitProfile* orc = content.find_unit("orc_warrior");
  EXPECT_TRUE(orc->weapons.empty());
  EXPECT_EQ(orc->melee.dice, 4);
  EXPECT_EQ(orc->points, 100);
}

TEST(AtomsPastWeapons, LoaderErrorsSayWhereAndWhat) {
  {
    ContentCopy copy;
    copy.replace("units.toml", "weapons = [\"cleaver\"]", "weapons = [\"clever\"]");
    const std::string error = copy.load_error();
    EXPECT_TRUE(contains(error, "units.toml:")) << error;
    EXPECT_TRUE(contains(error,
                         "unit 'orc_warrior': Orc Warrior carries an unknown weapon "
                         "'clever': no weapon has this id (weapons: knife, cleaver"))
        << error;
  }
  {
    ContentCopy copy;
    copy.replace("weapons.toml", "kind = \"melee\"", "kind = \"magic\"");
    const std::string error = copy.load_error();
    EXPECT_TRUE(contains(error, "weapons.toml:")) << error;
    EXPECT_TRUE(contains(error,
                         "weapon 'knife': 'kind' must be \"melee\" or \"ranged\", got "
                         "\"magic\""))
        << error;
  }
  {
    ContentCopy copy;
    copy.append("weapons.toml",
                "\n[[weapon]]\nid = \"cleaver\"\nname = \"Another\"\nkind = \"melee\"\nskill = 3\n"
                "dice = 4\nrange = 1\n");
    const std::string error = copy.load_error();
    EXPECT_TRUE(contains(error, "duplicate id: another weapon with id 'cleaver' is at line"))
        << error;
  }
  {
    ContentCopy copy;
    copy.replace("units.toml", "weapons = [\"cleaver\"]", "weapons = [\"cleaver\", \"maul\"]");
    const std::string error = copy.load_error();
    EXPECT_TRUE(contains(error,
                         "Orc Warrior carries two melee weapons (Notched Cleaver and "
                         "Two-handed Maul)"))
        << error;
  }
  {
    ContentCopy copy;
    copy.replace("units.toml", "weapons = [\"cleaver\"]",
                 "weapons = [\"cleaver\"]\nmelee = { skill = 3, dice = 4, range = 1 }");
    EXPECT_TRUE(contains(copy.load_error(), "give either 'weapons' or inline 'melee'/'ranged'"))
        << copy.load_error();
  }
  {
    ContentCopy copy;
    copy.replace("weapons.toml", "dice = 2", "dice = 0");
    EXPECT_TRUE(contains(copy.load_error(), "'dice' must be a whole number from 1 to 30"))
        << copy.load_error();
  }
  {
    ContentCopy copy;
    copy.replace("points.toml", "[weapons]", "[weapons]\nlazer = 5");
    EXPECT_TRUE(contains(copy.load_error(), "unknown weapon 'lazer'")) << copy.load_error();
  }
  // A list's custom unit with an empty weapons list is refused where it is.
  try {
    parse_warband_toml(
        "id = \"w\"\nname = \"W\"\n[[custom]]\nid = \"bare\"\nname = \"Bare\"\nmove = 3\n"
        "weapons = []\nwounds = 6\nbase = \"1x1\"\n",
        "w.toml", shipped());
    FAIL() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "w.toml:7");
    EXPECT_TRUE(contains(error.problem(), "custom unit 'bare': 'weapons' is empty"))
        << error.what();
  }
}

TEST(AtomsPastWeapons, AWeaponWeightIsATermOfTheBreakdown) {
  ContentCopy copy;
  copy.replace("points.toml", "[weapons]", "[weapons]\ncleaver = 5\nshort_bow = 2.5");
  const Content content = copy.load();
  // The Orc Warrior's 100 points (formula 110, adjust -10) plus the cleaver's 5.
  const PointsBreakdown breakdown = price_unit(*content.find_unit("orc_warrior"), content.points);
  EXPECT_EQ(breakdown.points, 105);
  EXPECT_DOUBLE_EQ(breakdown.formula, 115);
  bool found = false;
  for (const PointsTerm& term : breakdown.terms)
    if (term.name == "weapon cleaver") {
      found = true;
      EXPECT_DOUBLE_EQ(term.contribution, 5);
    }
  EXPECT_TRUE(found);
  // 85 + 2.5 rounds half away from zero: formula 88 + 2.5 = 90.5 -> 91, adjust -3 -> 88.
  EXPECT_EQ(content.find_unit("goblin_archer")->points, 88);
  // Shown by `warband build atomspast points --unit`, with the knife's 0 too.
  const BuildResult result = run_on_files(weapons_operation("points"), {{"unit", "goblin_archer"}},
                                          nullptr, copy.root().string());
  EXPECT_TRUE(contains(result.text, "weapon short_bow")) << result.text;
  EXPECT_TRUE(contains(result.text, "weapon knife")) << result.text;
  EXPECT_EQ(result.json["points"], 88);
  // Shipped weights are 0: the shipped points stay.
  EXPECT_EQ(price_unit(*shipped().find_unit("orc_warrior"), shipped().points).points, 100);
}

TEST(AtomsPastWeapons, ChangingAWeaponWeightRepricesSavedLists) {
  ContentCopy copy;
  const Content before = copy.load();
  const fs::path list = copy.root() / "orcs.toml";
  write_file_atomically(list.string(), warband_toml(*before.find_warband("toms_orcs"), before));
  copy.replace("points.toml", "[weapons]", "[weapons]\ncleaver = 5");
  const Content after = copy.load();
  EXPECT_NE(content_version(before), content_version(after));

  const BuildResult result = run_on_files(weapons_operation("reprice"), {{"file", list.string()}},
                                          nullptr, copy.root().string());
  // Two Orc Warriors carry cleavers: +10.
  EXPECT_EQ(result.json[0]["old_points"], 1500);
  EXPECT_EQ(result.json[0]["new_points"], 1510);
  EXPECT_TRUE(contains(result.text, "Orc Warrior: 100 -> 105 points each (x2: +10)"))
      << result.text;
  EXPECT_TRUE(contains(result.text, "now invalid")) << result.text;
  EXPECT_EQ(result.exit_code, 1);
}

UnitProfile goblin_pikebow() {
  UnitProfile unit;
  unit.id = "goblin_pikebow";
  unit.name = "Goblin Pikebow";
  unit.faction = "Orc Horde";
  unit.move = 3;
  unit.weapons = {"pike", "short_bow"};
  unit.wounds = 7;
  unit.base = {1, 1};
  unit.keywords = {"Infantry", "Goblin"};
  unit.text = "A pike in one hand, a bow in the other.";
  EXPECT_TRUE(apply_weapons(unit, shipped().weapons).empty());
  unit.points = price_unit(unit, shipped().points).points;
  return unit;
}

WarbandDef orcs_with(const UnitProfile& unit) {
  WarbandDef warband = *shipped().find_warband("toms_orcs");
  warband.points_limit = 2000;
  warband.custom_units.push_back(unit);
  warband.units.push_back({unit.id, 1, -1});
  return warband;
}

void expect_same_custom(const UnitProfile& a, const UnitProfile& b) {
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.weapons, b.weapons);
  EXPECT_EQ(a.melee.skill, b.melee.skill);
  EXPECT_EQ(a.melee.dice, b.melee.dice);
  EXPECT_EQ(a.melee.range, b.melee.range);
  EXPECT_EQ(a.ranged.skill, b.ranged.skill);
  EXPECT_EQ(a.ranged.dice, b.ranged.dice);
  EXPECT_EQ(a.ranged.range, b.ranged.range);
  EXPECT_EQ(a.points, b.points);
  EXPECT_EQ(a.text, b.text);
}

TEST(AtomsPastWeapons, ExportsShowWeaponsAndImportsKeepThem) {
  const UnitProfile pikebow = goblin_pikebow();
  EXPECT_EQ(pikebow.melee.range, 2);
  EXPECT_EQ(pikebow.ranged.range, 7);
  const WarbandDef warband = orcs_with(pikebow);

  const std::string toml = warband_toml(warband, shipped());
  EXPECT_TRUE(contains(toml, "weapons = [\"pike\", \"short_bow\"]")) << toml;
  EXPECT_FALSE(contains(toml, "melee = {")) << toml;  // weapons, not inline attacks
  EXPECT_TRUE(contains(toml, "# Orc Warrior: Notched Cleaver (melee [S3/D4] Range 1)")) << toml;
  const WarbandDef from_toml = parse_warband_toml(toml, "list.toml", shipped());
  ASSERT_EQ(from_toml.custom_units.size(), 1u);
  expect_same_custom(pikebow, from_toml.custom_units[0]);

  const nlohmann::json document = warband_document(warband, shipped());
  EXPECT_EQ(document["custom"][0]["weapons"], nlohmann::json({"pike", "short_bow"}));
  EXPECT_FALSE(document["custom"][0].contains("melee"));
  const WarbandDef from_json =
      parse_warband_json(nlohmann::json{{"warband", document}}.dump(), "list.json", shipped());
  ASSERT_EQ(from_json.custom_units.size(), 1u);
  expect_same_custom(pikebow, from_json.custom_units[0]);

  // Cards: Markdown lists each weapon with its numbers, text and carriers.
  const std::string markdown = warband_markdown(warband, shipped());
  EXPECT_TRUE(contains(markdown, "## Weapons")) << markdown;
  EXPECT_TRUE(contains(markdown,
                       "| Goblin Pike | melee | [S3/D3] Range 2 | Reach | Goblin "
                       "Pikebow | Long enough to strike from two spaces away"))
      << markdown;
  EXPECT_TRUE(contains(markdown,
                       "| Short Bow | ranged | [S3/D3] Range 7 | Bow | Goblin Archer, "
                       "Goblin Pikebow |"))
      << markdown;
  const std::string html = warband_html(warband, shipped());
  EXPECT_TRUE(contains(html,
                       "<li><strong>Goblin Pike</strong> (melee [S3/D3] Range 2) "
                       "<em>Reach</em>: Long enough"))
      << html;
  // JSON cards carry each weapon's numbers.
  const nlohmann::json cards = unit_cards_json(warband, shipped());
  const nlohmann::json& last = cards.back();
  EXPECT_EQ(last["unit"], "goblin_pikebow");
  ASSERT_EQ(last["weapons"].size(), 2u);
  EXPECT_EQ(last["weapons"][1]["id"], "short_bow");
  EXPECT_EQ(last["weapons"][1]["kind"], "ranged");
  EXPECT_EQ(last["weapons"][1]["range"], 7);
  EXPECT_EQ(last["ranged"]["dice"], 3);
}

TEST(AtomsPastWeapons, ValidateSaysACustomUnitsWeaponProblems) {
  const std::string text =
      "id = \"w\"\nname = \"W\"\npoints_limit = 3000\n"
      "[[custom]]\nid = \"odd\"\nname = \"Odd Goblin\"\nmove = 3\n"
      "weapons = [\"pike\", \"maul\", \"lazer\"]\nwounds = 6\nbase = \"1x1\"\n"
      "[[units]]\nunit = \"odd\"\ncount = 1\n";
  const WarbandDef warband = parse_warband_toml(text, "w.toml", shipped());
  const auto problems = validate_warband(warband, content_with_custom_units(warband, shipped()));
  auto has = [&](const std::string& words) {
    for (const std::string& problem : problems)
      if (contains(problem, words)) return true;
    return false;
  };
  EXPECT_TRUE(
      has("Odd Goblin carries two melee weapons (Goblin Pike and Two-handed Maul): a unit "
          "attacks with at most one melee and one ranged weapon"));
  EXPECT_TRUE(has("Odd Goblin carries an unknown weapon 'lazer': no weapon has this id"));
  // What can be used is: the first melee weapon.
  EXPECT_EQ(warband.custom_units[0].melee.range, 2);
  // A legal one has no weapon problem.
  const WarbandDef good = orcs_with(goblin_pikebow());
  for (const std::string& problem :
       validate_warband(good, content_with_custom_units(good, shipped())))
    EXPECT_FALSE(contains(problem, "weapon")) << problem;
}

TEST(AtomsPastWeapons, ContentVersionIgnoresTextButNotNumbers) {
  ContentCopy copy;
  const std::string version = content_version(copy.load());
  // Typos fixed in flavour and rules text, and a unit renamed: no saved list is flagged.
  copy.replace("units.toml", "Cheap, sturdy", "Cheap and sturdy");
  copy.replace("units.toml", "name = \"Troll\"", "name = \"Cave Troll\"");
  copy.replace("weapons.toml", "Heavy, chipped and never cleaned.",
               "Heavy, chipped, never cleaned.");
  copy.replace("weapons.toml", "name = \"Sword\"", "name = \"Arming Sword\"");
  copy.replace("spells.toml", "text = \"", "text = \"(fixed) ");
  EXPECT_EQ(content_version(copy.load()), version);
  // One number: the cleaver's dice.
  copy.replace("weapons.toml",
               "skill = 3\ndice = 4\nrange = 1\nkeywords = [\"Blade\"]\ntext = "
               "\"Heavy",
               "skill = 3\ndice = 5\nrange = 1\nkeywords = [\"Blade\"]\ntext = \"Heavy");
  const Content stronger = copy.load();
  EXPECT_EQ(stronger.find_unit("orc_warrior")->melee.dice, 5);
  EXPECT_NE(content_version(stronger), version);
}

TEST(AtomsPastWeapons, ContentVersionSeesASpellsNumbersAndAUnitsStats) {
  ContentCopy copy;
  const std::string version = content_version(copy.load());
  copy.replace("units.toml", "wounds = 10", "wounds = 11");
  const std::string wounded = content_version(copy.load());
  EXPECT_NE(wounded, version);
  // A spell effect's amount (not its AcTi or Knowledge) changes play.
  const std::string spells = read(copy.dir() / "spells.toml");
  const std::size_t at = spells.find("amount = \"X\"");
  ASSERT_NE(at, std::string::npos);
  copy.replace("spells.toml", "amount = \"X\"", "amount = \"X+1\"");
  EXPECT_NE(content_version(copy.load()), wounded);
}

}  // namespace
}  // namespace warband::atomspast::builder
