// Server-Sent Events of games (issue 21): GET /api/games/{id}/events. An event stream is held
// open for as long as the page is, so it must not hold one of the connection threads the API
// answers on (connection_guard.h: 64; eight streams per player would starve it). Once its first
// events are written, a stream's socket is handed over to this hub: one thread holds every stream,
// notices hang-ups and writes a comment every 15 s (so proxies and dead peers show), and a route
// that saves a game publishes to the game's streams from its own thread.
//
// An event says only that the game moved ("revision", "length", "current_player", "terminal",
// "winner") and who is connected ("presence"): a client reads its own view with its own token, so
// nothing hidden ever travels on a stream.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

namespace warband::server {

struct EventStreamLimits {
  int streams = 4096;     // open at once
  int per_address = 256;  // from one client address
};

class EventStreams {
 public:
  explicit EventStreams(EventStreamLimits limits = {});
  ~EventStreams();  // stop()
  EventStreams(const EventStreams&) = delete;
  EventStreams& operator=(const EventStreams&) = delete;

  // The text of one event: "event: NAME\n[id: ID\n]data: JSON\n\n" (id < 0: none).
  static std::string event_text(const std::string& name, const nlohmann::json& data,
                                std::int64_t id);

  // Whether one more stream from `address` may open now (a full hub answers 503 instead).
  bool has_room(const std::string& address);
  // Takes over `sock`, whose headers and first events are written, as a stream of game `game`
  // watched by `seat` (0 or 1, -1: a spectator). The hub closes it.
  void add(int sock, const std::string& address, const std::string& game, int seat);
  // Sends `text` (event_text) to every stream of `game`; a stream that cannot take it at once
  // (a reader gone or too slow) is closed, and its client reconnects.
  void publish(const std::string& game, const std::string& text);
  // [Red connected, Blue connected] in `game`.
  std::array<bool, 2> presence(const std::string& game);
  // Closes every stream (the server stops: the clients reconnect to the next one). Idempotent.
  void stop();
  std::size_t open_streams();

 private:
  struct Stream {
    int sock;
    std::string address;
    std::string game;
    int seat;
  };
  void run();
  // Under mutex_: closes stream `index` and tells its game when a seat went away.
  void close_stream(std::size_t index);
  bool send_all(int sock, const std::string& text);
  void publish_locked(const std::string& game, const std::string& text);
  void publish_presence_locked(const std::string& game);
  std::array<bool, 2> presence_unlocked(const std::string& game) const;

  EventStreamLimits limits_;
  std::mutex mutex_;
  std::vector<Stream> streams_;
  std::map<std::string, int> per_address_;
  bool stopping_ = false;
  int wake_[2] = {-1, -1};  // a pipe: add() wakes the poller
  std::thread thread_;
};

}  // namespace warband::server
