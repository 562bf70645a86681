// Reading untrusted JSON text (saves, logs, setup files, HTTP bodies): a parse failure becomes an
// InputError that says where (the file or request) and what (line and column, nlohmann's reason).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace warband {

// Parses `text`; throws InputError(where, "not valid JSON: ...") if it is not one JSON document.
// A number beyond a double (1e999) is InputError at the field it is in, `where` and the field's
// path joined by `separator`: "body.samples", or with ": " for a file, "game.json: actions[3]".
nlohmann::json parse_json(std::string_view text, const std::string& where,
                          std::string_view separator = ".");

// Reads (read_text_file: a regular file, size-capped) and parses a whole file; throws
// InputError(path, ...) if it cannot be read or parsed.
nlohmann::json read_json_file(const std::string& path);

// A JSON value's type in words, for messages: "a string", "an array", "null".
std::string json_type_name(const nlohmann::json& value);

}  // namespace warband
