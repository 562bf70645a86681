// Counts of recent events per key in a sliding window: how a shared server caps game creation
// per client address and per token, and moves per game (issue 21). Thread-safe.
#pragma once

#include <chrono>
#include <cstddef>
#include <deque>
#include <map>
#include <mutex>
#include <string>

namespace warband::server {

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  // At most `limit` events per key within `window`; limit <= 0 allows everything.
  RateLimiter(int limit, std::chrono::milliseconds window) : limit_(limit), window_(window) {}

  // Records an event for `key` and returns true, or returns false (recording nothing) when the
  // key already had `limit` events within the window.
  bool allow(const std::string& key, Clock::time_point now = Clock::now());
  int limit() const { return limit_; }
  std::chrono::milliseconds window() const { return window_; }

 private:
  const int limit_;
  const std::chrono::milliseconds window_;
  std::mutex mutex_;
  std::map<std::string, std::deque<Clock::time_point>> events_;
  std::size_t calls_ = 0;
};

}  // namespace warband::server
