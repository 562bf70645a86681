#include "core/grid_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <vector>

namespace warband::grid {
namespace {

// The key's lines stay inside an 80-column terminal.
constexpr std::size_t kKeyColumns = 78;

std::string column_name(int x) {
  std::string name = cell_name({static_cast<std::int8_t>(x), 0});
  name.pop_back();  // the row number "1"
  return name;
}

std::string padded(std::string text, int columns) {
  if (static_cast<int>(text.size()) < columns) text.append(columns - text.size(), ' ');
  return text;
}

}  // namespace

std::string board_text(int width, int height, const BoardTextStyle& style,
                       const std::function<std::string(Cell)>& space,
                       const std::function<std::string(Cell)>& label) {
  const int columns = std::max(2, style.space_columns);
  const std::string margin = "    ";
  std::string out;
  // The header: one line, or two when a column name does not fit its space with a gap.
  bool two_lines = false;
  for (int x = 0; x < width; ++x)
    two_lines |= static_cast<int>(column_name(x).size()) >= columns;
  for (int line = 0; line < (two_lines ? 2 : 1); ++line) {
    std::string header = margin;
    for (int x = 0; x < width; ++x) {
      const std::string name = column_name(x);
      const std::string part = !two_lines         ? name
                               : name.size() == 1 ? (line == 0 ? name : " ")
                                                  : std::string(1, name[line]);
      header += padded(part, columns);
    }
    while (header.ends_with(' '))
      header.pop_back();
    out += header + "\n";
  }
  // Labels too long for a space get a short form of their own, keyed under the board.
  std::map<std::string, std::string> short_form;
  std::map<char, int> letters_used;
  std::vector<std::pair<std::string, std::string>> key;
  const auto shown = [&](const std::string& name) {
    if (static_cast<int>(name.size()) <= columns) return name;
    auto [at, added] = short_form.try_emplace(name);
    if (added) {
      const int n = letters_used[name[0]]++;
      at->second = std::string(1, name[0]) + static_cast<char>(n < 26 ? 'a' + n : '?');
      key.emplace_back(at->second, name);
    }
    return at->second;
  };
  for (int y = 0; y < height; ++y) {
    std::string row = fmt::format("{:>3} ", y + 1);
    for (int x = 0; x < width; ++x) {
      const Cell cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
      const std::string unit = label(cell);
      row += padded(unit.empty() ? space(cell) : shown(unit), columns);
    }
    while (row.ends_with(' '))
      row.pop_back();
    out += row + "\n";
  }
  if (!key.empty()) {
    std::string line = margin + "on the board:";
    for (const auto& [abbreviation, name] : key) {
      const std::string part = fmt::format(" {} = {}", abbreviation, name);
      if (line.size() + part.size() > kKeyColumns) {
        out += line + "\n";
        line = margin + "             ";
      }
      line += part;
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace warband::grid
