// Markdown rendered plainly for a terminal: headings underlined, lists indented, links as
// "text (anchor)", emphasis marks dropped.
#pragma once

#include <string>
#include <string_view>

namespace warband::cli {

std::string render_markdown_plain(std::string_view markdown);

}  // namespace warband::cli
