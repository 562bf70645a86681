// Small pieces A Game's document files share: a TOML string as written, a list of problems joined
// into one InputError, "where: " prefixes.
#pragma once

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"

namespace warband::agame {

inline std::string toml_quoted(const std::string& text) {
  std::ostringstream out;
  out << toml::value<std::string>(text);
  return out.str();
}

// "where: what", or "what" when where is unknown.
inline std::string at(const std::string& where, const std::string& what) {
  return where.empty() ? what : where + ": " + what;
}

// The line number of a "file:LINE: what" problem; 0 when it names none (it sorts first).
inline int problem_line(const std::string& problem) {
  const std::size_t end = problem.find(": ");
  const std::size_t colon = problem.rfind(':', end == std::string::npos ? 0 : end - 1);
  if (end == std::string::npos || colon == std::string::npos) return 0;
  int line = 0;
  for (std::size_t i = colon + 1; i < end; ++i) {
    if (problem[i] < '0' || problem[i] > '9' || line > 10000000) return 0;
    line = line * 10 + (problem[i] - '0');
  }
  return line;
}

// Problems in the order of their lines, so a reader goes down the file once.
inline void sort_by_line(std::vector<std::string>& problems) {
  std::stable_sort(
      problems.begin(), problems.end(),
      [](const std::string& a, const std::string& b) { return problem_line(a) < problem_line(b); });
}

// InputError(path, "N problems:\n  ...") when there is any.
inline void refuse_problems(const std::vector<std::string>& problems, const std::string& path) {
  if (problems.empty()) return;
  throw InputError(path, fmt::format("{} problem{}:\n  {}", problems.size(),
                                     problems.size() == 1 ? "" : "s", fmt::join(problems, "\n  ")));
}

}  // namespace warband::agame
