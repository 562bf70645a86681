// A limit on one piece of work (a request, a job, a search): a deadline and a cancel flag, cheap
// enough to poll inside a search loop. The work that holds it checks exhausted() as it goes and
// stops: a bot plays the best action it has found so far, a sampler or a sweep throws
// BudgetExhausted (or its own "cancelled"). Anyone may cancel() it from another thread: the
// server does when the client hangs up, when a job is cancelled and when it shuts down.
#pragma once

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>

namespace warband {

class Budget {
 public:
  using Clock = std::chrono::steady_clock;

  // No deadline: runs out only when cancelled.
  Budget() = default;
  // Runs out `limit` from now.
  explicit Budget(Clock::duration limit) : deadline_(Clock::now() + limit) {}
  Budget(const Budget&) = delete;
  Budget& operator=(const Budget&) = delete;

  // A budget that never runs out, for work that has no limit (the CLI, tests).
  static const Budget& unlimited();

  // Thread-safe; idempotent.
  void cancel() { cancelled_.store(true, std::memory_order_relaxed); }
  bool cancelled() const { return cancelled_.load(std::memory_order_relaxed); }
  // Past the deadline (checks the clock: about as cheap as a cloned state).
  bool expired() const {
    return deadline_ != Clock::time_point::max() && Clock::now() >= deadline_;
  }
  bool exhausted() const { return cancelled() || expired(); }
  Clock::time_point deadline() const { return deadline_; }
  // The limit it was made with, in whole seconds (for messages); 0 without a deadline.
  double seconds_given() const;

 private:
  Clock::time_point start_ = Clock::now();
  Clock::time_point deadline_ = Clock::time_point::max();
  std::atomic<bool> cancelled_{false};
};

// Work that cannot give a partial answer (a sample, a replayed game) stopped because its budget
// ran out or was cancelled.
class BudgetExhausted : public std::runtime_error {
 public:
  explicit BudgetExhausted(const std::string& what) : std::runtime_error(what) {}
};

// Throws BudgetExhausted saying what stopped (`work`: "sampling") and why (cancelled or out of
// time) when `budget` is exhausted.
void check_budget(const Budget& budget, const std::string& work);

}  // namespace warband
