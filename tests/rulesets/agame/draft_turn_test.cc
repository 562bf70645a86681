// A pick out of turn in A Game's draft, as players send it: a game played through the server with
// both seats on links (issue 21), where the seat not to choose sends the other's burn or pick and
// is refused with the reason, the draft unchanged; and a card that is not on the table is refused
// as no legal choice. The draft's own refusal (draft.h) is tested in draft_test.cc.
#include <gtest/gtest.h>

#include <array>
#include <string>

#include "tests/support/remote_game.h"
#include "tests/support/test_server.h"

namespace warband {
namespace {

using server::testing::bearer;
using server::testing::Client;
using server::testing::create_remote_game;
using server::testing::Reply;
using server::testing::TestServer;

TEST(AGameDraftTurn, APickOutOfTurnIsRefusedWithTheReason) {
  TestServer server;
  Client& client = server.client();
  const auto [created, id, tokens, owner] =
      create_remote_game(client, "agame", nlohmann::json::object(), {0, 1});
  // The decks are shuffled and the roll-off made by chance: the draft's first burn waits.
  const int to_move = created["current_player"];
  ASSERT_GE(to_move, 0);
  const nlohmann::json view = client.get("/api/games/" + id, bearer(tokens[to_move])).json;
  ASSERT_EQ(view["table"]["draft"]["step"], "burn") << view["table"]["draft"].dump();
  ASSERT_FALSE(view["legal"].empty());
  const std::string actions = "/api/games/" + id + "/actions";
  const nlohmann::json burn = {{"action", view["legal"][0]["action"]}, {"length", view["length"]}};

  // The other seat sends that burn: refused, and the reason names whose turn it is.
  const char* const kSide[] = {"Red", "Blue"};
  const Reply out_of_turn = client.post(actions, burn, bearer(tokens[1 - to_move]));
  EXPECT_EQ(out_of_turn.status, 403) << out_of_turn.body;
  EXPECT_EQ(out_of_turn.json["error"]["where"], "body.action");
  EXPECT_EQ(
      out_of_turn.json["error"]["what"],
      std::string("it is ") + kSide[to_move] + "'s turn and your link plays " + kSide[1 - to_move])
      << out_of_turn.body;
  EXPECT_EQ(client.get("/api/games/" + id, bearer(tokens[to_move])).json["length"],
            view["length"]);  // nothing was applied

  // The seat to choose sends a card index past the table's 4 cards: no legal choice.
  nlohmann::json no_card = burn;
  no_card["action"] = view["legal"].back()["action"].get<std::int64_t>() + 16;
  const Reply not_legal = client.post(actions, no_card, bearer(tokens[to_move]));
  EXPECT_EQ(not_legal.status, 400) << not_legal.body;
  EXPECT_EQ(not_legal.json["error"]["where"], "body.action");

  // Its own burn is taken, and the pick is the other seat's.
  const Reply burned = client.post(actions, burn, bearer(tokens[to_move]));
  ASSERT_EQ(burned.status, 200) << burned.body;
  EXPECT_EQ(burned.json["current_player"], 1 - to_move);
  EXPECT_EQ(burned.json["table"]["draft"]["step"], "pick");
}

}  // namespace
}  // namespace warband
