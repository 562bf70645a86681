// `warband build` end to end, in-process: the AtomsPast builder's commands on files in a scratch
// folder, their exit codes, --json, --help and the errors for bad input.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/app.h"
#include "cli/command.h"
#include "core/registry.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/test_files.h"

namespace warband::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

class BuildCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("warband_build_cli_" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  static std::string sample(const std::string& id) {
    return (fs::path(warband::default_content_dir()) / "atomspast" / "warbands" / (id + ".toml"))
        .string();
  }

  fs::path dir_;
};

TEST_F(BuildCommand, EveryLevelHasHelp) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"build", "--help"},
                                               {"build", "atomspast", "--help"},
                                               {"build", "atomspast", "add", "--help"},
                                               {"build", "atomspast", "reprice", "--help"}}) {
    const Ran ran = warband(args);
    EXPECT_EQ(ran.code, kExitOk) << ran.err;
    EXPECT_FALSE(ran.out.empty());
  }
  EXPECT_NE(warband({"build", "atomspast", "--help"}).out.find("set-kon"), std::string::npos);
  EXPECT_NE(warband({"build", "atomspast", "add", "--help"}).out.find("--custom"),
            std::string::npos);
}

TEST_F(BuildCommand, UnknownRulesetOrOperationSaysWhatThereIs) {
  Ran ran = warband({"build", "chess", "new"});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_NE(ran.err.find("unknown ruleset 'chess'; rulesets with a builder: "), std::string::npos)
      << ran.err;
  EXPECT_NE(ran.err.find("atomspast"), std::string::npos);
  ran = warband({"build", "atomspast"});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_NE(ran.err.find("which operation?"), std::string::npos) << ran.err;
  ran = warband({"build", "atomspast", "--json", "frob", "extra"});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_EQ(ran.err.rfind("error: no operation 'frob' in the atomspast builder; operations: ", 0),
            0u)
      << ran.err;
  ran = warband({"build"});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_EQ(ran.err.rfind("error: which ruleset? `warband build RULESET OPERATION`", 0), 0u)
      << ran.err;
}

