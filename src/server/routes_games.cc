// The "Games (play)" and "Replays" endpoints of docs/api.md: each request loads the game's log
// from the Store, replays it into a GameSession, changes it and saves it back in one transaction
// (a stale revision: someone else moved first, 409).
#include <httplib.h>

#include <fmt/format.h>

#include <poll.h>
#include <sys/socket.h>
#include <algorithm>
#include <array>

#include <charconv>
#include <chrono>
#include <limits>
#include <random>

#include "bots/bot.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/rng.h"
#include "server/api.h"
#include "server/connection_guard.h"
#include "server/event_streams.h"
#include "server/game_session.h"
#include "server/qr_svg.h"
#include "server/rate_limiter.h"
#include "server/seat_access.h"
#include "server/seat_tokens.h"
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

// The game `row` holds; with `access`, a resignation ends it (GameSession::set_resigned).
GameSession session_of(const GameRow& row, const std::optional<GameAccess>& access = std::nullopt) {
  GameSession session =
      GameSession::from_log(row.log, row.players.get<std::vector<std::string>>(), row.seed);
  if (access && access->resigned >= 0) session.set_resigned(access->resigned);
  return session;
}

// The event a game's streams get: that it moved, never what is hidden (the readers GET their own
// views). Its id is the game's revision.
std::string game_event(const GameRow& row, std::int64_t revision) {
  return EventStreams::event_text(
      "game",
      {{"revision", revision},
       {"length", row.length},
       {"terminal", row.terminal},
       {"winner", row.winner.empty() ? nlohmann::json() : nlohmann::json(row.winner)}},
      revision);
}

void publish(ServerContext& context, const GameRow& row, std::int64_t revision) {
  if (context.streams) context.streams->publish(row.id, game_event(row, revision));
}

// Saves a changed session over the row it was loaded from: 409 if the row changed meanwhile.
// Tells the game's event streams.
void save(ServerContext& context, const GameRow& loaded, const GameSession& session) {
  GameRow row = row_of(session, loaded.kind);
  row.id = loaded.id;
  if (!context.store.update_game(row, loaded.revision))
    throw ApiError(409, "path",
                   fmt::format("game '{}' changed meanwhile (another tab or player "
                               "moved first): load it again",
                               loaded.id));
  publish(context, row, loaded.revision + 1);
}

std::vector<int> human_seats(const GameRow& row) {
  std::vector<int> seats;
  for (std::size_t seat = 0; seat < row.players.size(); ++seat)
    if (row.players[seat] == "human") seats.push_back(static_cast<int>(seat));
  return seats;
}

// Who the request is in game `row` (seat_access.h): 403 for a token this game never issued or
// revoked.
Caller caller_of(const httplib::Request& request, const GameRow& row,
                 const std::optional<GameAccess>& access, bool allow_query = false) {
  return identify(access, request_token(request, allow_query), human_seats(row),
                  "header.Authorization");
}

// A spectator of a game whose creator keeps it hidden until the end: 403 while it goes on.
void refuse_early_spectator(const Caller& caller, const std::optional<GameAccess>& access,
                            bool terminal) {
  if (caller.spectator() && access && access->spectators == "after_end" && !terminal)
    throw ApiError(403, "header.Authorization",
                   "this game is shown to spectators only once it is over; open your seat's "
                   "link to play it");
}

// The seat a request asks for (?seat=0|1), else the session's default; a replay shows everything.
// In a game with remote seats a caller sees only a seat it plays (403 for another), a spectator
// what neither side hides, and everything once the game is over.
int viewer_of(const httplib::Request& request, const GameRow& row, const GameSession& session,
              const Caller& caller) {
  const std::optional<std::int64_t> asked = query_int(request, "seat", 0, 1);
  if (caller.open) {
    if (asked) return static_cast<int>(*asked);
    return row.kind == kReplayKind ? -1 : session.default_seat();
  }
  if (asked) {
    if (!caller.plays(static_cast<int>(*asked)))
      throw ApiError(403, "query.seat",
                     fmt::format("your link plays {}, not {}", seats_text(caller.seats),
                                 seat_name(static_cast<int>(*asked))));
    return static_cast<int>(*asked);
  }
  if (caller.seats.empty()) return session.finished() ? kSeesEverything : kSeesPublic;
  if (caller.plays(session.state().current_player())) return session.state().current_player();
  return caller.seats.front();
}

