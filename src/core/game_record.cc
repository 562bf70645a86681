#include "core/game_record.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/json_fields.h"
#include "core/json_input.h"
#include "core/registry.h"

namespace warband {
namespace {

constexpr const char* kLogFormat = "warband-log";
constexpr int kLogVersion = 1;
// How many legal actions an error message lists before it says "…".
constexpr std::size_t kListedActions = 12;

std::string list_actions(const std::vector<Action>& actions) {
  const std::size_t shown = std::min(actions.size(), kListedActions);
  std::string text = fmt::format("{}", fmt::join(actions.begin(), actions.begin() + shown, ", "));
  if (shown < actions.size()) text += fmt::format(", … ({} in all)", actions.size());
  return text;
}

// Why `action` may not be applied to `state`, or "" if it may.
std::string why_illegal(const State& state, Action action) {
  if (state.is_terminal()) return "the game is already over";
  if (state.is_chance()) {
    std::vector<Action> outcomes;
    for (const auto& outcome : state.chance_outcomes())
      outcomes.push_back(outcome.action);
    if (std::find(outcomes.begin(), outcomes.end(), action) != outcomes.end()) return "";
    std::sort(outcomes.begin(), outcomes.end());
    return fmt::format("it is a chance node whose possible outcomes are {}",
                       list_actions(outcomes));
  }
  const std::vector<Action> legal = state.legal_actions();
  if (std::binary_search(legal.begin(), legal.end(), action)) return "";
  return fmt::format("player {} is to move and the legal actions are {}", state.current_player(),
                     list_actions(legal));
}

// Returns as a log records them (JSON numbers, written from doubles) against a replay's.
bool same_returns(const std::vector<double>& recorded, const std::vector<double>& replayed) {
  constexpr double kTolerance = 1e-9;
  if (recorded.size() != replayed.size()) return false;
  for (std::size_t i = 0; i < recorded.size(); ++i)
    if (!(std::fabs(recorded[i] - replayed[i]) <= kTolerance)) return false;
  return true;
}

}  // namespace

std::string hash_to_hex(std::uint64_t hash) {
  return fmt::format("{:016x}", hash);
}

GameRecord::GameRecord(std::string ruleset, std::shared_ptr<const Game> game)
    : ruleset_(std::move(ruleset)), game_(std::move(game)), state_(game_->new_initial_state()) {}

void GameRecord::apply_checked(Action action) {
  if (std::string reason = why_illegal(*state_, action); !reason.empty()) {
    // An action of a kind the ruleset no longer lists: say so rather than list today's actions.
    for (const Ruleset* entry : Registry::instance().all())
      if (entry->name == ruleset_ && entry->retired_action_reason)
        if (std::string retired = entry->retired_action_reason(action); !retired.empty())
          reason = std::move(retired);
    throw InputError("", fmt::format("action #{} (value {}) is not legal here: {}", actions_.size(),
                                     action, reason));
  }
  // Apply to a copy so that even a throwing apply leaves this record as it was.
  std::unique_ptr<State> next = state_->clone();
  next->apply(action);
  actions_.reserve(actions_.size() + 1);
  state_ = std::move(next);
  actions_.push_back(action);
}

void GameRecord::apply(Action action) {
  state_->apply(action);
  actions_.push_back(action);
}

nlohmann::json GameRecord::to_json() const {
  nlohmann::json log = {
      {"format", kLogFormat},
      {"version", kLogVersion},
      {"ruleset", ruleset_},
      {"setup", game_->setup()},
      {"actions", actions_},
      {"final_hash", hash_to_hex(state_->hash())},
      {"result",
       {{"terminal", state_->is_terminal()},
        {"returns", state_->is_terminal() ? state_->returns() : std::vector<double>{}}}},
  };
  if (seed) log["seed"] = *seed;
  return log;
}

GameRecord GameRecord::replay(const nlohmann::json& log) {
  if (!log.is_object())
    throw InputError("log", "expected a JSON object, got " + json_type_name(log));
  const JsonFields fields(log, "");
  if (const std::string format = fields.string("format"); format != kLogFormat)
    throw InputError("format", fmt::format("expected \"{}\", got \"{}\"", kLogFormat, format));
  if (const std::int64_t version = fields.integer("version"); version != kLogVersion)
    throw InputError("version", fmt::format("this build reads version {}, the log is version {}",
                                            kLogVersion, version));
  const std::string ruleset = fields.string("ruleset");
  const JsonFields setup = fields.object("setup");
  const JsonItems actions = fields.array("actions");
  const std::optional<std::uint64_t> seed = fields.optional_seed("seed");
  std::optional<std::uint64_t> final_hash;
  if (fields.has("final_hash")) final_hash = fields.hex_hash("final_hash");
  const std::optional<JsonFields> result = fields.optional_object("result");
  // Whether the log says the game ended, when it says: gcc 12 reads an optional<bool> made by a
  // conditional as maybe uninitialized, so it is assigned only when there is a result.
  std::optional<bool> terminal;
  if (result) terminal = result->optional_boolean("terminal");
  std::optional<std::vector<double>> returns;
  if (const std::optional<JsonItems> given =
          result ? result->optional_array("returns") : std::nullopt) {
    returns.emplace();
    for (std::size_t i = 0; i < given->size(); ++i)
      returns->push_back(given->number(i));
  }

  GameRecord record(ruleset, make_game(ruleset, setup.json()));
  record.seed = seed;
  // No game is longer than its ruleset says: a longer log is refused before any is replayed.
  if (const int longest = record.game().info().max_game_length;
      longest > 0 && actions.size() > static_cast<std::size_t>(longest))
    throw InputError("actions", fmt::format("the log has {} actions; a game of {} has at most {}",
                                            actions.size(), ruleset, longest));
  for (std::size_t i = 0; i < actions.size(); ++i)
    record.apply_checked(actions.integer(i));

  const std::uint64_t replayed_hash = record.state().hash();
  if (final_hash && *final_hash != replayed_hash)
    throw InputError("final_hash",
                     fmt::format("log replays to hash {} but records {}: edited or from another "
                                 "version",
                                 hash_to_hex(replayed_hash), hash_to_hex(*final_hash)));
  if (terminal && *terminal != record.state().is_terminal())
    throw InputError("result.terminal",
                     fmt::format("the log says the game {} but it replays to a game that {}",
                                 *terminal ? "ended" : "was unfinished",
                                 record.state().is_terminal() ? "ended" : "is unfinished"));
  if (returns) {
    const State& state = record.state();
    const std::vector<double> replayed =
        state.is_terminal() ? state.returns() : std::vector<double>{};
    if (!same_returns(*returns, replayed))
      throw InputError("result.returns",
                       fmt::format("the log records [{}] but it replays to [{}]{}",
                                   fmt::join(*returns, ", "), fmt::join(replayed, ", "),
                                   state.is_terminal() ? "" : " (the game is not over)"));
  }
  return record;
}

}  // namespace warband
