// Deployment spots in a side's zone (tabletop_deploy.h).
#include "core/tabletop_deploy.h"

namespace warband::tabletop {

bool deploy_spot(const Table& table, int depth, bool far_edge, int diameter,
                 std::span<const PlacedBase> placed, Point& out) {
  constexpr int kStep = 50;
  const int radius = (diameter + 1) / 2;
  for (int row = radius; row + radius <= depth; row += kStep) {
    const int y = far_edge ? table.depth - row : row;
    for (int k = 0; k * kStep <= table.width / 2; ++k) {
      for (int sign : {-1, 1}) {
        if (k == 0 && sign == 1) continue;
        const Point at{table.width / 2 + sign * k * kStep, y};
        if (!table.base_on_table(at, diameter)) continue;
        bool free = true;
        for (int p = 0; p < table.piece_count && free; ++p)
          free = !base_overlaps_piece(table.pieces[p], at, diameter);
        for (const PlacedBase& other : placed)
          free = free && !bases_overlap(at, diameter, other.at, other.diameter);
        if (!free) continue;
        out = at;
        return true;
      }
    }
  }
  return false;
}

}  // namespace warband::tabletop