// What a game with remote seats adds to its view: who the reader is and, while it goes on, no
// seed (the seed and the log foretell every die and card).
void add_access(nlohmann::json& view, const Caller& caller, const std::optional<GameAccess>& access,
                const GameSession& session) {
  if (!access) return;
  if (!session.finished()) view["seed"] = nullptr;
  view["can_undo"] = false;  // post_undo refuses it
  view["access"] = {
      {"remote_seats", access->remote_seats},
      {"spectators", access->spectators},
      {"rematch", access->rematch.empty() ? nlohmann::json() : nlohmann::json(access->rematch)},
      {"owner", caller.owner},
      {"seats", caller.seats}};
}

void refuse_replay(const GameRow& row) {
  if (row.kind == kReplayKind)
    throw ApiError(409, "path",
                   fmt::format("game '{}' is a replay: step through it, it is not "
                               "played",
                               row.id));
}

// The address links point at: --public-url, else the address the request came to.
std::string link_base(const ServerContext& context, const httplib::Request& request) {
  if (!context.public_url.empty()) return context.public_url;
  return "http://" + request.get_header_value("Host");
}

std::string seat_link(const std::string& base, const std::string& id, const std::string& token) {
  return fmt::format("{}/#/play/{}?token={}", base, id, token);
}

// body.remote: {"seats": [1], "spectators": "live"|"after_end"}; nullopt when absent.
std::optional<GameAccess> read_remote(const JsonFields& body,
                                      const std::vector<std::string>& players) {
  if (body.find("remote") == nullptr) return std::nullopt;
  const JsonFields remote = body.object("remote");
  GameAccess access;
  const nlohmann::json* seats = remote.find("seats");
  if (seats == nullptr || !seats->is_array() || seats->empty() || seats->size() > 2)
    throw InputError(remote.where_of("seats"),
                     "expected the seats to open through a link: [1] (Blue), [0] or [0, 1]");
  const JsonItems items(*seats, remote.where_of("seats"));
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!items[i].is_number_integer() || (items[i] != 0 && items[i] != 1))
      throw InputError(items.where_of(i), "expected 0 (Red) or 1 (Blue)");
    const int seat = items[i].get<int>();
    if (std::find(access.remote_seats.begin(), access.remote_seats.end(), seat) !=
        access.remote_seats.end())
      throw InputError(items.where_of(i), fmt::format("{} is listed twice", seat_name(seat)));
    if (players[seat] != "human")
      throw InputError(items.where_of(i),
                       fmt::format("{} is played by {}: only a human seat is played through a link",
                                   seat_name(seat), players[seat]));
    access.remote_seats.push_back(seat);
  }
  access.spectators = remote.optional_string("spectators").value_or("live");
  if (access.spectators != "live" && access.spectators != "after_end")
    throw InputError(
        remote.where_of("spectators"),
        fmt::format("expected \"live\" or \"after_end\", got \"{}\"", access.spectators));
  return access;
}

// A shared server caps the games one client address, and one token, creates a minute: 429.
void limit_creation(ServerContext& context, const httplib::Request& request) {
  if (!context.creations) return;
  const auto refuse = [&](const std::string& who) {
    throw ApiError(429, "request",
                   fmt::format("{} created {} games in the last minute, the most this server "
                               "allows: wait a minute",
                               who, context.creations->limit()));
  };
  if (!context.creations->allow("address " + request.remote_addr)) refuse("this address");
  const std::string token = request_token(request, false);
  if (!token.empty() && !context.creations->allow("token " + token_hash(token)))
    refuse("this token");
}

