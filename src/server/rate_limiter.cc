#include "server/rate_limiter.h"

namespace warband::server {
namespace {

// Every so many calls, keys with nothing left in their window are dropped, so that a stream of
// new addresses does not grow the map for ever.
constexpr std::size_t kSweepEvery = 1024;

}  // namespace

bool RateLimiter::allow(const std::string& key, Clock::time_point now) {
  if (limit_ <= 0) return true;
  std::lock_guard lock(mutex_);
  const Clock::time_point since = now - window_;
  if (++calls_ % kSweepEvery == 0)
    for (auto it = events_.begin(); it != events_.end();)
      it = !it->second.empty() && it->second.back() > since ? std::next(it) : events_.erase(it);
  std::deque<Clock::time_point>& times = events_[key];
  while (!times.empty() && times.front() <= since)
    times.pop_front();
  if (static_cast<int>(times.size()) >= limit_) return false;
  times.push_back(now);
  return true;
}

}  // namespace warband::server
