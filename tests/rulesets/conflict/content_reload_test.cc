// A game reads its content folder through a cache (core/folder_cache.h): a game built after a
// content file changed plays the new file, both game.toml and the creation rules; the builder's
// rules and the balance hooks' catalog see the file too.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/registry.h"
#include "rulesets/conflict/creation_rules.h"
#include "tests/rulesets/conflict/conflict_fixture.h"
#include "tests/support/catalog_points.h"
#include "tests/support/test_files.h"

namespace warband::conflict {
namespace {

TEST(ConflictContentReload, AGameBuiltAfterAContentFileChangedPlaysTheNewFile) {
  const testing::ScratchFolder scratch;
  scratch.copy_folder(default_content_dir() + "/conflict", "conflict");
  const nlohmann::json setup = {{"content_dir", scratch.root()}};
  const ConflictGame before(setup);
  EXPECT_EQ(before.round_limit(), 6);
  const SizeCategory* small = before.creation().find_size(2);
  ASSERT_NE(small, nullptr);
  EXPECT_EQ(small->strides, 4);

  replace_in_file(scratch.file("conflict/game.toml"), "round_limit = 6", "round_limit = 7");
  replace_in_file(scratch.file("conflict/creation.toml"), "strides = 4", "strides = 3");
  const ConflictGame after(setup);
  EXPECT_EQ(after.round_limit(), 7);
  EXPECT_EQ(after.creation().find_size(2)->strides, 3);
}

TEST(ConflictContentReload, TheBuilderAndTheBalanceHooksReadTheNewFileToo) {
  const testing::ScratchFolder scratch;
  scratch.copy_folder(default_content_dir() + "/conflict", "conflict");
  const nlohmann::json setup = {{"content_dir", scratch.root()}};
  EXPECT_EQ(folder_creation_rules(scratch.file("conflict"))->costs.stride_points, 4);
  const int before = warband::testing::catalog_points("conflict", setup);

  // Each size's base 10 points dearer: every one of the 13 characters.
  replace_in_file(scratch.file("conflict/costs.toml"), "size_points = [6, 10, 16, 24, 34]",
                  "size_points = [16, 20, 26, 34, 44]");
  replace_in_file(scratch.file("conflict/costs.toml"), "stride_points = 4", "stride_points = 5");
  EXPECT_EQ(folder_creation_rules(scratch.file("conflict"))->costs.stride_points, 5);
  EXPECT_GE(warband::testing::catalog_points("conflict", setup), before + 130);
}

}  // namespace
}  // namespace warband::conflict