nlohmann::json create_game(ServerContext& context, const httplib::Request& request,
                           const Budget& budget) {
  limit_creation(context, request);
  const nlohmann::json json = parse_body(request);
  const JsonFields body = body_fields(json);
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
  // The tokens are answered once, here, and stored only as their hashes.
  const std::string owner_token = new_token();
  access->tokens.push_back({GameAccess::kOwnerRole, token_hash(owner_token), false});
  std::vector<std::string> seat_tokens;
  for (int seat : access->remote_seats) {
    seat_tokens.push_back(new_token());
    access->tokens.push_back({seat, token_hash(seat_tokens.back()), false});
  }
  const GameRow row = row_of(session, kGameKind);
  const std::string id = context.store.create_game(row, *access);
  const Caller owner = identify(access, owner_token, human_seats(row), "owner");
  nlohmann::json view = session.view(
      id, kGameKind,
      owner.seats.empty()
          ? kSeesPublic
          : (owner.plays(session.state().current_player()) ? session.state().current_player()
                                                           : owner.seats.front()));
  add_access(view, owner, access, session);
  const std::string base = link_base(context, request);
  nlohmann::json links = nlohmann::json::array();
  for (std::size_t i = 0; i < seat_tokens.size(); ++i)
    links.push_back({{"seat", access->remote_seats[i]},
                     {"token", seat_tokens[i]},
                     {"link", seat_link(base, id, seat_tokens[i])},
                     {"qr_svg", qr_svg(seat_link(base, id, seat_tokens[i]))}});
  view["invite"] = {{"owner_token", owner_token},
                    {"owner_link", seat_link(base, id, owner_token)},
                    {"seats", std::move(links)},
                    {"spectator_link", fmt::format("{}/#/play/{}", base, id)}};
  return view;
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
  const std::optional<GameAccess> access = context.store.find_game_access(id);
  const Caller caller = caller_of(request, row, access);
  refuse_early_spectator(caller, access, row.terminal);
  GameSession session = session_of(row, access);
  // A game whose bot this build refuses still opens, saying why it does not go on.
  const std::string blocked = row.kind == kGameKind ? session.blocked() : "";
  if (row.kind == kGameKind && blocked.empty() && session.pending() &&
      session.advance(budget) > 0) {
    GameRow advanced = row_of(session, row.kind);
    advanced.id = id;
    if (!context.store.update_game(advanced, row.revision)) {
      // Another request moved it on first: show what it saved.
      row = find_row(context.store, id);
      session = session_of(row, access);
    } else {
      publish(context, advanced, row.revision + 1);
    }
  }
  nlohmann::json view = session.view(id, row.kind, viewer_of(request, row, session, caller));
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
  const Action action = body.integer("action", 0, kMaxAction);
  const std::int64_t length = body.integer("length", 0, kMaxAction);
  const GameRow row = find_row(context.store, id);
  const std::optional<GameAccess> access = context.store.find_game_access(id);
  const Caller caller = caller_of(request, row, access);
  refuse_replay(row);
  if (caller.spectator() && !caller.owner)
    throw ApiError(403, "header.Authorization",
                   "a spectator cannot move: open your seat's link to play");
  if (access && context.remote_moves && !context.remote_moves->allow(id))
    throw ApiError(429, "path",
                   fmt::format("game '{}' had {} moves in the last minute, the most a game with a "
                               "remote seat may: wait a moment",
                               id, context.remote_moves->limit()));
  GameSession session = session_of(row, access);
  // The seat is checked on the state the client saw; a stale one is the 409 act() answers.
  const int to_move = session.state().current_player();
  if (length == session.length() && to_move >= 0 && !caller.plays(to_move))
    throw ApiError(403, "body.action",
                   fmt::format("it is {}'s turn and your link plays {}", seat_name(to_move),
                               seats_text(caller.seats)));
  session.act(action, length, budget);
  save(context, row, session);
  nlohmann::json view = session.view(id, row.kind, viewer_of(request, row, session, caller));
  add_access(view, caller, access, session);
  return view;
}

