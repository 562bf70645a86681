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
    throw InputError(toml_where(path, error.source()),
                     fmt::format("not valid TOML: {}", error.description()));
  }
}

toml::table parse_toml_file(const std::string& path) {
  return parse_toml_text(read_text_file(path), path);
}

}  // namespace warband
