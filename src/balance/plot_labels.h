// Where a chart's point labels go so that none covers another: the suggested-cost chart of the
// balance report labels every unit beside its point, and units of like cost and worth (or many
// cut at the same edge of the axis) would otherwise write their names over each other.
#pragma once

#include <string>
#include <vector>

namespace warband::balance {

// A label's wanted box in SVG coordinates (y grows downwards): its left edge, its text's
// baseline, and its size.
struct PlotLabel {
  double x = 0;
  double y = 0;
  double width = 0;
  double height = 0;
};

// Each label's baseline, in the order given: the wanted one when it covers no label placed
// before it, else the nearest free one a whole line above or below (labels wanted nearest the
// top placed first), kept within [top, bottom] while there is room. Labels whose boxes do not
// share any x never move for each other.
std::vector<double> place_labels(const std::vector<PlotLabel>& labels, double top, double bottom);

// The width of `text` at `font_size` in a sans-serif face, near enough to keep labels apart.
double label_width(const std::string& text, double font_size);

}  // namespace warband::balance