nlohmann::json post_undo(ServerContext& context, const httplib::Request& request,
                         const std::string& id) {
  const nlohmann::json json = parse_body(request);
  const std::int64_t length = body_fields(json).integer("length", 0, kMaxAction);
  const GameRow row = find_row(context.store, id);
  const std::optional<GameAccess> access = context.store.find_game_access(id);
  const Caller caller = caller_of(request, row, access);
  refuse_replay(row);
  if (!caller.open)
    throw ApiError(403, "path",
                   "there is no undo in a game with a remote seat: a move your opponent has seen "
                   "stands");
  GameSession session = session_of(row);
  session.undo(length);
  save(context, row, session);
  return session.view(id, row.kind, viewer_of(request, row, session, caller));
}

nlohmann::json get_replay(ServerContext& context, const httplib::Request& request,
                          const std::string& id) {
  const GameRow row = find_row(context.store, id);
  const std::optional<GameAccess> access = context.store.find_game_access(id);
  const Caller caller = caller_of(request, row, access);
  refuse_early_spectator(caller, access, row.terminal);
  const GameSession session = session_of(row, access);
  const std::int64_t step =
      query_int(request, "step", 0, session.length()).value_or(session.length());
  // A finished game or a replay shows everything; a game in play hides what its viewer may not
  // see, as its view does.
  int viewer = -1;
  if (!caller.open) {
    viewer = viewer_of(request, row, session, caller);
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
  GameRow row = find_row(context.store, id);
  const std::optional<GameAccess> access = context.store.find_game_access(id);
  caller_of(request, row, access);
  if (access && !row.terminal)
    throw ApiError(403, "path",
                   "the log of a game with a remote seat shows every hand and the seed: it opens "
                   "once the game is over");
  return std::move(row.log);
}

nlohmann::json delete_game(ServerContext& context, const httplib::Request& request,
                           const std::string& id) {
  const GameRow row = find_row(context.store, id);
  const std::optional<GameAccess> access = context.store.find_game_access(id);
  const Caller caller = caller_of(request, row, access);
  if (!caller.open && !caller.owner)
    throw ApiError(403, "header.Authorization", "only the game's creator can delete it");
  if (!context.store.delete_game(id))
    throw ApiError(404, "path", fmt::format("no game with id '{}'", id));
  return {{"deleted", id}};
}

// The creator revokes a seat's link (DELETE) or revokes it and issues a new one (POST).
nlohmann::json change_seat_link(ServerContext& context, const httplib::Request& request,
                                const std::string& id, const std::string& seat_text, bool reissue) {
  const GameRow row = find_row(context.store, id);
  const std::optional<GameAccess> access = context.store.find_game_access(id);
  if (!access)
    throw ApiError(409, "path",
                   fmt::format("game '{}' has no remote seat: it has no links to change", id));
  const Caller caller = caller_of(request, row, access);
  if (!caller.owner)
    throw ApiError(403, "header.Authorization", "only the game's creator can change its links");
  const int seat = seat_text == "0" ? 0 : seat_text == "1" ? 1 : -1;
  if (seat < 0 || std::find(access->remote_seats.begin(), access->remote_seats.end(), seat) ==
                      access->remote_seats.end())
    throw ApiError(404, "path",
                   fmt::format("game '{}' has no remote seat {} (its remote seats: {})", id,
                               seat_text, seats_text(access->remote_seats)));
  const std::string token = reissue ? new_token() : "";
  context.store.replace_token(id, seat, reissue ? token_hash(token) : "");
  if (!reissue) return {{"seat", seat}, {"revoked", true}};
  const std::string link = seat_link(link_base(context, request), id, token);
  return {{"seat", seat}, {"token", token}, {"link", link}, {"qr_svg", qr_svg(link)}};
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

// A player of a game with remote seats gives it up: the other side wins.
nlohmann::json post_resign(ServerContext& context, const httplib::Request& request,
                           const std::string& id) {
  const nlohmann::json json = parse_body(request);
  const std::int64_t length = body_fields(json).integer("length", 0, kMaxAction);
  const GameRow row = find_row(context.store, id);
  const std::optional<GameAccess> access = context.store.find_game_access(id);
  const Caller caller = caller_of(request, row, access);
  refuse_replay(row);
  if (!access)
    throw ApiError(409, "path",
                   "resigning is for games with a remote seat; a game at one screen is deleted "
                   "or played on");
  if (caller.seats.size() != 1)
    throw ApiError(
        403, "header.Authorization",
        fmt::format("only a player resigns, and your link plays {}", seats_text(caller.seats)));
  GameSession session = session_of(row, access);
  if (session.finished()) throw ApiError(409, "path", "the game is already over");
  if (length != session.length())
    throw ApiError(
        409, "body.length",
        fmt::format("the game has moved on: it is at length {}, not {}", session.length(), length));
  const int seat = caller.seats.front();
  session.set_resigned(seat);
  GameRow saved = row_of(session, row.kind);
  saved.id = id;
  if (!context.store.resign_game(saved, row.revision, seat))
    throw ApiError(409, "path", fmt::format("game '{}' changed meanwhile: load it again", id));
  publish(context, saved, row.revision + 1);
  const std::optional<GameAccess> now = context.store.find_game_access(id);
  nlohmann::json view = session.view(id, row.kind, seat);
  add_access(view, caller, now, session);
  return view;
}

// The same game again once it is over: the same setup, players and seats, a new seed; every live
// link plays the same side in it. Asked twice (both players press Rematch), one game.
nlohmann::json post_rematch(ServerContext& context, const httplib::Request& request,
                            const std::string& id, const Budget& budget) {
  const GameRow row = find_row(context.store, id);
  const std::optional<GameAccess> access = context.store.find_game_access(id);
  const Caller caller = caller_of(request, row, access);
  refuse_replay(row);
  if (!access)
    throw ApiError(409, "path",
                   "a rematch is for games with a remote seat; start a new game from the Play "
                   "page");
  if (caller.seats.empty() && !caller.owner)
    throw ApiError(403, "header.Authorization", "a spectator cannot ask for a rematch");
  if (!row.terminal) throw ApiError(409, "path", "the game is not over yet");
  if (!access->rematch.empty()) return {{"id", access->rematch}};
  limit_creation(context, request);
  GameSession session(row.ruleset, build_game(row.ruleset, row.log.at("setup")),
                      row.players.get<std::vector<std::string>>(), fresh_seed());
  session.advance(budget);
  const std::string next = context.store.create_rematch(id, row_of(session, kGameKind), *access);
  if (context.streams)
    context.streams->publish(id, EventStreams::event_text("game",
                                                          {{"revision", row.revision},
                                                           {"length", row.length},
                                                           {"terminal", true},
                                                           {"winner", row.winner},
                                                           {"rematch", next}},
                                                          row.revision));
  return {{"id", next}};
}

// Writes all of `text` on a socket the library no longer serves, waiting at most 5 s.
bool send_fully(int sock, const std::string& text) {
  std::size_t sent = 0;
  while (sent < text.size()) {
    pollfd entry{sock, POLLOUT, 0};
    if (::poll(&entry, 1, 5000) <= 0) return false;
    const ssize_t n = ::send(sock, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

// The revision a reconnecting client saw last: the Last-Event-ID header EventSource sends, or
// ?last_event_id= for a client that opens a new stream itself; -1 if none.
std::int64_t last_event_id(const httplib::Request& request) {
  std::string text = request.get_header_value("Last-Event-ID");
  std::string where = "header.Last-Event-ID";
  if (text.empty() && request.has_param("last_event_id")) {
    text = request.get_param_value("last_event_id");
    where = "query.last_event_id";
  }
  if (text.empty()) return -1;
  std::int64_t id = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, error] = std::from_chars(text.data(), end, id);
  if (error != std::errc() || ptr != end || id < 0)
    throw ApiError(400, where, fmt::format("expected an event id (a revision), got \"{}\"", text));
  return id;
}

// GET /api/games/{id}/events: answers the stream's head and what the client missed (the game's
// revision if it is not the Last-Event-ID, and who is connected), then hands the socket to the
// hub (event_streams.h), which holds it without a connection thread.
nlohmann::json open_event_stream(ServerContext& context, const httplib::Request& request,
                                 const std::string& id) {
  const GameRow row = find_row(context.store, id);
  const std::optional<GameAccess> access = context.store.find_game_access(id);
  const Caller caller = caller_of(request, row, access, /*allow_query=*/true);
  refuse_early_spectator(caller, access, row.terminal);
  const std::int64_t seen = last_event_id(request);
  if (!context.streams->has_room(request.remote_addr))
    throw ApiError(503, "request",
                   "the server holds as many event streams as it may: try again shortly");
  const int seat = !caller.open && caller.seats.size() == 1 ? caller.seats.front() : -1;
  std::array<bool, 2> here = context.streams->presence(id);
  if (seat >= 0) here[static_cast<std::size_t>(seat)] = true;
  std::string text =
      "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
      "X-Accel-Buffering: no\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
      "retry: 1000\n\n";
  if (seen != row.revision) text += game_event(row, row.revision);
  text += EventStreams::event_text("presence", {{"connected", here}}, -1);
  const int sock = ConnectionGuard::detach();
  // Only a connection the server's own guard holds can be handed to the hub (not one reached
  // without a socket, as the fuzz targets reach the routes): refused like a full hub.
  if (sock < 0)
    throw ApiError(503, "request", "this connection cannot hold an event stream: try again");
  if (!send_fully(sock, text)) {
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    return nlohmann::json::object();
  }
  context.streams->add(sock, request.remote_addr, id, seat);
  // A save between the read above and add() was published before this stream joined: say it
  // again (clients ignore a revision they have).
  if (const std::optional<GameRow> now = context.store.find_game(id);
      now && now->revision != row.revision)
    publish(context, *now, now->revision);
  return nlohmann::json::object();  // the library's answer is not written (detached)
}

}  // namespace

void add_game_routes(httplib::Server& server, ServerContext& context) {
  ServerContext* shared = &context;
  context.streams = std::make_shared<EventStreams>();
  server.Get(R"(/api/games/([^/]+)/events)",
             json_endpoint([shared](const httplib::Request& request) {
               return open_event_stream(*shared, request, request.matches[1]);
             }));
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
  server.Post(R"(/api/games/([^/]+)/seats/([^/]+)/link)",
              json_endpoint([shared](const httplib::Request& request) {
                return change_seat_link(*shared, request, request.matches[1], request.matches[2],
                                        true);
              }));
  server.Delete(R"(/api/games/([^/]+)/seats/([^/]+)/link)",
                json_endpoint([shared](const httplib::Request& request) {
                  return change_seat_link(*shared, request, request.matches[1], request.matches[2],
                                          false);
                }));
  server.Post(R"(/api/games/([^/]+)/actions)",
              json_endpoint([shared](const httplib::Request& request, Budget& budget) {
                return post_action(*shared, request, request.matches[1], budget);
              }));
  server.Post(R"(/api/games/([^/]+)/resign)",
              json_endpoint([shared](const httplib::Request& request) {
                return post_resign(*shared, request, request.matches[1]);
              }));
  server.Post(R"(/api/games/([^/]+)/rematch)",
              json_endpoint([shared](const httplib::Request& request, Budget& budget) {
                return post_rematch(*shared, request, request.matches[1], budget);
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
