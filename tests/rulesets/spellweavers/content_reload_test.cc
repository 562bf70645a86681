// A game reads its content folder's parameters and maps through a cache (core/folder_cache.h): a
// game built, a new-game form's choices or the builder's and balance's parameters read after a
// file changed read the new file.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/registry.h"
#include "rulesets/spellweavers/parameters.h"
#include "rulesets/spellweavers/spellweavers_game.h"
#include "tests/support/test_files.h"

namespace warband::spellweavers {
namespace {

TEST(SpellweaversContentReload, AGameBuiltAfterAContentFileChangedPlaysTheNewFile) {
  const ScratchFolder scratch;
  scratch.copy_folder(default_content_dir() + "/spellweavers", "spellweavers");
  const nlohmann::json setup = {{"content_dir", scratch.root()}};
  EXPECT_EQ(SpellweaversGame(setup).round_limit(), 20);
  const std::size_t maps = setup_choices(scratch.root())["maps"].size();
  ASSERT_GE(maps, 2u);

  replace_in_file(scratch.file("spellweavers/parameters.toml"), "turn_limit = 20",
                  "turn_limit = 21");
  EXPECT_EQ(SpellweaversGame(setup).round_limit(), 21);
  EXPECT_EQ(root_parameters(scratch.root()).turn_limit, 21);  // the builder's and balance's

  // A map other than the default one removed: the form lists one fewer.
  const std::string removed = setup_choices(scratch.root())["maps"].back()["id"];
  std::filesystem::remove(scratch.file("spellweavers/maps/" + removed + ".toml"));
  EXPECT_EQ(setup_choices(scratch.root())["maps"].size(), maps - 1);
}

}  // namespace
}  // namespace warband::spellweavers
