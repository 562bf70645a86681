#include "server/game_session.h"

#include <fmt/format.h>

#include <algorithm>

#include "bots/bot.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/rng.h"
#include "server/api.h"
#include "server/content_versions.h"

namespace warband::server {

namespace {
// What a person reads when another tab, player or bot moved first.
constexpr const char* kMovedOn = "The game has moved on since this page loaded.";
}  // namespace
namespace {

// A request waits for its bots: no search longer than a few seconds a decision.
constexpr bots::SearchLimits kWebSearchLimits{.milliseconds = 10000, .iterations = 100000};

// Why the seat's player is no bot this build makes ("" if it is one, or human): a game stored
// before a spec was refused (mcts:c=nan, issue 14) must still open, replay and be deleted.
std::string unmakeable_bot(const std::string& player, int seat) {
  if (player == "human") return "";
  try {
    bots::make_bot(player, fmt::format("players[{}]", seat));
  } catch (const InputError& error) {
    return fmt::format(
        "{} is not a bot this build plays ({}): the game cannot go on; its replay "
        "and log still open, and it can be deleted",
        seat_name(seat), error.message());
  }
  return "";
}

std::unique_ptr<bots::Bot> make_seat_bot(const std::string& player, int seat) {
  if (player == "human") return nullptr;
  if (const std::string why = unmakeable_bot(player, seat); !why.empty())
    throw ApiError(409, fmt::format("players[{}]", seat), why);
  return bots::make_bot(player, fmt::format("players[{}]", seat));
}

}  // namespace

std::uint64_t chance_seed(std::uint64_t seed, std::int64_t length) {
  return mix_seed(mix_seed(seed, 0), static_cast<std::uint64_t>(length));
}

std::uint64_t bot_seed(std::uint64_t seed, std::int64_t length) {
  return mix_seed(mix_seed(seed, 1), static_cast<std::uint64_t>(length));
}

void check_web_player(const std::string& player, const std::string& where, bool allow_human) {
  if (player == "human") {
    if (allow_human) return;
    throw InputError(where, "expected a bot spec (random, greedy, mcts:iterations=500), not human");
  }
  // Throws InputError naming the bad kind or option, a search out of the web's limits among them.
  bots::make_bot(player, where, kWebSearchLimits);
}

std::string seat_name(int player) {
  if (player == 0) return "Red";
  if (player == 1) return "Blue";
  if (player == kChancePlayer) return "chance";
  return fmt::format("Player {}", player);
}

namespace {

// The version of the folder `game` reads, as it is now (null if it cannot be kept).
std::shared_ptr<const ContentVersion> live_version(const std::string& ruleset, const Game& game) {
  try {
    return folder_version(content_folder(ruleset, game.setup()));
  } catch (const InputError&) {
    return nullptr;  // a content_dir that is no string: make_game refused it already
  }
}

}  // namespace

GameSession::GameSession(std::string ruleset, std::shared_ptr<const Game> game,
                         std::vector<std::string> players, std::uint64_t seed)
    : GameSession(ruleset, game, std::move(players), seed,
                  PlayedContent{live_version(ruleset, *game), ""}) {}

GameSession::GameSession(std::string ruleset, std::shared_ptr<const Game> game,
                         std::vector<std::string> players, std::uint64_t seed,
                         PlayedContent content)
    : players_(std::move(players)),
      seed_(seed),
      content_(std::move(content)),
      game_(std::move(game)),
      record_(std::make_unique<GameRecord>(std::move(ruleset), game_)) {
  record_->seed = seed_;
}

GameSession GameSession::from_log(const nlohmann::json& log, std::vector<std::string> players,
                                  std::uint64_t seed) {
  return from_log(log, std::move(players), seed, PlayedContent{});
}

GameSession GameSession::from_log(const nlohmann::json& log, std::vector<std::string> players,
                                  std::uint64_t seed, PlayedContent content) {
  // GameRecord::replay checks the log's form, that each action is legal and the final hash; the
  // second pass below takes each action's view in the state before it.
  const bool stored = !content.root.empty();
  try {
    nlohmann::json moved;
    if (stored) {
      moved = log;
      if (moved.is_object() && moved["setup"].is_object())
        moved["setup"]["content_dir"] = content.root;
    }
    const GameRecord checked = GameRecord::replay(stored ? moved : log);
    std::shared_ptr<const Game> game = make_game(checked.ruleset(), checked.game().setup());
    if (!stored && !content.version) content.version = live_version(checked.ruleset(), *game);
    GameSession session(checked.ruleset(), std::move(game), std::move(players), seed,
                        std::move(content));
    if (stored) session.own_setup_ = log.at("setup");
    for (Action action : checked.actions())
      session.apply(action);
    return session;
  } catch (const InputError& error) {
    if (stored)
      throw ApiError(409, "log",
                     fmt::format("the saved game does not replay with this build on the content "
                                 "it began on (its log is kept unchanged): {}",
                                 error.message()));
    throw ApiError(
        409, "log",
        fmt::format("the saved game does not replay with this build and content (a content file "
                    "changed since it began? its log is kept unchanged): {}",
                    error.message()));
  }
}

nlohmann::json GameSession::log() const {
  nlohmann::json log = record_->to_json();
  if (!own_setup_.is_null()) log["setup"] = own_setup_;
  return log;
}

std::string GameSession::content_text() const {
  if (plays_live_content() || !content_.version) return "live";
  return began_on_text(content_.version->hash, content_.version->files.size());
}

bool GameSession::is_human(int seat) const {
  return seat >= 0 && static_cast<std::size_t>(seat) < players_.size() && players_[seat] == "human";
}

std::string GameSession::winner() const {
  if (resigned_ >= 0) return seat_name(1 - resigned_);
  if (!state().is_terminal()) return "";
  const std::vector<double> returns = state().returns();
  if (returns.size() == 2 && returns[0] != returns[1])
    return seat_name(returns[0] > returns[1] ? 0 : 1);
  return "draw";
}

void GameSession::apply(Action action) {
  const int player = state().current_player();
  nlohmann::json entry = state().action_view(action);
  if (!entry.is_object()) entry = {{"text", state().action_to_string(action)}};
  applied_.push_back({player, std::move(entry)});
  record_->apply(action);
}

std::string GameSession::blocked() const {
  for (std::size_t seat = 0; seat < players_.size(); ++seat)
    if (std::string why = unmakeable_bot(players_[seat], static_cast<int>(seat)); !why.empty())
      return why;
  return "";
}

bool GameSession::pending() const {
  if (resigned_ >= 0 || state().is_terminal() || is_human(state().current_player())) return false;
  // A game past its declared maximum is a ruleset bug: it is not played on.
  return length() < record_->game().info().max_game_length;
}

int GameSession::advance(int max_applies, std::chrono::steady_clock::time_point deadline,
                         const Budget& budget) {
  std::vector<std::unique_ptr<bots::Bot>> bots;
  for (std::size_t seat = 0; seat < players_.size(); ++seat)
    bots.push_back(make_seat_bot(players_[seat], static_cast<int>(seat)));
  int applies = 0;
  while (pending() && applies < max_applies &&
         (applies == 0 || (std::chrono::steady_clock::now() < deadline && !budget.exhausted()))) {
    Action action = 0;
    if (state().is_chance()) {
      Rng rng(chance_seed(seed_, length()));
      action = rng.sample(state().chance_outcomes());
    } else {
      Rng rng(bot_seed(seed_, length()));
      action = bots[state().current_player()]->choose(state(), rng, budget);
    }
    apply(action);
    ++applies;
  }
  return applies;
}

void GameSession::act(Action action, std::int64_t length_seen, const Budget& budget) {
  if (length_seen != length())
    throw ApiError(
        409, "body.length",
        fmt::format("the game has moved on: it is at length {}, not {}", length(), length_seen),
        kMovedOn);
  const int player = state().current_player();
  if (resigned_ >= 0) throw ApiError(409, "body.action", "the game is over: a side resigned");
  if (!is_human(player))
    throw ApiError(409, "body.action",
                   state().is_terminal() ? std::string("the game is over")
                                         : fmt::format("it is not a human's turn ({} is to move)",
                                                       seat_name(player)));
  const std::vector<Action> legal = state().legal_actions();
  if (!std::binary_search(legal.begin(), legal.end(), action))
    throw InputError("body.action", fmt::format("{} is not a legal action here ({} has {} legal "
                                                "actions: see the view's \"legal\")",
                                                action, seat_name(player), legal.size()));
  apply(action);
  advance(budget);
}

std::int64_t GameSession::undoable_index() const {
  for (std::int64_t i = length() - 1; i >= 0; --i) {
    const int player = applied_[i].player;
    if (player == kChancePlayer) return -1;  // a die or a card came after it: not taken back
    if (is_human(player)) return i;
  }
  return -1;
}

bool GameSession::can_undo() const {
  return undoable_index() >= 0;
}

void GameSession::undo(std::int64_t length_seen) {
  if (length_seen != length())
    throw ApiError(
        409, "body.length",
        fmt::format("the game has moved on: it is at length {}, not {}", length(), length_seen),
        kMovedOn);
  const std::int64_t index = undoable_index();
  if (index < 0)
    throw ApiError(409, "body",
                   "nothing to take back: no human decision since the last die or card");
  // The record keeps no undo: play its first `index` actions again on a fresh one.
  auto shorter = std::make_unique<GameRecord>(record_->ruleset(), game_);
  shorter->seed = seed_;
  for (std::int64_t i = 0; i < index; ++i)
    shorter->apply(record_->actions()[i]);
  record_ = std::move(shorter);
  applied_.resize(static_cast<std::size_t>(index));
}

int GameSession::default_seat() const {
  const int to_move = state().current_player();
  if (is_human(to_move)) return to_move;
  for (std::size_t seat = 0; seat < players_.size(); ++seat)
    if (is_human(static_cast<int>(seat))) return static_cast<int>(seat);
  return -1;
}

nlohmann::json GameSession::log_entries(std::int64_t count, int viewer) const {
  nlohmann::json entries = nlohmann::json::array();
  for (std::int64_t i = 0; i < count; ++i) {
    const Applied& applied = applied_[i];
    const auto found = applied.entry.find("private_to");
    const int owner =
        found != applied.entry.end() && found->is_number_integer() ? found->get<int>() : -1;
    nlohmann::json entry;
    if (viewer != kSeesEverything && owner >= 0 && owner != viewer) {
      entry = {{"text", "(hidden)"}, {"hidden", true}};
    } else {
      entry = applied.entry;
      entry["action"] = record_->actions()[i];
    }
    entry["index"] = i;
    entry["player"] = seat_name(applied.player);
    entries.push_back(std::move(entry));
  }
  return entries;
}

nlohmann::json GameSession::view(const std::string& id, const std::string& kind, int seat) const {
  const State& now = state();
  nlohmann::json legal = nlohmann::json::array();
  if (seat >= 0 && resigned_ < 0 && now.current_player() == seat && is_human(seat))
    for (Action action : now.legal_actions()) {
      nlohmann::json item = now.action_view(action);
      item["action"] = action;
      legal.push_back(std::move(item));
    }
  const std::string won = winner();
  const std::string end_reason =
      resigned_ >= 0
          ? fmt::format("{} resigned: {} won", seat_name(resigned_), seat_name(1 - resigned_))
          : now.end_reason();
  return {{"id", id},
          {"ruleset", ruleset()},
          {"kind", kind},
          {"players", players_},
          {"seed", seed_},
          {"length", length()},
          {"current_player", now.current_player()},
          {"terminal", finished()},
          {"returns", now.is_terminal() ? now.returns() : std::vector<double>{}},
          {"winner", won.empty() ? nlohmann::json() : nlohmann::json(won)},
          {"end_reason", end_reason.empty() ? nlohmann::json() : nlohmann::json(end_reason)},
          {"pending", pending()},
          {"content", content_text()},
          {"seat", seat},
          {"can_undo", can_undo()},
          {"table", now.table_view(seat)},
          {"legal", std::move(legal)},
          {"log", log_entries(length(), seat)}};
}

nlohmann::json GameSession::replay_view(const std::string& id, std::int64_t step,
                                        int viewer) const {
  WB_CHECK(step >= 0 && step <= length());
  GameRecord at(ruleset(), game_);
  for (std::int64_t i = 0; i < step; ++i)
    at.apply(record_->actions()[i]);
  const State& then = at.state();
  return {{"id", id},
          {"length", length()},
          {"step", step},
          {"current_player", then.current_player()},
          {"terminal", then.is_terminal()},
          {"returns", then.is_terminal() ? then.returns() : std::vector<double>{}},
          // Why it ended, as the game view says it, once the step reaches the end.
          {"end_reason", then.is_terminal() && !then.end_reason().empty()
                             ? nlohmann::json(then.end_reason())
                             : nlohmann::json()},
          {"content", content_text()},
          {"table", then.table_view(viewer)},
          {"log", log_entries(step, viewer)}};
}

GameRow row_of(const GameSession& session, const std::string& kind) {
  GameRow row;
  row.ruleset = session.ruleset();
  row.kind = kind;
  row.players = session.players();
  row.seed = session.seed();
  row.log = session.log();
  row.length = session.length();
  row.terminal = session.finished();
  row.winner = session.winner();
  row.content = session.content_version();
  if (row.content) row.content_version = row.content->hash;
  return row;
}

}  // namespace warband::server
