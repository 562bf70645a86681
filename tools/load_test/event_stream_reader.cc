#include "event_stream_reader.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>

namespace warband::load {

using Clock = std::chrono::steady_clock;

EventStreamReader::EventStreamReader(const std::string& host, int port, const std::string& path) {
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0) {
    closed_ = true;
    return;
  }
  fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd_ < 0 || ::connect(fd_, found->ai_addr, found->ai_addrlen) != 0) closed_ = true;
  ::freeaddrinfo(found);
  const std::string request = "GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n";
  if (!closed_ && ::send(fd_, request.data(), request.size(), MSG_NOSIGNAL) !=
                      static_cast<ssize_t>(request.size()))
    closed_ = true;
}

EventStreamReader::~EventStreamReader() {
  if (fd_ >= 0) ::close(fd_);
}

bool EventStreamReader::read_some(int wait_ms) {
  if (closed_) return false;
  pollfd entry{fd_, POLLIN, 0};
  if (::poll(&entry, 1, wait_ms) <= 0) return false;
  char buffer[4096];
  const ssize_t got = ::recv(fd_, buffer, sizeof buffer, 0);
  if (got <= 0) {
    closed_ = true;
    return false;
  }
  text_.append(buffer, static_cast<std::size_t>(got));
  return true;
}

bool EventStreamReader::ok(std::chrono::milliseconds most) {
  if (head_ok_) return true;
  const auto until = Clock::now() + most;
  while (text_.find("\r\n\r\n") == std::string::npos && !closed_ && Clock::now() < until)
    read_some(50);
  const std::size_t end = text_.find("\r\n\r\n");
  if (end == std::string::npos) return false;
  head_ok_ = text_.rfind("HTTP/1.1 200", 0) == 0;
  text_.erase(0, end + 4);
  return head_ok_;
}

bool EventStreamReader::wait_for(const std::string& needle, std::chrono::milliseconds most) {
  const auto until = Clock::now() + most;
  for (;;) {
    if (const std::size_t at = text_.find(needle); at != std::string::npos) {
      text_.erase(0, at + needle.size());
      return true;
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
    if (left <= 0 || closed_) return false;
    read_some(static_cast<int>(std::min<long>(left, 50)));
  }
}

bool EventStreamReader::closed() {
  while (read_some(0)) {
  }
  return closed_;
}

}  // namespace warband::load
