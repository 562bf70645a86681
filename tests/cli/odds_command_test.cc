// `warband odds` end to end, in-process, on the toy odds (registered only in the test binary):
// the sum of --dice N d6 (--faces F), plus 1 with --bonus. Expected figures are counted here.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <sstream>

#include "cli/app.h"
#include "cli/command.h"
#include "core/distribution.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/test_files.h"

namespace warband::cli {
namespace {

using nlohmann::json;

// Ways for each total of n dice with `faces` faces, by trying every roll.
std::map<int, int> enumerate_totals(int dice, int faces) {
  std::map<int, int> ways;
  std::vector<int> roll(static_cast<std::size_t>(dice), 1);
  while (true) {
    int total = 0;
    for (int face : roll)
      total += face;
    ++ways[total];
    std::size_t d = 0;
    while (d < roll.size() && ++roll[d] > faces)
      roll[d++] = 1;
    if (d == roll.size()) break;
  }
  return ways;
}

std::string line_starting(const std::string& text, const std::string& start) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind(start, 0) == 0) return line;
  return "";
}

std::string repeat(const std::string& piece, int times) {
  std::string result;
  for (int i = 0; i < times; ++i)
    result += piece;
  return result;
}

TEST(OddsCommand, TableShowsEveryTotalWithFractionsAndBars) {
  const Ran ran = warband({"odds", "toy", "--dice", "2"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_EQ(ran.err, "");
  EXPECT_EQ(ran.out.rfind("2d6: the total\n\n", 0), 0u) << ran.out;
  EXPECT_NE(line_starting(ran.out, "total").find("probability  at least  at most  fraction"),
            std::string::npos)
      << ran.out;
  // 7: 6 ways of 36, 21 of 36 at least and at most; the longest bar, 40 columns.
  EXPECT_EQ(line_starting(ran.out, "    7 "),
            "    7       16.67%    58.33%   58.33%       1/6  " + repeat("█", 40));
  // 2: 1 way of 36, a bar 40/6 columns long: 6 full blocks and 5 eighths (53.3 eighths).
  EXPECT_EQ(line_starting(ran.out, "    2 "),
            "    2        2.78%      100%    2.78%      1/36  " + repeat("█", 6) + "▋");
  EXPECT_NE(line_starting(ran.out, "   12 ").find("100%      1/36"), std::string::npos);
  EXPECT_EQ(line_starting(ran.out, "   13 "), "");
  EXPECT_NE(ran.out.find(fmt::format("mean 7, standard deviation {:.6g}", std::sqrt(35.0 / 6))),
            std::string::npos)
      << ran.out;
  EXPECT_NE(ran.out.find("P(every die shows 1): 0.0277778 (2.78%)"), std::string::npos);
}

TEST(OddsCommand, BonusFlagShiftsTheTotals) {
  const Ran ran = warband({"odds", "toy", "--dice", "1", "--bonus", "--json"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  const json result = json::parse(ran.out);
  EXPECT_EQ(result["outcomes"].front()["value"], 2);
  EXPECT_EQ(result["outcomes"].back()["value"], 7);
  const Ran off = warband({"odds", "toy", "--dice", "1", "--bonus=false", "--json"});
  ASSERT_EQ(off.code, kExitOk) << off.err;
  EXPECT_EQ(json::parse(off.out)["outcomes"].front()["value"], 1);
}

TEST(OddsCommand, JsonHasEveryFieldAndMatchesEnumeration) {
  const Ran ran = warband({"odds", "toy", "--dice", "3", "--faces", "4", "--json"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_EQ(ran.out.rfind("{\n  \"ruleset\": \"toy\",\n  \"title\"", 0), 0u) << ran.out;
  const json result = json::parse(ran.out);
  EXPECT_EQ(result["ruleset"], "toy");
  EXPECT_EQ(result["title"], "3d4: the total");
  EXPECT_EQ(result["outcome_label"], "total");
  EXPECT_EQ(result["exact"], true);
  const std::map<int, int> ways = enumerate_totals(3, 4);
  ASSERT_EQ(result["outcomes"].size(), ways.size());
  double total = 0, below = 0, mean = 0;
  std::size_t i = 0;
  for (const auto& [value, count_of_ways] : ways) {
    const json& outcome = result["outcomes"][i++];
    const double p = count_of_ways / 64.0;
    EXPECT_EQ(outcome["value"], value);
    EXPECT_DOUBLE_EQ(outcome["probability"].get<double>(), p);
    EXPECT_NEAR(outcome["at_least"].get<double>(), 1 - below, 1e-15);
    below += p;
    EXPECT_NEAR(outcome["at_most"].get<double>(), below, 1e-15);
    const int factor = std::gcd(count_of_ways, 64);
    EXPECT_EQ(outcome["fraction"], fmt::format("{}/{}", count_of_ways / factor, 64 / factor));
    total += outcome["probability"].get<double>();
    mean += value * p;
  }
  EXPECT_NEAR(total, 1.0, 1e-15);
  EXPECT_DOUBLE_EQ(result["mean"].get<double>(), mean);
  EXPECT_NEAR(result["stdev"].get<double>(), std::sqrt(3 * 15.0 / 12), 1e-12);
  EXPECT_DOUBLE_EQ(result["figures"]["P(every die shows 1)"].get<double>(), 1.0 / 64);
  EXPECT_EQ(result["figures"]["dice"], 3.0);
  EXPECT_FALSE(result.contains("monte_carlo"));
}

TEST(OddsCommand, ProbabilitiesKeepFullPrecision) {
  const Ran ran = warband({"odds", "toy", "--dice", "1", "--faces", "3", "--json"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_EQ(json::parse(ran.out)["outcomes"][0]["probability"].get<double>(), 1.0 / 3);
}

TEST(OddsCommand, BigPoolsAreNotExactButSumToOne) {
  const Ran ran = warband({"odds", "toy", "--dice", "40", "--json"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  const json result = json::parse(ran.out);
  EXPECT_EQ(result["exact"], false);
  EXPECT_EQ(result["outcomes"].size(), 201u);
  double total = 0;
  for (const json& outcome : result["outcomes"]) {
    EXPECT_FALSE(outcome.contains("fraction"));
    total += outcome["probability"].get<double>();
  }
  EXPECT_NEAR(total, 1.0, 1e-12);
  EXPECT_NEAR(result["mean"].get<double>(), 140.0, 1e-9);
  const Ran table = warband({"odds", "toy", "--dice", "40"});
  EXPECT_EQ(line_starting(table.out, "total").find("fraction"), std::string::npos) << table.out;
}

TEST(OddsCommand, LongTablesFoldTheirNegligibleTailsButKeepTheirMass) {
  const Ran ran = warband({"odds", "toy", "--dice", "200"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  // Below 1e-9, counted independently: each tail of 200d6 from its far end.
  const Distribution pool = Distribution::uniform(1, 6).sum_of(200);
  int low_tail = 0;
  double low_mass = 0;
  while (pool.probability(200 + low_tail) < 1e-9)
    low_mass += pool.probability(200 + low_tail++);
  EXPECT_GT(low_tail, 100);
  const std::string folded =
      fmt::format("({} outcomes from 200 to {}, each below 1e-07%)", low_tail, 200 + low_tail - 1);
  EXPECT_NE(ran.out.find(folded), std::string::npos) << ran.out;
  // Both tails fold (the distribution is symmetric), and every other total has its own row.
  EXPECT_EQ(count_of(ran.out, "\n    … "), 2u) << ran.out;
  EXPECT_EQ(count_of(ran.out, "%  ("), 2u);
  EXPECT_NE(ran.out.find(fmt::format("from {} to 1200,", 1200 - low_tail + 1)), std::string::npos);
  EXPECT_NE(line_starting(ran.out, fmt::format("  {} ", 200 + low_tail)), "");
  EXPECT_EQ(line_starting(ran.out, fmt::format("  {} ", 200 + low_tail - 1)), "");
  EXPECT_NE(ran.out.find(fmt::format("    …  {:>11}", fmt::format("{:.2g}%", low_mass * 100))),
            std::string::npos)
      << ran.out;
}

TEST(OddsCommand, MonteCarloBesideTheExactFigures) {
  const std::vector<std::string> args = {"odds",  "toy",    "--dice", "2",     "--samples",
                                         "20000", "--seed", "7",      "--json"};
  const Ran ran = warband(args);
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  const json result = json::parse(ran.out);
  const json& monte_carlo = result["monte_carlo"];
  EXPECT_EQ(monte_carlo["samples"], 20000);
  EXPECT_EQ(monte_carlo["seed"], 7);
  double total = 0;
  for (const json& outcome : monte_carlo["outcomes"]) {
    const int value = outcome["value"];
    EXPECT_GE(value, 2);
    EXPECT_LE(value, 12);
    const double p = (6 - std::abs(value - 7)) / 36.0;
    // Within 5 standard errors of the exact probability.
    EXPECT_NEAR(outcome["probability"].get<double>(), p, 5 * std::sqrt(p * (1 - p) / 20000));
    total += outcome["probability"].get<double>();
  }
  EXPECT_NEAR(total, 1.0, 1e-12);
  EXPECT_NEAR(monte_carlo["mean"].get<double>(), 7.0, 5 * std::sqrt(35.0 / 6 / 20000));
  // Same seed, same samples; another seed, others.
  EXPECT_EQ(warband(args).out, ran.out);
  std::vector<std::string> reseeded = args;
  reseeded[6] = "8";
  EXPECT_NE(warband(reseeded).out, ran.out);
  // The default seed is 1.
  EXPECT_EQ(json::parse(warband({"odds", "toy", "--dice", "1", "--samples", "5", "--json"})
                            .out)["monte_carlo"]["seed"],
            1);

  const Ran table = warband({"odds", "toy", "--dice", "2", "--samples", "1000"});
  ASSERT_EQ(table.code, kExitOk) << table.err;
  EXPECT_NE(line_starting(table.out, "total").find("fraction  sampled"), std::string::npos);
  EXPECT_NE(table.out.find("Monte Carlo, 1000 samples (seed 1): mean "), std::string::npos);
}

TEST(OddsCommand, SvgChartHasABarPerOutcome) {
  const std::string path = ::testing::TempDir() + "odds_command_test_chart.svg";
  std::filesystem::remove(path);
  const Ran ran = warband({"odds", "toy", "--dice", "2", "--svg", path, "--samples", "100"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_NE(ran.out.find("Chart written to " + path), std::string::npos);
  const std::string svg = read_file_text(path);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ", 0), 0u) << svg;
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
  EXPECT_EQ(count_of(svg, "<rect class=\"bar\""), 11u);
  EXPECT_EQ(count_of(svg, "<title>7: 16.67%</title>"), 1u);
  const json sampled =
      json::parse(warband({"odds", "toy", "--dice", "2", "--samples", "100", "--json"}).out);
  EXPECT_EQ(count_of(svg, "<circle class=\"sampled\""), sampled["monte_carlo"]["outcomes"].size());
  EXPECT_NE(svg.find(">2d6: the total</tspan>"), std::string::npos);
  EXPECT_NE(svg.find(">probability (%)</text>"), std::string::npos);
  EXPECT_NE(svg.find(">total</text>"), std::string::npos);
  for (int value = 2; value <= 12; ++value)
    EXPECT_NE(svg.find(fmt::format("\">{}</text>", value)), std::string::npos) << value;
  // Every element opened is closed.
  EXPECT_EQ(count_of(svg, "<text"), count_of(svg, "</text>"));
  EXPECT_EQ(count_of(svg, "</rect>"), 11u);
  EXPECT_EQ(count_of(svg, "<circle"), count_of(svg, "</circle>"));
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  std::filesystem::remove(path);

  // With --json, the chart is written and stdout stays pure JSON.
  ASSERT_EQ(warband({"odds", "toy", "--dice", "1", "--json", "--svg", path}).code, kExitOk);
  EXPECT_TRUE(std::filesystem::exists(path));
  std::filesystem::remove(path);
}

TEST(OddsCommand, UnwritableChartIsABadInput) {
  const Ran ran = warband({"odds", "toy", "--dice", "2", "--svg", "/no/such/dir/chart.svg"});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_EQ(ran.err.rfind("error: /no/such/dir/chart.svg: cannot write the chart (open ", 0), 0u)
      << ran.err;
}

TEST(OddsCommand, BadArgumentsSayWhereAndWhat) {
  const auto expect_error = [](std::vector<std::string> args, const std::string& message) {
    const Ran ran = warband(args);
    EXPECT_EQ(ran.code, kExitBadInput) << message;
    EXPECT_EQ(ran.out, "") << message;
    EXPECT_EQ(ran.err, "error: " + message + "\n");
  };
  expect_error({"odds", "toy", "--dice", "0"},
               "--dice: must be a whole number from 1 to 200, got 0");
  expect_error({"odds", "toy", "--dice", "201"},
               "--dice: must be a whole number from 1 to 200, got 201");
  expect_error({"odds", "toy", "--dice", "-3"},
               "--dice: must be a whole number from 1 to 200, got -3");
  expect_error({"odds", "toy", "--dice", "3x"},
               "--dice: must be a whole number from 1 to 200, got '3x'");
  expect_error({"odds", "toy"}, "--dice: missing: give a whole number from 1 to 200");
  expect_error({"odds", "toy", "--dice", "2", "--faces", "1"},
               "--faces: must be a whole number from 2 to 20, got 1");
  expect_error({"odds", "toy", "--dice", "2", "--samples", "0"},
               "--samples: must be a whole number from 1 to 10000000, got 0");
  expect_error({"odds", "toy", "--dice", "2", "--samples", "10000001"},
               "--samples: must be a whole number from 1 to 10000000, got 10000001");
  expect_error({"odds", "toy", "--dice", "2", "--samples", "5", "--seed", "x"},
               "--seed: must be a whole number from 0 to 18446744073709551615, got 'x'");

  const Ran unknown = warband({"odds", "nosuch", "--skill", "3"});
  EXPECT_EQ(unknown.code, kExitBadInput);
  EXPECT_EQ(unknown.err.rfind("error: unknown ruleset 'nosuch'; rulesets with odds: ", 0), 0u)
      << unknown.err;
  EXPECT_NE(unknown.err.find("toy"), std::string::npos);

  const Ran none = warband({"odds"});
  EXPECT_EQ(none.code, kExitBadInput);
  EXPECT_EQ(none.err.rfind("error: which ruleset?", 0), 0u) << none.err;

  const Ran unknown_option = warband({"odds", "toy", "--dice", "2", "--bogus"});
  EXPECT_EQ(unknown_option.code, kExitBadInput);
  EXPECT_NE(unknown_option.err.find("--bogus"), std::string::npos);
}

TEST(OddsCommand, HelpListsRulesetsAndTheirOptions) {
  const Ran top = warband({"odds", "--help"});
  EXPECT_EQ(top.code, kExitOk);
  EXPECT_NE(top.out.find("toy  "), std::string::npos) << top.out;
  EXPECT_NE(top.out.find("Toy odds: the total of a handful of dice (tests only)"),
            std::string::npos);
  const Ran toy = warband({"odds", "toy", "--help"});
  EXPECT_EQ(toy.code, kExitOk);
  for (const std::string option : {"--dice DICE", "--faces FACES", "--bonus", "--json",
                                   "--svg FILE", "--samples N", "--seed S"})
    EXPECT_NE(toy.out.find(option), std::string::npos) << option << "\n" << toy.out;
  EXPECT_NE(toy.out.find("How many dice, 1 to 200 (required)"), std::string::npos);
  EXPECT_NE(warband({"--help"}).out.find("odds"), std::string::npos);
}

}  // namespace
}  // namespace warband::cli
