#include "server/connection_guard.h"

#include <arpa/inet.h>
#include <fmt/format.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>

#include "server/api.h"

namespace warband::server {

using Clock = std::chrono::steady_clock;

namespace {

// A closing connection reads what the client still sends for this long (or this much) before
// closing: closing with unread bytes resets the connection, and the client could lose the answer.
constexpr std::chrono::milliseconds kLingerTime{500};
constexpr std::size_t kLingerBytes = 1 << 20;
constexpr std::size_t kBodyBytesPerSecond = 64 * 1024;
constexpr std::chrono::milliseconds kWatchInterval{100};

thread_local Connection* current_connection = nullptr;

int millis_until(Clock::time_point deadline, std::chrono::milliseconds most) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return static_cast<int>(std::clamp(left, std::chrono::milliseconds(0), most).count());
}

void address_of(int sock, bool peer, std::string& ip, int& port) {
  sockaddr_storage address{};
  socklen_t length = sizeof address;
  const int result = peer ? getpeername(sock, reinterpret_cast<sockaddr*>(&address), &length)
                          : getsockname(sock, reinterpret_cast<sockaddr*>(&address), &length);
  ip.clear();
  port = 0;
  if (result != 0) return;
  std::array<char, INET6_ADDRSTRLEN> text{};
  if (address.ss_family == AF_INET) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(&address);
    inet_ntop(AF_INET, &in->sin_addr, text.data(), text.size());
    port = ntohs(in->sin_port);
  } else if (address.ss_family == AF_INET6) {
    const auto* in6 = reinterpret_cast<const sockaddr_in6*>(&address);
    inet_ntop(AF_INET6, &in6->sin6_addr, text.data(), text.size());
    port = ntohs(in6->sin6_port);
  }
  ip = text.data();
}

// Sends what the socket takes now; for the refusal, which must not wait for a slow reader.
void send_now(int sock, const std::string& data) {
  (void)::send(sock, data.data(), data.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
}

}  // namespace

// One accepted socket while it is served. Its read deadline is read and moved by its own thread
// only; its budget is set under the guard's mutex (the watchdog cancels it on a hang-up).
class Connection {
 public:
  Connection(ConnectionGuard& owner, int socket_fd, std::string peer_address)
      : guard(owner), sock(socket_fd), address(std::move(peer_address)) {}
  ConnectionGuard& guard;
  const int sock;
  const std::string address;
  Clock::time_point read_deadline = Clock::time_point::max();
  bool close_after_answer = false;
  bool reading_headers = false;  // from a request's start to headers_read()
  bool read_failed = false;      // a read timed out, passed its deadline or met a hang-up
  bool detached = false;         // the socket belongs to someone else now (detach())
  Budget* budget = nullptr;
};

namespace {

// The library's Stream over a guarded connection: reads stop at the connection's deadline.
class GuardedStream final : public httplib::Stream {
 public:
  GuardedStream(Connection& connection, const ConnectionLimits& limits)
      : connection_(connection), limits_(limits) {}

  bool is_readable() const override {
    return buffered() > 0 || (!past_deadline() && wait(POLLIN, read_wait()) > 0);
  }
  // True when the next request has begun to arrive (or the connection ended) within `idle`.
  bool wait_for_request(std::chrono::milliseconds idle) const {
    return buffered() > 0 || wait(POLLIN, idle) > 0;
  }
  bool is_writable() const override { return wait(POLLOUT, limits_.write_timeout) > 0; }

  ssize_t read(char* ptr, size_t size) override {
    if (buffered() == 0) {
      // Out of time (even if more has just come), or the socket failed.
      if (past_deadline() || wait(POLLIN, read_wait()) <= 0) {
        connection_.read_failed = true;
        return -1;
      }
      const ssize_t got = ::recv(connection_.sock, buffer_.data(), buffer_.size(), MSG_DONTWAIT);
      if (got <= 0) {
        connection_.read_failed = true;
        return got == 0 ? 0 : -1;
      }
      begin_ = 0;
      end_ = static_cast<std::size_t>(got);
    }
    const std::size_t n = std::min(size, buffered());
    std::memcpy(ptr, buffer_.data() + begin_, n);
    begin_ += n;
    return static_cast<ssize_t>(n);
  }

