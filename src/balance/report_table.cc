#include "balance/report_table.h"

#include <cctype>

#include "core/markup.h"

namespace warband::balance {

std::string markdown_table(const std::vector<std::string>& head,
                           const std::vector<std::vector<std::string>>& rows) {
  std::string md = "|";
  for (const std::string& title : head)
    md += " " + title + " |";
  md += "\n|";
  for (std::size_t i = 0; i < head.size(); ++i)
    md += i == 0 ? "---|" : "---:|";
  md += "\n";
  for (const std::vector<std::string>& row : rows) {
    md += "|";
    for (const std::string& cell : row)
      md += " " + cell + " |";
    md += "\n";
  }
  return md;
}

std::string html_table(const std::vector<std::string>& head,
                       const std::vector<std::vector<std::string>>& rows) {
  std::string html = "<table><tr>";
  for (const std::string& title : head)
    html += "<th>" + escape_markup(title) + "</th>";
  html += "</tr>\n";
  for (const std::vector<std::string>& row : rows) {
    html += "<tr>";
    for (const std::string& cell : row)
      html += "<td>" + escape_markup(cell) + "</td>";
    html += "</tr>\n";
  }
  return html + "</table>\n";
}

std::string html_text(std::string_view markdown) {
  std::string html;
  std::size_t at = 0;
  while (at < markdown.size()) {
    const char c = markdown[at];
    if (c == '`') {
      const std::size_t close = markdown.find('`', at + 1);
      if (close != std::string_view::npos) {
        html += "<code>" + escape_markup(markdown.substr(at + 1, close - at - 1)) + "</code>";
        at = close + 1;
        continue;
      }
    }
    const auto is_word = [](char letter) {
      return std::isalnum(static_cast<unsigned char>(letter)) != 0;
    };
    if (c == '*' && at + 1 < markdown.size() && is_word(markdown[at + 1])) {
      const std::size_t close = markdown.find('*', at + 1);
      if (close != std::string_view::npos && is_word(markdown[close - 1])) {
        html += "<em>" + escape_markup(markdown.substr(at + 1, close - at - 1)) + "</em>";
        at = close + 1;
        continue;
      }
    }
    html += escape_markup(markdown.substr(at, 1));
    ++at;
  }
  return html;
}

}  // namespace warband::balance
