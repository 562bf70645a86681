#include "conformance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <set>
#include <string_view>

#include "core/error.h"
#include "core/fnv1a.h"
#include "core/game_record.h"
#include "core/json_input.h"
#include "core/registry.h"
#include "core/rng.h"
#include "test_scale.h"

namespace warband {
namespace {

constexpr int kSampleEvery = 7;
constexpr double kProbabilitySumTolerance = 1e-12;
constexpr double kReturnsSumTolerance = 1e-9;
constexpr std::size_t kShownJsonChars = 300;

// The suite's own failure: thrown by a check, caught by the game loop, which adds the context.
struct CheckFailed {
  std::string message;
};

[[noreturn]] void fail(std::string message) {
  throw CheckFailed{std::move(message)};
}

std::string shorten(std::string text) {
  if (text.size() > kShownJsonChars) text = text.substr(0, kShownJsonChars) + "…";
  return text;
}

// The first JSON-patch operation turning `expected` into `actual`, to show where they differ.
std::string first_difference(const nlohmann::json& expected, const nlohmann::json& actual) {
  const nlohmann::json patch = nlohmann::json::diff(expected, actual);
  return patch.empty() ? "no difference" : shorten(patch.front().dump());
}

// Why `view` is not `full` with parts removed or masked, or "" if it is. Objects may drop keys,
// arrays may keep their length (checked element by element) or shrink, and any value may be
// replaced by a scalar (null, "hidden", a count); nothing may be added.
std::string masking_problem(const nlohmann::json& full, const nlohmann::json& view,
                            const std::string& path) {
  if (view == full || view.is_primitive()) return "";
  if (view.is_object()) {
    if (!full.is_object())
      return fmt::format("{}: the view has an object where the state has {}", path,
                         json_type_name(full));
    for (const auto& [key, value] : view.items()) {
      const auto found = full.find(key);
      if (found == full.end())
        return fmt::format("{}/{}: the view adds a key the state does not have", path, key);
      if (std::string problem = masking_problem(*found, value, path + "/" + key); !problem.empty())
        return problem;
    }
    return "";
  }
  if (view.is_array()) {
    if (!full.is_array())
      return fmt::format("{}: the view has an array where the state has {}", path,
                         json_type_name(full));
    if (view.size() > full.size())
      return fmt::format("{}: the view's array has {} entries, the state's {}", path, view.size(),
                         full.size());
    if (view.size() < full.size()) return "";  // entries removed: which ones is the ruleset's call
    for (std::size_t i = 0; i < view.size(); ++i)
      if (std::string problem = masking_problem(full[i], view[i], fmt::format("{}/{}", path, i));
          !problem.empty())
        return problem;
    return "";
  }
  return fmt::format("{}: the view holds binary data", path);
}

bool same_outcomes(const std::vector<ChanceOutcome>& a, const std::vector<ChanceOutcome>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& x, const auto& y) {
    return x.action == y.action && x.probability == y.probability;
  });
}

// Copies of a state taken before an apply, to check afterwards that they apply alike.
struct Copies {
  nlohmann::json json;  // the original's to_json(), made once: it is most of a soak's time
  std::unique_ptr<State> clone;
  std::unique_ptr<State> restored;  // through to_json -> state_from_json
};

class GameCheck {
 public:
  GameCheck(std::string ruleset, std::shared_ptr<const Game> game, std::uint64_t game_seed)
      : ruleset_(std::move(ruleset)), game_(std::move(game)), game_seed_(game_seed) {}

  // Plays and checks one game; throws CheckFailed (or whatever the ruleset throws).
  void run();

  int step() const { return step_; }
  std::string to_move() const { return to_move_; }

