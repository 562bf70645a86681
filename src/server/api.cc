#include "server/api.h"

#include <fmt/format.h>
#include <httplib.h>

#include <charconv>
#include <cmath>
#include <limits>

#include "core/error.h"

namespace warband::server {

ApiError::ApiError(int status, std::string where, std::string what)
    : std::runtime_error(where.empty() ? what : where + ": " + what),
      status_(status),
      where_(std::move(where)),
      what_(std::move(what)) {}

nlohmann::json error_json(int status, const std::string& where, const std::string& what) {
  return {{"error", {{"status", status}, {"where", where}, {"what", what}}}};
}

namespace {

void answer_error(httplib::Response& response, int status, const std::string& where,
                  const std::string& what) {
  response.status = status;
  // Replace: a handler may have thrown after starting an answer. dump's replace mode keeps bad
  // UTF-8 in a message (an echoed argument) from throwing again.
  response.set_content(error_json(status, where, what)
                           .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
                       "application/json");
}

}  // namespace

std::function<void(const httplib::Request&, httplib::Response&)> json_endpoint(
    JsonHandler handler) {
  return
      [handler = std::move(handler)](const httplib::Request& request, httplib::Response& response) {
        try {
          const nlohmann::json body = handler(request);
          response.status = 200;
          response.set_content(body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
                               "application/json");
        } catch (const ApiError& error) {
          answer_error(response, error.status(), error.where(), error.what_text());
        } catch (const InputError& error) {
          answer_error(response, 400, error.where(), error.problem());
        } catch (const std::exception& error) {
          answer_error(response, 500, "", std::string("internal error: ") + error.what());
        } catch (...) {
          answer_error(response, 500, "", "internal error: an unknown exception");
        }
      };
}

nlohmann::json parse_body(const httplib::Request& request) {
  if (request.body.empty()) throw ApiError(400, "body", "is empty; expected a JSON object");
  nlohmann::json body;
  try {
    body = nlohmann::json::parse(request.body);
  } catch (const nlohmann::json::parse_error& error) {
    // nlohmann's message names the byte and what it expected; drop its "[json.exception...]" tag.
    std::string message = error.what();
    if (const auto tag_end = message.find("] "); tag_end != std::string::npos)
      message = message.substr(tag_end + 2);
    throw ApiError(400, "body", "is not valid JSON: " + message);
  }
  if (!body.is_object())
    throw ApiError(400, "body", fmt::format("must be a JSON object, got {}", body.type_name()));
  return body;
}

namespace {

std::string where_of(const std::string& field) {
  return "body." + field;
}

// The value at `field`, or nullptr when it is absent or null (an absent optional field).
const nlohmann::json* field_value(const nlohmann::json& body, const std::string& field) {
  if (!body.is_object()) return nullptr;
  const auto found = body.find(field);
  if (found == body.end() || found->is_null()) return nullptr;
  return &*found;
}

std::string describe(const nlohmann::json& value) {
  std::string text = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return fmt::format("{} {}", value.type_name(), text);
}

std::int64_t checked_int(const nlohmann::json& value, const std::string& where, std::int64_t min,
                         std::int64_t max) {
  std::int64_t number = 0;
  bool whole = false;
  if (value.is_number_unsigned()) {
    const std::uint64_t positive = value.get<std::uint64_t>();
    if (max < 0 || positive > static_cast<std::uint64_t>(max))
      throw ApiError(
          400, where,
          fmt::format("must be a whole number from {} to {}, got {}", min, max, describe(value)));
    number = static_cast<std::int64_t>(positive);
    whole = true;
  } else if (value.is_number_integer()) {
    number = value.get<std::int64_t>();
    whole = true;
  } else if (value.is_number_float()) {
    const double real = value.get<double>();
    // 3.0 is a whole number (JavaScript has no other kind). The range is checked before the
    // cast: casting a double beyond int64 is undefined.
    if (real >= -9.0e15 && real <= 9.0e15 && real == std::trunc(real)) {
      number = static_cast<std::int64_t>(real);
      whole = true;
    }
  }
  if (!whole || number < min || number > max)
    throw ApiError(
        400, where,
        fmt::format("must be a whole number from {} to {}, got {}", min, max, describe(value)));
  return number;
}

}  // namespace

std::string body_string(const nlohmann::json& body, const std::string& field) {
  const std::optional<std::string> value = optional_string(body, field);
  if (!value) throw ApiError(400, where_of(field), "is required (a string)");
  return *value;
}

std::optional<std::string> optional_string(const nlohmann::json& body, const std::string& field) {
  const nlohmann::json* value = field_value(body, field);
  if (value == nullptr) return std::nullopt;
  if (!value->is_string())
    throw ApiError(400, where_of(field), fmt::format("must be a string, got {}", describe(*value)));
  return value->get<std::string>();
}

std::int64_t body_int(const nlohmann::json& body, const std::string& field, std::int64_t min,
                      std::int64_t max) {
  const std::optional<std::int64_t> value = optional_int(body, field, min, max);
  if (!value)
    throw ApiError(400, where_of(field),
                   fmt::format("is required (a whole number from {} to {})", min, max));
  return *value;
}

std::optional<std::int64_t> optional_int(const nlohmann::json& body, const std::string& field,
                                         std::int64_t min, std::int64_t max) {
  const nlohmann::json* value = field_value(body, field);
  if (value == nullptr) return std::nullopt;
  return checked_int(*value, where_of(field), min, max);
}

std::optional<std::int64_t> query_int(const httplib::Request& request, const std::string& name,
                                      std::int64_t min, std::int64_t max) {
  if (!request.has_param(name.c_str())) return std::nullopt;
  const std::string text = request.get_param_value(name.c_str());
  const std::string where = "query." + name;
  std::int64_t number = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, error] = std::from_chars(text.data(), end, number);
  if (text.empty() || error != std::errc() || ptr != end || number < min || number > max)
    throw ApiError(400, where,
                   fmt::format("must be a whole number from {} to {}, got \"{}\"", min, max, text));
  return number;
}

const Ruleset& require_ruleset(const std::string& name, Capability capability, int status,
                               const std::string& where) {
  try {
    return Registry::instance().find(name, capability);
  } catch (const InputError& error) {
    throw ApiError(status, where, error.problem());
  }
}

}  // namespace warband::server
