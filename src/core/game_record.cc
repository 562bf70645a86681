#include "core/game_record.h"

#include <algorithm>
#include <charconv>
#include <limits>

#include "core/error.h"
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

const nlohmann::json& require_field(const nlohmann::json& log, const char* field) {
  const auto found = log.find(field);
  if (found == log.end()) throw InputError(field, "missing");
  return *found;
}

std::string require_string(const nlohmann::json& log, const char* field) {
  const auto& value = require_field(log, field);
  if (!value.is_string())
    throw InputError(field, "expected a string, got " + json_type_name(value));
  return value.get<std::string>();
}

Action read_action(const nlohmann::json& value, std::size_t index) {
  const std::string where = fmt::format("actions[{}]", index);
  if (value.is_number_unsigned()) {
    const auto number = value.get<std::uint64_t>();
    if (number > static_cast<std::uint64_t>(std::numeric_limits<Action>::max()))
      throw InputError(where, fmt::format("{} is out of range for an action", number));
    return static_cast<Action>(number);
  }
  if (value.is_number_integer()) return value.get<Action>();
  throw InputError(where, "expected an integer, got " + json_type_name(value));
}

std::uint64_t parse_hash(const std::string& text) {
  std::uint64_t hash = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, hash, 16);
  if (text.size() != 16 || error != std::errc() || stop != end)
    throw InputError("final_hash", fmt::format("expected 16 hex digits, got \"{}\"", text));
  return hash;
}

}  // namespace

std::string hash_to_hex(std::uint64_t hash) {
  return fmt::format("{:016x}", hash);
}

GameRecord::GameRecord(std::string ruleset, std::shared_ptr<const Game> game)
    : ruleset_(std::move(ruleset)), game_(std::move(game)), state_(game_->new_initial_state()) {}

void GameRecord::apply_checked(Action action) {
  if (const std::string reason = why_illegal(*state_, action); !reason.empty())
    throw InputError("", fmt::format("action #{} (value {}) is not legal here: {}", actions_.size(),
                                     action, reason));
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
  if (const std::string format = require_string(log, "format"); format != kLogFormat)
    throw InputError("format", fmt::format("expected \"{}\", got \"{}\"", kLogFormat, format));
  const auto& version = require_field(log, "version");
  if (!version.is_number_integer())
    throw InputError("version", "expected an integer, got " + json_type_name(version));
  if (version != kLogVersion)
    throw InputError("version", fmt::format("this build reads version {}, the log is version {}",
                                            kLogVersion, version.dump()));
  const std::string ruleset = require_string(log, "ruleset");
  const auto& setup = require_field(log, "setup");
  if (!setup.is_object())
    throw InputError("setup", "expected an object, got " + json_type_name(setup));
  const auto& actions = require_field(log, "actions");
  if (!actions.is_array())
    throw InputError("actions", "expected an array, got " + json_type_name(actions));
  std::optional<std::uint64_t> seed;
  if (const auto found = log.find("seed"); found != log.end()) {
    if (!found->is_number_unsigned())
      throw InputError("seed", "expected a non-negative integer, got " + json_type_name(*found));
    seed = found->get<std::uint64_t>();
  }
  std::optional<std::uint64_t> final_hash;
  if (log.contains("final_hash")) final_hash = parse_hash(require_string(log, "final_hash"));
  if (const auto found = log.find("result"); found != log.end() && !found->is_object())
    throw InputError("result", "expected an object, got " + json_type_name(*found));

  GameRecord record(ruleset, make_game(ruleset, setup));
  record.seed = seed;
  for (std::size_t i = 0; i < actions.size(); ++i)
    record.apply_checked(read_action(actions[i], i));

  const std::uint64_t replayed_hash = record.state().hash();
  if (final_hash && *final_hash != replayed_hash)
    throw InputError("final_hash",
                     fmt::format("log replays to hash {} but records {}: edited or from another "
                                 "version",
                                 hash_to_hex(replayed_hash), hash_to_hex(*final_hash)));
  if (const auto found = log.find("result"); found != log.end() && found->contains("terminal")) {
    const auto& terminal = (*found)["terminal"];
    if (!terminal.is_boolean())
      throw InputError("result.terminal", "expected a boolean, got " + json_type_name(terminal));
    if (terminal.get<bool>() != record.state().is_terminal())
      throw InputError("result.terminal",
                       fmt::format("the log says the game {} but it replays to a game that {}",
                                   terminal.get<bool>() ? "ended" : "was unfinished",
                                   record.state().is_terminal() ? "ended" : "is unfinished"));
  }
  return record;
}

}  // namespace warband
