// The balance report's two plots, as standalone SVG documents (inlined in HTML, files beside
// Markdown).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "balance/plot_labels.h"
#include "balance/report.h"
#include "core/markup.h"

namespace warband::balance {
namespace {

// A "nice" step for about `ticks` ticks over `span`.
double tick_step(double span, int ticks) {
  const double raw = span / std::max(ticks, 1);
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  for (double factor : {1.0, 2.0, 5.0, 10.0})
    if (factor * magnitude >= raw) return factor * magnitude;
  return 10 * magnitude;
}

}  // namespace

std::string value_plot_svg(const BalanceAnalysis& analysis) {
  std::vector<const UnitBalance*> units;
  for (const UnitBalance& unit : analysis.units)
    if (unit.estimable) units.push_back(&unit);
  const int row = 22, left = 170, width = 640, top = 40;
  const int plot_width = width - left - 30;
  const int height = top + row * static_cast<int>(std::max<std::size_t>(units.size(), 1)) + 50;
  double low = analysis.rate * kPer, high = analysis.rate * kPer;
  for (const UnitBalance* unit : units) {
    low = std::min(low, unit->value_per_point_low * kPer);
    high = std::max(high, unit->value_per_point_high * kPer);
  }
  low = std::min(low, 0.0);
  high = std::max(high, 0.0);
  if (high - low < 1e-9) high = low + 1;
  const double pad = (high - low) * 0.05;
  low -= pad;
  high += pad;
  const auto x = [&](double v) { return left + (v - low) / (high - low) * plot_width; };
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" "
      "font-family=\"sans-serif\" font-size=\"12\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"{}\" y=\"20\" font-size=\"14\" text-anchor=\"middle\">Value per 100 points "
      "({}), 95% interval</text>\n",
      width, height, width / 2, value_words(analysis.outcome));
  const int bottom = top + row * static_cast<int>(units.size());
  const double step = tick_step(high - low, 6);
  for (double t = std::ceil(low / step) * step; t <= high; t += step) {
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#ddd\"/>"
        "<text x=\"{0:.1f}\" y=\"{3}\" text-anchor=\"middle\">{4:.3g}</text>\n",
        x(t), top - 5, bottom, bottom + 15, std::abs(t) < step / 1e6 ? 0.0 : t);
  }
  svg += fmt::format(
      "<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#c33\" "
      "stroke-dasharray=\"4 3\"/><text x=\"{0:.1f}\" y=\"{3}\" fill=\"#c33\" "
      "text-anchor=\"middle\">average {4:.3g}</text>\n",
      x(analysis.rate * kPer), top - 5, bottom, bottom + 32, analysis.rate * kPer);
  for (std::size_t i = 0; i < units.size(); ++i) {
    const UnitBalance& unit = *units[i];
    const double y = top + row * (static_cast<double>(i) + 0.5);
    const char* colour = unit.solid ? "#236" : "#999";
    svg += fmt::format(
        "<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>"
        "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" "
        "stroke-width=\"2\"/><circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"{}\"/>\n",
        left - 8, y + 4, escape_markup(unit.name), x(unit.value_per_point_low * kPer), y,
        x(unit.value_per_point_high * kPer), y, colour, x(unit.value_per_point * kPer), y, colour);
  }
  svg += "</svg>\n";
  return svg;
}

