#include "server/markdown_html.h"

#include <cmark.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "core/markup.h"
#include "core/rules_text.h"

namespace warband::server {
namespace {

// The anchor of each heading that rules_text sees, by its line (from 1) in `markdown`.
std::map<long, std::string> anchors_by_line(std::string_view markdown) {
  std::map<long, std::string> anchors;
  long line = 1;
  std::size_t counted = 0;
  for (const rules_text::Section& section : rules_text::split_sections(markdown)) {
    const auto offset = static_cast<std::size_t>(section.full.data() - markdown.data());
    for (; counted < offset; ++counted)
      if (markdown[counted] == '\n') ++line;
    anchors.emplace(line, section.anchor);
  }
  return anchors;
}

std::string_view trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const std::size_t last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

// A table row's cells, split at the '|' outside code spans, without the outer pipes.
std::vector<std::string_view> row_cells(std::string_view line) {
  line = trimmed(line);
  if (!line.empty() && line.front() == '|') line.remove_prefix(1);
  if (!line.empty() && line.back() == '|') line.remove_suffix(1);
  std::vector<std::string_view> cells;
  std::size_t start = 0;
  bool in_code = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line.compare(i, 6, "<code>") == 0) in_code = true;
    if (line.compare(i, 7, "</code>") == 0) in_code = false;
    if (line[i] == '|' && !in_code) {
      cells.push_back(trimmed(line.substr(start, i - start)));
      start = i + 1;
    }
  }
  cells.push_back(trimmed(line.substr(start)));
  return cells;
}

// "|---|:--:|--:|": each cell dashes with an optional colon at either end.
bool is_delimiter_row(std::string_view line) {
  line = trimmed(line);
  if (line.empty() || line.front() != '|') return false;
  for (std::string_view cell : row_cells(line)) {
    if (!cell.empty() && cell.front() == ':') cell.remove_prefix(1);
    if (!cell.empty() && cell.back() == ':') cell.remove_suffix(1);
    if (cell.empty() || cell.find_first_not_of('-') != std::string_view::npos) return false;
  }
  return true;
}

// The paragraph's text as a table when it is one (CommonMark has no tables: cmark leaves a
// GitHub table as a paragraph of "| a | b |" lines, each cell's inlines already rendered):
// every line a row starting with '|', the second the delimiter row. nullopt otherwise.
std::optional<std::string> paragraph_table(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  if (lines.size() < 2 || !is_delimiter_row(lines[1])) return std::nullopt;
  for (std::string_view line : lines)
    if (trimmed(line).empty() || trimmed(line).front() != '|') return std::nullopt;
  std::vector<std::string> aligns;
  for (std::string_view cell : row_cells(lines[1])) {
    const bool left = cell.front() == ':';
    const bool right = cell.back() == ':';
    aligns.push_back(left && right ? " align=\"center\""
                     : right       ? " align=\"right\""
                     : left        ? " align=\"left\""
                                   : "");
  }
  const auto row = [&aligns](std::string_view line, std::string_view tag) {
    const std::vector<std::string_view> cells = row_cells(line);
    std::string out = "<tr>";
    // As GitHub does: as many cells as the delimiter row, missing ones empty, extra ones dropped.
    for (std::size_t i = 0; i < aligns.size(); ++i) {
      out += "<";
      out += tag;
      out += aligns[i] + ">";
      if (i < cells.size()) out += cells[i];
      out += "</";
      out += tag;
      out += ">";
    }
    return out + "</tr>\n";
  };
  std::string table = "<table>\n<thead>\n" + row(lines[0], "th") + "</thead>\n";
  if (lines.size() > 2) {
    table += "<tbody>\n";
    for (std::size_t i = 2; i < lines.size(); ++i)
      table += row(lines[i], "td");
    table += "</tbody>\n";
  }
  return table + "</table>";
}

// Every paragraph of `html` that is a table (paragraph_table) made one.
std::string tables_from_paragraphs(std::string_view html) {
  std::string out;
  out.reserve(html.size());
  std::size_t at = 0;
  while (true) {
    const std::size_t open = html.find("<p>|", at);
    if (open == std::string_view::npos) break;
    const std::size_t close = html.find("</p>", open);
    if (close == std::string_view::npos) break;
    out.append(html.substr(at, open - at));
    const std::string_view text = html.substr(open + 3, close - open - 3);
    if (const std::optional<std::string> table = paragraph_table(text))
      out += *table;
    else
      out.append(html.substr(open, close + 4 - open));
    at = close + 4;
  }
  out.append(html.substr(at));
  return out;
}

}  // namespace

std::string markdown_to_html(std::string_view markdown) {
  // cmark marks every block with data-sourcepos="LINE:COL-LINE:COL": that is how a heading is
  // matched to the line rules_text found it on. The attribute is then dropped everywhere, and on
  // a heading replaced by its id. (Text cannot hold the pattern: cmark escapes '"' in text.)
  std::unique_ptr<char, decltype(&std::free)> rendered(
      cmark_markdown_to_html(markdown.data(), markdown.size(), CMARK_OPT_SOURCEPOS), &std::free);
  const std::string_view html(rendered.get());
  const std::map<long, std::string> anchors = anchors_by_line(markdown);

  constexpr std::string_view kAttribute = " data-sourcepos=\"";
  std::string out;
  out.reserve(html.size());
  std::size_t at = 0;
  while (true) {
    const std::size_t found = html.find(kAttribute, at);
    if (found == std::string_view::npos) break;
    out.append(html.substr(at, found - at));
    const std::size_t value = found + kAttribute.size();
    const std::size_t close = html.find('"', value);
    if (close == std::string_view::npos) {  // cannot happen with cmark's output; keep it whole
      at = found;
      break;
    }
    // The tag this attribute belongs to: "<h2" just before it means a heading.
    const std::size_t tag = html.rfind('<', found);
    const bool heading = tag != std::string_view::npos && found - tag == 3 &&
                         html[tag + 1] == 'h' && html[tag + 2] >= '1' && html[tag + 2] <= '6';
    if (heading) {
      const long line =
          std::strtol(std::string(html.substr(value, close - value)).c_str(), nullptr, 10);
      if (const auto anchor = anchors.find(line); anchor != anchors.end()) {
        out += " id=\"";
        out += escape_markup(anchor->second);
        out += '"';
      }
    }
    at = close + 1;
  }
  out.append(html.substr(at));
  return tables_from_paragraphs(out);
}

}  // namespace warband::server
