// The builder's content cache: the same content while the files stay, the new content as soon as
// one changes (even at the same size, at once), and no cache of a folder that fails to load.
#include "rulesets/atomspast/builder/content_cache.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.h"
#include "core/file_io.h"
#include "core/registry.h"
#include "tests/support/test_files.h"

namespace warband::atomspast::builder {
namespace {

namespace fs = std::filesystem;

TEST(AtomsPastContentCache, ReadsAgainWhenAFileChanges) {
  const fs::path dir = fs::temp_directory_path() / "warband_content_cache_test";
  fs::remove_all(dir);
  fs::copy(fs::path(default_content_dir()) / "atomspast", dir, fs::copy_options::recursive);

  const Content first = cached_content(dir.string());
  EXPECT_EQ(first.find_unit("troll")->points, 330);
  EXPECT_EQ(cached_content(dir.string()).maps.size(), first.maps.size());

  // One weight, same length of file, straight after the read: 15 -> 16 points per wound.
  replace_in_file(dir / "points.toml", "wounds = 15", "wounds = 16");
  EXPECT_EQ(cached_content(dir.string()).find_unit("troll")->points, 356);  // 26 wounds

  // A map gone.
  fs::remove(dir / "maps" / "training_ground.toml");
  EXPECT_EQ(cached_content(dir.string()).maps.size(), first.maps.size() - 1);

  // A broken file is an error every time, and the fixed file loads.
  replace_in_file(dir / "units.toml", "id = \"troll\"", "id = troll");
  EXPECT_THROW(cached_content(dir.string()), InputError);
  EXPECT_THROW(cached_content(dir.string()), InputError);
  replace_in_file(dir / "units.toml", "id = troll", "id = \"troll\"");
  EXPECT_EQ(cached_content(dir.string()).find_unit("troll")->points, 356);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace warband::atomspast::builder
