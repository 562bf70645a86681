#include "balance/report_table.h"

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

}  // namespace warband::balance
