#include "cli/progress_bar.h"

#include <fmt/format.h>

#include <cmath>
#include <ostream>

namespace warband::cli {

std::string progress_line(std::int64_t done, std::int64_t total, double seconds) {
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
  std::string left = "--:--";
  if (rate > 0) {
    const auto remaining =
        static_cast<std::int64_t>(std::ceil(static_cast<double>(total - done) / rate));
    left = remaining >= 3600 ? fmt::format("{}:{:02}:{:02}", remaining / 3600, remaining / 60 % 60,
                                           remaining % 60)
                             : fmt::format("{}:{:02}", remaining / 60, remaining % 60);
  }
  const int width = 24;
  const auto filled = total > 0
                          ? static_cast<int>(static_cast<double>(width) *
                                             static_cast<double>(done) / static_cast<double>(total))
                          : width;
  return fmt::format("[{}{}] {}/{} games  {:.1f} games/s  {} left", std::string(filled, '#'),
                     std::string(width - filled, '.'), done, total, rate, left);
}

ProgressBar::ProgressBar(std::ostream& out)
    : out_(out), start_(std::chrono::steady_clock::now()), last_draw_(start_) {}

void ProgressBar::update(std::int64_t done, std::int64_t total, const std::string& label) {
  const auto now = std::chrono::steady_clock::now();
  if (label != last_label_) {
    // A new stage (a --reprice round): its rate and time left are its own.
    last_label_ = label;
    start_ = now;
  } else if (done < total && now - last_draw_ < std::chrono::milliseconds(100)) {
    return;
  }
  last_draw_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  out_ << "\r" << label << (label.empty() ? "" : "  ") << progress_line(done, total, seconds)
       << "\x1b[K" << std::flush;
  drawn_ = true;
}

void ProgressBar::finish() {
  if (drawn_) out_ << "\r\x1b[K" << std::flush;
  drawn_ = false;
}

}  // namespace warband::cli
