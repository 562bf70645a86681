#include "sim/summary.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "sim/summary_report.h"

namespace warband::sim {
namespace {

using nlohmann::json;

SweepIdentity summary_small_sweep() {
  SweepIdentity sweep;
  sweep.ruleset = "atomspast";
  sweep.setup = {{"map", "training_ground"}};
  sweep.seed = 7;
  sweep.games = 12;
  return sweep;
}

Summary play(const SweepIdentity& sweep, std::int64_t first, std::int64_t end, int threads = 2) {
  Summary summary(sweep, first, end);
  for (const GameResult& game : run_sweep(sweep.settings(first, end, threads)))
    summary.add(game);
  return summary;
}

TEST(Summary, ShardsMergeIntoExactlyTheSingleRun) {
  const SweepIdentity sweep = summary_small_sweep();
  const Summary single = play(sweep, 0, 12, 1);
  ASSERT_EQ(single.totals().games, 12);
  // Shards 1/3, 2/3, 3/3, merged out of order.
  const std::vector<Summary> shards = {play(sweep, 8, 12), play(sweep, 0, 4), play(sweep, 4, 8)};
  const Summary merged = merge_summaries(shards, {"c", "a", "b"});
  EXPECT_EQ(merged.to_json().dump(), single.to_json().dump());
  EXPECT_TRUE(merged.missing().empty());
  EXPECT_EQ(merged.totals(), single.totals());
  EXPECT_EQ(merged.units(), single.units());
}

TEST(Summary, JsonReadsBackToTheSameSummary) {
  const Summary summary = play(summary_small_sweep(), 3, 9);
  const json written = summary.to_json();
  const Summary read = Summary::from_json(json::parse(written.dump()), "summary.json");
  EXPECT_EQ(read.to_json(), written);
  EXPECT_EQ(read.rows(), summary.rows());
  EXPECT_EQ(read.missing(), (std::vector<std::pair<std::int64_t, std::int64_t>>{{0, 3}, {9, 12}}));
}

TEST(Summary, TotalsAddUpFromTheGames) {
  const Summary summary = play(summary_small_sweep(), 0, 12);
  const GameTotals totals = summary.totals();
  EXPECT_EQ(totals.red_wins + totals.blue_wins + totals.draws + totals.unfinished, 12);
  std::int64_t applies = 0, red_side_wins = 0, red_appearances = 0;
  for (const auto& [index, row] : summary.rows())
    applies += row.applies;
  EXPECT_EQ(totals.applies.sum, applies);
  EXPECT_LE(totals.applies.min, totals.applies.max);
  for (const auto& [key, unit] : summary.units()) {
    EXPECT_LE(unit.survived, unit.appearances) << key.first;
    EXPECT_LE(unit.points_lost, unit.points) << key.first;
    if (key.second == 0) {
      red_side_wins += unit.side_wins;
      red_appearances += unit.appearances;
    }
  }
  // Each Red unit shares its side's wins: on average Red fields red_appearances / 12 units.
  EXPECT_EQ(red_side_wins * 12, totals.red_wins * red_appearances);
}

TEST(Summary, WilsonIntervalsMatchHandComputedOnes) {
  // p = k/n; centre (p + z²/2n) / (1 + z²/n); half z/(1 + z²/n) sqrt(p(1-p)/n + z²/4n²).
  const Proportion half = wilson_interval(5, 10);
  EXPECT_DOUBLE_EQ(half.rate, 0.5);
  EXPECT_NEAR(half.low, 0.236590, 1e-6);
  EXPECT_NEAR(half.high, 0.763410, 1e-6);
  const Proportion none = wilson_interval(0, 10);
  EXPECT_NEAR(none.low, 0.0, 1e-9);
  EXPECT_NEAR(none.high, 0.277540, 1e-6);
  const Proportion some = wilson_interval(8, 20);
  EXPECT_NEAR(some.low, 0.218804, 1e-6);
  EXPECT_NEAR(some.high, 0.613422, 1e-6);
}

TEST(Summary, MeanIntervalFromIntegerSums) {
  IntegerTotals totals;
  for (int value : {2, 4, 4, 4, 5, 5, 7, 9})
    totals.add(value);
  EXPECT_EQ(totals.sum, 40);
  EXPECT_EQ(totals.sum_squares, 232);
  EXPECT_EQ(totals.min, 2);
  EXPECT_EQ(totals.max, 9);
  EXPECT_DOUBLE_EQ(totals.mean(), 5.0);
  // Sample variance 32/7; 1.96 * sqrt(32/7/8).
  EXPECT_NEAR(totals.mean_half_interval(), 1.481621, 1e-6);
}

TEST(Summary, MergeRefusesOtherSweepsAndOverlaps) {
  const SweepIdentity sweep = summary_small_sweep();
  Summary first = play(sweep, 0, 4);
  SweepIdentity reseeded = sweep;
  reseeded.seed = 8;
  try {
    first.merge(play(reseeded, 4, 8), "b.json");
    FAIL() << "merged another sweep";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "b.json");
    EXPECT_NE(error.problem().find("seed differs"), std::string::npos) << error.what();
  }
  try {
    first.merge(play(sweep, 2, 6), "c.json");
    FAIL() << "merged overlapping games";
  } catch (const InputError& error) {
    EXPECT_NE(error.problem().find("games 2-3 are covered twice"), std::string::npos)
        << error.what();
  }
}

TEST(Summary, MalformedJsonIsAnInputErrorNamingTheField) {
  const json good = play(summary_small_sweep(), 0, 3).to_json();
  const auto problem = [](const json& document) -> std::string {
    try {
      Summary::from_json(document, "s.json");
    } catch (const InputError& error) {
      return error.what();
    }
    return "accepted";
  };
  EXPECT_EQ(problem(good), "accepted");
  EXPECT_EQ(problem(json::array()), "s.json: a sim summary must be a JSON object, not an array");
  json edited = good;
  edited["format"] = "warband-log";
  EXPECT_NE(problem(edited).find("s.json.format"), std::string::npos);
  edited = good;
  edited["totals"]["red_wins"] = 99;
  EXPECT_EQ(problem(edited), "s.json.totals: do not add up from its rows");
  edited = good;
  edited["rows"][0]["index"] = 7;
  EXPECT_EQ(problem(edited), "s.json.rows[0]: game 7 is not in the covered games");
  edited = good;
  edited["rows"].erase(1);
  EXPECT_EQ(problem(edited), "s.json.rows: 2 games listed but 3 covered");
  edited = good;
  edited["sweep"].erase("seed");
  EXPECT_EQ(problem(edited),
            "s.json.sweep.seed: missing; expected a seed (a whole number from 0 to 2^64-1)");
  edited = good;
  edited["rows"][0]["final_hash"] = "xyz";
  EXPECT_NE(problem(edited).find("s.json.rows[0].final_hash: expected 16 hex digits"),
            std::string::npos);
  edited = good;
  edited["units"][0]["kills"] = -1;
  EXPECT_EQ(problem(edited),
            "s.json.units[0].kills: expected a whole number of at least 0, got -1");
}

TEST(Summary, TextAndCsvShowTheFigures) {
  const Summary summary = play(summary_small_sweep(), 0, 12);
  const std::string text = summary_text(summary);
  EXPECT_NE(text.find("Red wins"), std::string::npos) << text;
  EXPECT_NE(text.find("Applies    mean "), std::string::npos) << text;
  EXPECT_NE(text.find(summary.units().begin()->first.first), std::string::npos) << text;
  EXPECT_NE(text.find("SideWins"), std::string::npos) << text;
  // How to play game I alone, with the sweep's setup as `warband play` options.
  EXPECT_NE(text.find("warband play atomspast --red random --blue random --map training_ground "
                      "--seed <its seed>"),
            std::string::npos)
      << text;
  const std::string csv = summary_csv(summary);
  EXPECT_TRUE(csv.starts_with("index,seed,winner,applies,decisions,final_hash,ending\n0,")) << csv;
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 13);
  EXPECT_NE(text.find("How the games ended"), std::string::npos) << text;
}

