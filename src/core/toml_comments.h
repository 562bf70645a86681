// The comments of a TOML text. toml++ keeps no comments, so a builder edit, which writes a
// document anew from its data, drops the ones a user wrote; comparing the comments before and
// after says which were lost, so the command can say so (build_files.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace warband {

// Every comment's text (from '#' to the end of its line, without trailing white space), in order.
// A '#' inside a string (basic, literal or multi-line) is no comment.
std::vector<std::string> toml_comments(std::string_view text);

// The comments of `before` that `after` does not have (each counted as often as it appears).
std::vector<std::string> lost_toml_comments(std::string_view before, std::string_view after);

}  // namespace warband
