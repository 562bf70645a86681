#include "core/document_problems.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "core/error.h"

namespace warband {

long problem_line(std::string_view problem) {
  const std::size_t colon = problem.find(": ");
  if (colon == std::string_view::npos || colon == 0) return 0;
  const std::size_t start = problem.rfind(':', colon - 1);
  if (start == std::string_view::npos || start + 1 >= colon) return 0;
  long line = 0;
  for (std::size_t i = start + 1; i < colon; ++i) {
    if (problem[i] < '0' || problem[i] > '9' || line > 100000000) return 0;
    line = line * 10 + (problem[i] - '0');
  }
  return line;
}

void sort_by_line(std::vector<std::string>& problems) {
  const auto order = [](const std::string& problem) {
    const long line = problem_line(problem);
    return line > 0 ? line : std::numeric_limits<long>::max();
  };
  std::stable_sort(problems.begin(), problems.end(),
                   [&](const std::string& a, const std::string& b) { return order(a) < order(b); });
}

std::vector<std::string> all_problems(std::vector<std::string> read_problems,
                                      std::vector<std::string> rule_problems) {
  for (std::string& problem : rule_problems)
    read_problems.push_back(std::move(problem));
  sort_by_line(read_problems);
  return read_problems;
}

void refuse_problems(const std::vector<std::string>& problems, const std::string& path) {
  if (problems.empty()) return;
  throw InputError(path, fmt::format("{} problem{}:\n  {}", problems.size(),
                                     problems.size() == 1 ? "" : "s", fmt::join(problems, "\n  ")));
}

std::string problems_markdown(const std::vector<std::string>& problems) {
  if (problems.empty()) return "";
  std::string out = "\n## Problems\n\n";
  for (const std::string& problem : problems)
    out += "- " + problem + "\n";
  return out;
}

}  // namespace warband