  ssize_t write(const char* ptr, size_t size) override {
    // A detached socket has already been answered: the library's answer goes nowhere.
    if (connection_.detached) return static_cast<ssize_t>(size);
    if (wait(POLLOUT, limits_.write_timeout) <= 0) return -1;
    const ssize_t sent = ::send(connection_.sock, ptr, size, MSG_DONTWAIT | MSG_NOSIGNAL);
    if (sent < 0) return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1;
    return sent;
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    address_of(connection_.sock, true, ip, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    address_of(connection_.sock, false, ip, port);
  }
  socket_t socket() const override { return connection_.sock; }

 private:
  std::size_t buffered() const { return end_ - begin_; }
  bool past_deadline() const { return Clock::now() >= connection_.read_deadline; }
  // How long a read may wait: the read timeout, cut at the connection's deadline.
  std::chrono::milliseconds read_wait() const {
    return std::chrono::milliseconds(millis_until(connection_.read_deadline, limits_.read_timeout));
  }
  int wait(short events, std::chrono::milliseconds most) const {
    pollfd entry{connection_.sock, events, 0};
    int result;
    do {
      result = ::poll(&entry, 1, static_cast<int>(most.count()));
    } while (result < 0 && errno == EINTR);
    if (result > 0 && (entry.revents & (POLLERR | POLLNVAL)) != 0) return -1;
    return result;
  }

  Connection& connection_;
  const ConnectionLimits& limits_;
  std::array<char, 4096> buffer_{};
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
};

// Ends a connection after its answer: no more writing, then what the client still sends is read
// and dropped for a moment, then the socket is closed.
void linger_and_close(int sock, bool linger) {
  ::shutdown(sock, SHUT_WR);
  if (linger) {
    const auto until = Clock::now() + kLingerTime;
    std::array<char, 4096> drop{};
    std::size_t dropped = 0;
    while (dropped < kLingerBytes) {
      pollfd entry{sock, POLLIN, 0};
      if (::poll(&entry, 1, millis_until(until, kLingerTime)) <= 0) break;
      const ssize_t got = ::recv(sock, drop.data(), drop.size(), MSG_DONTWAIT);
      if (got <= 0) break;
      dropped += static_cast<std::size_t>(got);
    }
  }
  ::close(sock);
}

}  // namespace

ConnectionGuard::ConnectionGuard(ConnectionLimits limits)
    : limits_(limits), watchdog_([this] { watch(); }) {}

ConnectionGuard::~ConnectionGuard() {
  stop();
  if (watchdog_.joinable()) watchdog_.join();
}

Connection* ConnectionGuard::current() {
  return current_connection;
}

void ConnectionGuard::serve(int sock, const ServeOne& serve) {
  std::string address;
  int port = 0;
  address_of(sock, true, address, port);
  Connection connection(*this, sock, address);
  {
    std::unique_lock lock(mutex_);
    if (stopping_) {
      lock.unlock();
      ::close(sock);
      return;
    }
    if (per_address_[address] >= limits_.per_address) {
      lock.unlock();
      const std::string body =
          error_json(503, "connection",
                     fmt::format("{} already has {} connections open to this server (the most "
                                 "one address may have)",
                                 address, limits_.per_address))
              .dump();
      send_now(sock, fmt::format("HTTP/1.1 503 Service Unavailable\r\nContent-Type: "
                                 "application/json\r\nContent-Length: {}\r\nRetry-After: "
                                 "1\r\nConnection: close\r\n\r\n{}",
                                 body.size(), body));
      linger_and_close(sock, false);
      return;
    }
    ++per_address_[address];
    open_.insert(&connection);
  }
  current_connection = &connection;
  {
    GuardedStream stream(connection, limits_);
    try {
      for (int served = 0; served < limits_.requests_per_connection; ++served) {
        // Between requests the connection may idle, but not for longer than keep_alive_idle.
        if (served > 0 && !stream.wait_for_request(limits_.keep_alive_idle)) break;
        connection.read_deadline = Clock::now() + limits_.header_deadline;
        connection.reading_headers = true;
        connection.close_after_answer = false;
        const bool last = served + 1 == limits_.requests_per_connection;
        bool closed = false;
        if (!serve(stream, last, closed) || closed || last || connection.close_after_answer ||
            connection.detached)
          break;
      }
    } catch (...) {
      // The library answers handlers' exceptions itself; anything else ends this connection only.
    }
  }
  current_connection = nullptr;
  bool stopping;
  {
    std::lock_guard lock(mutex_);
    open_.erase(&connection);
    if (--per_address_[address] == 0) per_address_.erase(address);
    stopping = stopping_;
  }
  if (!connection.detached) linger_and_close(sock, !stopping);
}

void ConnectionGuard::headers_read(std::size_t content_length) {
  Connection* connection = current_connection;
  if (connection == nullptr) return;
  const ConnectionLimits& limits = connection->guard.limits_;
  connection->reading_headers = false;
  connection->read_deadline = content_length == 0
                                  ? Clock::time_point::max()
                                  : Clock::now() + limits.body_deadline +
                                        std::chrono::seconds(content_length / kBodyBytesPerSecond);
}

bool ConnectionGuard::stopped_in_intact_headers() {
  const Connection* connection = current_connection;
  return connection != nullptr && connection->reading_headers && !connection->read_failed;
}

int ConnectionGuard::detach() {
  Connection* connection = current_connection;
  if (connection == nullptr) return -1;
  connection->detached = true;
  return connection->sock;
}

void ConnectionGuard::close_after_answer() {
  if (current_connection != nullptr) current_connection->close_after_answer = true;
}

void ConnectionGuard::stop() {
  std::lock_guard lock(mutex_);
  if (stopping_) return;
  stopping_ = true;
  // Blocked reads and writes return at once; the sockets are closed by their own threads.
  for (Connection* connection : open_) {
    ::shutdown(connection->sock, SHUT_RDWR);
    if (connection->budget != nullptr) connection->budget->cancel();
  }
  changed_.notify_all();
}

void ConnectionGuard::watch() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    changed_.wait_for(lock, kWatchInterval);
    for (Connection* connection : open_) {
      if (connection->budget == nullptr) continue;
      // The body has been read: a readable end of stream means the client hung up.
      pollfd entry{connection->sock, POLLRDHUP, 0};
      if (::poll(&entry, 1, 0) > 0 && (entry.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0)
        connection->budget->cancel();
    }
  }
}