 private:
  void check_consistency(const State& state, const std::string& when);
  std::vector<Action> check_decision_node(const State& state);
  std::vector<ChanceOutcome> check_chance_node(const State& state);
  void check_terminal_node(const State& state);
  void check_descriptions(const State& state, const std::vector<Action>& legal);
  Copies check_copies(const State& state);
  void check_views(const State& state, const nlohmann::json& full);
  void check_same_after_apply(const Copies& copies, const State& state, Action action);
  void check_same_seed_same_game(const GameRecord& record);
  void check_log_replays(const GameRecord& record);
  void check_tampered_logs(const GameRecord& record);
  void expect_rejected(const nlohmann::json& log, const std::string& tampering,
                       const std::string& must_mention);

  std::string ruleset_;
  std::shared_ptr<const Game> game_;
  std::uint64_t game_seed_;
  int step_ = 0;
  std::string to_move_;
};

void GameCheck::run() {
  const GameInfo& info = game_->info();
  if (info.max_game_length <= 0)
    fail(fmt::format("info().max_game_length is {}; it must be a positive bound",
                     info.max_game_length));
  if (info.ruleset != ruleset_)
    fail(fmt::format("info().ruleset is '{}' but the game was made as '{}'", info.ruleset,
                     ruleset_));
  GameRecord record(ruleset_, game_);
  Rng rng(game_seed_);
  check_consistency(record.state(), "in the initial state");
  for (step_ = 0;; ++step_) {
    const State& state = record.state();
    to_move_ = state.is_chance()     ? "chance"
               : state.is_terminal() ? "terminal"
                                     : fmt::format("player {}", state.current_player());
    const bool sampled = step_ % kSampleEvery == 0 || state.is_terminal();
    if (state.is_terminal()) {
      check_terminal_node(state);
      check_views(state, check_copies(state).json);
      break;
    }
    if (step_ >= info.max_game_length)
      fail(fmt::format("the game has not ended after info().max_game_length = {} applies",
                       info.max_game_length));
    Action action;
    if (state.is_chance()) {
      action = rng.sample(check_chance_node(state));
    } else {
      const std::vector<Action> legal = check_decision_node(state);
      if (sampled) check_descriptions(state, legal);
      action = rng.pick(legal);
    }
    std::optional<Copies> copies;
    if (sampled && state.ending() != -1)
      fail(fmt::format("ending() is {} before the game is over, not -1", state.ending()));
    if (sampled) {
      copies = check_copies(state);
      check_views(state, copies->json);
    }
    const std::string description = state.action_to_string(action);
    record.apply(action);
    check_consistency(record.state(), fmt::format("after applying {} ({})", action, description));
    if (copies) check_same_after_apply(*copies, record.state(), action);
  }
  check_same_seed_same_game(record);
  check_log_replays(record);
  check_tampered_logs(record);
}

void GameCheck::check_consistency(const State& state, const std::string& when) {
  try {
    state.check_consistency();
  } catch (const std::exception& error) {
    fail(fmt::format("check_consistency() fails {}: {}", when, error.what()));
  }
}

std::vector<Action> GameCheck::check_decision_node(const State& state) {
  const int player = state.current_player();
  if (player < 0 || player >= game_->info().num_players)
    fail(fmt::format("current_player() is {}: neither a player, chance nor terminal", player));
  std::vector<Action> legal = state.legal_actions();
  if (legal.empty()) fail("legal_actions() is empty at a decision node");
  if (const auto at = std::adjacent_find(legal.begin(), legal.end(), std::greater_equal<>());
      at != legal.end())
    fail(fmt::format("legal_actions() is not sorted strictly ascending: {} then {}", *at,
                     *std::next(at)));
  if (!state.chance_outcomes().empty()) fail("chance_outcomes() is not empty at a decision node");
  return legal;
}

