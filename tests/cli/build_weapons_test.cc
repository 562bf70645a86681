// `warband build atomspast` with weapons, end to end in-process: custom units that carry catalog
// weapons (`add --weapon`), the weapons catalog, exports that show them and validate on a
// hand-edited list.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/app.h"
#include "cli/command.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/test_files.h"

namespace warband::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

class BuildWeapons : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("warband_build_weapons_" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  fs::path dir_;
};

TEST_F(BuildWeapons, ACustomUnitCarriesCatalogWeapons) {
  const std::string list = path("list.toml");
  ASSERT_EQ(build_atomspast({"new", "--file", list, "--name", "Pikes"}).code, kExitOk);
  Ran ran = build_atomspast({"add", "--file", list, "--custom", "Goblin Pikebow", "--move", "3",
                             "--weapon", "pike", "--weapon", "short_bow", "--wounds", "7",
                             "--keywords", "Goblin"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  // Priced from the weapons' numbers: -170 + 3x12 + (3x18 + 3x12 + 2x12) + (3x3 + 3x5 + 7x8)
  // + 7x15 - 20 = 145.
  EXPECT_NE(ran.out.find("Added 1 x Goblin Pikebow (145 points each)"), std::string::npos)
      << ran.out;
  const std::string saved = read_file_text(list);
  EXPECT_NE(saved.find("weapons = [\"pike\", \"short_bow\"]"), std::string::npos) << saved;

  ran = build_atomspast({"points", "--file", list, "--unit", "goblin_pikebow"});
  EXPECT_NE(ran.out.find("melee_range                    24   = 2 x 12"), std::string::npos)
      << ran.out;
  EXPECT_NE(ran.out.find("weapon pike"), std::string::npos) << ran.out;

  ran = build_atomspast({"export", "--file", list, "--format", "json"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  const json exported = json::parse(ran.out);
  EXPECT_EQ(exported["warband"]["custom"][0]["weapons"], json({"pike", "short_bow"}));
  EXPECT_EQ(exported["cards"][0]["weapons"][0]["name"], "Goblin Pike");
  EXPECT_EQ(exported["cards"][0]["weapons"][0]["text"],
            "Long enough to strike from two spaces away, over a friend's shoulder.");

  // Round trip through the JSON export.
  std::ofstream(path("export.json")) << ran.out;
  ran = build_atomspast({"import", "--file", path("back.toml"), "--in", path("export.json")});
  EXPECT_NE(read_file_text(path("back.toml")).find("weapons = [\"pike\", \"short_bow\"]"),
            std::string::npos)
      << ran.out << ran.err;
}

TEST_F(BuildWeapons, BadWeaponOptionsSayWhatIsWrong) {
  const std::string list = path("list.toml");
  ASSERT_EQ(build_atomspast({"new", "--file", list, "--name", "Bad"}).code, kExitOk);
  Ran ran = build_atomspast({"add", "--file", list, "--custom", "Lazer Goblin", "--move", "3",
                             "--weapon", "lazer", "--wounds", "7"});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_NE(ran.err.find("error: --weapon: Lazer Goblin carries an unknown weapon 'lazer'"),
            std::string::npos)
      << ran.err;
  ran = build_atomspast({"add", "--file", list, "--custom", "Greedy Goblin", "--move", "3",
                         "--weapon", "pike", "--weapon", "cleaver", "--wounds", "7"});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_NE(ran.err.find("carries two melee weapons (Goblin Pike and Notched Cleaver)"),
            std::string::npos)
      << ran.err;
  ran = build_atomspast({"add", "--file", list, "--custom", "Both", "--move", "3", "--weapon",
                         "pike", "--melee", "3/3/1", "--wounds", "7"});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_NE(ran.err.find("error: --melee: give either --weapon"), std::string::npos) << ran.err;
  // Nothing was saved by the failed commands.
  EXPECT_EQ(read_file_text(list).find("[[custom]]"), std::string::npos);
}

TEST_F(BuildWeapons, ValidateSaysAHandEditedListsWeaponProblems) {
  const std::string list = path("edited.toml");
  std::ofstream(list) << "id = \"e\"\nname = \"Edited\"\n"
                         "[[custom]]\nid = \"odd\"\nname = \"Odd Goblin\"\nmove = 3\n"
                         "weapons = [\"sabre\", \"maul\"]\nwounds = 6\nbase = \"1x1\"\n"
                         "[[units]]\nunit = \"odd\"\ncount = 1\n";
  const Ran ran = build_atomspast({"validate", "--file", list, "--json"});
  EXPECT_EQ(ran.code, 1) << ran.err;
  const json report = json::parse(ran.out);
  bool found = false;
  for (const auto& problem : report["problems"])
    found = found || problem.get<std::string>().find(
                         "Odd Goblin carries two melee weapons (Sabre and Two-handed Maul)") !=
                         std::string::npos;
  EXPECT_TRUE(found) << ran.out;
}

TEST_F(BuildWeapons, TheCatalogListsEveryWeaponWithItsCarriers) {
  const Ran ran = build_atomspast({"weapons", "--json"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  const json weapons = json::parse(ran.out);
  bool bow = false;
  for (const auto& weapon : weapons)
    if (weapon["id"] == "short_bow") {
      bow = true;
      EXPECT_EQ(weapon["range"], 7);
      EXPECT_EQ(weapon["points"], 0);
      EXPECT_EQ(weapon["carried_by"], json({"Goblin Archer"}));
    }
  EXPECT_TRUE(bow);
  EXPECT_NE(build_atomspast({"weapons"}).out.find("Long Rifle"), std::string::npos);
}

}  // namespace
}  // namespace warband::cli
