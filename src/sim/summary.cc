#include "sim/summary.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>

#include "core/error.h"
#include "core/game_record.h"
#include "core/json_fields.h"
#include "core/json_input.h"

namespace warband::sim {

using nlohmann::json;
using Ranges = std::vector<std::pair<std::int64_t, std::int64_t>>;

SweepSettings SweepIdentity::settings(std::int64_t first, std::int64_t end, int threads) const {
  SweepSettings settings;
  settings.ruleset = ruleset;
  settings.setup = setup;
  settings.bots = bots;
  settings.seed = seed;
  settings.first = first;
  settings.end = end;
  settings.threads = threads;
  return settings;
}

void UnitTotals::add(const UnitTotals& other) {
  appearances += other.appearances;
  survived += other.survived;
  damage_dealt += other.damage_dealt;
  damage_taken += other.damage_taken;
  kills += other.kills;
  points_killed += other.points_killed;
  points += other.points;
  points_lost += other.points_lost;
  side_wins += other.side_wins;
}

void IntegerTotals::add(std::int64_t value) {
  min = count == 0 ? value : std::min(min, value);
  max = count == 0 ? value : std::max(max, value);
  ++count;
  sum += value;
  sum_squares += value * value;
}

double IntegerTotals::mean() const {
  return count == 0 ? 0.0 : static_cast<double>(sum) / static_cast<double>(count);
}

double IntegerTotals::mean_half_interval() const {
  if (count < 2) return 0.0;
  const double n = static_cast<double>(count);
  // The sample variance from exact integer sums: (Σx² − (Σx)²/n) / (n − 1).
  const double variance =
      (static_cast<double>(sum_squares) - static_cast<double>(sum) * static_cast<double>(sum) / n) /
      (n - 1);
  return 1.96 * std::sqrt(std::max(variance, 0.0) / n);
}

Proportion wilson_interval(std::int64_t successes, std::int64_t trials) {
  if (trials <= 0) return {0.0, 0.0, 1.0};
  const double n = static_cast<double>(trials);
  return wilson_score_interval(static_cast<double>(successes) / n, n, 1.96);
}

Proportion wilson_score_interval(double rate, double trials, double z) {
  const double p = rate, n = trials;
  const double denominator = 1 + z * z / n;
  const double centre = (p + z * z / (2 * n)) / denominator;
  const double half = z / denominator * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n));
  return {p, std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

namespace {

// Sorts and joins ranges, dropping empty ones; throws InputError if two overlap.
Ranges normalise(Ranges ranges, const std::string& where) {
  std::erase_if(ranges, [](const auto& range) { return range.first >= range.second; });
  std::sort(ranges.begin(), ranges.end());
  Ranges joined;
  for (const auto& range : ranges) {
    if (!joined.empty() && range.first < joined.back().second)
      throw InputError(
          where,
          fmt::format("games {} are covered twice",
                      ranges_text({{range.first, std::min(range.second, joined.back().second)}})));
    if (!joined.empty() && range.first == joined.back().second)
      joined.back().second = range.second;
    else
      joined.push_back(range);
  }
  return joined;
}

// Whether sorted, disjoint `ranges` hold game `index` (a binary search: a summary may have
// many rows and many ranges).
bool covers(const Ranges& ranges, std::int64_t index) {
  const auto after =
      std::upper_bound(ranges.begin(), ranges.end(), index,
                       [](std::int64_t value, const auto& range) { return value < range.first; });
  return after != ranges.begin() && index < std::prev(after)->second;
}

std::int64_t covered_count(const Ranges& ranges) {
  std::int64_t count = 0;
  for (const auto& [first, end] : ranges)
    count += end - first;
  return count;
}

json winner_json(const GameRow& row) {
  if (!row.finished) return nullptr;
  return row.winner == 0 ? "red" : row.winner == 1 ? "blue" : "draw";
}

json ending_totals_json(const std::string& name, const EndingTotals& totals) {
  return {{"ending", name},
          {"games", totals.games},
          {"red_wins", totals.red_wins},
          {"blue_wins", totals.blue_wins},
          {"draws", totals.draws}};
}

json integer_totals_json(const IntegerTotals& totals) {
  return {{"sum", totals.sum},
          {"sum_squares", totals.sum_squares},
          {"min", totals.min},
          {"max", totals.max}};
}

json proportion_json(const Proportion& proportion) {
  return {{"rate", proportion.rate}, {"low", proportion.low}, {"high", proportion.high}};
}

json mean_json(const IntegerTotals& totals) {
  const double half = totals.mean_half_interval();
  return {{"mean", totals.mean()},
          {"low", totals.mean() - half},
          {"high", totals.mean() + half},
          {"min", totals.min},
          {"max", totals.max}};
}

// --- Reading: JsonFields names the field it rejects.

SweepIdentity read_sweep(const JsonFields& fields) {
  SweepIdentity sweep;
  sweep.ruleset = fields.string("ruleset");
  sweep.setup = fields.object("setup").json();
  const JsonItems bots = fields.array("bots");
  if (bots.size() != 2 || !bots[0].is_string() || !bots[1].is_string())
    throw InputError(bots.where(), "expected two bot specs, Red's then Blue's");
  sweep.bots = {bots[0].get<std::string>(), bots[1].get<std::string>()};
  sweep.seed = fields.seed("seed");
  sweep.games = fields.integer("games", 1);
  return sweep;
}

// `ending_count`: how many endings the summary names (0: none recorded, no row has one).
GameRow read_row(const JsonFields& fields, std::size_t ending_count) {
  GameRow row;
  row.index = fields.integer("index", 0);
  row.seed = fields.seed("seed");
  const json& winner = fields.value("winner");
  if (winner.is_null()) {
    row.finished = false;
  } else if (winner == "red" || winner == "blue" || winner == "draw") {
    row.winner = winner == "red" ? 0 : winner == "blue" ? 1 : -1;
  } else {
    throw InputError(fields.where_of("winner"), "expected \"red\", \"blue\", \"draw\" or null");
  }
  row.applies = static_cast<int>(fields.integer("applies", 0, INT32_MAX));
  row.decisions = static_cast<int>(fields.integer("decisions", 0, INT32_MAX));
  if (row.decisions > row.applies) throw InputError(fields.where(), "more decisions than applies");
  row.final_hash = fields.hex_hash("final_hash");
  if (ending_count > 0 && row.finished)
    row.ending =
        static_cast<int>(fields.integer("ending", 0, static_cast<std::int64_t>(ending_count) - 1));
  return row;
}

std::pair<UnitKey, UnitTotals> read_unit(const JsonFields& fields) {
  const UnitKey key{fields.string("name"), static_cast<int>(fields.integer("side", 0, 1))};
  UnitTotals totals;
  for (auto [name, field] :
       std::initializer_list<std::pair<const char*, std::int64_t UnitTotals::*>>{
           {"appearances", &UnitTotals::appearances},
           {"survived", &UnitTotals::survived},
           {"damage_dealt", &UnitTotals::damage_dealt},
           {"damage_taken", &UnitTotals::damage_taken},
           {"kills", &UnitTotals::kills},
           {"points_killed", &UnitTotals::points_killed},
           {"points", &UnitTotals::points},
           {"points_lost", &UnitTotals::points_lost},
           {"side_wins", &UnitTotals::side_wins}})
    totals.*field = fields.integer(name, 0);
  if (totals.survived > totals.appearances || totals.side_wins > totals.appearances)
    throw InputError(fields.where(), "more survivals or side wins than appearances");
  return {key, totals};
}

}  // namespace

std::string ranges_text(const Ranges& ranges) {
  std::string text;
  for (const auto& [first, end] : ranges) {
    if (!text.empty()) text += ", ";
    text += end - first == 1 ? fmt::format("{}", first) : fmt::format("{}-{}", first, end - 1);
  }
  return text;
}

Summary::Summary(SweepIdentity sweep, std::int64_t first, std::int64_t end)
    : sweep_(std::move(sweep)) {
  WB_CHECK(0 <= first && first <= end && end <= sweep_.games);
  covered_ = normalise({{first, end}}, "summary");
}

void Summary::add(const GameResult& game) {
  const bool inside = std::any_of(covered_.begin(), covered_.end(), [&](const auto& range) {
    return range.first <= game.index && game.index < range.second;
  });
  WB_CHECK(inside);
  WB_CHECK(!rows_.count(game.index));
  const GameRow row{.index = game.index,
                    .seed = game.seed,
                    .winner = game.winner,
                    .finished = game.finished,
                    .applies = game.applies,
                    .decisions = game.decisions,
                    .final_hash = game.final_hash};
  rows_[game.index] = row;
  if (!game.endings.empty()) {
    // Every game of a sweep declares the same endings: names are compared only when the list
    // is not the one the last game pointed to.
    if (game.endings.data() != endings_seen_.data() ||
        game.endings.size() != endings_seen_.size()) {
      const std::vector<std::string> names(game.endings.begin(), game.endings.end());
      if (endings_.empty()) endings_ = names;
      WB_CHECK(names == endings_);
      endings_seen_ = game.endings;
    }
    if (game.finished) {
      WB_CHECK(0 <= game.ending && game.ending < static_cast<int>(endings_.size()));
      rows_[game.index].ending = game.ending;
    }
  }
  for (const UnitResult& unit : game.units) {
    UnitTotals& totals = units_[{unit.name, unit.side}];
    ++totals.appearances;
    totals.survived += unit.survived ? 1 : 0;
    totals.damage_dealt += unit.damage_dealt;
    totals.damage_taken += unit.damage_taken;
    totals.kills += unit.kills;
    totals.points_killed += unit.points_killed;
    totals.points += unit.points;
    totals.points_lost += unit.survived ? 0 : unit.points;
    totals.side_wins += game.finished && game.winner == unit.side ? 1 : 0;
  }
}

void Summary::merge(const Summary& other, const std::string& where) {
  if (!(other.sweep_ == sweep_)) {
    std::string differs;
    if (other.sweep_.ruleset != sweep_.ruleset)
      differs = "ruleset";
    else if (other.sweep_.setup != sweep_.setup)
      differs = "setup";
    else if (other.sweep_.bots != sweep_.bots)
      differs = "bots";
    else if (other.sweep_.seed != sweep_.seed)
      differs = "seed";
    else
      differs = "number of games";
    throw InputError(where,
                     fmt::format("is not a shard of the same sweep (its {} differs)", differs));
  }
  Ranges ranges = covered_;
  ranges.insert(ranges.end(), other.covered_.begin(), other.covered_.end());
  covered_ = normalise(std::move(ranges), where);
  if (other.endings_ != endings_) {
    if (endings_.empty() && rows_.empty()) {
      endings_ = other.endings_;
    } else if (!(other.endings_.empty() && other.rows_.empty())) {
      throw InputError(where, endings_.empty() || other.endings_.empty()
                                  ? "counts no endings (a summary written before they were "
                                    "counted) while the others do, or the other way round"
                                  : "names other endings than the others");
    }
  }
  rows_.insert(other.rows_.begin(), other.rows_.end());
  for (const auto& [key, totals] : other.units_)
    units_[key].add(totals);
}

Ranges Summary::missing() const {
  Ranges gaps;
  std::int64_t next = 0;
  for (const auto& [first, end] : covered_) {
    if (first > next) gaps.push_back({next, first});
    next = end;
  }
  if (next < sweep_.games) gaps.push_back({next, sweep_.games});
  return gaps;
}

GameTotals Summary::totals() const {
  GameTotals totals;
  totals.endings.resize(endings_.size());
  for (const auto& [index, row] : rows_) {
    if (row.ending >= 0 && row.ending < static_cast<int>(totals.endings.size())) {
      EndingTotals& ending = totals.endings[row.ending];
      ++ending.games;
      ++(row.winner == 0 ? ending.red_wins : row.winner == 1 ? ending.blue_wins : ending.draws);
    }
    ++totals.games;
    if (!row.finished)
      ++totals.unfinished;
    else if (row.winner == 0)
      ++totals.red_wins;
    else if (row.winner == 1)
      ++totals.blue_wins;
    else
      ++totals.draws;
    totals.applies.add(row.applies);
    totals.decisions.add(row.decisions);
  }
  return totals;
}

json Summary::to_json() const {
  const GameTotals totals = this->totals();
  json covered = json::array();
  for (const auto& [first, end] : covered_)
    covered.push_back({first, end});
  json units = json::array();
  for (const auto& [key, unit] : units_) {
    const std::int64_t n = unit.appearances;
    units.push_back({
        {"name", key.first},
        {"side", key.second},
        {"appearances", unit.appearances},
        {"survived", unit.survived},
        {"damage_dealt", unit.damage_dealt},
        {"damage_taken", unit.damage_taken},
        {"kills", unit.kills},
        {"points_killed", unit.points_killed},
        {"points", unit.points},
        {"points_lost", unit.points_lost},
        {"side_wins", unit.side_wins},
        {"per_game",
         {{"survival", per(unit.survived, n)},
          {"damage_dealt", per(unit.damage_dealt, n)},
          {"damage_taken", per(unit.damage_taken, n)},
          {"kills", per(unit.kills, n)},
          {"points_traded", per(unit.points_killed - unit.points_lost, n)},
          {"side_win_rate", per(unit.side_wins, n)}}},
    });
  }
  json rows = json::array();
  for (const auto& [index, row] : rows_) {
    rows.push_back({{"index", row.index},
                    {"seed", row.seed},
                    {"winner", winner_json(row)},
                    {"applies", row.applies},
                    {"decisions", row.decisions},
                    {"final_hash", hash_to_hex(row.final_hash)}});
    if (!endings_.empty()) rows.back()["ending"] = row.ending >= 0 ? json(row.ending) : json();
  }
  json document = {
      {"format", "warband-sim"},
      {"version", 1},
      {"sweep",
       {{"ruleset", sweep_.ruleset},
        {"setup", sweep_.setup},
        {"bots", sweep_.bots},
        {"seed", sweep_.seed},
        {"games", sweep_.games}}},
      {"covered", covered},
      {"missing",
       [&] {
         json missing = json::array();
         for (const auto& [first, end] : this->missing())
           missing.push_back({first, end});
         return missing;
       }()},
      {"totals",
       {{"games", totals.games},
        {"red_wins", totals.red_wins},
        {"blue_wins", totals.blue_wins},
        {"draws", totals.draws},
        {"unfinished", totals.unfinished},
        {"applies", integer_totals_json(totals.applies)},
        {"decisions", integer_totals_json(totals.decisions)}}},
      {"derived",
       {{"red_win", proportion_json(wilson_interval(totals.red_wins, totals.games))},
        {"blue_win", proportion_json(wilson_interval(totals.blue_wins, totals.games))},
        {"draw", proportion_json(wilson_interval(totals.draws, totals.games))},
        {"applies", mean_json(totals.applies)},
        {"decisions", mean_json(totals.decisions)}}},
      {"units", units},
      {"rows", rows},
  };
  // Added only where endings are known, so that a summary written before reads back the same.
  if (!endings_.empty()) {
    json ending_totals = json::array(), ending_shares = json::array();
    for (std::size_t i = 0; i < endings_.size(); ++i) {
      const EndingTotals& ending = totals.endings[i];
      ending_totals.push_back(ending_totals_json(endings_[i], ending));
      ending_shares.push_back(
          {{"ending", endings_[i]},
           {"share", proportion_json(wilson_interval(ending.games, totals.games))},
           {"red_win_share", proportion_json(wilson_interval(ending.red_wins, totals.games))},
           {"blue_win_share", proportion_json(wilson_interval(ending.blue_wins, totals.games))},
           {"draw_share", proportion_json(wilson_interval(ending.draws, totals.games))}});
    }
    document["endings"] = endings_;
    document["totals"]["endings"] = ending_totals;
    document["derived"]["endings"] = ending_shares;
  }
  return document;
}

Summary Summary::from_json(const json& document, const std::string& where) {
  if (!document.is_object())
    throw InputError(where, "a sim summary must be a JSON object, not " + json_type_name(document));
  const JsonFields fields(document, where);
  if (fields.string("format") != "warband-sim")
    throw InputError(fields.where_of("format"),
                     "expected \"warband-sim\" (a `warband sim --json` summary)");
  if (fields.integer("version") != 1)
    throw InputError(fields.where_of("version"), "only version 1 is known");
  Summary summary;
  summary.sweep_ = read_sweep(fields.object("sweep"));

  const JsonItems covered = fields.array("covered");
  Ranges ranges;
  for (std::size_t i = 0; i < covered.size(); ++i) {
    const JsonItems range = covered.array(i);
    if (range.size() != 2)
      throw InputError(range.where(), "expected a [first, end] pair of game numbers");
    const std::int64_t first = range.integer(0, 0, summary.sweep_.games);
    const std::int64_t end = range.integer(1, first, summary.sweep_.games);
    ranges.push_back({first, end});
  }
  summary.covered_ = normalise(std::move(ranges), covered.where());

  if (fields.find("endings")) {
    const JsonItems endings = fields.array("endings");
    if (endings.size() == 0) throw InputError(endings.where(), "expected at least one ending");
    for (std::size_t i = 0; i < endings.size(); ++i) {
      const std::string name = endings.string(i);
      if (std::find(summary.endings_.begin(), summary.endings_.end(), name) !=
          summary.endings_.end())
        throw InputError(endings.where_of(i), fmt::format("ending '{}' is listed twice", name));
      summary.endings_.push_back(name);
    }
  }

  const JsonItems rows = fields.array("rows");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const JsonFields row_fields = rows.object(i);
    const GameRow row = read_row(row_fields, summary.endings_.size());
    const std::string& row_where = row_fields.where();
    if (!covers(summary.covered_, row.index))
      throw InputError(row_where, fmt::format("game {} is not in the covered games", row.index));
    if (!summary.rows_.emplace(row.index, row).second)
      throw InputError(row_where, fmt::format("game {} is listed twice", row.index));
  }
  if (static_cast<std::int64_t>(summary.rows_.size()) != covered_count(summary.covered_))
    throw InputError(rows.where(),
                     fmt::format("{} games listed but {} covered", summary.rows_.size(),
                                 covered_count(summary.covered_)));

  const JsonItems units = fields.array("units");
  for (std::size_t i = 0; i < units.size(); ++i) {
    auto [key, totals] = read_unit(units.object(i));
    if (!summary.units_.emplace(key, totals).second)
      throw InputError(units.where_of(i),
                       fmt::format("unit '{}' of side {} is listed twice", key.first, key.second));
  }

  // The stored totals must be the ones its rows add up to: a hand-edited total is caught here.
  if (const json* totals = fields.find("totals")) {
    if (*totals != summary.to_json().at("totals"))
      throw InputError(fields.where_of("totals"), "do not add up from its rows");
  }
  return summary;
}

Summary merge_summaries(const std::vector<Summary>& summaries,
                        const std::vector<std::string>& names) {
  WB_CHECK(!summaries.empty());
  WB_CHECK_EQ(summaries.size(), names.size());
  Summary merged = summaries.front();
  for (std::size_t i = 1; i < summaries.size(); ++i)
    merged.merge(summaries[i], names[i]);
  return merged;
}

}  // namespace warband::sim
