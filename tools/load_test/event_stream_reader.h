// One game's event stream (GET /api/games/{id}/events) read by hand over a plain socket, for the
// remote-play scenario and the idle streams of the load test: it waits for an event and says how
// long that took.
#pragma once

#include <chrono>
#include <string>

namespace warband::load {

class EventStreamReader {
 public:
  // Connects to host:port and asks for `path` (with its ?token=); check ok() afterwards.
  EventStreamReader(const std::string& host, int port, const std::string& path);
  ~EventStreamReader();
  EventStreamReader(const EventStreamReader&) = delete;
  EventStreamReader& operator=(const EventStreamReader&) = delete;

  // Whether the answer's head arrived with status 200 within `most`.
  bool ok(std::chrono::milliseconds most = std::chrono::seconds(5));
  // Reads until `needle` arrives after what was already matched, or `most` passes; true if it
  // did. Text before the match is dropped.
  bool wait_for(const std::string& needle, std::chrono::milliseconds most);
  // True when the server has closed the stream (read without waiting).
  bool closed();

 private:
  bool read_some(int wait_ms);

  int fd_ = -1;
  bool closed_ = false;
  bool head_ok_ = false;
  std::string text_;
};

}  // namespace warband::load
