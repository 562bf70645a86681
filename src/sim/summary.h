// What a sweep measured, kept as exact integer totals so that summaries of shards merge into
// exactly the summary of one run: the games themselves (one row each: index, seed, winner,
// length, final hash) and per-unit totals keyed by (unit name, side). Rates, intervals and
// averages are derived from the totals when printed, never stored.
//
// JSON (`warband sim --json`, `--out`, read back by `warband sim merge` and `warband replay
// --sim`):
//   {"format": "warband-sim", "version": 1,
//    "sweep": {"ruleset", "setup", "bots": [red, blue], "seed", "games"},
//    "covered": [[first, end], ...],           // the game indices this summary holds
//    "totals": {games, red_wins, blue_wins, draws, unfinished, applies: {sum, sum_squares, min,
//               max}, decisions: {...}},       // checked against the rows on reading
//    "derived": {...},                         // rates with Wilson 95% intervals etc.; ignored
//    "units": [{name, side, appearances, survived, damage_dealt, damage_taken, kills,
//               points_killed, points, points_lost, side_wins}, ...],
//    "endings": [name, ...],                   // Game::endings(), the rows' "ending" indexes it
//    "rows": [{index, seed, winner, applies, decisions, final_hash, ending}, ...]}
// A summary written before endings were counted has no "endings" and no row "ending".
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/match.h"
#include "sim/sweep.h"

namespace warband::sim {

// amount / count as a double, 0 when count is 0: an average over games that may be none.
inline double per(std::int64_t amount, std::int64_t count) {
  return count == 0 ? 0.0 : static_cast<double>(amount) / static_cast<double>(count);
}

// The sweep a summary belongs to: shards of one sweep share all of it.
struct SweepIdentity {
  std::string ruleset;
  nlohmann::json setup = nlohmann::json::object();
  std::array<std::string, 2> bots = {"random", "random"};
  std::uint64_t seed = 0;
  std::int64_t games = 0;  // in the whole sweep, not just this shard

  bool operator==(const SweepIdentity&) const = default;
  // The settings that play games [first, end) of this sweep.
  SweepSettings settings(std::int64_t first, std::int64_t end, int threads) const;
};

// One game, enough to find it again and check a replay of it.
struct GameRow {
  std::int64_t index = 0;
  std::uint64_t seed = 0;
  int winner = -1;  // 0 Red, 1 Blue, -1 draw
  bool finished = true;
  int applies = 0;
  int decisions = 0;
  std::uint64_t final_hash = 0;
  int ending = -1;  // an index into Summary::endings(); -1 unfinished (or not recorded)

  bool operator==(const GameRow&) const = default;
};

// Sums over a unit's appearances (one per game it was in; twice if it was fielded twice).
struct UnitTotals {
  std::int64_t appearances = 0;
  std::int64_t survived = 0;
  std::int64_t damage_dealt = 0;
  std::int64_t damage_taken = 0;
  std::int64_t kills = 0;
  std::int64_t points_killed = 0;  // points of the enemy units it destroyed
  std::int64_t points = 0;         // its own cost, summed over appearances
  std::int64_t points_lost = 0;    // its cost, in the appearances where it was destroyed
  std::int64_t side_wins = 0;      // appearances in which its side won

  bool operator==(const UnitTotals&) const = default;
  void add(const UnitTotals& other);
};

// Sum, sum of squares, min and max of one integer per game.
struct IntegerTotals {
  std::int64_t count = 0;
  std::int64_t sum = 0;
  std::int64_t sum_squares = 0;
  std::int64_t min = 0;
  std::int64_t max = 0;

  bool operator==(const IntegerTotals&) const = default;
  void add(std::int64_t value);
  double mean() const;
  // Half the width of the normal 95% interval of the mean (0 with fewer than two values).
  double mean_half_interval() const;
};

// The games that ended one way, by who won.
struct EndingTotals {
  std::int64_t games = 0;
  std::int64_t red_wins = 0;
  std::int64_t blue_wins = 0;
  std::int64_t draws = 0;

  bool operator==(const EndingTotals&) const = default;
};

struct GameTotals {
  std::int64_t games = 0;
  std::int64_t red_wins = 0;
  std::int64_t blue_wins = 0;
  std::int64_t draws = 0;       // finished without a winner
  std::int64_t unfinished = 0;  // stopped at the ruleset's max_game_length
  IntegerTotals applies;
  IntegerTotals decisions;
  std::vector<EndingTotals> endings;  // one per Summary::endings(), in its order

  bool operator==(const GameTotals&) const = default;
};

// A proportion with its Wilson score 95% interval (z = 1.96).
struct Proportion {
  double rate = 0;
  double low = 0;
  double high = 0;
};
Proportion wilson_interval(std::int64_t successes, std::int64_t trials);
// The same for a mean score `rate` in [0, 1] over `trials` (a draw scoring a half), at normal
// quantile `z`: the one Wilson formula, which wilson_interval calls at z = 1.96.
Proportion wilson_score_interval(double rate, double trials, double z);

using UnitKey = std::pair<std::string, int>;  // (name, side)

class Summary {
 public:
  Summary() = default;
  // An empty summary of games [first, end) of `sweep` (filled by add()).
  Summary(SweepIdentity sweep, std::int64_t first, std::int64_t end);

  // Counts one game of the covered range; games may come in any order.
  void add(const GameResult& game);

  // Adds a summary of the same sweep covering other games. Throws InputError(where, ...) if the
  // sweeps differ or the games overlap.
  void merge(const Summary& other, const std::string& where);

  const SweepIdentity& sweep() const { return sweep_; }
  // Sorted, disjoint, non-adjacent ranges [first, end).
  const std::vector<std::pair<std::int64_t, std::int64_t>>& covered() const { return covered_; }
  // The ranges of the sweep's games this summary does not cover.
  std::vector<std::pair<std::int64_t, std::int64_t>> missing() const;
  // The rows, by index; a game of the covered range that was not added has no row yet.
  const std::map<std::int64_t, GameRow>& rows() const { return rows_; }
  const std::map<UnitKey, UnitTotals>& units() const { return units_; }
  // The ways a game of the sweep can end (Game::endings()), from the first game added; empty for
  // a summary with no games or one written before endings were counted.
  const std::vector<std::string>& endings() const { return endings_; }
  GameTotals totals() const;

  nlohmann::json to_json() const;
  // Reads a summary written by to_json(); throws InputError(where, ...) naming the bad field.
  static Summary from_json(const nlohmann::json& json, const std::string& where);

 private:
  SweepIdentity sweep_;
  std::vector<std::pair<std::int64_t, std::int64_t>> covered_;
  std::map<std::int64_t, GameRow> rows_;
  std::map<UnitKey, UnitTotals> units_;
  std::vector<std::string> endings_;
  std::span<const std::string_view> endings_seen_;  // the last game's, to compare cheaply
};

// Merges summaries of shards of one sweep; `names` (one per summary) name them in errors.
Summary merge_summaries(const std::vector<Summary>& summaries,
                        const std::vector<std::string>& names);

// "0-9, 20-29": ranges [first, end) as inclusive game numbers, for messages.
std::string ranges_text(const std::vector<std::pair<std::int64_t, std::int64_t>>& ranges);

}  // namespace warband::sim
