#include "slow_clients.h"

#include <arpa/inet.h>
#include <fmt/format.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace warband::load {
namespace {

constexpr std::chrono::milliseconds kStep{50};  // how often a waiting client looks up

int connect_to(const std::string& host, int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  const std::string ip = host == "localhost" ? "127.0.0.1" : host;
  if (::inet_pton(AF_INET, ip.c_str(), &address.sin_addr) != 1 ||
      ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

bool send_all(int fd, const std::string& text) {
  return ::send(fd, text.data(), text.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(text.size());
}

}  // namespace

nlohmann::json SlowClientFigures::to_json() const {
  return {{"clients", clients},         {"interval_seconds", interval_seconds},
          {"connections", connections}, {"dropped", dropped},
          {"refused", refused},         {"lines_sent", lines_sent}};
}

std::string SlowClientFigures::text() const {
  return fmt::format(
      "Slow-header clients: {} (a header line every {:g} s): {} connections, {} dropped by the "
      "server ({} refused with 503), {} header lines sent.\n",
      clients, interval_seconds, connections, dropped, refused, lines_sent);
}

SlowClients::SlowClients(const std::string& host, int port, int count,
                         std::chrono::milliseconds interval)
    : interval_(interval), count_(count) {
  for (int i = 0; i < count; ++i)
    threads_.emplace_back([this, host, port] { run(host, port); });
}

SlowClients::~SlowClients() {
  stop();
}

SlowClientFigures SlowClients::stop() {
  done_ = true;
  for (std::thread& thread : threads_)
    if (thread.joinable()) thread.join();
  SlowClientFigures figures;
  figures.clients = count_;
  figures.interval_seconds = std::chrono::duration<double>(interval_).count();
  figures.connections = connections_;
  figures.dropped = dropped_;
  figures.refused = refused_;
  figures.lines_sent = lines_;
  return figures;
}

void SlowClients::run(const std::string& host, int port) {
  while (!done_) {
    const int fd = connect_to(host, port);
    if (fd < 0) {
      std::this_thread::sleep_for(kStep);
      continue;
    }
    ++connections_;
    bool alive = send_all(fd, "GET /api/health HTTP/1.1\r\nHost: localhost\r\n");
    while (alive && !done_) {
      // Wait one interval, looking up every step: the server may answer or close meanwhile.
      const auto next = std::chrono::steady_clock::now() + interval_;
      while (alive && !done_ && std::chrono::steady_clock::now() < next) {
        pollfd entry{fd, POLLIN, 0};
        if (::poll(&entry, 1, static_cast<int>(kStep.count())) > 0) {
          char buffer[512];
          const ssize_t got = ::recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
          if (got > 0 &&
              std::string(buffer, static_cast<std::size_t>(got)).find(" 503 ") != std::string::npos)
            ++refused_;
          alive = false;
        }
      }
      if (alive && !done_) {
        alive = send_all(fd, "X-Slow: 1\r\n");
        if (alive) ++lines_;
      }
    }
    if (!done_) ++dropped_;
    ::close(fd);
  }
}

}  // namespace warband::load
