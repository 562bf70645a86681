// The AtomsPast builder's library: validation in a player's words (the engine's
// validate_warband), collections, the points formula, export/import round trips, golden Markdown
// and the re-pricing of saved lists after a content change.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/build_files.h"
#include "core/builder.h"
#include "core/error.h"
#include "core/file_io.h"
#include "core/registry.h"
#include "rulesets/atomspast/builder/collection.h"
#include "rulesets/atomspast/builder/export_text.h"
#include "rulesets/atomspast/builder/rules_terms.h"
#include "rulesets/atomspast/builder/warband_file.h"
#include "rulesets/atomspast/content.h"
#include "tests/rulesets/atomspast/atomspast_fixture.h"
#include "tests/support/test_files.h"

namespace warband::atomspast::builder {
namespace {

namespace fs = std::filesystem;

using testing::shipped;

WarbandDef sample(const std::string& id) {
  const WarbandDef* found = shipped().find_warband(id);
  EXPECT_NE(found, nullptr) << id;
  return found ? *found : WarbandDef{};
}

bool has_problem(const std::vector<std::string>& problems, const std::string& words) {
  for (const std::string& problem : problems)
    if (problem.find(words) != std::string::npos) return true;
  return false;
}

std::vector<std::string> problems_of(const WarbandDef& warband) {
  return validate_warband(warband, content_with_custom_units(warband, shipped()));
}

void set_copies(WarbandDef& warband, const std::string& spell, int copies) {
  std::erase_if(warband.deck, [&](const auto& entry) { return entry.first == spell; });
  if (copies > 0) warband.deck.emplace_back(spell, copies);
}

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("warband_builder_test_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// The fields that make a warband (what a round trip must keep); deck order is not one.
void expect_same_warband(const WarbandDef& a, const WarbandDef& b) {
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.faction, b.faction);
  EXPECT_EQ(a.points_limit, b.points_limit);
  EXPECT_EQ(a.kon_profile, b.kon_profile);
  EXPECT_EQ(a.kon_spell, b.kon_spell);
  EXPECT_EQ(a.kon_power_level, b.kon_power_level);
  ASSERT_EQ(a.units.size(), b.units.size());
  for (std::size_t i = 0; i < a.units.size(); ++i) {
    EXPECT_EQ(a.units[i].profile, b.units[i].profile);
    EXPECT_EQ(a.units[i].count, b.units[i].count);
  }
  auto deck_a = a.deck, deck_b = b.deck;
  std::sort(deck_a.begin(), deck_a.end());
  std::sort(deck_b.begin(), deck_b.end());
  EXPECT_EQ(deck_a, deck_b);
  ASSERT_EQ(a.custom_units.size(), b.custom_units.size());
  for (std::size_t i = 0; i < a.custom_units.size(); ++i) {
    const UnitProfile &x = a.custom_units[i], &y = b.custom_units[i];
    EXPECT_EQ(x.id, y.id);
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.move, y.move);
    EXPECT_EQ(x.melee.dice, y.melee.dice);
    EXPECT_EQ(x.ranged.range, y.ranged.range);
    EXPECT_EQ(x.wounds, y.wounds);
    EXPECT_EQ(x.base.w, y.base.w);
    EXPECT_EQ(x.base.h, y.base.h);
    EXPECT_EQ(x.keywords, y.keywords);
    EXPECT_EQ(x.text, y.text);
    EXPECT_EQ(x.points, y.points);
  }
}

UnitProfile custom_orc() {
  UnitProfile unit;
  unit.id = "plastic_orc";
  unit.name = "Plastic \"Orc\" <Boss>";
  unit.faction = "Orc Horde";
  unit.move = 4;
  unit.melee = {3, 4, 1};
  unit.wounds = 8;
  unit.base = {1, 1};
  unit.keywords = {"Infantry", "Orc"};
  unit.text = "Painted badly & proudly.";
  return unit;
}

TEST(AtomsPastBuilder, SampleWarbandsAreLegalAt1500Points) {
  for (const char* id : {"toms_orcs", "jerrys_elves"}) {
    const WarbandDef warband = sample(id);
    EXPECT_TRUE(problems_of(warband).empty()) << id;
    EXPECT_EQ(warband_points(warband, shipped()), 1500) << id;
  }
}

TEST(AtomsPastBuilder, ValidationSaysEveryProblemInAPlayersWords) {
  WarbandDef over = sample("toms_orcs");
  over.units.push_back({"troll", 1, -1});
  EXPECT_TRUE(has_problem(problems_of(over), "The warband costs 1830 points, 330 over its limit"));

  WarbandDef no_kon = sample("toms_orcs");
  no_kon.kon_profile.clear();
  EXPECT_TRUE(has_problem(problems_of(no_kon), "No Kon chosen"));

  WarbandDef short_deck = sample("toms_orcs");
  set_copies(short_deck, "regrowth", 3);
  EXPECT_TRUE(has_problem(problems_of(short_deck), "The Spell Deck has 49 cards"));

  WarbandDef too_many = sample("toms_orcs");
  set_copies(too_many, "fourth_arm", 3);  // Knowledge 2
  set_copies(too_many, "regrowth", 3);
  EXPECT_TRUE(has_problem(problems_of(too_many), "3 copies in the Spell Deck, but its Knowledge"));

  WarbandDef kon_spell_missing = sample("toms_orcs");
  set_copies(kon_spell_missing, "grafted_strike", 0);
  const auto problems = problems_of(kon_spell_missing);
  EXPECT_TRUE(has_problem(problems, "Grafted Strike is not in the Spell Deck"));
  EXPECT_TRUE(has_problem(problems, "The Spell Deck has 47 cards"));  // every problem at once
}

TEST(AtomsPastBuilder, TwoKonsAreRefusedWhereTheSecondIs) {
  // A list names its Kon in one [kon] table; a second one is an error at its line.
  const std::string text =
      "id = \"two\"\nname = \"Two Kons\"\n[kon]\nunit = \"orc_warrior\"\nspell = "
      "\"regrowth\"\npower_level = 2\n[kon]\nunit = \"troll\"\n";
  try {
    parse_warband_toml(text, "two.toml", shipped());
    FAIL() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "two.toml:7");
    EXPECT_NE(error.problem().find("not valid TOML"), std::string::npos) << error.problem();
  }
  // The Kon must be one of the warband's own units.
  WarbandDef stray = sample("toms_orcs");
  stray.kon_profile = "wyvern";
  EXPECT_TRUE(has_problem(problems_of(stray), "the warband has no Wyvern"));
}