std::vector<ChanceOutcome> GameCheck::check_chance_node(const State& state) {
  std::vector<ChanceOutcome> outcomes = state.chance_outcomes();
  if (outcomes.empty()) fail("chance_outcomes() is empty at a chance node");
  std::vector<ChanceOutcome> into(1, ChanceOutcome{.action = -1, .probability = 1.0});
  state.chance_outcomes_into(into);
  if (!same_outcomes(into, outcomes)) fail("chance_outcomes_into() differs from chance_outcomes()");
  if (!state.legal_actions().empty()) fail("legal_actions() is not empty at a chance node");
  double sum = 0.0;
  std::set<Action> seen;
  for (const auto& [action, probability] : outcomes) {
    if (!(probability > 0.0 && probability <= 1.0))
      fail(fmt::format("chance outcome {} has probability {}, not in (0, 1]", action, probability));
    if (!seen.insert(action).second) fail(fmt::format("chance outcome {} is listed twice", action));
    sum += probability;
  }
  if (std::abs(sum - 1.0) > kProbabilitySumTolerance)
    fail(fmt::format("chance probabilities sum to {:.17g}, not 1", sum));
  return outcomes;
}

void GameCheck::check_terminal_node(const State& state) {
  if (!state.legal_actions().empty()) fail("legal_actions() is not empty at a terminal node");
  if (!state.chance_outcomes().empty()) fail("chance_outcomes() is not empty at a terminal node");
  const std::vector<double> returns = state.returns();
  if (static_cast<int>(returns.size()) != game_->info().num_players)
    fail(fmt::format("returns() has {} values for {} players", returns.size(),
                     game_->info().num_players));
  double sum = 0.0;
  for (double value : returns) {
    if (!(value >= -1.0 && value <= 1.0))
      fail(fmt::format("returns() [{}] has {}, not in [-1, 1]", fmt::join(returns, ", "), value));
    sum += value;
  }
  if (std::abs(sum) > kReturnsSumTolerance)
    fail(fmt::format("returns() [{}] sum to {}, not 0", fmt::join(returns, ", "), sum));
  const auto endings = game_->endings();
  const int ending = state.ending();
  if (ending < 0 || ending >= static_cast<int>(endings.size()))
    fail(fmt::format("ending() is {}, not an index into the game's {} endings", ending,
                     endings.size()));
  const std::set<std::string_view> names(endings.begin(), endings.end());
  if (names.size() != endings.size() || names.count(""))
    fail("endings() has an empty or a repeated name");
  const std::unique_ptr<State> copy = game_->state_from_json(state.to_json());
  if (copy->ending() != ending)
    fail(fmt::format("ending() is {} but {} after to_json -> state_from_json", ending,
                     copy->ending()));
}

void GameCheck::check_descriptions(const State& state, const std::vector<Action>& legal) {
  std::set<std::string> seen;
  for (Action action : legal) {
    const std::string text = state.action_to_string(action);
    if (text.empty()) fail(fmt::format("action_to_string({}) is empty", action));
    if (!seen.insert(text).second)
      fail(
          fmt::format("two legal actions are both described as \"{}\"; a player typing it "
                      "could not tell them apart",
                      text));
  }
  if (state.to_string().empty()) fail("to_string() is empty");
}

Copies GameCheck::check_copies(const State& state) {
  // hash() is a digest of to_json(), so equal JSON means equal hashes: only JSON is compared,
  // once hash() is checked to be that digest (a ruleset may write it without the JSON).
  Copies copies;
  copies.json = state.to_json();
  const nlohmann::json& json = copies.json;
  Fnv1a digest;
  digest.add(json.dump());
  if (state.hash() != digest.digest()) fail("hash() is not FNV-1a over to_json().dump()");
  copies.clone = state.clone();
  if (const nlohmann::json cloned = copies.clone->to_json(); cloned != json)
    fail("clone() differs from the original: " + first_difference(json, cloned));
  try {
    copies.restored = game_->state_from_json(json);
  } catch (const InputError& error) {
    fail(fmt::format("state_from_json rejects what to_json wrote: {}\n  the JSON: {}", error.what(),
                     shorten(json.dump())));
  }
  if (const nlohmann::json restored = copies.restored->to_json(); restored != json)
    fail("to_json -> state_from_json -> to_json differs: " + first_difference(json, restored));
  if (copies.restored->current_player() != state.current_player())
    fail("the state read back has a different current_player()");
  if (copies.restored->legal_actions() != state.legal_actions())
    fail("the state read back has different legal_actions()");
  if (!same_outcomes(copies.restored->chance_outcomes(), state.chance_outcomes()))
    fail("the state read back has different chance_outcomes()");
  return copies;
}

