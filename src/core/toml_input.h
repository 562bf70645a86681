// Reading TOML content and user files (toml++) with errors that name the file and the line.
#pragma once

#include <toml++/toml.h>
#include <string>
#include <string_view>

namespace warband {

// "file:line" of a TOML node, or just the file when the node has no position.
std::string toml_where(const std::string& path, const toml::source_region& source);

// Parses TOML text read from `path`; a syntax error is InputError("path:line", "not valid TOML at
// column 9, in a key = value line: expected value, found the end of the line").
toml::table parse_toml_text(std::string_view text, const std::string& path);

// toml++'s description of a syntax error ("Error while parsing key-value pair: expected value,
// saw '\n'") in the project's words, with the column: what parse_toml_text's error says.
std::string toml_syntax_problem(std::string_view description, std::size_t column);

// Reads and parses a TOML file (read_text_file's errors, then parse_toml_text's).
toml::table parse_toml_file(const std::string& path);

}  // namespace warband
