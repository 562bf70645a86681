// A game played through the server: its record (setup plus every action and chance outcome), who
// sits at each seat ("human" or a bot spec) and the seed; and the rules for moving it on. Chance
// outcomes and bot choices at record length n come from Rng(mix_seed(mix_seed(seed, 0), n)) and
// Rng(mix_seed(mix_seed(seed, 1), n)), so the game depends on its record alone: a restart, an undo
// or a request that stopped half way never changes a die.
//
// Independent of HTTP and of the Store: the game routes load a session from a stored log, change
// it and save it back. Errors are ApiError (404/409) and InputError (400), as the routes answer
// them.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/budget.h"
#include "core/game.h"
#include "core/game_record.h"
#include "core/rng.h"
#include "server/store.h"

namespace warband::server {

// How much one request may play before it answers (a bot-vs-bot game goes on at the next GET).
inline constexpr int kMaxAppliesPerRequest = 5000;
inline constexpr std::chrono::milliseconds kMaxTimePerRequest{2000};
// Seeds a client gives or is given are exact in JavaScript.
inline constexpr std::uint64_t kMaxSeed = kMaxFreshSeed;

// The seeds of the two streams at record length `length`.
std::uint64_t chance_seed(std::uint64_t seed, std::int64_t length);
std::uint64_t bot_seed(std::uint64_t seed, std::int64_t length);

// Checks a seat's player as a web request gives it: "human" or a bot spec that make_bot accepts
// and that answers within a request (mcts at most ms=10000 or iterations=100000); InputError at
// `where` otherwise.
void check_web_player(const std::string& player, const std::string& where, bool allow_human);

// "Red" for seat 0, "Blue" for 1, "chance" for the chance player.
std::string seat_name(int player);

// The content a game plays on (content_versions.h): the version it began on (null when none was
// kept) and, when that is not the live folder's, the root it is written under ("" for the live
// folder its setup names).
struct PlayedContent {
  std::shared_ptr<const ContentVersion> version;
  std::string root;
};

class GameSession {
 public:
  // A new game: nothing applied yet. `players` are checked by advance() when a bot is to move
  // (check_web_player checks them first); a replay's are only names. It keeps the version of the
  // content folder it reads as it is now (row_of stores it with a new row).
  GameSession(std::string ruleset, std::shared_ptr<const Game> game,
              std::vector<std::string> players, std::uint64_t seed);
  // A saved game: its log replayed, every action checked, on the live content folder. A log that
  // no longer replays (the rules or its content changed since it was saved) is ApiError 409
  // saying which action failed.
  static GameSession from_log(const nlohmann::json& log, std::vector<std::string> players,
                              std::uint64_t seed);
  // The same on `content`: with a root, the log's setup reads its content from there, while log()
  // gives the setup as the log has it. Without a root or a version, the version is the live
  // folder's.
  static GameSession from_log(const nlohmann::json& log, std::vector<std::string> players,
                              std::uint64_t seed, PlayedContent content);

  const GameRecord& record() const { return *record_; }
  const State& state() const { return record_->state(); }
  const std::string& ruleset() const { return record_->ruleset(); }
  const std::vector<std::string>& players() const { return players_; }
  std::uint64_t seed() const { return seed_; }
  std::int64_t length() const { return static_cast<std::int64_t>(record_->actions().size()); }
  bool is_human(int seat) const;
  // The game as `warband replay` reads it, with its own setup (not the root of its stored
  // content version).
  nlohmann::json log() const;
  // The content version the game began on (null when none was kept).
  const std::shared_ptr<const ContentVersion>& content_version() const { return content_.version; }
  // Whether it plays on the live content folder (not a stored version of it).
  bool plays_live_content() const { return content_.root.empty(); }
  // What the view's "content" says: "live", or "as it began (version 1a2b3c4d5e6f, 12 files)".
  std::string content_text() const;
  // "Red", "Blue", "draw", or "" while the game goes on.
  std::string winner() const;
  // A seat gave the game up (a game with remote seats, store.h GameAccess::resigned): it is over,
  // the other side won, though its record did not reach the end.
  void set_resigned(int seat) { resigned_ = seat; }
  int resigned() const { return resigned_; }
  // Over: the rules ended it, or a seat resigned.
  bool finished() const { return resigned_ >= 0 || state().is_terminal(); }

  // Plays chance outcomes and bot decisions until a human must decide or the game ends, at most
  // `max_applies` of them, until `deadline` and while `budget` lasts (the request's: the bots
  // search within it, and one out of time plays the best action it found); returns how many it
  // played.
  int advance(int max_applies = kMaxAppliesPerRequest,
              std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::now() +
                                                               kMaxTimePerRequest,
              const Budget& budget = Budget::unlimited());
  int advance(const Budget& budget) {
    return advance(kMaxAppliesPerRequest, std::chrono::steady_clock::now() + kMaxTimePerRequest,
                   budget);
  }
  // Chance or a bot is to move: advance() stopped at its limit and the next one goes on.
  bool pending() const;
  // Why the game cannot be moved on ("" if it can): a seat's bot spec that this build refuses
  // (stored before the refusal). advance() and act() then answer 409 with it.
  std::string blocked() const;

  // A human's decision. `length` is the record length the client saw: 409 if it is stale or no
  // human is to move, 400 (at "body.action") if the action is not legal here. Then advance()
  // within `budget`.
  void act(Action action, std::int64_t length, const Budget& budget = Budget::unlimited());
  // Takes back the last human decision and the bot moves after it: 409 if `length` is stale, if
  // no human has decided, or if a chance outcome came after that decision.
  void undo(std::int64_t length);
  bool can_undo() const;

  // The seat a view shows by default: the human to move, else the first human seat, else -1
  // (everything).
  int default_seat() const;
  // The game view of docs/api.md as `seat` (0, 1, or -1: everything) sees it.
  nlohmann::json view(const std::string& id, const std::string& kind, int seat) const;
  // The replay view after the first `step` actions (0..length) as `viewer` sees it (-1:
  // everything).
  nlohmann::json replay_view(const std::string& id, std::int64_t step, int viewer) const;

 private:
  struct Applied {
    int player;            // who applied it: 0, 1 or kChancePlayer
    nlohmann::json entry;  // its action_view, taken in the state before it
  };

  void apply(Action action);
  // The last human decision that may be taken back, or -1.
  std::int64_t undoable_index() const;
  nlohmann::json log_entries(std::int64_t count, int viewer) const;

  GameSession(std::string ruleset, std::shared_ptr<const Game> game,
              std::vector<std::string> players, std::uint64_t seed, PlayedContent content);

  std::vector<std::string> players_;
  std::uint64_t seed_ = 0;
  PlayedContent content_;
  nlohmann::json own_setup_;  // the log's setup when the game reads a stored version, else null
  int resigned_ = -1;
  std::shared_ptr<const Game> game_;
  std::unique_ptr<GameRecord> record_;
  std::vector<Applied> applied_;  // one per action of the record
};

// The row a game is stored as: its session's log and result, under `kind` ("game", "replay"),
// and the content version it began on.
GameRow row_of(const GameSession& session, const std::string& kind);

}  // namespace warband::server
