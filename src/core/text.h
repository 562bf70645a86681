// Small text helpers every layer uses, in one place.
#pragma once

#include <string>
#include <string_view>

namespace warband {

// `text` without leading and trailing white space (a view into it).
std::string_view trim(std::string_view text);

// `text` with ASCII letters made lower case.
std::string lower(std::string_view text);

}  // namespace warband
