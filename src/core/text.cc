#include "core/text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace warband {

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}

std::string lower(std::string_view text) {
  std::string result(text);
  for (char& c : result)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return result;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string closest_match(std::string_view name, const std::vector<std::string_view>& candidates) {
  constexpr std::size_t kMostEdits = 2;
  std::string_view best;
  std::size_t best_distance = kMostEdits + 1;
  for (std::string_view candidate : candidates) {
    // Lengths further apart than the edits allowed cannot match (and a long name costs nothing).
    const std::size_t longer = std::max(name.size(), candidate.size());
    if (longer - std::min(name.size(), candidate.size()) > kMostEdits) continue;
    const std::size_t distance = edit_distance(name, candidate);
    if (distance < best_distance && distance < candidate.size()) {
      best = candidate;
      best_distance = distance;
    }
  }
  return std::string(best);
}

std::string did_you_mean(std::string_view name, const std::vector<std::string_view>& candidates) {
  const std::string match = closest_match(name, candidates);
  return match.empty() ? "" : fmt::format(". Did you mean '{}'?", match);
}

}  // namespace warband
