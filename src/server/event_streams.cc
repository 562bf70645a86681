#include "server/event_streams.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>

#include "server/api.h"

namespace warband::server {
namespace {

constexpr auto kHeartbeat = std::chrono::seconds(15);
constexpr int kPollMillis = 1000;

}  // namespace

EventStreams::EventStreams(EventStreamLimits limits) : limits_(limits) {
  if (::pipe2(wake_, O_NONBLOCK | O_CLOEXEC) != 0) wake_[0] = wake_[1] = -1;
  thread_ = std::thread([this] { run(); });
}

EventStreams::~EventStreams() {
  stop();
  if (thread_.joinable()) thread_.join();
  for (int end : wake_)
    if (end >= 0) ::close(end);
}

std::string EventStreams::event_text(const std::string& name, const nlohmann::json& data,
                                     std::int64_t id) {
  std::string text = "event: " + name + "\n";
  if (id >= 0) text += "id: " + std::to_string(id) + "\n";
  return text + "data: " + json_text(data) + "\n\n";
}

bool EventStreams::has_room(const std::string& address) {
  std::lock_guard lock(mutex_);
  if (stopping_ || static_cast<int>(streams_.size()) >= limits_.streams) return false;
  const auto found = per_address_.find(address);
  return found == per_address_.end() || found->second < limits_.per_address;
}

void EventStreams::add(int sock, const std::string& address, const std::string& game, int seat) {
  std::lock_guard lock(mutex_);
  if (stopping_) {
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    return;
  }
  const bool arrived = seat >= 0 && !presence_unlocked(game)[static_cast<std::size_t>(seat)];
  streams_.push_back({sock, address, game, seat});
  ++per_address_[address];
  if (arrived) publish_presence_locked(game);
  if (wake_[1] >= 0) (void)!::write(wake_[1], "x", 1);
}

std::array<bool, 2> EventStreams::presence_unlocked(const std::string& game) const {
  std::array<bool, 2> here = {false, false};
  for (const Stream& stream : streams_)
    if (stream.game == game && stream.seat >= 0) here[static_cast<std::size_t>(stream.seat)] = true;
  return here;
}

std::array<bool, 2> EventStreams::presence(const std::string& game) {
  std::lock_guard lock(mutex_);
  return presence_unlocked(game);
}

std::size_t EventStreams::open_streams() {
  std::lock_guard lock(mutex_);
  return streams_.size();
}

bool EventStreams::send_all(int sock, const std::string& text) {
  // Events are small: a healthy reader's socket buffer takes one whole. A partial send would
  // leave half an event, so a stream that cannot take it at once is closed.
  const ssize_t sent = ::send(sock, text.data(), text.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
  return sent == static_cast<ssize_t>(text.size());
}

void EventStreams::publish(const std::string& game, const std::string& text) {
  std::lock_guard lock(mutex_);
  publish_locked(game, text);
}

void EventStreams::publish_locked(const std::string& game, const std::string& text) {
  for (std::size_t i = streams_.size(); i-- > 0;)
    if (streams_[i].game == game && !send_all(streams_[i].sock, text)) close_stream(i);
}

void EventStreams::publish_presence_locked(const std::string& game) {
  const std::array<bool, 2> here = presence_unlocked(game);
  publish_locked(game, event_text("presence", {{"connected", here}}, -1));
}

void EventStreams::close_stream(std::size_t index) {
  const Stream gone = streams_[index];
  streams_.erase(streams_.begin() + static_cast<std::ptrdiff_t>(index));
  ::shutdown(gone.sock, SHUT_RDWR);
  ::close(gone.sock);
  if (--per_address_[gone.address] == 0) per_address_.erase(gone.address);
  if (gone.seat >= 0 && !presence_unlocked(gone.game)[static_cast<std::size_t>(gone.seat)])
    publish_presence_locked(gone.game);
}

void EventStreams::stop() {
  std::lock_guard lock(mutex_);
  if (stopping_) return;
  stopping_ = true;
  for (const Stream& stream : streams_) {
    ::shutdown(stream.sock, SHUT_RDWR);
    ::close(stream.sock);
  }
  streams_.clear();
  per_address_.clear();
  if (wake_[1] >= 0) (void)!::write(wake_[1], "x", 1);
}

void EventStreams::run() {
  auto next_beat = std::chrono::steady_clock::now() + kHeartbeat;
  std::vector<pollfd> entries;
  std::vector<int> socks;
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
      entries.assign(1, pollfd{wake_[0], POLLIN, 0});
      socks.clear();
      for (const Stream& stream : streams_) {
        entries.push_back({stream.sock, POLLRDHUP, 0});
        socks.push_back(stream.sock);
      }
    }
    // A client sends nothing on a stream: anything readable is its hang-up (or junk: closed too).
    const int ready = ::poll(entries.data(), entries.size(), kPollMillis);
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    if (ready > 0 && (entries[0].revents & POLLIN) != 0) {
      char drain[64];
      while (::read(wake_[0], drain, sizeof drain) > 0) {
      }
    }
    for (std::size_t i = 1; ready > 0 && i < entries.size(); ++i) {
      // POLLNVAL: a publisher closed it meanwhile (its number may already be a new stream's).
      if (entries[i].revents == 0 || (entries[i].revents & POLLNVAL) != 0) continue;
      const int sock = socks[i - 1];
      const auto found = std::find_if(streams_.begin(), streams_.end(),
                                      [sock](const Stream& stream) { return stream.sock == sock; });
      if (found != streams_.end()) close_stream(static_cast<std::size_t>(found - streams_.begin()));
    }
    if (std::chrono::steady_clock::now() >= next_beat) {
      next_beat = std::chrono::steady_clock::now() + kHeartbeat;
      for (std::size_t i = streams_.size(); i-- > 0;)
        if (!send_all(streams_[i].sock, ": still here\n\n")) close_stream(i);
    }
  }
}

}  // namespace warband::server
