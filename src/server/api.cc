#include "server/api.h"

#include <fmt/format.h>
#include <httplib.h>

#include <charconv>
#include <string_view>

#include "core/error.h"
#include "core/json_input.h"
#include "server/connection_guard.h"
#include "server/error_sentence.h"

namespace warband::server {

ApiError::ApiError(int status, std::string where, std::string what, std::string sentence)
    : std::runtime_error(where.empty() ? what : where + ": " + what),
      status_(status),
      where_(std::move(where)),
      what_(std::move(what)),
      sentence_(std::move(sentence)) {}

nlohmann::json error_json(int status, const std::string& where, const std::string& what,
                          const std::string& sentence) {
  return {{"error",
           {{"status", status},
            {"where", where},
            {"what", what},
            {"field", where},
            {"message", sentence.empty() ? error_sentence(where, what) : sentence}}}};
}

std::string json_text(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

namespace {

void answer_error(httplib::Response& response, int status, const std::string& where,
                  const std::string& what, const std::string& sentence = "") {
  response.status = status;
  // Replace: a handler may have thrown after starting an answer.
  response.set_content(json_text(error_json(status, where, what, sentence)), "application/json");
}

}  // namespace

std::function<void(const httplib::Request&, httplib::Response&)> json_endpoint(
    JsonHandler handler) {
  return [handler = std::move(handler)](const httplib::Request& request,
                                        httplib::Response& response) {
    try {
      const nlohmann::json body = handler(request);
      response.status = 200;
      response.set_content(json_text(body), "application/json");
    } catch (const ApiError& error) {
      answer_error(response, error.status(), error.where(), error.what_text(), error.sentence());
    } catch (const InputError& error) {
      answer_error(response, 400, error.where(), error.problem());
    } catch (const std::exception& error) {
      answer_error(response, 500, "", std::string("internal error: ") + error.what());
    } catch (...) {
      answer_error(response, 500, "", "internal error: an unknown exception");
    }
  };
}

std::function<void(const httplib::Request&, httplib::Response&)> json_endpoint(
    BudgetedJsonHandler handler) {
  return json_endpoint([handler = std::move(handler)](const httplib::Request& request) {
    WorkScope work;  // a work slot and the request's budget (503 when no slot comes free)
    try {
      return handler(request, work.budget());
    } catch (const BudgetExhausted& error) {
      throw ApiError(503, "request",
                     fmt::format("stopped: {}; ask for less work (fewer samples, a smaller bot "
                                 "search)",
                                 error.what()));
    }
  });
}

nlohmann::json parse_body(const httplib::Request& request) {
  if (request.body.empty()) throw InputError("body", "is empty; expected a JSON object");
  nlohmann::json body = parse_json(request.body, "body");
  body_fields(body);  // an object, or the error says what it is
  return body;
}

JsonFields body_fields(const nlohmann::json& body) {
  return JsonFields(body, "body", JsonNull::kIsAbsent);
}

std::string arg_text(const nlohmann::json& value, const std::string& where) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number()) return value.dump();
  throw ApiError(400, where,
                 fmt::format("must be a string or a number, got {}", value.type_name()));
}

std::string where_in_body(const std::string& where, const std::string& context,
                          const std::string& set_field) {
  if (where.empty()) return context;
  constexpr std::string_view kSet = "--set ";
  if (where.starts_with(kSet)) return set_field + "." + where.substr(kSet.size());
  return context + " (" + where + ")";
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
    throw ApiError(
        400, where,
        fmt::format("expected a whole number from {} to {}, got \"{}\"", min, max, text));
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
