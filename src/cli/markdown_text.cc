#include "cli/markdown_text.h"

#include <cctype>
#include <sstream>

namespace warband::cli {
namespace {

std::size_t display_width(std::string_view text) {
  std::size_t width = 0;
  for (char c : text)  // count UTF-8 lead bytes only
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++width;
  return width;
}

// "[text](#anchor)" → "text (anchor)"; "[text](../rulings/x.md#anchor)" → "text (rulings: anchor)";
// other targets are kept whole.
std::string link_target_shown(std::string_view target) {
  const std::size_t hash = target.find('#');
  if (target.starts_with("#")) return std::string(target.substr(1));
  if (target.find("rulings/") != std::string_view::npos && hash != std::string_view::npos)
    return "rulings: " + std::string(target.substr(hash + 1));
  if (target.find("rules/") != std::string_view::npos && hash != std::string_view::npos)
    return "rules: " + std::string(target.substr(hash + 1));
  return std::string(target);
}

std::string inline_plain(std::string_view text) {
  std::string result;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\\' && i + 1 < text.size() && std::ispunct(static_cast<unsigned char>(text[i + 1]))) {
      result += text[++i];
    } else if (c == '[') {
      const std::size_t close = text.find("](", i);
      const std::size_t end = close == std::string_view::npos ? close : text.find(')', close);
      const std::size_t nested = text.find('[', i + 1);
      if (end == std::string_view::npos || (nested != std::string_view::npos && nested < close)) {
        result += c;
        continue;
      }
      result += inline_plain(text.substr(i + 1, close - i - 1)) + " (" +
                link_target_shown(text.substr(close + 2, end - close - 2)) + ")";
      i = end;
    } else if (c == '`') {
      continue;
    } else if (c == '*' && i + 1 < text.size() && text[i + 1] == '*') {
      ++i;  // bold marks
    } else {
      result += c;
    }
  }
  return result;
}

int heading_level(std::string_view line) {
  std::size_t hashes = 0;
  while (hashes < line.size() && line[hashes] == '#')
    ++hashes;
  if (hashes == 0 || hashes > 6 || hashes >= line.size() || line[hashes] != ' ') return 0;
  return static_cast<int>(hashes);
}

}  // namespace

std::string render_markdown_plain(std::string_view markdown) {
  std::ostringstream out;
  std::istringstream lines{std::string(markdown)};
  std::string line;
  bool in_fence = false;
  while (std::getline(lines, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
      line.pop_back();
    if (line.ends_with("\\")) line.pop_back();  // a CommonMark hard break: the newline is enough
    if (line.starts_with("```")) {
      in_fence = !in_fence;
      continue;
    }
    if (in_fence) {
      out << "    " << line << "\n";
      continue;
    }
    if (const int level = heading_level(line)) {
      std::string title = inline_plain(line.substr(static_cast<std::size_t>(level) + 1));
      if (level == 1)
        for (char& c : title)
          c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      const char underline = level == 1 ? '=' : level == 2 ? '-' : '~';
      out << title << "\n" << std::string(display_width(title), underline) << "\n";
      continue;
    }
    std::size_t indent = 0;
    while (indent < line.size() && line[indent] == ' ')
      ++indent;
    std::string_view rest = std::string_view(line).substr(indent);
    if (rest.starts_with("> ") || rest == ">") {
      out << "  | " << inline_plain(rest.substr(rest.size() > 1 ? 2 : 1)) << "\n";
    } else if (rest.starts_with("- ") || rest.starts_with("* ")) {
      std::string_view item = rest.substr(2);
      while (item.starts_with(' '))  // "*   item" is as much a list item as "* item"
        item.remove_prefix(1);
      out << std::string(indent + 2, ' ') << "• " << inline_plain(item) << "\n";
    } else if (indent > 0 && !rest.empty()) {
      out << std::string(indent + 2, ' ') << inline_plain(rest) << "\n";
    } else {
      out << inline_plain(line) << "\n";
    }
  }
  return out.str();
}

}  // namespace warband::cli
