// The suggested-cost chart's layout: unit names never cover each other (many units cut at the same
// edge once wrote theirs in one pile at 0), and a suggestion past the axis is marked, its number in
// the tooltip, not left on the frame like a real value there.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "balance/balance_analysis.h"
#include "balance/plot_labels.h"
#include "balance/report.h"

namespace warband::balance {
namespace {

bool labels_overlap(const PlotLabel& a, double a_y, const PlotLabel& b, double b_y) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a_y - a.height < b_y && b_y - b.height < a_y;
}

void expect_apart(const std::vector<PlotLabel>& labels, const std::vector<double>& y) {
  ASSERT_EQ(y.size(), labels.size());
  for (std::size_t i = 0; i < labels.size(); ++i)
    for (std::size_t j = i + 1; j < labels.size(); ++j)
      EXPECT_FALSE(labels_overlap(labels[i], y[i], labels[j], y[j])) << i << " and " << j;
}

TEST(PlotLabels, LabelsWantedOnOneSpotAreSpreadALineApartWithinTheFrame) {
  // Five names wanted at the bottom edge (the axis's 0), where the pile-up was.
  const std::vector<PlotLabel> pile(5, PlotLabel{.x = 100, .y = 460, .width = 60, .height = 11});
  const std::vector<double> y = place_labels(pile, 60, 460);
  expect_apart(pile, y);
  EXPECT_EQ(y[0], 460);  // the first keeps its place
  for (double each : y) {
    EXPECT_LE(each, 460);
    EXPECT_GE(each - 11, 60);
    EXPECT_LE(460 - each, 4 * 11 + 1e-9);  // a line apart, no wider than it must
  }
}

TEST(PlotLabels, LabelsThatDoNotMeetStayWhereTheyAreWanted) {
  const std::vector<PlotLabel> apart = {{.x = 0, .y = 100, .width = 50, .height = 11},
                                        {.x = 60, .y = 100, .width = 50, .height = 11},
                                        {.x = 0, .y = 120, .width = 50, .height = 11}};
  EXPECT_EQ(place_labels(apart, 0, 500), (std::vector<double>{100, 100, 120}));
  // Overlapping ones in a crowded middle, all kept apart.
  std::vector<PlotLabel> crowd;
  for (int i = 0; i < 12; ++i)
    crowd.push_back({.x = 100.0 + 7 * (i % 3), .y = 200.0 + 3 * i, .width = 70, .height = 11});
  expect_apart(crowd, place_labels(crowd, 60, 460));
}

UnitBalance estimated_unit(const std::string& name, int points, double suggested, double low,
                           double high) {
  UnitBalance u;
  u.name = name;
  u.points = points;
  u.estimable = true;
  u.suggested = suggested;
  u.suggested_low = low;
  u.suggested_high = high;
  return u;
}

TEST(CostPlot, ASuggestionPastTheAxisIsMarkedWithItsNumber) {
  BalanceAnalysis analysis;
  analysis.units = {estimated_unit("Troll", 100, 90, 70, 110),
                    estimated_unit("Wyvern", 100, 520, 300, 900),
                    estimated_unit("Imp", 20, -40, -90, 10)};
  analysis.rate_identified = true;  // a suggestion is drawn only then (report.h)
  const std::string svg = cost_plot_svg(analysis);
  // The axis ends at twice the dearest unit: 200.
  EXPECT_NE(svg.find("Wyvern: 100 points, suggested 520 (95% interval 300 to 900), beyond the "
                     "axis's 200"),
            std::string::npos);
  EXPECT_NE(svg.find("Imp: 20 points, suggested -40 (95% interval -90 to 10), beyond the axis's 0"),
            std::string::npos);
  EXPECT_EQ(svg.find("Troll: 100 points, suggested 90 (95% interval 70 to 110), beyond"),
            std::string::npos);
  // Two triangles for the two past the axis, a dot for the one within it.
  auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = svg.find(what); at != std::string::npos; at = svg.find(what, at + 1))
      ++n;
    return n;
  };
  EXPECT_EQ(count("<polygon"), 2u);
  EXPECT_EQ(count("<circle"), 1u);
  EXPECT_NE(svg.find("beyond the axis (its number in the tooltip)"), std::string::npos);

  BalanceAnalysis within;
  within.units = {estimated_unit("Troll", 100, 90, 70, 110)};
  EXPECT_EQ(cost_plot_svg(within).find("beyond"), std::string::npos);
}

}  // namespace
}  // namespace warband::balance
