// One simulated user of `warband serve`: on its own thread and connection, it builds warbands
// (a new document, units added, validated, saved by hand, read back) and plays games against a
// bot (legal moves chosen from what the server lists), timing every request and remembering
// every save the server confirmed.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ledger.h"
#include "load_options.h"

namespace warband::load {

// The bounds every client shares: a deadline and a budget of requests.
class RunBounds {
 public:
  RunBounds(std::chrono::steady_clock::time_point deadline, std::int64_t max_requests)
      : deadline_(deadline), max_requests_(max_requests) {}
  // True when one more request may be sent (and counts it).
  bool take_request();
  std::int64_t taken() const { return taken_.load(); }

 private:
  std::chrono::steady_clock::time_point deadline_;
  std::int64_t max_requests_;
  std::atomic<std::int64_t> taken_{0};
};

struct ClientResult {
  // Milliseconds per request, by route ("POST /api/games/{id}/actions").
  std::map<std::string, std::vector<double>> latencies;
  // Unexpected answers by "STATUS METHOD ROUTE", and failed connections by "connection: WHY".
  std::map<std::string, std::int64_t> errors;
  // Answers that were 2xx but wrong: a read-back that differs from the save, a game that does
  // not advance, an illegal warband judged legal. The first few, with the count of all.
  std::vector<std::string> problems;
  std::int64_t problem_count = 0;
  std::int64_t documents_created = 0;
  std::int64_t games_created = 0;
  std::int64_t moves = 0;
  std::int64_t games_finished = 0;
  bool disconnected = false;  // ended by a failed connection (--expect-kill)
  Ledger ledger;
};

// Runs client `index` until the bounds end or its connection fails.
ClientResult run_client(const LoadOptions& options, int index, RunBounds& bounds);

}  // namespace warband::load
