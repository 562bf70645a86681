// `warband odds --svg FILE`: a standalone bar chart of the distribution.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/markup.h"
#include "core/odds_report.h"

namespace warband {
namespace {

constexpr double kPlotHeight = 300;
constexpr double kLeft = 70, kRight = 30, kTop = 60, kBottom = 70;
constexpr double kMinPlotWidth = 480;
constexpr double kLabelSpacing = 28;  // the least room between two value labels

// A round step for about five gridlines up to `top` (in %): 1, 2 or 5 times a power of ten.
double grid_step(double top) {
  const double rough = top / 5;
  const double power = std::pow(10.0, std::floor(std::log10(rough)));
  for (double multiple : {1.0, 2.0, 5.0})
    if (multiple * power >= rough) return multiple * power;
  return 10 * power;
}

std::string number(double value) {
  return fmt::format("{:.2f}", value);
}

// Splits a title into lines of at most `columns` characters, at spaces (a long title would run
// off the chart otherwise).
std::vector<std::string> wrap(const std::string& text, std::size_t columns) {
  std::vector<std::string> lines(1);
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (!lines.back().empty() && lines.back().size() + 1 + word.size() > columns)
      lines.emplace_back();
    if (!lines.back().empty()) lines.back() += ' ';
    lines.back() += word;
    start = end + 1;
  }
  return lines;
}

}  // namespace

std::string odds_svg(const OddsReport& report) {
  const Distribution& exact = report.result.exact;
  const auto outcomes = exact.outcomes();
  const Distribution* sampled = report.monte_carlo ? &report.monte_carlo->sampled : nullptr;
  const int lo = std::min(exact.min_value(), sampled ? sampled->min_value() : exact.min_value());
  const int hi = std::max(exact.max_value(), sampled ? sampled->max_value() : exact.max_value());
  const std::size_t slots = static_cast<std::size_t>(hi - lo + 1);

  const double slot = std::clamp(720.0 / static_cast<double>(slots), 3.0, 40.0);
  const double plot_width = std::max(kMinPlotWidth, slot * static_cast<double>(slots));
  const double origin = kLeft + (plot_width - slot * static_cast<double>(slots)) / 2;
  const double width = kLeft + plot_width + kRight;
  constexpr double kTitleCharWidth = 9, kTitleLineHeight = 20;  // at font-size 16
  const auto title_lines =
      wrap(report.result.title, static_cast<std::size_t>((width - 20) / kTitleCharWidth));
  const double top = kTop + kTitleLineHeight * static_cast<double>(title_lines.size() - 1);
  const double height = top + kPlotHeight + kBottom;
  const double bottom = top + kPlotHeight;

  double largest = 0;
  for (const auto& [value, p] : outcomes)
    largest = std::max(largest, p);
  if (sampled)
    for (const auto& [value, p] : sampled->outcomes())
      largest = std::max(largest, p);
  const double step = grid_step(largest * 100);
  const double top_percent = std::ceil(largest * 100 / step) * step;
  const auto y_of = [&](double probability) {
    return bottom - probability * 100 / top_percent * kPlotHeight;
  };
  const auto x_of = [&](int value) { return origin + slot * (value - lo); };

  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" "
      "height=\"{1}\" font-family=\"sans-serif\" font-size=\"12\">\n",
      number(width), number(height));
  svg += "<rect class=\"background\" width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  svg += "<text text-anchor=\"middle\" font-size=\"16\">";
  for (std::size_t line = 0; line < title_lines.size(); ++line)
    svg += fmt::format("<tspan x=\"{}\" y=\"{}\">{}</tspan>", number(width / 2),
                       number(28 + kTitleLineHeight * static_cast<double>(line)),
                       escape_markup(title_lines[line]));
  svg += "</text>\n";

  // The probability axis: gridlines every `step` percent.
  for (int tick = 0; tick * step <= top_percent + step / 1000; ++tick) {
    const double percent = tick * step;
    const double y = y_of(percent / 100);
    svg += fmt::format(
        "<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#ddd\"/>\n"
        "<text x=\"{3}\" y=\"{4}\" text-anchor=\"end\">{5:g}%</text>\n",
        number(kLeft), number(y), number(kLeft + plot_width), number(kLeft - 6), number(y + 4),
        percent);
  }
  svg += fmt::format(
      "<text transform=\"translate(18 {}) rotate(-90)\" text-anchor=\"middle\">probability "
      "(%)</text>\n",
      number(top + kPlotHeight / 2));

  // The bars, each with its value and probability as a tooltip.
  const double gap = slot >= 6 ? slot * 0.15 : 0;
  for (const auto& [value, p] : outcomes) {
    const double y = y_of(p);
    svg += fmt::format(
        "<rect class=\"bar\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#4878a8\">"
        "<title>{}: {}</title></rect>\n",
        number(x_of(value) + gap / 2), number(y), number(slot - gap), number(bottom - y), value,
        escape_markup(format_percent(p)));
  }
  if (sampled) {
    for (const auto& [value, p] : sampled->outcomes())
      svg += fmt::format(
          "<circle class=\"sampled\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#d9722e\">"
          "<title>{} sampled: {}</title></circle>\n",
          number(x_of(value) + slot / 2), number(y_of(p)), number(std::min(4.0, slot / 2)), value,
          escape_markup(format_percent(p)));
  }

  // Values under the bars: every one when there is room, else every k-th.
  const int every = std::max(1, static_cast<int>(std::ceil(kLabelSpacing / slot)));
  for (int value = lo; value <= hi; ++value) {
    if ((value - lo) % every != 0) continue;
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                       number(x_of(value) + slot / 2), number(bottom + 16), value);
  }
  svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#333\"/>\n",
                     number(kLeft), number(bottom), number(kLeft + plot_width));
  const std::string label =
      report.result.outcome_label.empty() ? "value" : report.result.outcome_label;
  svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                     number(kLeft + plot_width / 2), number(bottom + 44), escape_markup(label));
  if (sampled)
    svg += fmt::format(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"#d9722e\">● Monte Carlo, {} "
        "samples</text>\n",
        number(width - kRight), number(top - 10), report.monte_carlo->samples);
  svg += "</svg>\n";
  return svg;
}

}  // namespace warband