void GameCheck::check_views(const State& state, const nlohmann::json& full) {
  for (int player = 0; player < game_->info().num_players; ++player) {
    const nlohmann::json view = state.view(player);
    if (std::string problem = masking_problem(full, view, ""); !problem.empty())
      fail(fmt::format("view({}) is not to_json() with parts removed or masked: {}", player,
                       problem));
  }
}

void GameCheck::check_same_after_apply(const Copies& copies, const State& state, Action action) {
  const nlohmann::json expected = state.to_json();
  copies.clone->apply(action);
  if (const nlohmann::json actual = copies.clone->to_json(); actual != expected)
    fail(fmt::format("a clone applying {} ends in a different state than the original: {}", action,
                     first_difference(expected, actual)));
  copies.restored->apply(action);
  if (const nlohmann::json actual = copies.restored->to_json(); actual != expected)
    fail(
        fmt::format("a state read from JSON applying {} ends in a different state than the "
                    "original: {}",
                    action, first_difference(expected, actual)));
}

void GameCheck::check_same_seed_same_game(const GameRecord& record) {
  GameRecord again(ruleset_, game_);
  Rng rng(game_seed_);
  const auto max_length = static_cast<std::size_t>(game_->info().max_game_length);
  while (!again.state().is_terminal() && again.actions().size() < max_length) {
    const State& state = again.state();
    again.apply(state.is_chance() ? rng.sample(state.chance_outcomes())
                                  : rng.pick(state.legal_actions()));
  }
  if (again.actions() != record.actions())
    fail("the same seed played a different game (the ruleset is not deterministic)");
  if (again.state().hash() != record.state().hash())
    fail("the same seed and actions reached a different final hash()");
}

void GameCheck::check_log_replays(const GameRecord& record) {
  const std::string text = record.to_json().dump();
  try {
    const GameRecord replayed = GameRecord::replay(parse_json(text, "log"));
    if (replayed.actions() != record.actions()) fail("the replayed log has different actions");
    if (replayed.state().hash() != record.state().hash())
      fail("the replayed log reaches a different final hash()");
  } catch (const InputError& error) {
    fail(fmt::format("the game's own log does not replay: {}", error.what()));
  }
}

void GameCheck::expect_rejected(const nlohmann::json& log, const std::string& tampering,
                                const std::string& must_mention) {
  try {
    GameRecord::replay(log);
  } catch (const InputError& error) {
    if (std::string(error.what()).find(must_mention) == std::string::npos)
      fail(fmt::format("a log with {} is rejected, but the message does not mention \"{}\": {}",
                       tampering, must_mention, error.what()));
    return;
  } catch (const std::exception& error) {
    fail(fmt::format("a log with {} is rejected by an exception that is not InputError: {}",
                     tampering, error.what()));
  }
  fail(fmt::format("a log with {} replays without error", tampering));
}