bool ConnectionGuard::take_work_slot(const Budget& budget) {
  std::unique_lock lock(mutex_);
  while (!stopping_ && work_in_use_ >= limits_.work_slots && !budget.exhausted())
    changed_.wait_for(lock, kWatchInterval);
  if (stopping_ || work_in_use_ >= limits_.work_slots) return false;
  ++work_in_use_;
  return true;
}

void ConnectionGuard::give_work_slot() {
  std::lock_guard lock(mutex_);
  --work_in_use_;
  changed_.notify_all();
}

WorkScope::WorkScope() : connection_(ConnectionGuard::current()) {
  if (connection_ == nullptr) {
    budget_ = std::make_unique<Budget>(ConnectionLimits{}.request_budget);
    return;
  }
  ConnectionGuard& guard = connection_->guard;
  budget_ = std::make_unique<Budget>(guard.limits_.request_budget);
  connection_->read_deadline = Clock::time_point::max();  // the body has been read
  {
    std::lock_guard lock(guard.mutex_);
    connection_->budget = budget_.get();
    if (guard.stopping_) budget_->cancel();
  }
  has_slot_ = guard.take_work_slot(*budget_);
  if (!has_slot_) {
    {
      std::lock_guard lock(guard.mutex_);
      connection_->budget = nullptr;
    }
    throw ApiError(503, "request",
                   fmt::format("the server is busy: {} requests are already searching or "
                               "sampling; try again",
                               guard.limits_.work_slots));
  }
}

WorkScope::~WorkScope() {
  if (connection_ == nullptr) return;
  ConnectionGuard& guard = connection_->guard;
  {
    std::lock_guard lock(guard.mutex_);
    connection_->budget = nullptr;
  }
  if (has_slot_) guard.give_work_slot();
}

void GuardedServer::widen_backlog(int backlog) {
  // Linux takes a second listen() on a listening socket as a new backlog: the library's is 5,
  // and a full backlog drops connections for a second (the SYN is retried after 1 s).
  const socket_t sock = svr_sock_;
  if (sock != INVALID_SOCKET) ::listen(sock, backlog);
}

GuardedServer::GuardedServer(ConnectionLimits limits) : guard_(limits) {
  const int threads = std::max(1, limits.connections);
  new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<std::size_t>(threads)); };
}

bool GuardedServer::process_and_close_socket(socket_t sock) {
  bool served = false;
  guard_.serve(sock, [&](httplib::Stream& stream, bool last, bool& closed) {
    served = process_request(stream, last, closed, nullptr);
    return served;
  });
  return served;
}

}  // namespace warband::server
