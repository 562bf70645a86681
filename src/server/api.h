// What every group of HTTP routes shares: JSON errors, body parsing, query readers, and the
// server's context. Each group registers itself with one function (add_*_routes) so that routes
// live in files by topic and the server file only lists them.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/budget.h"
#include "core/json_fields.h"
#include "core/registry.h"

namespace httplib {
class Server;
struct Request;
struct Response;
}  // namespace httplib

namespace warband::server {

class Store;
class JobRunner;
class EventStreams;
class RateLimiter;

// An error answered as {"error": {"status", "where", "what", "field", "message"}}: `where` (also
// given as `field`) is the precise path of the input at fault and `what` the terse problem, for
// tools and tests; `message` is the sentence a person reads (error_sentence.h), unless the thrower
// gives its own. InputError escaping a handler is answered 400 with its where/what; any other
// exception 500.
class ApiError : public std::runtime_error {
 public:
  ApiError(int status, std::string where, std::string what, std::string sentence = "");
  int status() const { return status_; }
  const std::string& where() const { return where_; }
  const std::string& what_text() const { return what_; }
  const std::string& sentence() const { return sentence_; }

 private:
  int status_;
  std::string where_;
  std::string what_;
  std::string sentence_;
};

// `sentence` "" is made from where and what (error_sentence).
nlohmann::json error_json(int status, const std::string& where, const std::string& what,
                          const std::string& sentence = "");
// An answer's text: compact JSON, invalid UTF-8 (an echoed path or argument) replaced, so that
// writing an answer never throws.
std::string json_text(const nlohmann::json& value);

struct ServerContext {
  Store& store;
  std::string content_dir;  // "" = the built-in content
  // Runs balance jobs in the background; made by add_job_routes, stopped with the server.
  std::shared_ptr<JobRunner> jobs;
  // How long one balance job may run.
  std::chrono::milliseconds job_budget = std::chrono::hours(2);
  // Where seat links point (--public-url, behind a reverse proxy); "" = the request's Host.
  std::string public_url;
  // The games' event streams (event_streams.h); made by add_game_routes, stopped with the server.
  std::shared_ptr<EventStreams> streams;
  // The caps of a shared server (issue 21): games created per client address and per token, and
  // moves per game with remote seats (null: no cap).
  std::shared_ptr<RateLimiter> creations;
  std::shared_ptr<RateLimiter> remote_moves;
};

// A JSON endpoint: returns the body of a 200 answer, or throws (ApiError, InputError...).
using JsonHandler = std::function<nlohmann::json(const httplib::Request&)>;
// Wraps a JsonHandler into an httplib handler that answers errors as JSON.
std::function<void(const httplib::Request&, httplib::Response&)> json_endpoint(JsonHandler handler);

// An endpoint that searches or samples (bots, odds): it runs in one of the server's work slots
// and within the request's Budget (connection_guard.h: cancelled when the client hangs up or the
// server stops). Work that cannot answer in part throws BudgetExhausted: answered 503 saying so.
using BudgetedJsonHandler = std::function<nlohmann::json(const httplib::Request&, Budget&)>;
std::function<void(const httplib::Request&, httplib::Response&)> json_endpoint(
    BudgetedJsonHandler handler);

// The request body: a JSON object; InputError (400) at "body" naming the parse error otherwise.
nlohmann::json parse_body(const httplib::Request& request);
// The body's fields, named "body.FIELD" in errors (InputError, 400). Null counts as absent: a
// browser form sends null for a field left empty.
JsonFields body_fields(const nlohmann::json& body);
// Refuses the first field of `fields` (the body, or an object in it) that is not one of `known`:
// ApiError 400 at its path ("body.gmes"), naming it and, when one known field is a near miss,
// that one ("unknown field `gmes`; did you mean `games`?"), else listing the known ones. A typo
// would otherwise run with the field's default.
void refuse_unknown_fields(const JsonFields& fields, const std::vector<std::string_view>& known);
// One value of body.args as the CLI's option would give it: a string as it is, a number as
// written; anything else is ApiError 400 at `where`.
std::string arg_text(const nlohmann::json& value, const std::string& where);
// Where in a request body an error the engine raised lies: a what-if ("--set PATH", the CLI's
// words for it) is the body's field `set_field` + "." + PATH ("body.set.units.troll.wounds"), any
// other place is named inside `context` ("body (setup.map)"), and no place is `context` itself.
// So the sentence a browser shows reads "Wounds of the troll must be ...", not "Wounds) of ...".
std::string where_in_body(const std::string& where, const std::string& context,
                          const std::string& set_field);

// A query parameter (?step=3) as a whole number in [min, max]; ApiError 400 at "query.NAME".
std::optional<std::int64_t> query_int(const httplib::Request& request, const std::string& name,
                                      std::int64_t min, std::int64_t max);

// The registered ruleset `name` that has `capability`; ApiError `status` at `where` (the registry's
// message: which rulesets have it) otherwise.
const Ruleset& require_ruleset(const std::string& name, Capability capability, int status,
                               const std::string& where);

// Route groups (one file each).
void add_meta_routes(httplib::Server& server, ServerContext& context);   // health, rulesets
void add_rules_routes(httplib::Server& server, ServerContext& context);  // rules, search
void add_odds_routes(httplib::Server& server, ServerContext& context);   // odds
void add_build_routes(httplib::Server& server, ServerContext& context);  // builder, documents
void add_game_routes(httplib::Server& server, ServerContext& context);   // games, replays
void add_job_routes(httplib::Server& server, ServerContext& context);    // balance jobs
void add_asset_routes(httplib::Server& server);                          // the embedded UI

}  // namespace warband::server
