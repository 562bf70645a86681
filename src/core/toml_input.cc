#include "core/toml_input.h"

#include <fmt/format.h>

#include "core/error.h"
#include "core/file_io.h"

namespace warband {

std::string toml_where(const std::string& path, const toml::source_region& source) {
  return source.begin.line == 0 ? path : fmt::format("{}:{}", path, source.begin.line);
}

toml::table parse_toml_text(std::string_view text, const std::string& path) {
  try {
    return toml::parse(text, path);
  } catch (const toml::parse_error& error) {
    // toml++ writes a sentence ("Error while parsing key-value pair: ..."); here it follows a
    // colon, as nlohmann's "parse error at line 1, ..." does in "not valid JSON: ...".
    std::string problem(error.description());
    if (problem.starts_with("Error ")) problem[0] = 'e';
    throw InputError(toml_where(path, error.source()), "not valid TOML: " + problem);
  }
}

toml::table parse_toml_file(const std::string& path) {
  return parse_toml_text(read_text_file(path), path);
}

}  // namespace warband
