// `warband play --warbands FILE ...` with a file the builder wrote: the log keeps the warband's
// contents, not its file name, so that it replays anywhere (once it named the file: a replay in
// another folder, or after the file changed, failed, and the browser refused the log).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/json_input.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/test_files.h"

namespace warband::cli {
namespace {

std::string final_hash_of(const std::string& out) {
  const std::size_t at = out.find("Final hash: ");
  return at == std::string::npos ? "" : out.substr(at + 12, 16);
}

// Plays bots on `ruleset` with Red's warband from `file_text`, then replays the log with the file
// gone: the same game.
void expect_log_holds_the_warband(const std::string& ruleset, const std::string& file_name,
                                  const std::string& file_text, const std::string& blue,
                                  const std::string& red_name) {
  const std::string file = temp_file_path(file_name);
  const std::string log = temp_file_path(ruleset + "_warband_file_log.json");
  std::ofstream(file) << file_text;
  const Ran played = warband({"play", ruleset, "--warbands", file, blue, "--red", "bot", "--blue",
                              "bot", "--seed", "5", "--quiet", "--log", log});
  ASSERT_EQ(played.code, 0) << played.err;
  const nlohmann::json red = read_json_file(log)["setup"]["warbands"][0];
  ASSERT_TRUE(red.is_object()) << red.dump();
  EXPECT_EQ(red["name"], red_name);
  std::filesystem::remove(file);
  const Ran replayed = warband({"replay", log});
  ASSERT_EQ(replayed.code, 0) << replayed.err;
  EXPECT_EQ(final_hash_of(replayed.out), final_hash_of(played.out));
  EXPECT_EQ(final_hash_of(played.out).size(), 16u) << played.out;
  std::filesystem::remove(log);
}

TEST(PlayWarbandFile, AWizardFilesLogReplaysWithoutTheFile) {
  expect_log_holds_the_warband("spellweavers", "probe.wizard.toml",
                               "name = 'Probe Wizard'\ntalent = 'tetra-master'\n\n[[spells]]\n"
                               "name = 'Tee Strike'\neffects = ['damage:3']\narea = 'tetramino'\n"
                               "shape = '0,0;1,0;2,0;1,1'\nrange = 'medium'\n",
                               "ember_the_red", "Probe Wizard");
}

TEST(PlayWarbandFile, AWarbandFilesLogReplaysWithoutTheFile) {
  expect_log_holds_the_warband("agame", "probe.warband.toml",
                               "name = 'Probe Band'\npoints_limit = 300\n\n"
                               "[[models]]\nprofile = 'Cave Troll'\n\n"
                               "[[models]]\nprofile = 'Elven Archer'\n\n"
                               "[[models]]\nprofile = 'Temple Healer'\n",
                               "iron_hold", "Probe Band");
}

// A Conflict warband naming shipped characters by file (as the builder writes it): the log holds
// its entries, which a replay reads from the characters folder.
TEST(PlayWarbandFile, AConflictWarbandFilesLogReplaysWithoutTheFile) {
  expect_log_holds_the_warband("conflict", "probe.warband.toml",
                               "name = 'Probe Pact'\npoints_limit = 550\n\n"
                               "[[characters]]\nfile = 'ironclad_golem.character.toml'\n\n"
                               "[[characters]]\nfile = 'knight_captain.character.toml'\n",
                               "wild_hunt", "Probe Pact");
}

// A problem in the file is still told by the file and its line.
TEST(PlayWarbandFile, AProblemInTheFileNamesTheFileAndLine) {
  const std::string file = temp_file_path("broken_probe.wizard.toml");
  std::ofstream(file) << "name = 'Broken'\ntalent = 'nope'\n";
  const Ran played = warband({"play", "spellweavers", "--warbands", file, "ember_the_red", "--red",
                              "bot", "--blue", "bot", "--quiet"});
  EXPECT_EQ(played.code, 2);
  EXPECT_NE(played.err.find(file + ":2: unknown talent 'nope'"), std::string::npos) << played.err;
  std::filesystem::remove(file);
}

}  // namespace
}  // namespace warband::cli
