// A report's table (a header row, then rows of cells) in Markdown and HTML: the one way every
// part of a balance report draws one, the first column left-aligned and the others right.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace warband::balance {

// "| h1 | h2 |\n|---|---:|\n| a | b |\n": each line ends with a newline.
std::string markdown_table(const std::vector<std::string>& head,
                           const std::vector<std::vector<std::string>>& rows);
// "<table><tr><th>h1</th>...</tr>\n<tr><td>a</td>...</tr>\n</table>\n", every cell escaped.
std::string html_table(const std::vector<std::string>& head,
                       const std::vector<std::vector<std::string>>& rows);

// A line of a report's Markdown prose as HTML: escaped, with its `code` spans and *emphasis* as
// <code> and <em> (a '*' not starting a word, as the "*" marking a figure, stays as it is).
std::string html_text(std::string_view markdown);

}  // namespace warband::balance
