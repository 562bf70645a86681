// What the game routes share (routes_games.cc: play and replays; routes_remote.cc: links, resign,
// rematch, the event stream): reading a game and who asks, saving it back, and the view a reader
// is shown.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/json_fields.h"
#include "server/api.h"
#include "server/game_session.h"
#include "server/seat_access.h"
#include "server/store.h"

namespace warband::server {

// The largest action code or log length a request may name.
inline constexpr std::int64_t kMaxAction = std::numeric_limits<std::int64_t>::max();

inline constexpr const char* kGameKind = "game";
inline constexpr const char* kReplayKind = "replay";

// A game route's reading of its game: the stored row, its remote seats (nullopt: an open game)
// and who the request is.
struct GameRequest {
  GameRow row;
  std::optional<GameAccess> access;
  Caller caller;
};

// Reads game `id` for `request`: 404 if there is none, 403 for a token the game never issued or
// revoked. `allow_query`: the token may come as ?token= (the event stream).
GameRequest read_game_request(ServerContext& context, const httplib::Request& request,
                              const std::string& id, bool allow_query = false);

// Game `id`'s stored row; 404 if there is none.
GameRow find_row(Store& store, const std::string& id);

// The game `row` holds, on the content it began on (content_versions.h); with `access`, a
// resignation ends it (GameSession::set_resigned).
GameSession session_of(Store& store, const GameRow& row,
                       const std::optional<GameAccess>& access = std::nullopt);

// The game a setup builds; its InputError is the body's ("body.setup...").
std::shared_ptr<const Game> build_game(const std::string& ruleset, const nlohmann::json& setup);

// The sides a human plays in `row` (the seats a link can open).
std::vector<int> human_seats(const GameRow& row);

// The event a game's streams get: that it moved, never what is hidden (the readers GET their own
// views). Its id is the game's revision.
std::string game_event(const GameRow& row, std::int64_t revision);
// Tells the game's event streams that `row` is now at `revision`.
void publish(ServerContext& context, const GameRow& row, std::int64_t revision);
// Saves a changed session over the row it was loaded from: 409 if the row changed meanwhile.
// Tells the game's event streams.
void save(ServerContext& context, const GameRow& loaded, const GameSession& session);

// 409 for a replay, which is stepped through, not played.
void refuse_replay(const GameRow& row);
// A spectator of a game whose creator keeps it hidden until the end: 403 while it goes on.
void refuse_early_spectator(const GameRequest& game);

// The seat a request asks for (?seat=0|1), else the session's default; a replay shows everything.
// In a game with remote seats a caller sees only a seat it plays (403 for another), a spectator
// what neither side hides, and everything once the game is over.
int viewer_of(const httplib::Request& request, const GameRequest& game, const GameSession& session);

// What a game with remote seats adds to its view: who the reader is and, while it goes on, no
// seed (the seed and the log foretell every die and card).
void add_access(nlohmann::json& view, const Caller& caller, const std::optional<GameAccess>& access,
                const GameSession& session);

// A shared server caps the games one client address, and one token, creates a minute: 429.
void limit_creation(ServerContext& context, const httplib::Request& request);

// Remote seats (routes_remote.cc). body.remote: {"seats": [1], "spectators": "live"|"after_end"};
// nullopt when absent.
std::optional<GameAccess> read_remote(const JsonFields& body,
                                      const std::vector<std::string>& players);
// Stores a new game with remote seats and answers its creator's view with the invite: the
// owner's and each seat's token (answered once, stored only as hashes), links and QR codes.
nlohmann::json create_remote_game(ServerContext& context, const httplib::Request& request,
                                  const GameSession& session, GameAccess access);
// The routes of games with remote seats: a seat's link, resign, rematch, the event stream.
void add_remote_game_routes(httplib::Server& server, ServerContext& context);

}  // namespace warband::server
