// A designer's copy of a ruleset's content, named to every command the way README says: either the
// folder holding atomspast/ (as content/ does) or the copy of content/atomspast itself. Each
// command (the builders too) reads the copy (a unit of its own is found), and a folder that is
// neither is named.
#include <gtest/gtest.h>

#include "core/registry.h"
#include "tests/support/designer_unit.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/test_files.h"

namespace warband::cli {
namespace {

// A content root holding a copy of AtomsPast's content with the designer's unit added.
class DesignerContent : public ::testing::Test {
 protected:
  void SetUp() override {
    scratch_.copy_folder(default_content_dir() + "/atomspast", "atomspast");
    const std::string units = scratch_.file("atomspast/units.toml");
    write_file_text(units, read_file_text(units) + testing::kOrcShamanUnitToml);
  }
  std::string root() const { return scratch_.root(); }
  std::string ruleset_folder() const { return scratch_.file("atomspast"); }
  const ScratchFolder& scratch() const { return scratch_; }

 private:
  ScratchFolder scratch_;
};

TEST_F(DesignerContent, TheBuilderTakesEitherFolder) {
  for (const std::string& dir : {root(), ruleset_folder()}) {
    const Ran ran = build_atomspast({"points", "--unit", "orc_shaman", "--content", dir});
    EXPECT_EQ(ran.code, 0) << dir << ": " << ran.err;
    EXPECT_NE(ran.out.find("Orc Shaman (orc_shaman)"), std::string::npos) << ran.out;
  }
}

TEST_F(DesignerContent, OddsReadTheFolderAndOnlyForThatRun) {
  for (const std::string& dir : {root(), ruleset_folder()}) {
    const Ran ran = warband(
        {"odds", "atomspast", "--attacker", "orc_shaman", "--target", "footmen", "--content", dir});
    EXPECT_EQ(ran.code, 0) << dir << ": " << ran.err;
    EXPECT_NE(ran.out.find("Orc Shaman"), std::string::npos) << ran.out;
  }
  const Ran built_in =
      warband({"odds", "atomspast", "--attacker", "orc_shaman", "--target", "footmen"});
  EXPECT_EQ(built_in.code, 2);
  EXPECT_NE(built_in.err.find("unknown unit 'orc_shaman'"), std::string::npos) << built_in.err;
}

TEST_F(DesignerContent, PlaySimAndBalanceTakeEitherFolder) {
  for (const std::string& dir : {root(), ruleset_folder()}) {
    const Ran sim = warband(
        {"sim", "atomspast", "--games", "1", "--seed", "1", "--threads", "1", "--content", dir});
    EXPECT_EQ(sim.code, 0) << dir << ": " << sim.err;
    const Ran play = warband({"play", "atomspast", "--red", "bot", "--blue", "bot", "--seed", "1",
                              "--json", "--content", dir});
    EXPECT_EQ(play.code, 0) << dir << ": " << play.err;
  }
}

TEST_F(DesignerContent, AFolderThatIsNeitherIsNamed) {
  // A copy under a name of its own: no command can tell it is AtomsPast's.
  scratch().copy_folder(ruleset_folder(), "my_orcs");
  const std::string elsewhere = scratch().file("my_orcs");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"sim", "atomspast", "--games", "1", "--seed", "1", "--content",
                                 elsewhere},
        {"play", "atomspast", "--red", "bot", "--blue", "bot", "--content", elsewhere},
        {"odds", "atomspast", "--skill", "3", "--dice", "4", "--content", elsewhere},
        {"balance", "atomspast", "--games", "2", "--content", elsewhere},
        {"build", "atomspast", "points", "--unit", "orc_shaman", "--content", elsewhere}}) {
    const Ran ran = warband(args);
    EXPECT_EQ(ran.code, 2) << args[0];
    EXPECT_NE(ran.err.find("--content: '" + elsewhere +
                           "' is not a content folder: it holds no atomspast/ folder"),
              std::string::npos)
        << args[0] << ": " << ran.err;
  }
  const Ran compare =
      warband_balance({"atomspast", "--games", "2", "--compare", root(), elsewhere});
  EXPECT_EQ(compare.code, 2);
  EXPECT_NE(compare.err.find("--compare: '" + elsewhere + "' is not a content folder"),
            std::string::npos)
      << compare.err;
}

// Every ruleset's builder takes --content as every command does (it was AtomsPast's alone): either
// folder is read, shown by a broken file of the copy being the one named.
TEST(BuilderContent, EveryBuilderReadsTheFolderItIsGiven) {
  struct Case {
    std::string ruleset;
    std::vector<std::string> operation;
    std::string file;  // a file the operation reads
  };
  const std::vector<Case> cases = {
      {"agame", {"profiles"}, "profiles.toml"},
      {"conflict", {"creation-rules"}, "creation.toml"},
      {"spellweavers", {"spell-power", "--effect", "damage:3"}, "parameters.toml"},
      {"atomspast", {"spells"}, "spells.toml"},
  };
  for (const Case& each : cases) {
    SCOPED_TRACE(each.ruleset);
    ScratchFolder scratch;
    scratch.copy_folder(default_content_dir() + "/" + each.ruleset, each.ruleset);
    const std::string broken = scratch.file(each.ruleset + "/" + each.file);
    write_file_text(broken, read_file_text(broken) + "\n= not toml\n");
    for (const std::string& dir : {scratch.root(), scratch.file(each.ruleset)}) {
      std::vector<std::string> args = {"build", each.ruleset};
      args.insert(args.end(), each.operation.begin(), each.operation.end());
      args.insert(args.end(), {"--content", dir});
      const Ran ran = warband(args);
      EXPECT_EQ(ran.code, 2) << dir << ": " << ran.out;
      EXPECT_NE(ran.err.find(broken), std::string::npos) << dir << ": " << ran.err;
    }
    const Ran nowhere =
        warband({"build", each.ruleset, each.operation[0], "--content", scratch.file("nowhere")});
    EXPECT_EQ(nowhere.code, 2);
    EXPECT_NE(nowhere.err.find("--content: '" + scratch.file("nowhere") +
                               "' is not a content folder: there is no such folder"),
              std::string::npos)
        << nowhere.err;
  }
}

// `serve` serves every ruleset from its --content: a copy of one ruleset alone (either way of
// naming it) is refused at start, naming the folders it lacks, where the app used to start and
// answer its start page with an error.
TEST_F(DesignerContent, ServeRefusesAFolderThatLacksARuleset) {
  for (const std::string& dir : {root(), ruleset_folder()}) {
    const Ran ran = warband({"serve", "--content", dir, "--port", "0"});
    EXPECT_EQ(ran.code, 2) << dir << ": " << ran.out;
    EXPECT_NE(ran.err.find("holds no agame/, "), std::string::npos) << ran.err;
    EXPECT_NE(ran.err.find("conflict/, spellweavers/: the server serves every ruleset"),
              std::string::npos)
        << ran.err;
  }
  const Ran missing = warband({"serve", "--content", root() + "/nowhere", "--port", "0"});
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("there is no such folder"), std::string::npos) << missing.err;
}

}  // namespace
}  // namespace warband::cli
