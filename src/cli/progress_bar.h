// A one-line progress bar for long runs: "  1234/10000 games  321.5 games/s  0:27 left", redrawn
// in place at most ten times a second. Only for terminals: the app says where (Io::progress).
#pragma once

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <string>

namespace warband::cli {

class ProgressBar {
 public:
  explicit ProgressBar(std::ostream& out);
  // Safe to call often: draws only when 100 ms have passed or the run is done. `label` goes
  // before the bar ("round 2/6, 3/17 units frozen"). A label other than the last one's starts
  // the rate and the time left afresh (a new round of a --reprice).
  void update(std::int64_t done, std::int64_t total, const std::string& label = "");
  // Clears the line if anything was drawn.
  void finish();

 private:
  std::ostream& out_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
  std::string last_label_;
  bool drawn_ = false;
};

// The line the bar draws (no carriage return), for tests.
std::string progress_line(std::int64_t done, std::int64_t total, double seconds);

}  // namespace warband::cli