// Twelve random games: every finished game has one ending, so the endings add up to the games,
// and each ending's split by who won adds up to it.
TEST(Summary, EndingsAddUpToTheGames) {
  const Summary summary = play(summary_small_sweep(), 0, 12);
  const GameTotals totals = summary.totals();
  ASSERT_EQ(summary.endings().size(), 6u);
  EXPECT_EQ(summary.endings().front(), "Kon destroyed in combat");
  EXPECT_EQ(summary.endings().back(), "turn limit reached");
  ASSERT_EQ(totals.endings.size(), 6u);
  std::int64_t games = 0, red = 0, blue = 0, draws = 0;
  for (const EndingTotals& ending : totals.endings) {
    EXPECT_EQ(ending.red_wins + ending.blue_wins + ending.draws, ending.games);
    games += ending.games;
    red += ending.red_wins;
    blue += ending.blue_wins;
    draws += ending.draws;
  }
  EXPECT_EQ(games, totals.games - totals.unfinished);
  EXPECT_EQ(red, totals.red_wins);
  EXPECT_EQ(blue, totals.blue_wins);
  EXPECT_EQ(draws, totals.draws);
  // Each row's ending, counted by hand.
  std::vector<std::int64_t> by_row(6, 0);
  for (const auto& [index, row] : summary.rows())
    if (row.ending >= 0) ++by_row[row.ending];
  for (std::size_t i = 0; i < 6; ++i)
    EXPECT_EQ(by_row[i], totals.endings[i].games) << summary.endings()[i];
}

