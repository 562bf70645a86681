// A game's record: the setup it was built from plus every action and chance outcome applied.
// It is the save format and the replay log (JSON):
//   {"format": "warband-log", "version": 1, "ruleset": "NAME", "setup": {...},
//    "seed": 42, "actions": [..], "final_hash": "0123456789abcdef",
//    "result": {"terminal": true, "returns": [1, -1]}}
// "seed", "final_hash" and "result" are optional on reading; "returns" is [] for an unfinished
// game. Replaying rebuilds the Game from the setup and re-applies each action, checking that each
// is legal where it is applied; a log that does not replay is rejected with InputError. Actions
// are numbered from 0, as in the "actions" array: "action #17" is actions[17]. What a log
// records of its end is checked when present: "final_hash", "result.terminal" and
// "result.returns" (so a log naming the wrong winner is refused). A log with none of them that
// stops before the game ends replays to an unfinished state: the caller says so.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace warband {

class GameRecord {
 public:
  GameRecord(std::string ruleset, std::shared_ptr<const Game> game);

  const State& state() const { return *state_; }
  const Game& game() const { return *game_; }
  const std::string& ruleset() const { return ruleset_; }
  const std::vector<Action>& actions() const { return actions_; }

  // Applies `action` after checking it is legal (or a possible chance outcome) here;
  // throws InputError otherwise, leaving the record unchanged.
  void apply_checked(Action action);
  // Applies a trusted action (from the state's own legal list or chance outcomes).
  void apply(Action action);

  std::optional<std::uint64_t> seed;  // the driver's seed, kept for reference

  nlohmann::json to_json() const;
  // Rebuilds the game from a log and replays it; throws InputError, saying which action (by
  // index) failed and why, if the log is malformed, truncated or edited.
  static GameRecord replay(const nlohmann::json& log);

 private:
  std::string ruleset_;
  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
  std::vector<Action> actions_;
};

std::string hash_to_hex(std::uint64_t hash);

}  // namespace warband