TEST(AtomsPastBuilder, CollectionShortfallPerBaseSize) {
  const WarbandDef orcs = sample("toms_orcs");
  Collection collection;
  collection.miniatures.push_back({"Plastic orc", {1, 1}, 6});
  collection.miniatures.push_back({"Boar", {2, 1}, 2});  // 2x1 is a 1x2 base turned
  const auto problems = collection_shortfall(orcs, shipped(), collection);
  // 1x1: 2 warriors, 3 archers, 2 brutes, 1 shaman = 8 needed, 6 owned; 1x2: boar rider and wolf
  // rider, 2 owned; 2x2: the troll, none owned.
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_TRUE(has_problem(problems, "1x1 bases: the warband needs 8"));
  EXPECT_TRUE(has_problem(problems, "the collection has 6 (Plastic orc x6); 2 missing"));
  EXPECT_TRUE(has_problem(problems,
                          "2x2 bases: the warband needs 1 (Troll x1), the collection "
                          "has 0; 1 missing"));
  collection.miniatures.push_back({"Old troll", {2, 2}, 1});
  collection.miniatures.push_back({"Goblins", {1, 1}, 2});
  EXPECT_TRUE(collection_shortfall(orcs, shipped(), collection).empty());
}

TEST(AtomsPastBuilder, CollectionFilesReadBackAndSayWhereTheyAreWrong) {
  Collection collection;
  collection.miniatures.push_back({"Plastic \"orc\"", {1, 2}, 4});
  const Collection read = parse_collection(collection_toml(collection), "mine.toml");
  ASSERT_EQ(read.miniatures.size(), 1u);
  EXPECT_EQ(read.miniatures[0].name, "Plastic \"orc\"");
  EXPECT_EQ(read.miniatures[0].base.h, 2);
  EXPECT_EQ(read.miniatures[0].count, 4);
  const auto error = [](const std::string& text) {
    try {
      parse_collection(text, "mine.toml");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(error("[[miniature]]\nname = \"Orc\"\nbase = \"1x1\"\ncuont = 2\n"),
            "mine.toml:4: miniature #1: unknown key 'cuont' (expected one of: name, base, "
            "count). Did you mean 'count'?");
  EXPECT_EQ(error("[[miniature]]\nname = \"Orc\"\nbase = \"5x1\"\ncount = 2\n"),
            "mine.toml:3: miniature #1: 'base' must be WxH in grid spaces, each 1 to 4 (such as "
            "1x1, 1x2, 2x2), got \"5x1\"");
  EXPECT_EQ(error("[[miniature]]\nname = \"Orc\"\nbase = \"1x1\"\ncount = -1\n"),
            "mine.toml:4: miniature #1: 'count' must be a whole number from 0 to 100000, got -1");
  EXPECT_EQ(error("[[miniature]]\nname = \"Orc\"\nbase = \"1x1\"\n"),
            "mine.toml:1: miniature #1: 'count' is missing: expected a whole number from 0 to "
            "100000");
  EXPECT_EQ(error("minatures = 3\n"),
            "mine.toml:1: unknown key 'minatures' (expected one of: miniature). Did you mean "
            "'miniature'?");
}

TEST(AtomsPastBuilder, PointsFormulaPricesAHandComputedCustomProfile) {
  // points.toml: base -170; move 12, melee skill 18, dice 12, range 12, wounds 15, base area -20.
  // -170 + 4*12 + 3*18 + 4*12 + 1*12 + 8*15 + 0 (shield) + 1*(-20) = 92; no priced keyword.
  const PointsBreakdown breakdown = price_unit(custom_orc(), shipped().points);
  EXPECT_DOUBLE_EQ(breakdown.formula, 92);
  EXPECT_EQ(breakdown.points, 92);
  double sum = 0;
  for (const PointsTerm& term : breakdown.terms)
    sum += term.contribution;
  EXPECT_DOUBLE_EQ(sum, 92);
  // A Flying keyword adds its weight (20).
  UnitProfile flier = custom_orc();
  flier.keywords.push_back("Flying");
  EXPECT_EQ(price_unit(flier, shipped().points).points, 112);
}

TEST(AtomsPastBuilder, ShippedProfilesKeepTheirPointsThroughAdjustments) {
  const std::map<std::string, int> expected = {{"orc_warrior", 100}, {"orc_boar_rider", 190},
                                               {"troll", 330},       {"footmen", 140},
                                               {"great_eagle", 240}, {"elf_outrider", 150}};
  for (const auto& [id, points] : expected)
    EXPECT_EQ(shipped().find_unit(id)->points, points) << id;
}

TEST(AtomsPastBuilder, JsonAndTomlRoundTripsKeepTheWarband) {
  for (const char* id : {"toms_orcs", "jerrys_elves"}) {
    WarbandDef warband = sample(id);
    const WarbandDef from_toml =
        parse_warband_toml(warband_toml(warband, shipped()), "export.toml", shipped());
    expect_same_warband(warband, from_toml);
    const std::string json =
        nlohmann::json{{"warband", warband_document(warband, shipped())}}.dump(2);
    expect_same_warband(warband, parse_warband_json(json, "export.json", shipped()));
    EXPECT_EQ(from_toml.content_version, content_version(shipped()));
    EXPECT_EQ(from_toml.saved_points, 1500);
  }
  // A custom profile, with quotes and markup in its name, survives both.
  WarbandDef custom = sample("toms_orcs");
  UnitProfile orc = custom_orc();
  orc.points = price_unit(orc, shipped().points).points;
  custom.custom_units.push_back(orc);
  custom.units.push_back({orc.id, 2, -1});
  expect_same_warband(custom,
                      parse_warband_toml(warband_toml(custom, shipped()), "c.toml", shipped()));
  expect_same_warband(
      custom, parse_warband_json(warband_document(custom, shipped()).dump(), "c.json", shipped()));
  EXPECT_EQ(warband_points(custom, content_with_custom_units(custom, shipped())), 1500 + 2 * 92);
}

TEST(AtomsPastBuilder, BadImportsSayWhereAndWhat) {
  try {
    parse_warband_toml("id = \"x\"\nname = \"X\"\n[[units]]\nunit = \"dragon\"\ncount = 1\n",
                       "list.toml", shipped());
    FAIL() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "list.toml:4");
    EXPECT_NE(error.problem().find("unknown unit 'dragon'"), std::string::npos);
  }
  try {
    parse_warband_json(R"({"id": "x", "name": "X", "units": [{"unit": "dragon", "count": 1}]})",
                       "list.json", shipped());
    FAIL() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "list.json");
    EXPECT_NE(error.problem().find("unknown unit 'dragon'"), std::string::npos);
  }
  EXPECT_THROW(parse_warband_json("{\"id\": ", "list.json", shipped()), InputError);
  EXPECT_THROW(parse_warband_json("[1, 2]", "list.json", shipped()), InputError);
  EXPECT_THROW(parse_warband_json("{\"id\": \"x\", \"name\": null}", "list.json", shipped()),
               InputError);
}

