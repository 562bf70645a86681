// Issue 14, defect 2, over HTTP: the probe's request (5,000 "damage:3" effects to the spell-power
// operation) grew past 6.9 GB; it is now a 400 naming the field, with a short answer.
#include <gtest/gtest.h>

#include "tests/support/test_server.h"

namespace warband::server {
namespace {

using testing::Reply;
using testing::TestServer;

TEST(ListLimits, TooManyEffectsInOneRequestAreA400WithAShortAnswer) {
  TestServer server;
  const Reply reply =
      server.client().post("/api/build/spellweavers/spell-power",
                           {{"args", {{"effect", nlohmann::json(5000, "damage:3")}}}});
  EXPECT_EQ(reply.status, 400) << reply.body.substr(0, 300);
  ASSERT_TRUE(reply.json.is_object()) << reply.body.substr(0, 300);
  EXPECT_EQ(reply.json["error"]["where"], "body.args.effect");
  EXPECT_EQ(reply.json["error"]["what"], "5000 effects, more than the 24 allowed");
  EXPECT_LT(reply.body.size(), 300u);

  // Many repeats within the limit: read, and reported once.
  const Reply within =
      server.client().post("/api/build/spellweavers/spell-power",
                           {{"args", {{"effect", nlohmann::json(24, "damage:3")}}}});
  EXPECT_EQ(within.status, 200) << within.body.substr(0, 300);
  EXPECT_LT(within.body.size(), 8000u) << within.body;  // 276 pairs made ~30 KB
  // Once in the text and once in the result at most: not once per pair (276 pairs).
  std::size_t mentions = 0;
  for (std::size_t at = within.body.find("make them one effect"); at != std::string::npos;
       at = within.body.find("make them one effect", at + 1))
    ++mentions;
  EXPECT_GE(mentions, 1u) << within.body;
  EXPECT_LE(mentions, 2u) << within.body;
}

}  // namespace
}  // namespace warband::server
