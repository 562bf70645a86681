// The tabletop as JSON (tabletop_view.h).
#include "core/tabletop_view.h"

namespace warband::tabletop {

double inches_value(std::int64_t units) {
  return static_cast<double>(units) / kUnitsPerInch;
}

nlohmann::json point_json(Point p) {
  return nlohmann::json::array({inches_value(p.x), inches_value(p.y)});
}

nlohmann::json pieces_json(const Table& table, const std::vector<std::string>& names) {
  nlohmann::json pieces = nlohmann::json::array();
  for (int p = 0; p < table.piece_count; ++p) {
    const Piece& piece = table.pieces[p];
    nlohmann::json corners = nlohmann::json::array();
    if (piece.shape == Shape::kRectangle)
      for (const Point& corner : piece.corners)
        corners.push_back(point_json(corner));
    pieces.push_back({{"name", names[p]},
                      {"shape", piece.shape == Shape::kCircle ? "circle" : "rectangle"},
                      {"centre", point_json(piece.centre)},
                      {"width", inches_value(piece.width)},
                      {"depth", inches_value(piece.depth)},
                      {"rotation", piece.rotation / 10.0},
                      {"corners", corners},
                      {"size", piece.size},
                      {"height", inches_value(piece.height)},
                      {"impassable", (piece.flags & kImpassable) != 0},
                      {"reinforced", (piece.flags & kReinforced) != 0},
                      {"destructible", (piece.flags & kDestructible) != 0}});
  }
  return pieces;
}

}  // namespace warband::tabletop