// The version line changes with the content; the golden keeps a placeholder for it.
std::string without_version(std::string text) {
  const std::string version = content_version(shipped());
  for (std::size_t at; (at = text.find(version)) != std::string::npos;)
    text.replace(at, version.size(), "VERSION");
  return text;
}

TEST(AtomsPastBuilder, GoldenMarkdownOfTheSampleWarbands) {
  for (const char* id : {"toms_orcs", "jerrys_elves"}) {
    const fs::path golden = fs::path(warband::default_content_dir()).parent_path() / "tests" /
                            "golden" / (std::string("atomspast_") + id + ".md");
    const std::string markdown = without_version(warband_markdown(sample(id), shipped()));
    if (std::getenv("WARBAND_UPDATE_GOLDEN")) {
      std::ofstream(golden) << markdown;
    }
    EXPECT_EQ(markdown, read_file_text(golden))
        << "golden " << golden << " (WARBAND_UPDATE_GOLDEN=1 rewrites it)";
  }
}

TEST(AtomsPastBuilder, HtmlIsOnePrintablePageWithEscapedText) {
  WarbandDef warband = sample("jerrys_elves");
  warband.name = "<script>alert('x')</script> & co";
  const std::string html = warband_html(warband, shipped());
  EXPECT_EQ(html.find("<script>"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co"),
            std::string::npos);
  EXPECT_NE(html.find("<style>"), std::string::npos);
  EXPECT_EQ(html.find("http"), std::string::npos);  // no external assets
  EXPECT_NE(html.find("Bone Explosion</strong> at Power Level 3"), std::string::npos);
  EXPECT_NE(html.find("Total: 1500 points"), std::string::npos);
  EXPECT_NE(html.find("class=\"card kon\""), std::string::npos);
}

TEST(AtomsPastBuilder, ChangingOneWeightRepricesSavedLists) {
  const fs::path dir = scratch("reprice");
  const fs::path content_dir = dir / "atomspast";
  fs::copy(fs::path(default_content_dir()) / "atomspast", content_dir, fs::copy_options::recursive);
  const Content before = load_content(content_dir.string());
  const fs::path list = dir / "orcs.toml";
  write_file_atomically(list.string(), warband_toml(*before.find_warband("toms_orcs"), before));

  // One number: wounds 15 -> 16 points per wound.
  std::string points = read_file_text(content_dir / "points.toml");
  const std::size_t at = points.find("wounds = 15");
  ASSERT_NE(at, std::string::npos);
  points.replace(at, 11, "wounds = 16");
  write_file_atomically((content_dir / "points.toml").string(), points);
  const Content after = load_content(content_dir.string());
  EXPECT_NE(content_version(before), content_version(after));
  EXPECT_EQ(after.find_unit("orc_warrior")->points, 110);  // 10 wounds
  EXPECT_EQ(after.find_unit("troll")->points, 356);        // 26 wounds

  // Through the registered operation, as `warband build atomspast reprice` runs it.
  const BuildOperation* reprice = nullptr;
  for (const BuildOperation& operation : find_builder("atomspast").operations)
    if (operation.name == "reprice") reprice = &operation;
  ASSERT_NE(reprice, nullptr);
  const BuildResult result =
      run_on_files(*reprice, {{"file", list.string()}}, nullptr, dir.string());
  // 11 models: 14+2*10+3*6+2*12+10+7+26 wounds = 119 -> 1619 points.
  EXPECT_EQ(result.json[0]["old_points"], 1500);
  EXPECT_EQ(result.json[0]["new_points"], 1619);
  EXPECT_EQ(result.json[0]["legal"], false);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.text.find("Orc Warrior: 100 -> 110 points each (x2: +20)"), std::string::npos)
      << result.text;
  EXPECT_NE(result.text.find("points: 1500 -> 1619 (limit 1500)"), std::string::npos);
  EXPECT_NE(result.text.find("now invalid"), std::string::npos);
  EXPECT_NE(result.text.find("1619 points, 119 over its limit"), std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace warband::atomspast::builder

namespace warband::atomspast::builder {
namespace {

// The list's rules terms come from the embedded Glossary: every one is found, with its words.
TEST(AtomsPastBuilderRulesTerms, EveryTermIsInTheGlossary) {
  const auto terms = builder_rules_terms();
  ASSERT_EQ(terms.size(), 12u);
  for (const RulesTerm& term : terms) {
    EXPECT_FALSE(term.definition.empty()) << term.title;
    EXPECT_EQ(term.definition.find("]("), std::string::npos) << term.definition;
  }
  EXPECT_EQ(terms[4].title, "AcTi");
  EXPECT_EQ(terms[4].anchor, "acti");
  EXPECT_NE(terms[4].definition.find("Activation Timer"), std::string::npos);
}

}  // namespace
}  // namespace warband::atomspast::builder