void GameCheck::check_tampered_logs(const GameRecord& record) {
  const nlohmann::json log = record.to_json();
  const std::vector<Action>& actions = record.actions();
  if (!actions.empty()) {
    // Change one action, picked with the game's seed, to a value that is not legal where it is.
    Rng pick_rng(mix_seed(game_seed_, 1));
    const std::size_t index = pick_rng.below(actions.size());
    GameRecord prefix(ruleset_, game_);
    for (std::size_t i = 0; i < index; ++i)
      prefix.apply(actions[i]);
    std::vector<Action> allowed = prefix.state().legal_actions();
    for (const auto& outcome : prefix.state().chance_outcomes())
      allowed.push_back(outcome.action);
    const Action highest = *std::max_element(allowed.begin(), allowed.end());
    const Action illegal = highest < std::numeric_limits<Action>::max()
                               ? highest + 1
                               : *std::min_element(allowed.begin(), allowed.end()) - 1;
    nlohmann::json edited = log;
    edited["actions"][index] = illegal;
    expect_rejected(edited, fmt::format("action #{} changed to {}", index, illegal),
                    fmt::format("action #{} (value {})", index, illegal));

    // Drop the last action but keep the recorded final hash: caught unless that action changed
    // nothing the hash sees.
    GameRecord shorter(ruleset_, game_);
    for (std::size_t i = 0; i + 1 < actions.size(); ++i)
      shorter.apply(actions[i]);
    if (shorter.state().hash() != record.state().hash()) {
      nlohmann::json truncated = log;
      truncated["actions"].erase(truncated["actions"].size() - 1);
      expect_rejected(truncated, "its last action dropped", "final_hash");
    }
  }
  nlohmann::json garbled = log;
  garbled["actions"] = "garbage";
  expect_rejected(garbled, "a string for \"actions\"", "actions");
  nlohmann::json no_ruleset = log;
  no_ruleset.erase("ruleset");
  expect_rejected(no_ruleset, "no \"ruleset\"", "ruleset");

  const std::string text = log.dump();
  try {
    parse_json(text.substr(0, text.size() / 2), "log");
    fail("a log cut in half parses as JSON");
  } catch (const InputError&) {
  }
}

}  // namespace

ConformanceReport check_conformance(const std::string& ruleset, const nlohmann::json& setup,
                                    int games, std::uint64_t seed) {
  ConformanceReport report;
  std::shared_ptr<const Game> game;
  try {
    game = make_game(ruleset, setup);
  } catch (const std::exception& error) {
    report.games_failed = games;
    report.first_failure = fmt::format("make_game(\"{}\", {}) fails: {}", ruleset,
                                       shorten(setup.dump()), error.what());
    return report;
  }
  for (int index = 0; index < games; ++index) {
    const std::uint64_t game_seed = mix_seed(seed, static_cast<std::uint64_t>(index));
    GameCheck check(ruleset, game, game_seed);
    std::string failure;
    try {
      check.run();
    } catch (const CheckFailed& failed) {
      failure = failed.message;
    } catch (const std::exception& error) {
      failure = fmt::format("an exception escaped: {}", error.what());
    }
    ++report.games_run;
    if (failure.empty()) continue;
    if (++report.games_failed == 1)
      report.first_failure = fmt::format(
          "{} conformance, seed {}, game {} (Rng(mix_seed({}, {})) = Rng({})), step {} ({} to "
          "move):\n  {}",
          ruleset, seed, index, seed, index, game_seed, check.step(), check.to_move(), failure);
  }
  return report;
}

void run_conformance(const std::string& ruleset, const nlohmann::json& setup, int games,
                     std::uint64_t seed) {
  const ConformanceReport report = check_conformance(ruleset, setup, games, seed);
  EXPECT_EQ(report.games_failed, 0)
      << report.games_failed << " of " << games << " games failed; the first:\n"
      << report.first_failure;
  EXPECT_EQ(report.games_run, games);
}

int conformance_games() {
  const char* games = std::getenv("WARBAND_CONFORMANCE_GAMES");
  return std::max(1, games ? std::atoi(games) : scaled_count(1000));
}

GameRecord random_bot_game(const std::string& ruleset, const nlohmann::json& setup,
                           std::uint64_t seed) {
  GameRecord record(ruleset, make_game(ruleset, setup));
  Rng dice(mix_seed(seed, 0)), bots(mix_seed(seed, 1));
  while (!record.state().is_terminal()) {
    const State& state = record.state();
    record.apply(state.is_chance() ? dice.sample(state.chance_outcomes())
                                   : bots.pick(state.legal_actions()));
  }
  return record;
}

}  // namespace warband
