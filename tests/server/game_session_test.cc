// GameSession without HTTP: the per-length random streams (a restart, an undo or a request cut
// short never changes a die), human actions, undo, and what each seat may see. Most games are the
// toy dice race (tests/test_rulesets/toy/toy_game.h), whose dealt cards are private to their
// holder.
#include "server/game_session.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/registry.h"
#include "server/api.h"
#include "tests/test_rulesets/toy/toy_game.h"

namespace warband::server {
namespace {

const nlohmann::json kShortToy = {{"parameters", {{"target", 12}, {"max_turns", 8}}}};

GameSession toy_session(std::vector<std::string> players, std::uint64_t seed) {
  return GameSession("toy", make_game("toy", kShortToy), std::move(players), seed);
}

int api_status(const std::function<void()>& call) {
  try {
    call();
  } catch (const ApiError& error) {
    return error.status();
  } catch (const InputError&) {
    return 400;
  }
  return 200;
}

TEST(GameSession, BotsAndChancePlayUntilAHumanMustDecide) {
  GameSession session = toy_session({"human", "random"}, 5);
  EXPECT_EQ(session.advance(), 2);  // the two cards are dealt; then Red, a human, decides
  EXPECT_EQ(session.state().current_player(), 0);
  EXPECT_FALSE(session.pending());
  EXPECT_EQ(session.default_seat(), 0);
  EXPECT_EQ(session.advance(), 0);
}

TEST(GameSession, ARestartedGameRollsTheSameNextDie) {
  GameSession played = toy_session({"human", "random"}, 77);
  played.advance();
  for (int move = 0; move < 8 && !played.state().is_terminal(); ++move) {
    // The server restarts before each move: the game is its log, seed and players.
    GameSession restarted = GameSession::from_log(played.log(), played.players(), played.seed());
    ASSERT_EQ(restarted.length(), played.length());
    const Action action = played.state().legal_actions().front();  // a roll while it may
    played.act(action, played.length());
    restarted.act(action, restarted.length());
    ASSERT_EQ(restarted.log(), played.log()) << "move " << move;
  }
  EXPECT_GT(played.length(), 12);
}

TEST(GameSession, AGameCutIntoManyRequestsIsTheGamePlayedInOne) {
  GameSession whole = toy_session({"random", "greedy"}, 9);
  whole.advance();
  ASSERT_TRUE(whole.state().is_terminal());
  GameSession pieces = toy_session({"random", "greedy"}, 9);
  int requests = 0;
  while (pieces.pending()) {
    pieces = GameSession::from_log(pieces.log(), pieces.players(), pieces.seed());
    pieces.advance(3);
    ++requests;
  }
  EXPECT_GT(requests, 3);
  EXPECT_EQ(pieces.log(), whole.log());
  // Another seed is another game.
  GameSession other = toy_session({"random", "greedy"}, 10);
  other.advance();
  EXPECT_NE(other.log()["actions"], whole.log()["actions"]);
}

TEST(GameSession, StaleLengthsIllegalActionsAndBotTurnsAreRefused) {
  GameSession session = toy_session({"human", "random"}, 3);
  session.advance();
  const std::int64_t length = session.length();
  EXPECT_EQ(api_status([&] { session.act(toy::kRoll, length - 1); }), 409);
  EXPECT_EQ(api_status([&] { session.act(toy::kBank, length); }), 400);  // nothing to bank yet
  EXPECT_EQ(api_status([&] { session.act(99, length); }), 400);
  EXPECT_EQ(session.length(), length);  // nothing was applied

  GameSession bots = toy_session({"random", "random"}, 3);
  bots.advance();
  ASSERT_TRUE(bots.state().is_terminal());
  EXPECT_EQ(api_status([&] { bots.act(toy::kRoll, bots.length()); }), 409);
}

TEST(GameSession, UndoTakesBackADecisionNoDieFollowed) {
  GameSession session = toy_session({"human", "human"}, 11);
  session.advance();
  const nlohmann::json before = session.log();
  EXPECT_FALSE(session.can_undo());
  EXPECT_EQ(api_status([&] { session.undo(session.length()); }), 409);  // nothing decided yet

  session.act(toy::kPlayCard, session.length());  // no chance after it: Red decides again
  ASSERT_TRUE(session.can_undo());
  EXPECT_EQ(api_status([&] { session.undo(session.length() - 1); }), 409);  // stale
  session.undo(session.length());
  EXPECT_EQ(session.log(), before);

  session.act(toy::kRoll, session.length());  // a die follows the roll
  EXPECT_FALSE(session.can_undo());
  EXPECT_EQ(api_status([&] { session.undo(session.length()); }), 409);
}

TEST(GameSession, UndoAlsoTakesBackTheBotMovesAfterTheDecision) {
  // Find a game where Blue, a bot, answers Red's bank with decisions alone (its card, then a
  // bank), so that no die came after Red's decision.
  int found = 0;
  for (std::uint64_t seed = 0; seed < 200 && found < 3; ++seed) {
    GameSession session = toy_session({"human", "random"}, seed);
    session.advance();
    while (!session.state().is_terminal()) {
      const std::vector<Action> legal = session.state().legal_actions();
      const bool can_bank = std::find(legal.begin(), legal.end(), toy::kBank) != legal.end();
      const std::int64_t decided_at = session.length();
      const nlohmann::json before = session.log();
      session.act(can_bank ? toy::kBank : toy::kRoll, decided_at);
      if (!session.can_undo() || session.length() - decided_at < 2) continue;
      session.undo(session.length());
      EXPECT_EQ(session.length(), decided_at) << "seed " << seed;
      EXPECT_EQ(session.log(), before) << "seed " << seed;
      ++found;
      break;
    }
  }
  EXPECT_EQ(found, 3);
}

TEST(GameSession, EachSeatSeesItsOwnCardAndNotTheOther) {
  GameSession session = toy_session({"human", "human"}, 21);
  session.advance();
  const nlohmann::json red = session.view("1", "game", 0);
  const nlohmann::json blue = session.view("1", "game", 1);
  const nlohmann::json all = session.view("1", "game", -1);
  ASSERT_EQ(red["log"].size(), 2u);
  EXPECT_EQ(red["log"][0]["player"], "chance");
  EXPECT_NE(red["log"][0]["text"], "(hidden)");  // Red's own card
  EXPECT_EQ(red["log"][1]["text"], "(hidden)");  // Blue's
  EXPECT_FALSE(red["log"][1].contains("action"));
  EXPECT_EQ(blue["log"][0]["text"], "(hidden)");
  EXPECT_NE(blue["log"][1]["text"], "(hidden)");
  EXPECT_NE(all["log"][0]["text"], "(hidden)");
  EXPECT_NE(all["log"][1]["text"], "(hidden)");
  // The table hides the other's card too: Blue's card appears in no view of Red's.
  const std::string red_table = red["table"]["text"];
  EXPECT_NE(red_table.find("card ?"), std::string::npos) << red_table;
  // Legal actions go to the seat to move alone.
  EXPECT_FALSE(red["legal"].empty());
  EXPECT_TRUE(blue["legal"].empty());
  for (const nlohmann::json& item : red["legal"]) {
    EXPECT_TRUE(item["action"].is_number_integer());
    EXPECT_TRUE(item["text"].is_string());
  }
  EXPECT_EQ(red["seat"], 0);
  EXPECT_EQ(red["current_player"], 0);
  EXPECT_TRUE(red["winner"].is_null());
}

TEST(GameSession, TheLogReplaysAndTheReplayViewStepsThroughIt) {
  GameSession session = toy_session({"greedy", "random"}, 4);
  session.advance();
  ASSERT_TRUE(session.state().is_terminal());
  const GameRecord replayed = GameRecord::replay(session.log());
  EXPECT_EQ(replayed.state().hash(), session.state().hash());
  EXPECT_EQ(replayed.seed, std::optional<std::uint64_t>(4));
  EXPECT_FALSE(session.winner().empty());

  const nlohmann::json start = session.replay_view("1", 0, -1);
  EXPECT_EQ(start["step"], 0);
  EXPECT_TRUE(start["log"].empty());
  EXPECT_EQ(start["current_player"], kChancePlayer);
  const nlohmann::json end = session.replay_view("1", session.length(), -1);
  EXPECT_EQ(end["log"].size(), static_cast<std::size_t>(session.length()));
  EXPECT_TRUE(end["terminal"]);
  EXPECT_EQ(end["table"], session.state().table_view(-1));
}

TEST(GameSession, AnEditedLogDoesNotLoad) {
  GameSession session = toy_session({"random", "random"}, 8);
  session.advance();
  nlohmann::json log = session.log();
  log["actions"][2] = 77;
  EXPECT_EQ(api_status([&] { GameSession::from_log(log, {"random", "random"}, 8); }), 409);
}

TEST(GameSession, WebPlayersAreHumansOrBotsThatAnswerInARequest) {
  EXPECT_NO_THROW(check_web_player("human", "p", true));
  EXPECT_NO_THROW(check_web_player("mcts:iterations=500", "p", true));
  EXPECT_THROW(check_web_player("human", "p", false), InputError);
  EXPECT_THROW(check_web_player("cheater", "p", true), InputError);
  EXPECT_THROW(check_web_player("mcts:ms=60000", "p", true), InputError);
  EXPECT_THROW(check_web_player("mcts:iterations=100000000", "p", true), InputError);
}

// A human against the greedy bot on the real ruleset: the human's every legal action is accepted
// and the game moves on to the human's next decision, a die never re-rolled on reload.
TEST(GameSession, AtomsPastHumanAgainstGreedy) {
  const nlohmann::json setup = {{"map", "training_ground"}};
  GameSession session("atomspast", make_game("atomspast", setup),
                      {"human", "greedy:depth=1,nodes=20"}, 42);
  // A request may stop at its time limit (slow under AddressSanitizer): play on as polls do.
  const auto play_out = [](GameSession& game) {
    while (game.pending())
      game.advance();
  };
  play_out(session);
  for (int decision = 0; decision < 12 && !session.state().is_terminal(); ++decision) {
    ASSERT_EQ(session.state().current_player(), 0);
    const nlohmann::json view = session.view("1", "game", 0);
    ASSERT_FALSE(view["legal"].empty());
    const Action last = view["legal"].back()["action"];
    GameSession reloaded = GameSession::from_log(session.log(), session.players(), session.seed());
    session.act(last, session.length());
    reloaded.act(last, reloaded.length());
    play_out(session);
    play_out(reloaded);
    ASSERT_EQ(reloaded.log(), session.log());
  }
  EXPECT_GT(session.length(), 12);
  EXPECT_EQ(GameRecord::replay(session.log()).state().hash(), session.state().hash());
}

}  // namespace
}  // namespace warband::server
