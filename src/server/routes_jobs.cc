// The "Balance" endpoints of docs/api.md: POST /api/balance starts a run, POST /api/reprice a
// repricing (`warband balance --reprice`), on the JobRunner (one at a time); jobs, their progress
// and their reports are read from the Store.
#include <httplib.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <initializer_list>
#include <set>
#include <thread>

#include "balance/balance_run.h"
#include "balance/reprice.h"
#include "core/balance_hooks.h"
#include "core/error.h"
#include "core/input_limits.h"
#include "core/json_input.h"
#include "core/registry.h"
#include "server/api.h"
#include "server/game_session.h"
#include "server/job_runner.h"
#include "server/store.h"
#include "server/web_setup.h"

namespace warband::server {
namespace {

constexpr std::int64_t kMaxGames = 20000;
constexpr std::int64_t kMaxPoints = 100000;
// A repricing's bounds: rounds, and games over all its rounds (its time is the job's budget).
constexpr std::int64_t kMaxRepriceRounds = 20;
constexpr std::int64_t kMaxRepriceGames = 100000;
// A card price's tolerance, in its steps (a spell's AcTi): wider than any price.
constexpr double kMaxPriceTolerance = 100;

int max_threads() {
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

// The CLI line that plays the same run (the report's replay lines add --replay-index to it).
std::string command_line(const balance::BalanceSettings& settings, const nlohmann::json& setup) {
  std::string line = fmt::format("warband balance {} --games {} --seed {} --bot {}",
                                 settings.ruleset, settings.games, settings.seed, settings.bot);
  if (settings.points > 0) line += fmt::format(" --points {}", settings.points);
  if (settings.spread >= 0) line += fmt::format(" --spread {}", settings.spread);
  if (setup.contains("map")) line += " --map " + setup["map"].get<std::string>();
  for (const auto& [path, value] : settings.overrides)
    line += fmt::format(" --set {}={}", path, value);
  if (settings.mirrored) line += " --mirrored";
  if (settings.lists != balance::Lists::kReference)
    line += fmt::format(" --lists {}", balance::lists_name(settings.lists));
  if (settings.luck) line += " --luck";
  if (settings.price_jitter > 0) line += fmt::format(" --price-jitter {}", settings.price_jitter);
  if (settings.outcome != balance::Outcome::kResult)
    line += fmt::format(" --outcome {}", balance::outcome_name(settings.outcome));
  if (settings.first_game > 0) line += fmt::format(" --first-game {}", settings.first_game);
  return line;
}

std::vector<BalanceOverride> read_overrides(const JsonFields& body) {
  std::vector<BalanceOverride> overrides;
  const nlohmann::json* given = body.find("set");
  if (given == nullptr) return overrides;
  if (!given->is_object())
    throw InputError(body.where_of("set"),
                     "expected an object of PATH: VALUE (\"units.orc_warrior.wounds\": "
                     "3), got " +
                         json_type_name(*given));
  check_list_size(given->size(), kMaxBalanceOverrides, body.where_of("set"), "overrides");
  for (const auto& [path, value] : given->items()) {
    if (value.is_string())
      overrides.emplace_back(path, value.get<std::string>());
    else if (value.is_number())
      overrides.emplace_back(path, value.dump());
    else
      throw InputError("body.set." + path, "expected a number or a string");
  }
  return overrides;
}

// Where in the body a run's InputError belongs: the CLI option it names as the body's field
// ("--spread" is body.spread, "--set PATH" body.set.PATH), a setup's path under body.setup;
// anything else the body's, named in brackets.
std::string job_where(const std::string& where) {
  static const std::set<std::string> kFields = {
      "games",        "bot",     "seed",  "points",    "spread",          "threads",
      "price_jitter", "outcome", "lists", "tolerance", "price_tolerance", "rounds"};
  if (where.starts_with("--") && !where.starts_with("--set ")) {
    std::string field = where.substr(2);
    std::replace(field.begin(), field.end(), '-', '_');
    if (kFields.contains(field)) return "body." + field;
  }
  if (where.starts_with("setup.")) return "body." + where;
  return where_in_body(where, "body", "body.set");
}

// The fields settings_of reads: POST /api/balance's body but `compare`, and the base of POST
// /api/reprice's. A job's stored request is read again without this check (replay_job_game).
constexpr std::array<std::string_view, 13> kBalanceFields = {
    "ruleset", "games",        "bot",     "seed", "points", "spread", "threads",
    "set",     "price_jitter", "outcome", "luck", "lists",  "setup"};

// What a new run's request must not hold beyond what settings_of refuses (a job's stored request
// is read again without this, so a job started before these checks still replays its games): a
// field that is neither settings_of's nor one of `own_fields` (the endpoint's), and points 0,
// which `warband balance --points 0` refuses too (the standard budget is the field left out).
void check_run_request(const JsonFields& body, std::initializer_list<std::string_view> own_fields) {
  std::vector<std::string_view> known(kBalanceFields.begin(), kBalanceFields.end());
  known.insert(known.end(), own_fields);
  refuse_unknown_fields(body, known);
  if (const nlohmann::json* points = body.find("points"); points != nullptr && *points == 0)
    throw ApiError(400, body.where_of("points"),
                   "expected 1 or more points, got 0 (leave points out for the ruleset's "
                   "standard game)",
                   "Points must be 1 or more: leave the field out for the ruleset's standard "
                   "budget.");
}

// The run a request asks for (POST /api/balance's body, or a job's stored request when one of its
// games is replayed).
balance::BalanceSettings settings_of(ServerContext& context, const nlohmann::json& json) {
  const JsonFields body = body_fields(json);
  balance::BalanceSettings settings;
  settings.ruleset = body.string("ruleset");
  require_ruleset(settings.ruleset, Capability::kBalance, 404, "body.ruleset");
  settings.games = body.integer("games", 1, kMaxGames);
  settings.bot = body.optional_string("bot").value_or("random");
  check_web_player(settings.bot, "body.bot", false);
  settings.seed =
      static_cast<std::uint64_t>(body.optional_integer("seed", 0, kMaxSeed).value_or(1));
  // 0: the ruleset's standard game (a new request must leave the field out for it:
  // check_run_request).
  settings.points = static_cast<int>(body.optional_integer("points", 0, kMaxPoints).value_or(0));
  settings.spread = static_cast<int>(body.optional_integer("spread", 0, kMaxPoints).value_or(-1));
  settings.threads =
      static_cast<int>(body.optional_integer("threads", 1, max_threads()).value_or(max_threads()));
  settings.overrides = read_overrides(body);
  settings.price_jitter = static_cast<int>(
      body.optional_integer("price_jitter", 0, balance::kMaxPriceJitter).value_or(0));
  if (settings.price_jitter > 0 && !find_balance(settings.ruleset).card_price_override)
    throw InputError(
        body.where_of("price_jitter"),
        fmt::format("{} has no card prices to move: leave it out or 0", settings.ruleset));
  settings.outcome = balance::parse_outcome(body.optional_string("outcome").value_or("result"),
                                            body.where_of("outcome"));
  settings.luck = body.optional_boolean("luck").value_or(false);
  settings.lists = balance::parse_lists(body.optional_string("lists").value_or("reference"),
                                        body.where_of("lists"));
  settings.base_setup =
      web_setup(settings.ruleset, json.value("setup", nlohmann::json()), "body.setup",
                store_documents(context.store), context.content_dir);
  if (settings.base_setup.contains("warbands")) settings.random_warbands = false;
  return settings;
}

// The repricing a request asks for (POST /api/reprice's body): a balance run's fields, `games`
// a round's, plus `tolerance` (points, default 10), `price_tolerance` (a card price's steps,
// default 1), `rounds` (default 6) and `plain` (without the default design, --mirrored and the
// luck with the result, and its price jitter), as `warband balance --reprice` takes them.
balance::RepriceSettings reprice_settings_of(ServerContext& context, const nlohmann::json& json) {
  const JsonFields body = body_fields(json);
  balance::RepriceSettings settings{.balance = settings_of(context, json)};
  settings.tolerance = body.optional_number("tolerance").value_or(10);
  if (!(settings.tolerance > 0) || settings.tolerance > kMaxPoints)
    throw InputError(body.where_of("tolerance"),
                     fmt::format("expected points above 0 and at most {}", kMaxPoints));
  settings.price_tolerance = body.optional_number("price_tolerance").value_or(1);
  if (!(settings.price_tolerance > 0) || settings.price_tolerance > kMaxPriceTolerance)
    throw InputError(body.where_of("price_tolerance"),
                     fmt::format("expected steps above 0 and at most {:g}", kMaxPriceTolerance));
  settings.max_rounds = static_cast<int>(
      body.optional_integer("rounds", 1, kMaxRepriceRounds).value_or(settings.max_rounds));
  const bool plain = body.optional_boolean("plain").value_or(false);
  settings.balance.mirrored = !plain;
  settings.balance.luck =
      settings.balance.luck || (!plain && balance::default_luck(settings.balance.outcome));
  if (!body.find("price_jitter") && !plain && settings.balance.random_warbands)
    settings.balance.price_jitter = balance::default_price_jitter(settings.balance.ruleset);
  if (balance::games_per_round(settings) * settings.max_rounds > kMaxRepriceGames)
    throw InputError(
        body.where_of("rounds"),
        fmt::format("{} rounds of {} games is more than the {} games a repricing may "
                    "play: fewer rounds or fewer games",
                    settings.max_rounds, balance::games_per_round(settings), kMaxRepriceGames));
  return settings;
}

// The settings that play a finished repricing's last round again: its request's, at the prices
// and games its report recorded.
balance::BalanceSettings last_round_of(ServerContext& context, const JobRow& job) {
  balance::BalanceSettings round = reprice_settings_of(context, job.settings).balance;
  if (!job.report.is_object() || !job.report.contains("reprice"))
    throw ApiError(409, "path",
                   fmt::format("job {} has no games to replay yet (it is {})", job.id, job.state));
  const nlohmann::json& last = job.report.at("reprice").at("last_round");
  round.first_game = last.at("first_game").get<std::int64_t>();
  round.games = last.at("games").get<std::int64_t>();
  // The jitter the round played (a report from before the server took price_jitter has none: 0).
  round.price_jitter = last.value("price_jitter", 0);
  round.overrides.clear();
  for (const nlohmann::json& set : last.at("overrides"))
    round.overrides.emplace_back(set.at("path").get<std::string>(),
                                 set.at("value").get<std::string>());
  return round;
}

nlohmann::json start_reprice(ServerContext& context, const httplib::Request& request) {
  const nlohmann::json json = parse_body(request);
  check_run_request(body_fields(json), {"tolerance", "price_tolerance", "rounds", "plain"});
  const balance::RepriceSettings settings = reprice_settings_of(context, json);
  const nlohmann::json setup = settings.balance.base_setup;
  try {
    const std::string id = context.jobs->start_reprice(
        settings, json,
        [setup](const balance::BalanceSettings& round) { return command_line(round, setup); });
    return {{"job", id}};
  } catch (const InputError& error) {
    throw InputError(job_where(error.where()), error.problem());
  }
}

nlohmann::json start_balance(ServerContext& context, const httplib::Request& request) {
  const nlohmann::json json = parse_body(request);
  const JsonFields body = body_fields(json);
  check_run_request(body, {"compare"});
  const balance::BalanceSettings settings = settings_of(context, json);
  // Compare: the same games without the what-ifs, then with them, unit by unit.
  const bool compare = body.optional_boolean("compare").value_or(false);
  if (compare && settings.overrides.empty())
    throw InputError("body.compare",
                     "must come with what-ifs to compare against (set), or be left out");
  try {
    const std::string id = context.jobs->start_balance(
        settings, json, command_line(settings, settings.base_setup), compare);
    return {{"job", id}};
  } catch (const InputError& error) {
    throw InputError(job_where(error.where()), error.problem());
  }
}

// Game `index` of a finished job, played again as the run played it and stored as a replay: the
// report's best and worst games open in the replay viewer.
nlohmann::json replay_job_game(ServerContext& context, const httplib::Request& request) {
  const std::string id = request.matches[1];
  const std::optional<JobRow> job = context.store.find_job(id);
  if (!job) throw ApiError(404, "path", fmt::format("no job with id '{}'", id));
  const nlohmann::json json = parse_body(request);
  const JsonFields body = body_fields(json);
  refuse_unknown_fields(body, {"index", "what_if"});
  // A repricing's report is its last round's: those games, at that round's prices.
  balance::BalanceSettings settings =
      job->kind == "reprice" ? last_round_of(context, *job) : settings_of(context, job->settings);
  const std::int64_t index =
      body.integer("index", settings.first_game, settings.first_game + settings.games - 1);
  // A compared job's games are the what-if's with `what_if`, the baseline's without.
  if (job->settings.value("compare", false) && !body.optional_boolean("what_if").value_or(true))
    settings.overrides.clear();
  const std::unique_ptr<GameRecord> record = balance::replay_balance_game(settings, index);
  GameSession session =
      GameSession::from_log(record->to_json(), {settings.bot, settings.bot}, *record->seed);
  return {{"id", context.store.create_game(row_of(session, "replay"))},
          {"length", session.length()}};
}

nlohmann::json job_json(const JobRow& job, JobRunner& jobs) {
  return {{"id", job.id},
          {"kind", job.kind},
          {"state", job.state},
          {"settings", job.settings},
          {"done", job.done},
          {"total", job.total},
          {"error", job.error.empty() ? nlohmann::json() : nlohmann::json(job.error)},
          {"report", job.report},
          // Only while running: a job the store has finished may still be the runner's for a
          // moment (run_job records the end before it lets go of the job).
          {"progress", job.state == "running" ? jobs.progress(job.id) : nlohmann::json()},
          {"created", job.created}};
}

}  // namespace

void add_job_routes(httplib::Server& server, ServerContext& context) {
  context.jobs = std::make_shared<JobRunner>(context.store, context.job_budget);
  ServerContext* shared = &context;
  server.Post("/api/balance", json_endpoint([shared](const httplib::Request& request) {
                return start_balance(*shared, request);
              }));
  server.Post("/api/reprice", json_endpoint([shared](const httplib::Request& request) {
                return start_reprice(*shared, request);
              }));
  server.Post(R"(/api/jobs/([^/]+)/replay)",
              json_endpoint([shared](const httplib::Request& request) {
                return replay_job_game(*shared, request);
              }));
  server.Get("/api/jobs", json_endpoint([shared](const httplib::Request&) {
               nlohmann::json jobs = nlohmann::json::array();
               for (const JobRow& job : shared->store.list_jobs())
                 jobs.push_back(job_json(job, *shared->jobs));
               return jobs;
             }));
  server.Get(R"(/api/jobs/([^/]+))", json_endpoint([shared](const httplib::Request& request) {
               const std::string id = request.matches[1];
               const std::optional<JobRow> job = shared->store.find_job(id);
               if (!job) throw ApiError(404, "path", fmt::format("no job with id '{}'", id));
               return job_json(*job, *shared->jobs);
             }));
  server.Delete(R"(/api/jobs/([^/]+))", json_endpoint([shared](const httplib::Request& request) {
                  const std::string id = request.matches[1];
                  const std::optional<JobRow> job = shared->store.find_job(id);
                  if (!job) throw ApiError(404, "path", fmt::format("no job with id '{}'", id));
                  if (!shared->jobs->cancel(id))
                    throw ApiError(409, "path",
                                   fmt::format("job {} is not running (it is {})", id, job->state));
                  return nlohmann::json{{"cancelled", id}};
                }));
}

}  // namespace warband::server
