// A report's table (a header row, then rows of cells) in Markdown and HTML: the one way every
// part of a balance report draws one, the first column left-aligned and the others right.
#pragma once

#include <string>
#include <vector>

namespace warband::balance {

// "| h1 | h2 |\n|---|---:|\n| a | b |\n": each line ends with a newline.
std::string markdown_table(const std::vector<std::string>& head,
                           const std::vector<std::vector<std::string>>& rows);
// "<table><tr><th>h1</th>...</tr>\n<tr><td>a</td>...</tr>\n</table>\n", every cell escaped.
std::string html_table(const std::vector<std::string>& head,
                       const std::vector<std::vector<std::string>>& rows);

}  // namespace warband::balance
