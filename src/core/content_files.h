// Content files named by id: "open_field" is `folder`/open_field.table.toml. A setup names a table
// or a warband by id, or by a path to its file.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace warband {

// The ids of the files in `folder` ending in `suffix`, without it, sorted; none when the folder
// is missing.
std::vector<std::string> content_ids(const std::string& folder, std::string_view suffix);

// `given` (a JSON string) as a file: a path when it has a '/' or ends in ".toml", else the id of
// a file of `folder`. Throws InputError(where, ...) for a non-string or an unknown id, listing the
// known ones ("unknown table 'x'; known: a, b").
std::string resolve_content_file(const nlohmann::json& given, const std::string& folder,
                                 std::string_view suffix, std::string_view what,
                                 const std::string& where);

}  // namespace warband
