// The content root a setup names, as every ruleset reads it.
#include "core/content_root.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/registry.h"

namespace warband {
namespace {

TEST(SetupContentRoot, TheSetupsFolderOrTheBuiltInOne) {
  EXPECT_EQ(setup_content_root({{"content_dir", "/tmp/mine"}}), "/tmp/mine");
  EXPECT_EQ(setup_content_root(nlohmann::json::object()), default_content_dir());
  EXPECT_EQ(setup_content_root({{"content_dir", ""}}), default_content_dir());
  EXPECT_EQ(setup_content_root(nlohmann::json()), default_content_dir());
  try {
    setup_content_root({{"content_dir", 5}});
    ADD_FAILURE() << "a number was taken for a folder";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "setup.content_dir");
  }
}

}  // namespace
}  // namespace warband
