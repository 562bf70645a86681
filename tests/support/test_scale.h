// How much of their full work the slow tests do: all of it in release, a tenth under the
// sanitizers, where the same code runs five to ten times slower (the asan test preset in
// CMakePresets.json sets WARBAND_TEST_SCALE=0.1). The house rule: scale test counts down under the
// sanitizers, not out. A scaled test keeps every assertion and plays fewer games, seeds or
// positions; a floor on what it saw (positions checked, ...) scales with it.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace warband {

// WARBAND_TEST_SCALE, a number in (0, 1]; 1 when unset or empty. Any other value throws, naming
// the variable and the value, rather than running a silently smaller or larger suite.
inline double test_scale() {
  const char* text = std::getenv("WARBAND_TEST_SCALE");
  if (text == nullptr || *text == '\0') return 1.0;
  char* end = nullptr;
  const double scale = std::strtod(text, &end);
  if (*end != '\0' || !(scale > 0.0 && scale <= 1.0))
    throw std::invalid_argument(std::string("WARBAND_TEST_SCALE is \"") + text +
                                "\": expected a number in (0, 1] (the share of the full counts "
                                "the slow tests run; 0.1 under the sanitizers)");
  return scale;
}

// `full` (the release count) times test_scale(), rounded, at least `minimum` and at most `full`.
inline int scaled_count(int full, int minimum = 1) {
  const int scaled = static_cast<int>(std::lround(full * test_scale()));
  return std::min(full, std::max(minimum, scaled));
}

}  // namespace warband