std::string cost_plot_svg(const BalanceAnalysis& analysis) {
  std::vector<const UnitBalance*> units;
  // No suggestion is drawn while the rate is not clearly above 0 (report.h: suggested_cost_cell).
  for (const UnitBalance& unit : analysis.units)
    if (unit.estimable && analysis.rate_identified) units.push_back(&unit);
  const int size = 520, margin = 60;
  // Both axes from 0 to twice the dearest unit: an interval reaching past that (a poorly
  // identified rate) is cut at the frame rather than squashing every unit into a corner.
  double high = 1;
  for (const UnitBalance* unit : units)
    high = std::max(high, 2.0 * unit->points);
  const double low = 0;
  const int plot = size - 2 * margin;
  const auto px = [&](double v) { return margin + (v - low) / (high - low) * plot; };
  const auto py = [&](double v) {
    return size - margin - (std::clamp(v, low, high) - low) / (high - low) * plot;
  };
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{0}\" "
      "font-family=\"sans-serif\" font-size=\"11\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"{1}\" y=\"20\" font-size=\"14\" text-anchor=\"middle\">Suggested cost (95% "
      "interval) against current cost</text>\n",
      size, size / 2);
  const double step = tick_step(high - low, 6);
  for (double t = std::ceil(low / step) * step; t <= high; t += step) {
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#eee\"/>"
        "<text x=\"{0:.1f}\" y=\"{3}\" text-anchor=\"middle\">{4:.0f}</text>"
        "<line x1=\"{5}\" y1=\"{6:.1f}\" x2=\"{7}\" y2=\"{6:.1f}\" stroke=\"#eee\"/>"
        "<text x=\"{8}\" y=\"{9:.1f}\" text-anchor=\"end\">{4:.0f}</text>\n",
        px(t), margin, size - margin, size - margin + 15, t, margin, py(t), size - margin,
        margin - 5, py(t) + 4);
  }
  svg += fmt::format(
      "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#c33\" "
      "stroke-dasharray=\"4 3\"/>\n"
      "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">current cost (points)</text>\n"
      "<text x=\"15\" y=\"{}\" transform=\"rotate(-90 15 {})\" text-anchor=\"middle\">suggested "
      "cost</text>\n",
      px(std::max(low, 0.0)), py(std::max(low, 0.0)), px(high), py(high), size / 2,
      size - margin + 35, size / 2, size / 2);
  if (!analysis.rate_identified)
    svg += fmt::format(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">No cost suggested: points did not "
        "clearly predict the outcome</text>\n",
        size / 2, size / 2);
  // A value past either end of the axis sits on the frame, marked by an arrowhead pointing the
  // way it goes (its number in the tooltip): an interval end as a chevron, a suggestion as a
  // triangle in place of its dot.
  const auto beyond = [&](double v) { return v > high ? -1 : v < low ? 1 : 0; };  // -1: up
  const auto chevron = [&](double x, double v, const char* colour) {
    const double y = py(v), tip = -beyond(v) * 6.0;
    return fmt::format(
        "<polyline points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\" fill=\"none\" "
        "stroke=\"{}\"/>",
        x - 4, y + tip, x, y, x + 4, y + tip, colour);
  };
  constexpr double kLabelFont = 10;
  std::vector<PlotLabel> labels;
  bool any_beyond = false;
  for (const UnitBalance* unit : units) {
    const char* colour = unit->solid ? "#236" : "#999";
    const double x = px(unit->points), y = py(unit->suggested);
    std::string title =
        fmt::format("{}: {} points, suggested {:.0f} (95% interval {:.0f} to {:.0f})",
                    escape_markup(unit->name), unit->points, unit->suggested, unit->suggested_low,
                    unit->suggested_high);
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"{3}\"/>", x,
        py(unit->suggested_low), py(unit->suggested_high), colour);
    for (double end : {unit->suggested_low, unit->suggested_high})
      // On the edge the suggestion's own triangle marks, the chevron would only hide under it.
      if (beyond(end) != 0 && beyond(end) != beyond(unit->suggested))
        svg += chevron(x, end, colour);
    if (const int way = beyond(unit->suggested); way != 0) {
      any_beyond = true;
      title += fmt::format(", beyond the axis's {:.0f}", way < 0 ? high : low);
      svg += fmt::format(
          "<polygon points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\" fill=\"{}\">"
          "<title>{}</title></polygon>",
          x - 5, y - way * 5.0, x + 5, y - way * 5.0, x, y + way * 4.0, colour, title);
    } else {
      svg += fmt::format(
          "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"{}\"><title>{}</title></circle>", x,
          y, colour, title);
    }
    svg += "\n";
    labels.push_back({.x = x + 6,
                      .y = y + 3,
                      .width = label_width(unit->name, kLabelFont),
                      .height = kLabelFont + 1});
  }
  // The names last, laid out so that none covers another; one moved away from its point is
  // joined to it by a faint line.
  const std::vector<double> label_y = place_labels(labels, margin, size - margin);
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (std::abs(label_y[i] - labels[i].y) > labels[i].height / 2)
      svg += fmt::format(
          "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#ccc\"/>",
          labels[i].x - 5, labels[i].y - 3, labels[i].x - 1, label_y[i] - 3);
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"{}\">{}</text>\n", labels[i].x,
                       label_y[i], kLabelFont, escape_markup(units[i]->name));
  }
  if (any_beyond)
    svg += fmt::format(
        "<text x=\"{}\" y=\"36\" text-anchor=\"middle\" fill=\"#555\">▲ ▼ a suggestion beyond "
        "the axis (its number in the tooltip)</text>\n",
        size / 2);
  svg += "</svg>\n";
  return svg;
}

}  // namespace warband::balance
