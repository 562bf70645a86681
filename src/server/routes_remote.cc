// The routes of games with remote seats (issue 21, docs/api.md "Remote seats"): a seat's link
// re-issued or revoked, resign, rematch, and the event stream that tells each reader the game
// moved.
#include <httplib.h>

#include <fmt/format.h>

#include <poll.h>
#include <sys/socket.h>
#include <algorithm>
#include <array>
#include <charconv>
#include <limits>

#include "core/error.h"
#include "core/rng.h"
#include "server/connection_guard.h"
#include "server/event_streams.h"
#include "server/game_requests.h"
#include "server/qr_svg.h"
#include "server/rate_limiter.h"
#include "server/seat_tokens.h"

namespace warband::server {
namespace {

// The address links point at: --public-url, else the address the request came to.
std::string link_base(const ServerContext& context, const httplib::Request& request) {
  if (!context.public_url.empty()) return context.public_url;
  return "http://" + request.get_header_value("Host");
}

std::string seat_link(const std::string& base, const std::string& id, const std::string& token) {
  return fmt::format("{}/#/play/{}?token={}", base, id, token);
}

// The creator revokes a seat's link (DELETE) or revokes it and issues a new one (POST).
nlohmann::json change_seat_link(ServerContext& context, const httplib::Request& request,
                                const std::string& id, const std::string& seat_text, bool reissue) {
  const GameRequest game = read_game_request(context, request, id);
  const auto& [row, access, caller] = game;
  if (!access)
    throw ApiError(409, "path",
                   fmt::format("game '{}' has no remote seat: it has no links to change", id));
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

// Game `id` for resign and rematch, which only a played game with remote seats has: a replay is
// refused, and a game at one screen with 409 `one_screen` (what to do instead).
GameRequest read_remote_game(ServerContext& context, const httplib::Request& request,
                             const std::string& id, const char* one_screen) {
  GameRequest game = read_game_request(context, request, id);
  refuse_replay(game.row);
  if (!game.access) throw ApiError(409, "path", one_screen);
  return game;
}

// A player of a game with remote seats gives it up: the other side wins.
nlohmann::json post_resign(ServerContext& context, const httplib::Request& request,
                           const std::string& id) {
  const nlohmann::json json = parse_body(request);
  const JsonFields body = body_fields(json);
  refuse_unknown_fields(body, {"length"});
  const std::int64_t length = body.integer("length", 0, kMaxAction);
  const GameRequest game = read_remote_game(
      context, request, id,
      "resigning is for games with a remote seat; a game at one screen is deleted or played on");
  const auto& [row, access, caller] = game;
  if (caller.seats.size() != 1)
    throw ApiError(
        403, "header.Authorization",
        fmt::format("only a player resigns, and your link plays {}", seats_text(caller.seats)));
  GameSession session = session_of(context.store, row, access);
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
  const GameRequest game = read_remote_game(
      context, request, id,
      "a rematch is for games with a remote seat; start a new game from the Play page");
  const auto& [row, access, caller] = game;
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
  const GameRequest game = read_game_request(context, request, id, /*allow_query=*/true);
  const auto& [row, access, caller] = game;
  refuse_early_spectator(game);
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

// body.remote: {"seats": [1], "spectators": "live"|"after_end"}; nullopt when absent.
std::optional<GameAccess> read_remote(const JsonFields& body,
                                      const std::vector<std::string>& players) {
  if (body.find("remote") == nullptr) return std::nullopt;
  const JsonFields remote = body.object("remote");
  refuse_unknown_fields(remote, {"seats", "spectators"});
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

nlohmann::json create_remote_game(ServerContext& context, const httplib::Request& request,
                                  const GameSession& session, GameAccess access) {
  // The tokens are answered once, here, and stored only as their hashes.
  const std::string owner_token = new_token();
  access.tokens.push_back({GameAccess::kOwnerRole, token_hash(owner_token), false});
  std::vector<std::string> seat_tokens;
  for (int seat : access.remote_seats) {
    seat_tokens.push_back(new_token());
    access.tokens.push_back({seat, token_hash(seat_tokens.back()), false});
  }
  const std::optional<GameAccess> stored = std::move(access);
  const GameRow row = row_of(session, kGameKind);
  const std::string id = context.store.create_game(row, *stored);
  const Caller owner = identify(stored, owner_token, human_seats(row), "owner");
  nlohmann::json view = session.view(
      id, kGameKind,
      owner.seats.empty()
          ? kSeesPublic
          : (owner.plays(session.state().current_player()) ? session.state().current_player()
                                                           : owner.seats.front()));
  add_access(view, owner, stored, session);
  const std::string base = link_base(context, request);
  nlohmann::json links = nlohmann::json::array();
  for (std::size_t i = 0; i < seat_tokens.size(); ++i)
    links.push_back({{"seat", stored->remote_seats[i]},
                     {"token", seat_tokens[i]},
                     {"link", seat_link(base, id, seat_tokens[i])},
                     {"qr_svg", qr_svg(seat_link(base, id, seat_tokens[i]))}});
  view["invite"] = {{"owner_token", owner_token},
                    {"owner_link", seat_link(base, id, owner_token)},
                    {"seats", std::move(links)},
                    {"spectator_link", fmt::format("{}/#/play/{}", base, id)}};
  return view;
}

void add_remote_game_routes(httplib::Server& server, ServerContext& context) {
  ServerContext* shared = &context;
  server.Get(R"(/api/games/([^/]+)/events)",
             json_endpoint([shared](const httplib::Request& request) {
               return open_event_stream(*shared, request, request.matches[1]);
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
  server.Post(R"(/api/games/([^/]+)/resign)",
              json_endpoint([shared](const httplib::Request& request) {
                return post_resign(*shared, request, request.matches[1]);
              }));
  server.Post(R"(/api/games/([^/]+)/rematch)",
              json_endpoint([shared](const httplib::Request& request, Budget& budget) {
                return post_rematch(*shared, request, request.matches[1], budget);
              }));
}

}  // namespace warband::server
