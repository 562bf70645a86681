// The terminal view of `warband odds`: a table with Unicode bars.
#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>

#include "core/error.h"
#include "core/odds_report.h"

namespace warband {
namespace {

constexpr int kBarColumns = 40;
// Eighths of a column, from one eighth to seven; a whole column is a full block.
constexpr const char* kPartialBlocks[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
constexpr const char* kFullBlock = "█";

std::size_t display_width(const std::string& text) {
  // UTF-8: count the bytes that start a character (every glyph used here is one column).
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string pad_left(const std::string& text, std::size_t width) {
  const std::size_t shown = display_width(text);
  return std::string(width > shown ? width - shown : 0, ' ') + text;
}

std::string bar(double probability, double largest) {
  const long eighths = std::lround(probability / largest * kBarColumns * 8);
  std::string result;
  for (long i = 0; i < eighths / 8; ++i)
    result += kFullBlock;
  return result + kPartialBlocks[eighths % 8];
}

std::string reduced_fraction(std::uint64_t ways, std::uint64_t denominator) {
  const std::uint64_t factor = std::gcd(ways, denominator);
  return fmt::format("{}/{}", ways / factor, denominator / factor);
}

struct Row {
  std::vector<std::string> cells;  // value, probability, at least, at most, [fraction], [sampled]
  std::string bar;                 // or, on a folded row, what it holds
};

// Every value the exact distribution or the sampling reached, ascending: a sampled value the
// exact distribution calls impossible is shown, not hidden.
std::vector<int> table_values(const OddsReport& report) {
  std::set<int> values;
  for (const auto& [value, p] : report.result.exact.outcomes())
    values.insert(value);
  if (report.monte_carlo)
    for (const auto& [value, p] : report.monte_carlo->sampled.outcomes())
      values.insert(value);
  return {values.begin(), values.end()};
}

// Runs of at least two consecutive values below kFoldBelow, as [first, last) index pairs.
std::vector<std::pair<std::size_t, std::size_t>> folded_runs(const std::vector<int>& values,
                                                             const Distribution& exact) {
  std::vector<std::pair<std::size_t, std::size_t>> runs;
  if (values.size() <= kMaxTableRows) return runs;
  for (std::size_t i = 0; i < values.size();) {
    std::size_t end = i;
    while (end < values.size() && exact.probability(values[end]) < kFoldBelow)
      ++end;
    if (end - i >= 2) runs.emplace_back(i, end);
    i = std::max(end, i + 1);
  }
  return runs;
}

}  // namespace

std::string format_percent(double probability) {
  if (probability <= 0) return "0%";
  if (probability >= 1) return "100%";
  const double percent = probability * 100;
  if (percent < 0.1) return fmt::format("{:.2g}%", percent);
  if (percent <= 99.99) return fmt::format("{:.2f}%", percent);
  // Near certain: as many decimals as it takes to show it is not 100%.
  const int decimals = static_cast<int>(std::ceil(-std::log10(100 - percent))) + 1;
  if (decimals > 12) return "≈100%";
  return fmt::format("{:.{}f}%", percent, decimals);
}

std::string odds_text(const OddsReport& report) {
  const Distribution& exact = report.result.exact;
  const MonteCarlo* monte_carlo = report.monte_carlo ? &*report.monte_carlo : nullptr;
  const std::vector<int> values = table_values(report);
  const auto runs = folded_runs(values, exact);

  std::vector<std::string> header = {
      report.result.outcome_label.empty() ? "value" : report.result.outcome_label, "probability",
      "at least", "at most"};
  if (exact.exact()) header.push_back("fraction");
  if (monte_carlo) header.push_back("sampled");

  double largest = 0;
  for (int value : values)
    largest = std::max({largest, exact.probability(value),
                        monte_carlo ? monte_carlo->sampled.probability(value) : 0.0});

  std::vector<Row> rows;
  auto run = runs.begin();
  for (std::size_t i = 0; i < values.size();) {
    if (run != runs.end() && run->first == i) {
      double mass = 0, sampled = 0;
      for (std::size_t j = run->first; j < run->second; ++j) {
        mass += exact.probability(values[j]);
        if (monte_carlo) sampled += monte_carlo->sampled.probability(values[j]);
      }
      const int first = values[run->first], last = values[run->second - 1];
      Row row{{"…", format_percent(mass), format_percent(exact.at_least(first)),
               format_percent(exact.at_most(last))},
              fmt::format("({} outcomes from {} to {}, each below {:g}%)", run->second - run->first,
                          first, last, kFoldBelow * 100)};
      if (exact.exact()) row.cells.push_back("");
      if (monte_carlo) row.cells.push_back(format_percent(sampled));
      rows.push_back(std::move(row));
      i = run->second;
      ++run;
      continue;
    }
    const int value = values[i++];
    const double p = exact.probability(value);
    Row row{{std::to_string(value), format_percent(p), format_percent(exact.at_least(value)),
             format_percent(exact.at_most(value))},
            bar(p, largest)};
    if (exact.exact())
      row.cells.push_back(reduced_fraction(exact.ways(value), exact.denominator()));
    if (monte_carlo) row.cells.push_back(format_percent(monte_carlo->sampled.probability(value)));
    rows.push_back(std::move(row));
  }

  std::vector<std::size_t> widths;
  for (const std::string& cell : header)
    widths.push_back(display_width(cell));
  for (const Row& row : rows)
    for (std::size_t c = 0; c < row.cells.size(); ++c)
      widths[c] = std::max(widths[c], display_width(row.cells[c]));

  std::string text = report.result.title + "\n\n";
  for (std::size_t c = 0; c < header.size(); ++c)
    text += (c > 0 ? "  " : "") + pad_left(header[c], widths[c]);
  text += "\n";
  for (const Row& row : rows) {
    for (std::size_t c = 0; c < row.cells.size(); ++c)
      text += pad_left(row.cells[c], widths[c]) + "  ";
    text += row.bar;
    while (!text.empty() && text.back() == ' ')
      text.pop_back();
    text += "\n";
  }

  text += fmt::format("\nmean {:.6g}, standard deviation {:.6g}\n", exact.mean(), exact.stdev());
  if (monte_carlo) {
    const Distribution& sampled = monte_carlo->sampled;
    text += fmt::format(
        "Monte Carlo, {} samples (seed {}): mean {:.6g} (standard error {:.2g}), standard "
        "deviation {:.6g}\n",
        monte_carlo->samples, monte_carlo->seed, sampled.mean(),
        sampled.stdev() / std::sqrt(static_cast<double>(monte_carlo->samples)), sampled.stdev());
  }
  if (!report.result.figures.empty()) text += "\n";
  for (const auto& [name, value] : report.result.figures) {
    text += fmt::format("{}: {:.6g}", name, value);
    if (name.rfind("P(", 0) == 0) text += " (" + format_percent(value) + ")";
    text += "\n";
  }
  return text;
}

}  // namespace warband
