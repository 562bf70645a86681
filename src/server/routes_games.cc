// The "Games (play)" and "Replays" endpoints of docs/api.md: each request loads the game's log
// from the Store, replays it into a GameSession, changes it and saves it back in one transaction
// (a stale revision: someone else moved first, 409).
#include <httplib.h>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <random>

#include "bots/bot.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/rng.h"
#include "server/api.h"
#include "server/game_session.h"
#include "server/store.h"
#include "server/web_setup.h"
#include "sim/summary.h"
#include "sim/sweep.h"

namespace warband::server {
namespace {

constexpr const char* kGameKind = "game";
constexpr const char* kReplayKind = "replay";
constexpr const char* kImportedPlayer = "imported";
constexpr std::int64_t kMaxSweepIndex = 1'000'000'000;
constexpr std::int64_t kMaxAction = std::numeric_limits<std::int64_t>::max();

// The ruleset the body names: 404 if this build has none by that name.
std::string known_ruleset(const JsonFields& body) {
  const std::string ruleset = body.string("ruleset");
  require_ruleset(ruleset, Capability::kGame, 404, body.where_of("ruleset"));
  return ruleset;
}

// An InputError from building a game names a setup field ("setup.map") or a warband: say that it
// was the body's setup.
[[noreturn]] void rethrow_in_body(const InputError& error) {
  const std::string& where = error.where();
  if (where.starts_with("setup")) throw InputError("body." + where, error.problem());
  throw InputError(where.empty() ? "body.setup" : "body.setup (" + where + ")", error.problem());
}

std::shared_ptr<const Game> build_game(const std::string& ruleset, const nlohmann::json& setup) {
  try {
    return make_game(ruleset, setup);
  } catch (const InputError& error) {
    rethrow_in_body(error);
  }
}

std::vector<std::string> read_players(const JsonFields& body, const std::string& field,
                                      bool allow_human, std::vector<std::string> fallback) {
  const nlohmann::json* given = body.find(field);
  if (given == nullptr) return fallback;
  if (!given->is_array() || given->size() != 2)
    throw InputError(body.where_of(field), "expected two players, Red's then Blue's");
  const JsonItems seats(*given, body.where_of(field));
  std::vector<std::string> players;
  for (std::size_t seat = 0; seat < seats.size(); ++seat) {
    const std::string where = seats.where_of(seat);
    if (!seats[seat].is_string())
      throw InputError(where,
                       allow_human ? "expected \"human\" or a bot spec" : "expected a bot spec");
    const std::string player = seats[seat].get<std::string>();
    check_web_player(player, where, allow_human);
    players.push_back(player);
  }
  return players;
}

GameRow find_row(Store& store, const std::string& id) {
  std::optional<GameRow> row = store.find_game(id);
  if (!row) throw ApiError(404, "path", fmt::format("no game with id '{}'", id));
  return std::move(*row);
}

GameSession session_of(const GameRow& row) {
  return GameSession::from_log(row.log, row.players.get<std::vector<std::string>>(), row.seed);
}

// Saves a changed session over the row it was loaded from: 409 if the row changed meanwhile.
void save(Store& store, const GameRow& loaded, const GameSession& session) {
  GameRow row = row_of(session, loaded.kind);
  row.id = loaded.id;
  if (!store.update_game(row, loaded.revision))
    throw ApiError(409, "path",
                   fmt::format("game '{}' changed meanwhile (another tab or player "
                               "moved first): load it again",
                               loaded.id));
}

// The seat a request asks for (?seat=0|1), else the session's default; a replay shows everything.
int viewer_of(const httplib::Request& request, const GameRow& row, const GameSession& session) {
  if (const auto seat = query_int(request, "seat", 0, 1)) return static_cast<int>(*seat);
  return row.kind == kReplayKind ? -1 : session.default_seat();
}

void refuse_replay(const GameRow& row) {
  if (row.kind == kReplayKind)
    throw ApiError(409, "path",
                   fmt::format("game '{}' is a replay: step through it, it is not "
                               "played",
                               row.id));
}

nlohmann::json create_game(ServerContext& context, const httplib::Request& request,
                           const Budget& budget) {
  const nlohmann::json json = parse_body(request);
  const JsonFields body = body_fields(json);
  const std::string ruleset = known_ruleset(body);
  const nlohmann::json setup =
      web_setup(ruleset, json.value("setup", nlohmann::json()), "body.setup",
                store_documents(context.store), context.content_dir);
  const std::vector<std::string> players = read_players(body, "players", true, {"human", "greedy"});
  const std::optional<std::int64_t> seed = body.optional_integer("seed", 0, kMaxSeed);
  GameSession session(ruleset, build_game(ruleset, setup), players,
                      seed ? static_cast<std::uint64_t>(*seed) : fresh_seed());
  session.advance(budget);
  const std::string id = context.store.create_game(row_of(session, kGameKind));
  return session.view(id, kGameKind, session.default_seat());
}

nlohmann::json list_games(ServerContext& context) {
  nlohmann::json games = nlohmann::json::array();
  for (const GameRow& row : context.store.list_games())
    games.push_back({{"id", row.id},
                     {"ruleset", row.ruleset},
                     {"kind", row.kind},
                     {"players", row.players},
                     {"length", row.length},
                     {"terminal", row.terminal},
                     {"winner", row.winner.empty() ? nlohmann::json() : nlohmann::json(row.winner)},
                     {"updated", row.updated}});
  return games;
}

// A game goes on where the last request stopped (bots and chance past the per-request limit).
nlohmann::json get_game(ServerContext& context, const httplib::Request& request,
                        const std::string& id, const Budget& budget) {
  GameRow row = find_row(context.store, id);
  GameSession session = session_of(row);
  // A game whose bot this build refuses still opens, saying why it does not go on.
  const std::string blocked = row.kind == kGameKind ? session.blocked() : "";
  if (row.kind == kGameKind && blocked.empty() && session.pending() &&
      session.advance(budget) > 0) {
    GameRow advanced = row_of(session, row.kind);
    advanced.id = id;
    if (!context.store.update_game(advanced, row.revision)) {
      // Another request moved it on first: show what it saved.
      row = find_row(context.store, id);
      session = session_of(row);
    }
  }
  nlohmann::json view = session.view(id, row.kind, viewer_of(request, row, session));
  if (!blocked.empty()) {
    view["blocked"] = blocked;
    view["pending"] = false;  // no GET will move it on: a client must not poll
  }
  return view;
}

nlohmann::json post_action(ServerContext& context, const httplib::Request& request,
                           const std::string& id, const Budget& budget) {
  const nlohmann::json json = parse_body(request);
  const JsonFields body = body_fields(json);
  const Action action = body.integer("action", 0, kMaxAction);
  const std::int64_t length = body.integer("length", 0, kMaxAction);
  const GameRow row = find_row(context.store, id);
  refuse_replay(row);
  GameSession session = session_of(row);
  session.act(action, length, budget);
  save(context.store, row, session);
  return session.view(id, row.kind, viewer_of(request, row, session));
}

nlohmann::json post_undo(ServerContext& context, const httplib::Request& request,
                         const std::string& id) {
  const nlohmann::json json = parse_body(request);
  const std::int64_t length = body_fields(json).integer("length", 0, kMaxAction);
  const GameRow row = find_row(context.store, id);
  refuse_replay(row);
  GameSession session = session_of(row);
  session.undo(length);
  save(context.store, row, session);
  return session.view(id, row.kind, viewer_of(request, row, session));
}

nlohmann::json get_replay(ServerContext& context, const httplib::Request& request,
                          const std::string& id) {
  const GameRow row = find_row(context.store, id);
  const GameSession session = session_of(row);
  const std::int64_t step =
      query_int(request, "step", 0, session.length()).value_or(session.length());
  // A finished game or a replay shows everything; a game in play hides what its viewer may not
  // see, as its view does.
  int viewer = -1;
  if (const auto seat = query_int(request, "seat", 0, 1))
    viewer = static_cast<int>(*seat);
  else if (row.kind == kGameKind && !session.state().is_terminal())
    viewer = session.default_seat();
  return session.replay_view(id, step, viewer);
}

nlohmann::json replay_sim(ServerContext& context, const httplib::Request& request, Budget& budget) {
  const nlohmann::json json = parse_body(request);
  const JsonFields body = body_fields(json);
  sim::SweepSettings settings;
  settings.ruleset = known_ruleset(body);
  settings.seed = static_cast<std::uint64_t>(body.integer("seed", 0, kMaxSeed));
  const std::int64_t index = body.integer("index", 0, kMaxSweepIndex);
  const std::vector<std::string> bots = read_players(body, "bots", false, {"random", "random"});
  for (std::size_t seat = 0; seat < bots.size(); ++seat) {
    if (bots::BotSpec::parse(bots[seat], "").options.count("ms"))
      throw InputError(fmt::format("body.bots[{}]", seat),
                       "a bot with a time budget (ms=) plays differently each time: give "
                       "iterations= to replay a sweep's game");
    settings.bots[seat] = bots[seat];
  }
  settings.setup = web_setup(settings.ruleset, json.value("setup", nlohmann::json()), "body.setup",
                             store_documents(context.store), context.content_dir);
  build_game(settings.ruleset, settings.setup);  // a bad setup is the body's error
  // The sweep `warband sim` plays, cut to this one game: its seed is the sweep's game seed.
  const sim::SweepIdentity sweep{.ruleset = settings.ruleset,
                                 .setup = settings.setup,
                                 .bots = settings.bots,
                                 .seed = settings.seed,
                                 .games = index + 1};
  // The request's budget, shared with the sweep without owning it (it outlives the call).
  sim::SweepSettings played = sweep.settings(index, index + 1, 1);
  played.budget = std::shared_ptr<const Budget>(&budget, [](const Budget*) {});
  std::unique_ptr<GameRecord> record;
  // Out of budget the game is not the sweep's (a bot played short of its search): BudgetExhausted.
  sim::play_sweep_game(played, index, &record);
  GameSession session = GameSession::from_log(record->to_json(), bots, *record->seed);
  const std::string id = context.store.create_game(row_of(session, kReplayKind));
  return {{"id", id}, {"length", session.length()}};
}

nlohmann::json import_replay(ServerContext& context, const httplib::Request& request) {
  const nlohmann::json json = parse_body(request);
  const JsonFields log_fields = body_fields(json).object("log");
  const nlohmann::json& log = log_fields.json();
  // The log's setup must not reach the disk any more than a new game's may (CLI logs can name
  // warband files or a --content folder): it is checked as a request's setup is.
  const nlohmann::json* given_setup = log_fields.find("setup");
  const nlohmann::json* ruleset = log_fields.find("ruleset");
  if (given_setup != nullptr && given_setup->is_object() && ruleset != nullptr &&
      ruleset->is_string()) {
    nlohmann::json setup = *given_setup;
    if (setup.contains("content_dir")) {
      if (context.content_dir.empty() || setup["content_dir"] != context.content_dir)
        throw InputError("body.log.setup.content_dir",
                         "the server reads content from its own --content folder only");
      setup.erase("content_dir");
    }
    web_setup(ruleset->get<std::string>(), setup, "body.log.setup", store_documents(context.store),
              "");
  }
  GameRecord checked = [&] {
    try {
      return GameRecord::replay(log);
    } catch (const InputError& error) {
      throw InputError(error.where().empty() ? "body.log" : "body.log." + error.where(),
                       error.problem());
    }
  }();
  const std::uint64_t seed = checked.seed.value_or(0);
  GameSession session = GameSession::from_log(log, {kImportedPlayer, kImportedPlayer}, seed);
  const std::string id = context.store.create_game(row_of(session, kReplayKind));
  return {{"id", id}, {"length", session.length()}};
}

}  // namespace

void add_game_routes(httplib::Server& server, ServerContext& context) {
  ServerContext* shared = &context;
  server.Post("/api/games",
              json_endpoint([shared](const httplib::Request& request, Budget& budget) {
                return create_game(*shared, request, budget);
              }));
  server.Get("/api/games",
             json_endpoint([shared](const httplib::Request&) { return list_games(*shared); }));
  server.Get(R"(/api/games/([^/]+))",
             json_endpoint([shared](const httplib::Request& request, Budget& budget) {
               return get_game(*shared, request, request.matches[1], budget);
             }));
  server.Delete(R"(/api/games/([^/]+))", json_endpoint([shared](const httplib::Request& request) {
                  const std::string id = request.matches[1];
                  if (!shared->store.delete_game(id))
                    throw ApiError(404, "path", fmt::format("no game with id '{}'", id));
                  return nlohmann::json{{"deleted", id}};
                }));
  server.Post(R"(/api/games/([^/]+)/actions)",
              json_endpoint([shared](const httplib::Request& request, Budget& budget) {
                return post_action(*shared, request, request.matches[1], budget);
              }));
  server.Post(R"(/api/games/([^/]+)/undo)",
              json_endpoint([shared](const httplib::Request& request) {
                return post_undo(*shared, request, request.matches[1]);
              }));
  server.Get(R"(/api/games/([^/]+)/log)", json_endpoint([shared](const httplib::Request& request) {
               return find_row(shared->store, request.matches[1]).log;
             }));
  server.Get(R"(/api/games/([^/]+)/replay)",
             json_endpoint([shared](const httplib::Request& request) {
               return get_replay(*shared, request, request.matches[1]);
             }));
  server.Post("/api/replays/sim",
              json_endpoint([shared](const httplib::Request& request, Budget& budget) {
                return replay_sim(*shared, request, budget);
              }));
  server.Post("/api/replays/import", json_endpoint([shared](const httplib::Request& request) {
                return import_replay(*shared, request);
              }));
}

}  // namespace warband::server
