// Text put into HTML or SVG (element text or a double-quoted attribute), escaped once here for
// every report, export and page the project writes.
#pragma once

#include <string>
#include <string_view>

namespace warband {

// & < > " ' as character references; everything else as it is.
std::string escape_markup(std::string_view text);

}  // namespace warband
