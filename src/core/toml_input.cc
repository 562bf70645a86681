#include "core/toml_input.h"

#include <fmt/format.h>

#include <utility>

#include "core/error.h"
#include "core/file_io.h"
#include "core/text.h"

namespace warband {

std::string toml_where(const std::string& path, const toml::source_region& source) {
  return source.begin.line == 0 ? path : fmt::format("{}:{}", path, source.begin.line);
}

std::string toml_syntax_problem(std::string_view description, std::size_t column) {
  // toml++ says "Error while parsing key-value pair: expected value, saw '\n'": the part of the
  // grammar it was reading, in its own words, then what it expected and saw. Said here as what a
  // person writing the file would call the part, and what was found.
  constexpr std::string_view kLead = "Error while parsing ";
  std::string part;
  std::string detail(description);
  if (description.starts_with(kLead)) {
    const std::size_t colon = description.find(": ", kLead.size());
    const std::string_view scope =
        description.substr(kLead.size(), colon == std::string_view::npos ? std::string_view::npos
                                                                         : colon - kLead.size());
    detail = colon == std::string_view::npos ? "" : std::string(description.substr(colon + 2));
    static const std::pair<std::string_view, std::string_view> kParts[] = {
        {"key-value pair", "a key = value line"},
        {"root table", "the top level of the file"},
        {"table header", "a [table] header"},
        {"inline table", "an inline table { ... }"},
        {"array", "a list [ ... ]"},
        {"key", "a key"},
        {"value", "a value"},
        {"string", "a string in quotes"},
        {"literal string", "a string in single quotes"},
        {"unicode scalar sequence", "a \\u escape in a string"},
        {"boolean", "a true or false"},
        {"comment", "a comment"},
        {"date", "a date"},
        {"time", "a time"},
        {"date-time", "a date and time"},
        {"date-time offset", "a date and time's offset"},
    };
    for (const auto& [scope_word, words] : kParts)
      if (scope == scope_word) part = words;
    if (part.empty())  // the numbers: "decimal integer", "hexadecimal floating-point", ...
      part = scope.find("integer") != std::string_view::npos ||
                     scope.find("floating-point") != std::string_view::npos
                 ? "a number"
                 : "a " + std::string(scope);
  }
  // "saw '\n'" is the end of the line; "saw EOF", "encountered end-of-file": the file's end.
  for (const auto& [from, to] :
       {std::pair<std::string_view, std::string_view>{"saw '\\n'", "found the end of the line"},
        {"saw EOF", "found the end of the file"},
        {"encountered end-of-file", "the file ends before it does"},
        {"saw ", "found "}}) {
    for (std::size_t at = detail.find(from); at != std::string::npos;
         at = detail.find(from, at + to.size()))
      detail.replace(at, from.size(), to);
  }
  std::string said = fmt::format("not valid TOML at column {}", column);
  if (!part.empty()) said += fmt::format(", in {}", part);
  if (!detail.empty()) said += ": " + detail;
  // One line: a line end toml++ quoted as it was read ("saw 'tru<newline>'") is written \n.
  for (std::size_t at = said.find('\n'); at != std::string::npos; at = said.find('\n', at + 2))
    said.replace(at, 1, "\\n");
  return escape_control_characters(said);
}

toml::table parse_toml_text(std::string_view text, const std::string& path) {
  try {
    return toml::parse(text, path);
  } catch (const toml::parse_error& error) {
    throw InputError(toml_where(path, error.source()),
                     toml_syntax_problem(error.description(), error.source().begin.column));
  }
}

toml::table parse_toml_file(const std::string& path) {
  return parse_toml_text(read_text_file(path), path);
}

}  // namespace warband
