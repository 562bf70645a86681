// What the game routes share (game_requests.h).
#include <httplib.h>

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/registry.h"
#include "server/content_versions.h"
#include "server/event_streams.h"
#include "server/game_requests.h"
#include "server/rate_limiter.h"
#include "server/seat_tokens.h"

namespace warband::server {
namespace {

// An InputError from building a game names a setup field ("setup.map"), a content override
// ("--set units.troll.wounds") or a warband: say that it was the body's setup.
[[noreturn]] void rethrow_in_body(const InputError& error) {
  const std::string& where = error.where();
  if (where.starts_with("setup")) throw InputError("body." + where, error.problem());
  throw InputError(where_in_body(where, "body.setup", "body.setup.content_overrides"),
                   error.problem());
}

}  // namespace

GameRequest read_game_request(ServerContext& context, const httplib::Request& request,
                              const std::string& id, bool allow_query) {
  GameRequest game{find_row(context.store, id), context.store.find_game_access(id), Caller{}};
  game.caller = identify(game.access, request_token(request, allow_query), human_seats(game.row),
                         "header.Authorization");
  return game;
}

GameRow find_row(Store& store, const std::string& id) {
  std::optional<GameRow> row = store.find_game(id);
  if (!row) throw ApiError(404, "path", fmt::format("no game with id '{}'", id));
  return std::move(*row);
}

GameSession session_of(Store& store, const GameRow& row, const std::optional<GameAccess>& access) {
  GameSession session = saved_session(store, row);
  if (access && access->resigned >= 0) session.set_resigned(access->resigned);
  return session;
}

std::shared_ptr<const Game> build_game(const std::string& ruleset, const nlohmann::json& setup) {
  try {
    return make_game(ruleset, setup);
  } catch (const InputError& error) {
    rethrow_in_body(error);
  }
}

std::vector<int> human_seats(const GameRow& row) {
  std::vector<int> seats;
  for (std::size_t seat = 0; seat < row.players.size(); ++seat)
    if (row.players[seat] == "human") seats.push_back(static_cast<int>(seat));
  return seats;
}

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

void refuse_replay(const GameRow& row) {
  if (row.kind == kReplayKind)
    throw ApiError(409, "path",
                   fmt::format("game '{}' is a replay: step through it, it is not "
                               "played",
                               row.id));
}

void refuse_early_spectator(const GameRequest& game) {
  if (game.caller.spectator() && game.access && game.access->spectators == "after_end" &&
      !game.row.terminal)
    throw ApiError(403, "header.Authorization",
                   "this game is shown to spectators only once it is over; open your seat's "
                   "link to play it");
}

int viewer_of(const httplib::Request& request, const GameRequest& game,
              const GameSession& session) {
  const Caller& caller = game.caller;
  const std::optional<std::int64_t> asked = query_int(request, "seat", 0, 1);
  if (caller.open) {
    if (asked) return static_cast<int>(*asked);
    return game.row.kind == kReplayKind ? -1 : session.default_seat();
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

}  // namespace warband::server
