#include "core/toml_comments.h"

#include <algorithm>
#include <map>

namespace warband {

std::vector<std::string> toml_comments(std::string_view text) {
  std::vector<std::string> comments;
  std::size_t i = 0;
  // Skips a string opened at `i` by `quote` (one or three of them); a basic string's escapes are
  // honoured. A single-line string also ends at a line break (the TOML is then invalid anyway).
  const auto skip_string = [&](char quote) {
    const bool multi_line = text.substr(i, 3) == std::string(3, quote);
    i += multi_line ? 3 : 1;
    while (i < text.size()) {
      if (quote == '"' && text[i] == '\\') {
        i += 2;
      } else if (multi_line && text.substr(i, 3) == std::string(3, quote)) {
        i += 3;
        while (i < text.size() && text[i] == quote)  // up to two quotes may end the content
          ++i;
        return;
      } else if (!multi_line && (text[i] == quote || text[i] == '\n')) {
        ++i;
        return;
      } else {
        ++i;
      }
    }
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == '"' || c == '\'') {
      skip_string(c);
    } else if (c == '#') {
      const std::size_t end = std::min(text.find('\n', i), text.size());
      std::string_view comment = text.substr(i, end - i);
      while (!comment.empty() &&
             (comment.back() == ' ' || comment.back() == '\t' || comment.back() == '\r'))
        comment.remove_suffix(1);
      comments.emplace_back(comment);
      i = end;
    } else {
      ++i;
    }
  }
  return comments;
}

std::vector<std::string> lost_toml_comments(std::string_view before, std::string_view after) {
  std::map<std::string, int> kept;
  for (std::string& comment : toml_comments(after))
    ++kept[std::move(comment)];
  std::vector<std::string> lost;
  for (std::string& comment : toml_comments(before))
    if (--kept[comment] < 0) lost.push_back(std::move(comment));
  return lost;
}

}  // namespace warband
