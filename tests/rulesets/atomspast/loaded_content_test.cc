// The content folder as loaded (loaded_content.h): the builder and every game built after a file
// changed read the new file (even at the same size, at once), a game already built keeps its own,
// a run in a snapshot plays one version, a folder that fails to load is not kept, and the what-if
// copies are shared and bounded.
#include "rulesets/atomspast/loaded_content.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

#include "core/error.h"
#include "core/folder_cache.h"
#include "core/registry.h"
#include "rulesets/atomspast/atomspast_game.h"
#include "rulesets/atomspast/builder/warband_file.h"
#include "tests/support/test_files.h"

namespace warband::atomspast {
namespace {

namespace fs = std::filesystem;

// A copy of the built-in content under `name` in the tests' temporary folder: its root, which a
// setup names as "content_dir", holding atomspast/.
fs::path copied_content(const std::string& name) {
  const fs::path root = fs::path(::testing::TempDir()) / name;
  fs::remove_all(root);
  fs::create_directories(root);
  fs::copy(fs::path(default_content_dir()) / "atomspast", root / "atomspast",
           fs::copy_options::recursive);
  return root;
}

TEST(AtomsPastLoadedContent, TheBuilderReadsAgainWhenAFileChanges) {
  const fs::path dir = copied_content("warband_loaded_content_builder") / "atomspast";
  const Content first = builder::load_builder_content(dir.string());
  EXPECT_EQ(first.find_unit("troll")->points, 330);
  EXPECT_EQ(builder::load_builder_content(dir.string()).maps.size(), first.maps.size());

  // One weight, same length of file, straight after the read: 15 -> 16 points per wound.
  replace_in_file(dir / "points.toml", "wounds = 15", "wounds = 16");
  EXPECT_EQ(builder::load_builder_content(dir.string()).find_unit("troll")->points,
            356);  // 26 wounds

  // A map gone.
  fs::remove(dir / "maps" / "training_ground.toml");
  EXPECT_EQ(builder::load_builder_content(dir.string()).maps.size(), first.maps.size() - 1);

  // A broken file is an error every time, and the fixed file loads.
  replace_in_file(dir / "units.toml", "id = \"troll\"", "id = troll");
  EXPECT_THROW(builder::load_builder_content(dir.string()), InputError);
  EXPECT_THROW(builder::load_builder_content(dir.string()), InputError);
  replace_in_file(dir / "units.toml", "id = troll", "id = \"troll\"");
  EXPECT_EQ(builder::load_builder_content(dir.string()).find_unit("troll")->points, 356);
  fs::remove_all(dir.parent_path());
}

TEST(AtomsPastLoadedContent, AGameBuiltAfterAFileChangedPlaysTheNewFile) {
  const fs::path root = copied_content("warband_loaded_content_game");
  const nlohmann::json setup = {{"content_dir", root.string()}, {"map", "training_ground"}};
  const AtomsPastGame before(setup);
  EXPECT_EQ(before.parameters().turn_limit, 20);
  EXPECT_EQ(before.board().at({0, 0}).height, 0);

  replace_in_file(root / "atomspast" / "parameters.toml", "turn_limit = 20", "turn_limit = 21");
  replace_in_file(root / "atomspast" / "maps" / "training_ground.toml",
                  "\"0000000000000000000000000000\"", "\"1000000000000000000000000000\"");
  const AtomsPastGame after(setup);
  EXPECT_EQ(after.parameters().turn_limit, 21);
  EXPECT_EQ(after.board().at({0, 0}).height, 1);  // the map finalized again from the new file
  EXPECT_NE(after.board().terrain_id(), 0u);
  EXPECT_NE(after.board().terrain_id(), before.board().terrain_id());
  // The game built before keeps the content it was built with.
  EXPECT_EQ(before.parameters().turn_limit, 20);
  EXPECT_EQ(before.board().at({0, 0}).height, 0);

  // A run holding a snapshot plays the folder as it first read it, whatever is saved meanwhile.
  {
    FolderSnapshot snapshot;
    const FolderSnapshot::Use use(snapshot);
    EXPECT_EQ(AtomsPastGame(setup).parameters().turn_limit, 21);
    replace_in_file(root / "atomspast" / "parameters.toml", "turn_limit = 21", "turn_limit = 22");
    EXPECT_EQ(AtomsPastGame(setup).parameters().turn_limit, 21);
    EXPECT_EQ(setup_content(setup)->parameters.turn_limit, 21);
  }
  EXPECT_EQ(AtomsPastGame(setup).parameters().turn_limit, 22);
  fs::remove_all(root);
}

nlohmann::json orc_warrior_at(int points) {
  return {{"units.orc_warrior.points", points}};
}

TEST(AtomsPastLoadedContent, SameOverridesShareACopyAndTheCopiesAreBounded) {
  const std::shared_ptr<const LoadedContent> folder =
      loaded_content(default_content_dir() + "/atomspast");
  const std::shared_ptr<const Content> held = folder->with_overrides(orc_warrior_at(7));
  EXPECT_EQ(folder->with_overrides(orc_warrior_at(7)), held);
  EXPECT_EQ(held->find_unit("orc_warrior")->points, 7);
  EXPECT_EQ(folder->with_overrides(nlohmann::json::object()), folder->content());
  EXPECT_EQ(folder->with_overrides(nlohmann::json()), folder->content());
  EXPECT_THROW(folder->with_overrides(nlohmann::json::array()), InputError);

  std::weak_ptr<const Content> dropped = folder->with_overrides(orc_warrior_at(8));
  EXPECT_FALSE(dropped.expired());  // kept by the folder alone
  for (int points = 100; points < 300; ++points)
    EXPECT_EQ(folder->with_overrides(orc_warrior_at(points))->find_unit("orc_warrior")->points,
              points);
  // 200 sets later the one nobody held is gone; the one a game holds is still the shared copy.
  EXPECT_TRUE(dropped.expired());
  EXPECT_EQ(folder->with_overrides(orc_warrior_at(7)), held);
  EXPECT_EQ(folder->with_overrides(orc_warrior_at(8))->find_unit("orc_warrior")->points, 8);
}

TEST(AtomsPastLoadedContent, AReloadedFolderCopiesItsOverridesFromTheNewFiles) {
  const fs::path root = copied_content("warband_loaded_content_overrides");
  const nlohmann::json setup = {{"content_dir", root.string()},
                                {"content_overrides", orc_warrior_at(7)}};
  EXPECT_EQ(setup_content(setup)->find_unit("troll")->points, 330);
  replace_in_file(root / "atomspast" / "points.toml", "wounds = 15", "wounds = 16");
  const std::shared_ptr<const Content> after = setup_content(setup);
  EXPECT_EQ(after->find_unit("troll")->points, 356);
  EXPECT_EQ(after->find_unit("orc_warrior")->points, 7);
  fs::remove_all(root);
}

}  // namespace
}  // namespace warband::atomspast
