// The "Games (play)" and "Replays" endpoints of docs/api.md: each request loads the game's log
// from the Store, replays it into a GameSession, changes it and saves it back in one transaction
// (a stale revision: someone else moved first, 409). Games with remote seats add their own routes
// (routes_remote.cc); what both share is game_requests.h.
#include <httplib.h>

#include <fmt/format.h>

#include <limits>

#include "bots/bot.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/rng.h"
#include "server/content_versions.h"
#include "server/event_streams.h"
#include "server/game_requests.h"
#include "server/rate_limiter.h"
#include "server/web_setup.h"
#include "sim/summary.h"
#include "sim/sweep.h"

namespace warband::server {
namespace {

constexpr const char* kImportedPlayer = "imported";
constexpr std::int64_t kMaxSweepIndex = 1'000'000'000;
// The ruleset the body names: 404 if this build has none by that name.
std::string known_ruleset(const JsonFields& body) {
  const std::string ruleset = body.string("ruleset");
  require_ruleset(ruleset, Capability::kGame, 404, body.where_of("ruleset"));
  return ruleset;
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
    const std::string player = bots::player_spec(seats[seat].get<std::string>());
    check_web_player(player, where, allow_human);
    players.push_back(player);
  }
  return players;
}

nlohmann::json create_game(ServerContext& context, const httplib::Request& request,
                           const Budget& budget) {
  limit_creation(context, request);
  const nlohmann::json json = parse_body(request);
  const JsonFields body = body_fields(json);
  refuse_unknown_fields(body, {"ruleset", "setup", "players", "seed", "remote"});
  const std::string ruleset = known_ruleset(body);
  const nlohmann::json setup =
      web_setup(ruleset, json.value("setup", nlohmann::json()), "body.setup",
                store_documents(context.store), context.content_dir);
  const std::vector<std::string> players = read_players(body, "players", true, {"human", "greedy"});
  std::optional<GameAccess> access = read_remote(body, players);
  const std::optional<std::int64_t> seed = body.optional_integer("seed", 0, kMaxSeed);
  GameSession session(ruleset, build_game(ruleset, setup), players,
                      seed ? static_cast<std::uint64_t>(*seed) : fresh_seed());
  session.advance(budget);
  if (!access) {
    const std::string id = context.store.create_game(row_of(session, kGameKind));
    return session.view(id, kGameKind, session.default_seat());
  }
  return create_remote_game(context, request, session, std::move(*access));
}

nlohmann::json list_games(ServerContext& context) {
  nlohmann::json games = nlohmann::json::array();
  LiveVersions live_by_folder;
  for (const GameRow& row : context.store.list_games())
    games.push_back({{"id", row.id},
                     {"ruleset", row.ruleset},
                     {"kind", row.kind},
                     {"players", row.players},
                     {"length", row.length},
                     {"terminal", row.terminal},
                     {"winner", row.winner.empty() ? nlohmann::json() : nlohmann::json(row.winner)},
                     {"updated", row.updated},
                     {"content", listed_content_text(row, live_by_folder)}});
  return games;
}

// A game goes on where the last request stopped (bots and chance past the per-request limit).
nlohmann::json get_game(ServerContext& context, const httplib::Request& request,
                        const std::string& id, const Budget& budget) {
  GameRequest game = read_game_request(context, request, id);
  auto& [row, access, caller] = game;
  refuse_early_spectator(game);
  GameSession session = session_of(context.store, row, access);
  // A game whose bot this build refuses still opens, saying why it does not go on.
  const std::string blocked = row.kind == kGameKind ? session.blocked() : "";
  if (row.kind == kGameKind && blocked.empty() && session.pending() &&
      session.advance(budget) > 0) {
    GameRow advanced = row_of(session, row.kind);
    advanced.id = id;
    if (!context.store.update_game(advanced, row.revision)) {
      // Another request moved it on first: show what it saved.
      row = find_row(context.store, id);
      session = session_of(context.store, row, access);
    } else {
      publish(context, advanced, row.revision + 1);
    }
  }
  nlohmann::json view = session.view(id, row.kind, viewer_of(request, game, session));
  add_access(view, caller, access, session);
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
  refuse_unknown_fields(body, {"action", "length"});
  const Action action = body.integer("action", 0, kMaxAction);
  const std::int64_t length = body.integer("length", 0, kMaxAction);
  const GameRequest game = read_game_request(context, request, id);
  const auto& [row, access, caller] = game;
  refuse_replay(row);
  if (caller.spectator() && !caller.owner)
    throw ApiError(403, "header.Authorization",
                   "a spectator cannot move: open your seat's link to play");
  if (access && context.remote_moves && !context.remote_moves->allow(id))
    throw ApiError(429, "path",
                   fmt::format("game '{}' had {} moves in the last minute, the most a game with a "
                               "remote seat may: wait a moment",
                               id, context.remote_moves->limit()));
  GameSession session = session_of(context.store, row, access);
  // The seat is checked on the state the client saw; a stale one is the 409 act() answers.
  const int to_move = session.state().current_player();
  if (length == session.length() && to_move >= 0 && !caller.plays(to_move))
    throw ApiError(403, "body.action",
                   fmt::format("it is {}'s turn and your link plays {}", seat_name(to_move),
                               seats_text(caller.seats)));
  session.act(action, length, budget);
  save(context, row, session);
  nlohmann::json view = session.view(id, row.kind, viewer_of(request, game, session));
  add_access(view, caller, access, session);
  return view;
}

nlohmann::json post_undo(ServerContext& context, const httplib::Request& request,
                         const std::string& id) {
  const nlohmann::json json = parse_body(request);
  const JsonFields body = body_fields(json);
  refuse_unknown_fields(body, {"length"});
  const std::int64_t length = body.integer("length", 0, kMaxAction);
  const GameRequest game = read_game_request(context, request, id);
  const GameRow& row = game.row;
  const Caller& caller = game.caller;
  refuse_replay(row);
  if (!caller.open)
    throw ApiError(403, "path",
                   "there is no undo in a game with a remote seat: a move your opponent has seen "
                   "stands");
  GameSession session = session_of(context.store, row);
  session.undo(length);
  save(context, row, session);
  return session.view(id, row.kind, viewer_of(request, game, session));
}

nlohmann::json get_replay(ServerContext& context, const httplib::Request& request,
                          const std::string& id) {
  const GameRequest game = read_game_request(context, request, id);
  const auto& [row, access, caller] = game;
  refuse_early_spectator(game);
  const GameSession session = session_of(context.store, row, access);
  const std::int64_t step =
      query_int(request, "step", 0, session.length()).value_or(session.length());
  // A finished game or a replay shows everything; a game in play hides what its viewer may not
  // see, as its view does.
  int viewer = -1;
  if (!caller.open) {
    viewer = viewer_of(request, game, session);
  } else if (const auto seat = query_int(request, "seat", 0, 1)) {
    viewer = static_cast<int>(*seat);
  } else if (row.kind == kGameKind && !session.state().is_terminal()) {
    viewer = session.default_seat();
  }
  return session.replay_view(id, step, viewer);
}

// The whole log (every card drawn, the seed): of a game with remote seats, only once it is over.
nlohmann::json get_log(ServerContext& context, const httplib::Request& request,
                       const std::string& id) {
  GameRequest game = read_game_request(context, request, id);
  if (game.access && !game.row.terminal)
    throw ApiError(403, "path",
                   "the log of a game with a remote seat shows every hand and the seed: it opens "
                   "once the game is over");
  nlohmann::json log = std::move(game.row.log);
  // The version it began on, for an import into this server (import_replay); `warband replay`
  // reads past it.
  if (log.is_object() && !game.row.content_version.empty())
    log["content_version"] = game.row.content_version;
  return log;
}

nlohmann::json delete_game(ServerContext& context, const httplib::Request& request,
                           const std::string& id) {
  const Caller caller = read_game_request(context, request, id).caller;
  if (!caller.open && !caller.owner)
    throw ApiError(403, "header.Authorization", "only the game's creator can delete it");
  std::string unused_version;
  if (!context.store.delete_game(id, &unused_version))
    throw ApiError(404, "path", fmt::format("no game with id '{}'", id));
  // After the commit: a crash before this leaves a copy, which the next start sweeps.
  if (!unused_version.empty()) remove_version_copy(context.store, unused_version);
  return {{"deleted", id}};
}

nlohmann::json replay_sim(ServerContext& context, const httplib::Request& request, Budget& budget) {
  const nlohmann::json json = parse_body(request);
  const JsonFields body = body_fields(json);
  refuse_unknown_fields(body, {"ruleset", "seed", "index", "bots", "setup"});
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
  const JsonFields body = body_fields(json);
  refuse_unknown_fields(body, {"log"});
  const JsonFields log_fields = body.object("log");
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
  // A log exported by a server names the content version its game began on (get_log): when this
  // server holds that version, the replay plays it, as the game did; else the live content.
  PlayedContent content;
  nlohmann::json played = log;
  if (const nlohmann::json* version = log_fields.find("content_version");
      version != nullptr && version->is_string() && ruleset != nullptr && ruleset->is_string() &&
      given_setup != nullptr && given_setup->is_object() &&
      context.store.has_content_version(version->get<std::string>())) {
    content = played_content(context.store, ruleset->get<std::string>(), *given_setup,
                             version->get<std::string>());
    if (!content.root.empty()) played["setup"]["content_dir"] = content.root;
  }
  GameRecord checked = [&] {
    try {
      return GameRecord::replay(played);
    } catch (const InputError& error) {
      throw InputError(error.where().empty() ? "body.log" : "body.log." + error.where(),
                       error.problem());
    }
  }();
  const std::uint64_t seed = checked.seed.value_or(0);
  GameSession session =
      GameSession::from_log(log, {kImportedPlayer, kImportedPlayer}, seed, std::move(content));
  const std::string id = context.store.create_game(row_of(session, kReplayKind));
  return {{"id", id}, {"length", session.length()}};
}

}  // namespace

void add_game_routes(httplib::Server& server, ServerContext& context) {
  ServerContext* shared = &context;
  context.streams = std::make_shared<EventStreams>();
  add_remote_game_routes(server, context);
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
                  return delete_game(*shared, request, request.matches[1]);
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
               return get_log(*shared, request, request.matches[1]);
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
