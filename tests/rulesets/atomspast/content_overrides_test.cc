// What-if overrides' copies of the content: shared by the games that name the same overrides, and
// bounded, since every request to the server may name its own.
#include "rulesets/atomspast/content_overrides.h"

#include <gtest/gtest.h>

#include <memory>

#include "rulesets/atomspast/atomspast_game.h"

namespace warband::atomspast {
namespace {

nlohmann::json orc_warrior_at(int points) {
  return {{"units.orc_warrior.points", points}};
}

TEST(AtomsPastContentOverrides, SameOverridesShareACopyAndTheCopiesAreBounded) {
  const std::shared_ptr<const Content> content = setup_content(nlohmann::json::object());
  const std::shared_ptr<const Content> held = with_content_overrides(content, orc_warrior_at(7));
  EXPECT_EQ(with_content_overrides(content, orc_warrior_at(7)), held);
  EXPECT_EQ(held->find_unit("orc_warrior")->points, 7);
  EXPECT_EQ(with_content_overrides(content, nlohmann::json::object()), content);

  std::weak_ptr<const Content> dropped = with_content_overrides(content, orc_warrior_at(8));
  EXPECT_FALSE(dropped.expired());  // kept by the cache alone
  for (int points = 100; points < 300; ++points)
    EXPECT_EQ(
        with_content_overrides(content, orc_warrior_at(points))->find_unit("orc_warrior")->points,
        points);
  // 200 sets later the one nobody held is gone; the one a game holds is still the shared copy.
  EXPECT_TRUE(dropped.expired());
  EXPECT_EQ(with_content_overrides(content, orc_warrior_at(7)), held);
  EXPECT_EQ(with_content_overrides(content, orc_warrior_at(8))->find_unit("orc_warrior")->points,
            8);
}

}  // namespace
}  // namespace warband::atomspast
