#include "balance/plot_labels.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>

namespace warband::balance {
namespace {

bool boxes_overlap(const PlotLabel& a, double a_y, const PlotLabel& b, double b_y) {
  const bool share_x = a.x < b.x + b.width && b.x < a.x + a.width;
  // A baseline's box reaches `height` above it.
  const bool share_y = a_y - a.height < b_y && b_y - b.height < a_y;
  return share_x && share_y;
}

}  // namespace

std::vector<double> place_labels(const std::vector<PlotLabel>& labels, double top, double bottom) {
  std::vector<std::size_t> order(labels.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return labels[a].y < labels[b].y; });
  std::vector<double> placed_y(labels.size());
  std::vector<std::size_t> placed;
  for (std::size_t index : order) {
    const PlotLabel& label = labels[index];
    const auto free_at = [&](double y) {
      return std::none_of(placed.begin(), placed.end(), [&](std::size_t other) {
        return boxes_overlap(label, y, labels[other], placed_y[other]);
      });
    };
    const double line = std::max(label.height, 1.0);
    // Within the frame when it fits: a label's box runs from y - height to y.
    const auto inside = [&](double y) { return y - label.height >= top && y <= bottom; };
    const double wanted = std::clamp(label.y, std::min(top + label.height, bottom), bottom);
    double chosen = wanted;
    // Each step a line further away, below then above; past the frame only when it is full.
    const auto steps = static_cast<int>(labels.size()) + 1;
    bool found = free_at(wanted);
    for (int step = 1; !found && step <= steps; ++step)
      for (double y : {wanted + step * line, wanted - step * line})
        if (!found && inside(y) && free_at(y)) {
          chosen = y;
          found = true;
        }
    for (int step = 1; !found && step <= steps; ++step) {
      const double y = wanted + step * line;
      if (free_at(y)) {
        chosen = y;
        found = true;
      }
    }
    placed_y[index] = chosen;
    placed.push_back(index);
  }
  return placed_y;
}

double label_width(const std::string& text, double font_size) {
  // About 0.55 em a character in a sans-serif face, a little more for capitals.
  double ems = 0;
  for (char c : text)
    ems += (c >= 'A' && c <= 'Z') ? 0.68 : 0.55;
  return ems * font_size;
}

}  // namespace warband::balance
