// A plain TCP connection to a test server, for requests no HTTP client library would send: a
// header line at a time, duplicate Content-Lengths, chunked bodies, a body that never ends.
//
//   RawConnection raw(server.port());
//   raw.send("POST /api/documents HTTP/1.1\r\nHost: localhost\r\n...");
//   const std::string answer = raw.read_until_closed(std::chrono::seconds(10));
//   EXPECT_EQ(raw_status(answer), 400);
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>

namespace warband::server::testing {

class RawConnection {
 public:
  explicit RawConnection(int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connected_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
  }
  ~RawConnection() { close(); }
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  bool connected() const { return connected_; }

  // False once the server has closed the connection (the bytes could not all be sent).
  bool send(const std::string& data) {
    std::size_t sent = 0;
    while (sent < data.size()) {
      const ssize_t n = ::send(fd_, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) return false;
      sent += static_cast<std::size_t>(n);
    }
    return true;
  }

  // Everything the server sends until it closes the connection, or until `most` has passed.
  std::string read_until_closed(std::chrono::milliseconds most) {
    std::string answer;
    const auto until = std::chrono::steady_clock::now() + most;
    for (;;) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          until - std::chrono::steady_clock::now());
      if (left.count() <= 0) return answer;
      pollfd entry{fd_, POLLIN, 0};
      if (::poll(&entry, 1, static_cast<int>(left.count())) <= 0) return answer;
      char buffer[4096];
      const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
      if (n <= 0) {
        closed_by_server_ = true;
        return answer;
      }
      answer.append(buffer, static_cast<std::size_t>(n));
    }
  }
  // True after read_until_closed saw the server close the connection.
  bool closed_by_server() const { return closed_by_server_; }

  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
  bool connected_ = false;
  bool closed_by_server_ = false;
};

// The status of the first answer in `answer` ("HTTP/1.1 400 Bad Request..."), or 0.
inline int raw_status(const std::string& answer) {
  if (answer.rfind("HTTP/1.", 0) != 0 || answer.size() < 12) return 0;
  return std::stoi(answer.substr(9, 3));
}

// How many answers `answer` holds (a smuggled second request would make two).
inline int raw_answers(const std::string& answer) {
  int count = 0;
  for (std::size_t at = answer.find("HTTP/1."); at != std::string::npos;
       at = answer.find("HTTP/1.", at + 1))
    ++count;
  return count;
}

}  // namespace warband::server::testing
