// The two sides' names, as every view, log and report spells them.
#pragma once

namespace warband {

// "Red" for side 0, "Blue" for side 1.
inline const char* side_name(int side) {
  return side == 0 ? "Red" : "Blue";
}

}  // namespace warband
