#include "core/json_input.h"

#include "core/error.h"
#include "core/file_io.h"

namespace warband {

nlohmann::json parse_json(std::string_view text, const std::string& where) {
  try {
    return nlohmann::json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& error) {
    // nlohmann's message starts "[json.exception.parse_error.101] parse error at line 1, ...";
    // the bracketed id means nothing to a user, so drop it.
    std::string reason = error.what();
    if (const auto close = reason.find("] "); reason.starts_with("[") && close != std::string::npos)
      reason.erase(0, close + 2);
    throw InputError(where, "not valid JSON: " + reason);
  }
}

nlohmann::json read_json_file(const std::string& path) {
  return parse_json(read_text_file(path), path);
}

std::string json_type_name(const nlohmann::json& value) {
  switch (value.type()) {
    case nlohmann::json::value_t::null:
      return "null";
    case nlohmann::json::value_t::object:
      return "an object";
    case nlohmann::json::value_t::array:
      return "an array";
    case nlohmann::json::value_t::string:
      return "a string";
    case nlohmann::json::value_t::boolean:
      return "a boolean";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
      return "an integer";
    case nlohmann::json::value_t::number_float:
      return "a number with a fraction";
    default:
      return "binary data";
  }
}

}  // namespace warband