TEST(Summary, ShardMergeAddsTheEndings) {
  const SweepIdentity sweep = summary_small_sweep();
  const Summary first = play(sweep, 0, 5), second = play(sweep, 5, 12);
  const Summary merged = merge_summaries({first, second}, {"a", "b"});
  const GameTotals a = first.totals(), b = second.totals(), sum = merged.totals();
  for (std::size_t i = 0; i < sum.endings.size(); ++i) {
    EXPECT_EQ(sum.endings[i].games, a.endings[i].games + b.endings[i].games);
    EXPECT_EQ(sum.endings[i].red_wins, a.endings[i].red_wins + b.endings[i].red_wins);
  }
  // Through JSON (as `warband sim merge` reads shards): the same counts.
  const Summary read = Summary::from_json(json::parse(merged.to_json().dump()), "m.json");
  EXPECT_EQ(read.totals().endings, sum.endings);
  EXPECT_EQ(read.endings(), merged.endings());
}

TEST(Summary, EndingsInJsonAreCheckedAndOldSummariesStillRead) {
  const json good = play(summary_small_sweep(), 0, 4).to_json();
  ASSERT_TRUE(good.contains("endings"));
  ASSERT_TRUE(good["rows"][0].contains("ending"));
  const auto problem = [](const json& document) {
    try {
      Summary::from_json(document, "e.json");
    } catch (const InputError& error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  json edited = good;
  edited["rows"][0]["ending"] = 6;
  EXPECT_EQ(problem(edited), "e.json.rows[0].ending: expected a whole number from 0 to 5, got 6");
  edited = good;
  edited["endings"][1] = edited["endings"][0];
  EXPECT_NE(problem(edited).find("is listed twice"), std::string::npos) << problem(edited);
  // A hand-edited ending total does not add up from the rows.
  edited = good;
  edited["totals"]["endings"][0]["games"] = 99;
  EXPECT_NE(problem(edited).find("do not add up from its rows"), std::string::npos);
  // A summary written before endings were counted reads, and merges only with its kind.
  json old = good;
  old.erase("endings");
  old["totals"].erase("endings");
  old["derived"].erase("endings");
  for (json& row : old["rows"])
    row.erase("ending");
  const Summary read = Summary::from_json(old, "old.json");
  EXPECT_TRUE(read.endings().empty());
  EXPECT_EQ(read.to_json(), old);
  const Summary later = play(summary_small_sweep(), 4, 8);
  EXPECT_THROW(merge_summaries({read, later}, {"old.json", "new.json"}), InputError);
}

}  // namespace
}  // namespace warband::sim
