// A game reads its content folder through a cache (core/folder_cache.h): a game built after a
// content file changed plays the new file, both game.toml and the creation rules.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/registry.h"
#include "tests/rulesets/conflict/conflict_fixture.h"
#include "tests/support/test_files.h"

namespace warband::conflict {
namespace {

TEST(ConflictContentReload, AGameBuiltAfterAContentFileChangedPlaysTheNewFile) {
  const testing::ScratchFolder scratch;
  std::filesystem::copy(default_content_dir() + "/conflict", scratch.file("conflict"),
                        std::filesystem::copy_options::recursive);
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

}  // namespace
}  // namespace warband::conflict
