// Slow-header clients for the load test (--slow-clients N): each opens a connection, sends a
// request line, then one header line every --slow-interval seconds and never ends its headers,
// reconnecting whenever the server drops it. Issue 14: eight of them kept /api/health from
// answering; run beside `--scenario health` they measure what they cost the others.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

namespace warband::load {

struct SlowClientFigures {
  int clients = 0;
  double interval_seconds = 0;
  std::int64_t connections = 0;  // opened
  std::int64_t dropped = 0;      // closed or answered by the server before the run ended
  std::int64_t refused = 0;      // of those, answered 503 (the per-address cap)
  std::int64_t lines_sent = 0;
  nlohmann::json to_json() const;
  std::string text() const;
};

class SlowClients {
 public:
  // Starts `count` clients against host:port (an IPv4 address or "localhost").
  SlowClients(const std::string& host, int port, int count, std::chrono::milliseconds interval);
  ~SlowClients();  // stop()
  SlowClients(const SlowClients&) = delete;
  SlowClients& operator=(const SlowClients&) = delete;

  // Ends every client and returns what they saw.
  SlowClientFigures stop();

 private:
  void run(const std::string& host, int port);

  std::chrono::milliseconds interval_;
  int count_;
  std::atomic<bool> done_ = false;
  std::atomic<std::int64_t> connections_ = 0;
  std::atomic<std::int64_t> dropped_ = 0;
  std::atomic<std::int64_t> refused_ = 0;
  std::atomic<std::int64_t> lines_ = 0;
  std::vector<std::thread> threads_;
};

}  // namespace warband::load
