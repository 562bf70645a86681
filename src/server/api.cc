#include "server/api.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <httplib.h>

#include <algorithm>
#include <charconv>
#include <string_view>

#include "core/error.h"
#include "core/json_input.h"
#include "core/text.h"
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

// How deep a request body may nest arrays and objects: far more than any request needs (a log's
// setup holds a warband object a few levels down), and few enough that copying, writing or
// freeing it, which nlohmann does by recursion, stays far from a thread's stack's end: a body of
// 100,000 nested arrays in a known field crashed the server (SIGSEGV).
constexpr int kMaxBodyDepth = 64;

// Whether `text` nests arrays and objects more than `most` deep, read without parsing it:
// brackets inside strings (and escaped quotes) do not count. Malformed text is the parser's to
// refuse.
bool nests_deeper_than(std::string_view text, int most) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > most) return true;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
}

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
  if (nests_deeper_than(request.body, kMaxBodyDepth))
    throw InputError("body", fmt::format("nests arrays and objects more than {} deep; no request "
                                         "needs that many",
                                         kMaxBodyDepth));
  nlohmann::json body = parse_json(request.body, "body");
  body_fields(body);  // an object, or the error says what it is
  return body;
}

JsonFields body_fields(const nlohmann::json& body) {
  return JsonFields(body, "body", JsonNull::kIsAbsent);
}

void refuse_unknown_fields(const JsonFields& fields, const std::vector<std::string_view>& known) {
  for (const auto& [key, value] : fields.json().items()) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    // A key may be anything a client sends: quoted cut short (json_text replaces bad UTF-8).
    constexpr std::size_t kMostShown = 40;
    const std::string shown = shortened(key, kMostShown);
    const std::string meant = closest_match(key, known);
    const std::string in = fields.where() == "body" ? "the request" : fields.where();
    const std::string listed = fmt::format("{}", fmt::join(known, ", "));
    if (!meant.empty())
      throw ApiError(400, fields.where_of(shown),
                     fmt::format("unknown field `{}`; did you mean `{}`?", shown, meant),
                     fmt::format("Unknown field `{}` in {}: did you mean `{}`?", shown, in, meant));
    throw ApiError(400, fields.where_of(shown),
                   fmt::format("unknown field `{}`; known: {}", shown, listed),
                   fmt::format("Unknown field `{}` in {}: it takes {}.", shown, in, listed));
  }
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