TEST_F(BuildCommand, SpellAndTermCatalogs) {
  Ran ran = build_atomspast({"spells", "--json"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  const json spells = json::parse(ran.out);
  EXPECT_EQ(spells.size(), 41u);
  const auto grafted = std::find_if(spells.begin(), spells.end(),
                                    [](const json& s) { return s["spell"] == "grafted_strike"; });
  ASSERT_NE(grafted, spells.end());
  EXPECT_EQ((*grafted)["name"], "Grafted Strike");
  EXPECT_EQ((*grafted)["acti"], 6);
  EXPECT_EQ((*grafted)["knowledge"], 3);

  ran = build_atomspast({"terms", "--json"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  const json terms = json::parse(ran.out);
  ASSERT_FALSE(terms.empty());
  EXPECT_EQ(terms[0]["title"], "Kon");
  EXPECT_EQ(terms[0]["anchor"], "kon");
  EXPECT_NE(build_atomspast({"terms"}).out.find("Knowledge (knowledge): "), std::string::npos);
}

TEST_F(BuildCommand, BuildAWarbandStepByStep) {
  const std::string list = path("orcs.toml");
  Ran ran = build_atomspast({"new", "--file", list, "--name", "My Orcs", "--faction", "Orc Horde"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_NE(ran.out.find("My Orcs (Orc Horde): 0 of 1500 points"), std::string::npos) << ran.out;
  EXPECT_EQ(build_atomspast({"new", "--file", list, "--name", "Again"}).code,
            kExitBadInput);  // no --force

  ASSERT_EQ(build_atomspast({"add", "--file", list, "--unit", "orc_boar_rider"}).code, kExitOk);
  ASSERT_EQ(build_atomspast({"add", "--file", list, "--unit", "orc_warrior", "--count", "3"}).code,
            kExitOk);
  ASSERT_EQ(build_atomspast({"remove", "--file", list, "--unit", "orc_warrior"}).code, kExitOk);
  ASSERT_EQ(build_atomspast({"set-kon", "--file", list, "--unit", "orc_boar_rider", "--spell",
                             "grafted_strike", "--power-level", "5"})
                .code,
            kExitOk);
  // Not legal yet: the deck is empty but for nothing; validate lists every problem, exit 1.
  ran = build_atomspast({"validate", "--file", list});
  EXPECT_EQ(ran.code, 1);
  EXPECT_NE(ran.out.find("The Spell Deck has 0 cards; it must have exactly 50."), std::string::npos)
      << ran.out;
  EXPECT_NE(ran.out.find("The Kon Spell Grafted Strike is not in the Spell Deck"),
            std::string::npos);

  // The deck of the sample Orcs, spell by spell.
  const std::vector<std::pair<std::string, int>> deck = {
      {"grafted_strike", 3},  {"sinew_lash", 4},      {"mandible_bite", 4},
      {"scorpion_tail", 3},   {"fourth_arm", 2},      {"boiling_blood", 3},
      {"leathery_wings", 3},  {"regrowth", 4},        {"cauterize", 4},
      {"chitin_plating", 3},  {"bloated_carcass", 2}, {"rot_curse", 3},
      {"calcify", 3},         {"leech_swarm", 3},     {"recall_lattice", 3},
      {"resonance_engine", 3}};
  for (const auto& [spell, copies] : deck)
    ASSERT_EQ(build_atomspast(
                  {"deck", "--file", list, "--spell", spell, "--count", std::to_string(copies)})
                  .code,
              kExitOk)
        << spell;
  ran = build_atomspast({"validate", "--file", list, "--json"});
  EXPECT_EQ(ran.code, kExitOk) << ran.out;
  const json result = json::parse(ran.out);
  EXPECT_EQ(result["legal"], true);
  EXPECT_EQ(result["points"], 190 + 2 * 100);

  ran = build_atomspast({"deck", "--file", list, "--spell", "regrowth", "--count", "0"});
  EXPECT_EQ(ran.code, kExitOk);
  EXPECT_NE(ran.out.find("The Spell Deck has 46 cards"), std::string::npos) << ran.out;

  ran = build_atomspast({"show", "--file", list, "--json"});
  const json shown = json::parse(ran.out);
  EXPECT_EQ(shown["units"][0]["points_each"], 190);
  EXPECT_EQ(shown["units"][1]["count"], 2);
  EXPECT_EQ(shown["deck_cards"], 46);
}

TEST_F(BuildCommand, SetRenamesAndChangesTheLimitKeepingTheId) {
  const std::string list = path("orcs.toml");
  ASSERT_EQ(
      build_atomspast({"new", "--file", list, "--name", "My Orcs", "--faction", "Orc Horde"}).code,
      kExitOk);
  ASSERT_EQ(build_atomspast({"add", "--file", list, "--unit", "orc_warrior", "--count", "3"}).code,
            kExitOk);
  EXPECT_EQ(build_atomspast({"set", "--file", list}).code, kExitBadInput);  // nothing to set
  EXPECT_EQ(build_atomspast({"set", "--file", list, "--points-limit", "0"}).code, kExitBadInput);

  Ran ran = build_atomspast(
      {"set", "--file", list, "--name", "Orc Raiders", "--points-limit", "250", "--json"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  json shown = json::parse(ran.out);
  EXPECT_EQ(shown["name"], "Orc Raiders");
  EXPECT_EQ(shown["faction"], "Orc Horde");
  EXPECT_EQ(shown["points_limit"], 250);
  EXPECT_NE(read_file_text(list).find("id = \"my_orcs\""), std::string::npos)
      << read_file_text(list);
  ran = build_atomspast({"validate", "--file", list});
  EXPECT_NE(ran.out.find("over its limit of 250"), std::string::npos) << ran.out;

  ASSERT_EQ(build_atomspast({"set", "--file", list, "--faction", ""}).code, kExitOk);
  shown = json::parse(build_atomspast({"show", "--file", list, "--json"}).out);
  EXPECT_EQ(shown["faction"], "");
  EXPECT_EQ(shown["name"], "Orc Raiders");
}

TEST_F(BuildCommand, CustomProfilesArePricedByTheFormulaAndStored) {
  const std::string list = path("custom.toml");
  ASSERT_EQ(
      build_atomspast({"new", "--file", list, "--name", "Customs", "--points-limit", "500"}).code,
      kExitOk);
  Ran ran = build_atomspast(
      {"add",     "--file", list,       "--custom",   "Plastic orc",  "--move",  "4",
       "--melee", "3/4/1",  "--ranged", "0/0/0",      "--wounds",     "8",       "--shield",
       "0",       "--base", "1x1",      "--keywords", "Infantry,Orc", "--count", "2"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_NE(ran.out.find("Added 2 x Plastic orc (92 points each)"), std::string::npos) << ran.out;
  const std::string saved = read_file_text(list);
  EXPECT_NE(saved.find("[[custom]]"), std::string::npos);
  EXPECT_NE(saved.find("melee = { skill = 3, dice = 4, range = 1 }"), std::string::npos);
  ran = build_atomspast({"points", "--file", list, "--unit", "plastic_orc", "--json"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_EQ(json::parse(ran.out)["points"], 92);
  ran = build_atomspast({"points", "--unit", "orc_warrior"});
  EXPECT_NE(ran.out.find("wounds"), std::string::npos);
  EXPECT_NE(ran.out.find("= 10 x 15"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("adjust"), std::string::npos);

  ran = build_atomspast({"add", "--file", list, "--custom", "Bad", "--move", "4", "--melee",
                         "3/four/1", "--wounds", "8"});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_NE(ran.err.find("error: --melee: expected SKILL/DICE/RANGE"), std::string::npos)
      << ran.err;
}

TEST_F(BuildCommand, CollectionModeSaysWhatIsMissing) {
  const std::string collection = path("minis.toml");
  ASSERT_EQ(build_atomspast({"collection-add", "--file", collection, "--miniature", "Plastic orc",
                             "--base", "1x1", "--count", "6"})
                .code,
            kExitOk);
  ASSERT_EQ(build_atomspast({"collection-add", "--file", collection, "--miniature", "Boar",
                             "--base", "1x2", "--count", "2"})
                .code,
            kExitOk);
  Ran ran =
      build_atomspast({"validate", "--file", sample("toms_orcs"), "--collection", collection});
  EXPECT_EQ(ran.code, 1);
  EXPECT_NE(ran.out.find("Not enough miniatures on 1x1 bases: the warband needs 8"),
            std::string::npos)
      << ran.out;
  EXPECT_NE(ran.out.find("2x2 bases"), std::string::npos);
  EXPECT_EQ(ran.out.find("1x2 bases"), std::string::npos);
  EXPECT_EQ(build_atomspast({"validate", "--file", sample("toms_orcs")}).code, kExitOk);
}

TEST_F(BuildCommand, ExportImportRoundTripsInEveryImportableFormat) {
  for (const char* id : {"toms_orcs", "jerrys_elves"}) {
    const std::string reference = path(std::string(id) + "_reference.toml");
    ASSERT_EQ(build_atomspast({"import", "--file", reference, "--in", sample(id)}).code, kExitOk);
    for (const char* format : {"json", "toml"}) {
      const std::string exported = path(fmt::format("{}.{}", id, format));
      const std::string imported = path(fmt::format("{}_{}_back.toml", id, format));
      Ran ran =
          build_atomspast({"export", "--file", sample(id), "--format", format, "--out", exported});
      ASSERT_EQ(ran.code, kExitOk) << ran.err;
      ran = build_atomspast({"import", "--file", imported, "--in", exported});
      ASSERT_EQ(ran.code, kExitOk) << ran.err << ran.out;
      EXPECT_EQ(read_file_text(imported), read_file_text(reference)) << id << " via " << format;
    }
    Ran ran = build_atomspast({"export", "--file", sample(id), "--format", "html", "--out",
                               path(std::string(id) + ".html")});
    EXPECT_EQ(ran.code, kExitOk);
    EXPECT_NE(read_file_text(path(std::string(id) + ".html")).find("<!DOCTYPE html>"),
              std::string::npos);
    ran = build_atomspast({"export", "--file", sample(id)});  // Markdown to stdout
    EXPECT_NE(ran.out.find("| **Total** |"), std::string::npos);
  }
  Ran ran = build_atomspast({"export", "--file", sample("toms_orcs"), "--format", "pdf"});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_NE(ran.err.find("error: --format: expected markdown, html, json or toml"),
            std::string::npos);
}

TEST_F(BuildCommand, RepriceTakesSeveralLists) {
  const std::string orcs = path("orcs.toml"), elves = path("elves.toml");
  ASSERT_EQ(build_atomspast({"import", "--file", orcs, "--in", sample("toms_orcs")}).code, kExitOk);
  ASSERT_EQ(build_atomspast({"import", "--file", elves, "--in", sample("jerrys_elves")}).code,
            kExitOk);
  const Ran ran = build_atomspast({"reprice", "--file", orcs, "--file", elves, "--json"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  const json reports = json::parse(ran.out);
  ASSERT_EQ(reports.size(), 2u);
  EXPECT_EQ(reports[0]["old_points"], 1500);
  EXPECT_EQ(reports[1]["new_points"], 1500);
  EXPECT_EQ(reports[1]["old_content_version"], reports[1]["new_content_version"]);
}

TEST_F(BuildCommand, AWarbandWithACustomProfilePlaysAGame) {
  const std::string list = path("custom_orcs.toml");
  ASSERT_EQ(build_atomspast({"import", "--file", list, "--in", sample("toms_orcs")}).code, kExitOk);
  ASSERT_EQ(
      build_atomspast({"remove", "--file", list, "--unit", "goblin_archer", "--count", "2"}).code,
      kExitOk);  // 1330 points
  ASSERT_EQ(
      build_atomspast({"add", "--file", list, "--custom", "Plastic orc", "--move", "4", "--melee",
                       "3/4/1", "--wounds", "8", "--keywords", "Infantry,Orc", "--count", "1"})
          .code,
      kExitOk);  // + 92
  ASSERT_EQ(build_atomspast({"validate", "--file", list}).code, kExitOk);
  const Ran ran = warband({"play", "atomspast", "--red", "bot", "--blue", "bot", "--seed", "3",
                           "--warbands", list, "jerrys_elves", "--json"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_NE(ran.out.find("winner"), std::string::npos) << ran.out;
}

TEST_F(BuildCommand, BadFilesSayWhereAndWhat) {
  const std::string list = path("broken.toml");
  std::ofstream(list) << "id = \"x\"\nname = \"X\"\npoints_limit = \"lots\"\n";
  Ran ran = build_atomspast({"show", "--file", list});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_NE(ran.err.find("error: " + list + ":3:"), std::string::npos) << ran.err;
  ran = build_atomspast({"show", "--file", path("missing.toml")});
  EXPECT_EQ(ran.code, kExitBadInput);
  // A newcomer who adds before making the list is told which operation makes one.
  EXPECT_EQ(ran.err, "error: " + path("missing.toml") +
                         ": file not found: show works on an existing warband; make one first "
                         "with `warband build atomspast new --file " +
                         path("missing.toml") + "`\n");
  ran = build_atomspast({"add", "--file", sample("toms_orcs"), "--unit", "dragon"});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_NE(ran.err.find("error: --unit: unknown unit 'dragon'"), std::string::npos) << ran.err;
  ran = build_atomspast({"deck", "--file", path("nothing.toml"), "--spell", "regrowth"});
  EXPECT_EQ(ran.code, kExitBadInput);
}

}  // namespace
}  // namespace warband::cli

namespace warband::cli {
namespace {

// The seed's rules of thumb give a custom unit's base from its size; --base overrides.
// A shipped character is added by the name `characters` and the odds print as well as by its id.
TEST_F(BuildCommand, AConflictWarbandTakesAShippedCharacterByName) {
  const std::string list = path("w.warband.toml");
  Ran ran = warband({"build", "conflict", "warband-new", "--file", list, "--name", "Mine",
                     "--points-limit", "300"});
  ASSERT_NE(ran.code, kExitBadInput) << ran.err;  // 1: made, no character yet
  ran = warband(
      {"build", "conflict", "warband-add", "--file", list, "--character", "Knight Captain"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_NE(ran.out.find("Added Knight Captain"), std::string::npos) << ran.out;
  ran = warband({"build", "conflict", "warband-add", "--file", list, "--character", "dire_wolf"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  ran = warband(
      {"build", "conflict", "warband-add", "--file", list, "--character", "Knight Captian"});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_NE(ran.err.find("no shipped character 'Knight Captian'"), std::string::npos) << ran.err;
}

TEST(BuildCommandSizes, CustomBaseFromTheRulesOfThumb) {
  const std::string list =
      (std::filesystem::temp_directory_path() / "warband_build_cli_sizes.toml").string();
  std::filesystem::remove(list);
  ASSERT_EQ(warband({"build", "atomspast", "new", "--file", list, "--name", "Sizes"}).code, 0);
  const std::vector<std::pair<std::string, std::string>> sizes = {
      {"infantry", "1x1"}, {"cavalry", "1x2"}, {"large", "2x2"}, {"huge", "2x3"}};
  for (const auto& [size, base] : sizes) {
    const Ran ran =
        warband({"build", "atomspast", "add", "--file", list, "--custom", "Beast " + size, "--move",
                 "3", "--melee", "3/3/1", "--wounds", "9", "--size", size, "--json"});
    ASSERT_EQ(ran.code, 0) << ran.err;
    std::ifstream in(list);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_NE(text.str().find("base = \"" + base + "\""), std::string::npos) << size;
  }
  const Ran bad = warband({"build", "atomspast", "add", "--file", list, "--custom", "Odd", "--move",
                           "3", "--melee", "3/3/1", "--wounds", "9", "--size", "giant"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("--size: must be infantry, cavalry, large or huge"), std::string::npos)
      << bad.err;
  std::filesystem::remove(list);
}

}  // namespace
}  // namespace warband::cli
