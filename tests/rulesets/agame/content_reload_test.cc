// A game reads its content folder through a cache (core/folder_cache.h): a game built after a
// content file changed plays the new file, both the folder's parameters and its builder rules; the
// builder and the balance hooks read the same cache, so they see the file too.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/registry.h"
#include "rulesets/agame/folder_files.h"
#include "tests/rulesets/agame/agame_fixture.h"
#include "tests/support/catalog_points.h"
#include "tests/support/test_files.h"

namespace warband::agame {
namespace {

TEST(AGameContentReload, AGameBuiltAfterAContentFileChangedPlaysTheNewFile) {
  const testing::ScratchFolder scratch;
  std::filesystem::remove_all(scratch.file("agame"));
  scratch.copy_folder(default_content_dir() + "/agame", "agame");
  const nlohmann::json setup = {{"content_dir", scratch.root()}};
  EXPECT_EQ(AGameGame(setup).round_limit(), 8);
  EXPECT_EQ(AGameGame(setup).draft_rules().deck_size, 10);

  replace_in_file(scratch.file("agame/parameters.toml"), "round_limit = 8", "round_limit = 9");
  EXPECT_EQ(AGameGame(setup).round_limit(), 9);

  // The draft's rules come from the builder's files, cached apart: a deck of 10 refused at 12.
  replace_in_file(scratch.file("agame/draft.toml"), "deck_size = 10", "deck_size = 12");
  EXPECT_NE(testing::setup_error(setup).find("deck"), std::string::npos)
      << testing::setup_error(setup);
}

TEST(AGameContentReload, TheBuilderAndTheBalanceHooksReadTheNewFileToo) {
  const testing::ScratchFolder scratch;
  std::filesystem::remove_all(scratch.file("agame"));
  scratch.copy_folder(default_content_dir() + "/agame", "agame");
  const nlohmann::json setup = {{"content_dir", scratch.root()}};
  EXPECT_EQ(folder_files(scratch.file("agame"))->build_rules().costs.size_points, 0.5);
  const int before = warband::testing::catalog_points("agame", setup);

  // Size 0.5 -> 1.5 points: every profile dearer by its Size (12 profiles, sizes 1 and up).
  replace_in_file(scratch.file("agame/costs.toml"), "size_points = 0.5", "size_points = 1.5");
  EXPECT_EQ(folder_files(scratch.file("agame"))->build_rules().costs.size_points, 1.5);
  EXPECT_GE(warband::testing::catalog_points("agame", setup), before + 12);
}

}  // namespace
}  // namespace warband::agame
