// What stands between the sockets and the HTTP library: the library gives each connection a
// thread and times out each read, not the whole request, so eight clients trickling one header
// line every two seconds held every thread for as long as they liked (issue 14). Here:
//
// - each connection is served on its own thread from a pool of `connections` (more than the
//   work slots: a slow client holds a connection thread, never a work slot), at most
//   `per_address` of them per client address; one over the cap is answered 503 and closed;
// - the request line and headers must arrive within `header_deadline` of the connection's start,
//   and a body within `body_deadline` plus a second per 64 KiB it declares; reads past the
//   deadline fail and the connection closes;
// - a connection carries up to `requests_per_connection` requests and idles between them for at
//   most `keep_alive_idle`; an error answer ends it (close_after_answer), so a request refused
//   before its body was read never leaves that body to be read as the next request;
// - a request that searches or samples runs in one of `work_slots` with a Budget that runs out
//   after `request_budget`, is cancelled when the client hangs up (the peer's FIN, polled every
//   100 ms) and when the server stops;
// - stop() shuts every connection down and cancels every budget, so that shutdown does not wait
//   for slow clients or long searches.
#pragma once

#include <httplib.h>

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "core/budget.h"

namespace warband::server {

struct ConnectionLimits {
  std::chrono::milliseconds header_deadline{5000};
  std::chrono::milliseconds body_deadline{5000};  // plus 1 s per 64 KiB of Content-Length
  std::chrono::milliseconds read_timeout{5000};   // one read (the library's timeout, kept)
  std::chrono::milliseconds write_timeout{5000};
  std::chrono::milliseconds keep_alive_idle{5000};
  int requests_per_connection = 100;
  int connections = 64;  // connection threads
  int per_address = 32;
  int work_slots = 8;  // requests searching or sampling at once (--threads)
  std::chrono::milliseconds request_budget{10000};
};

class Connection;

class ConnectionGuard {
 public:
  explicit ConnectionGuard(ConnectionLimits limits);
  ~ConnectionGuard();  // stop()
  ConnectionGuard(const ConnectionGuard&) = delete;
  ConnectionGuard& operator=(const ConnectionGuard&) = delete;

  const ConnectionLimits& limits() const { return limits_; }

  // Serves one request from `stream`; `last`: the connection closes after it. Returns false, or
  // sets `closed`, when the connection cannot carry another (httplib's process_request).
  using ServeOne = std::function<bool(httplib::Stream& stream, bool last, bool& closed)>;
  // Serves socket `sock` (from accept) on the calling thread: admits it or refuses it (503), lets
  // `serve` run its requests on the guarded stream, and closes the socket.
  void serve(int sock, const ServeOne& serve);

  // Shuts every connection down, cancels every budget and refuses connections from now on.
  // Idempotent; safe from any thread.
  void stop();

  // The connection the calling thread serves (null outside a served request).
  static Connection* current();
  // On the calling thread's connection (no-ops outside one): the headers are read and the body
  // (when `content_length` > 0) may take its own deadline.
  static void headers_read(std::size_t content_length);
  // The calling thread's connection closes after the answer being written (an error answer: what
  // is left of the request is not read as another).
  static void close_after_answer();
  // True when the calling thread's request stopped in its headers while every read succeeded (no
  // timeout, deadline or hang-up). The HTTP library answers a header line longer than
  // CPPHTTPLIB_HEADER_MAX_LENGTH with a bare 400 after the request line parsed, and gives no
  // other sign of it: this tells it from a client that went quiet or away. False outside a
  // served request.
  static bool stopped_in_intact_headers();
  // The calling thread's socket is handed over (an event stream, event_streams.h): the library's
  // answer is not written, the connection ends without closing it, and it stops counting against
  // the connection caps. Returns the socket, or -1 outside a served request.
  static int detach();

 private:
  friend class WorkScope;
  void watch();  // the watchdog thread: hang-ups cancel running budgets
  bool take_work_slot(const Budget& budget);
  void give_work_slot();

  ConnectionLimits limits_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::string, int> per_address_;
  std::set<Connection*> open_;
  int work_in_use_ = 0;
  bool stopping_ = false;
  std::thread watchdog_;
};

// What a request that searches or samples holds while its handler runs: a work slot and its
// Budget. Outside a guarded server (a handler called directly) it is a plain budget.
class WorkScope {
 public:
  // Waits for a work slot while the budget lasts; ApiError 503 when none came free.
  WorkScope();
  ~WorkScope();
  WorkScope(const WorkScope&) = delete;
  WorkScope& operator=(const WorkScope&) = delete;
  Budget& budget() { return *budget_; }

 private:
  Connection* connection_ = nullptr;
  std::unique_ptr<Budget> budget_;
  bool has_slot_ = false;
};

// httplib's server with its connections served through a ConnectionGuard.
class GuardedServer : public httplib::Server {
 public:
  explicit GuardedServer(ConnectionLimits limits);
  ConnectionGuard& guard() { return guard_; }
  // After bind: a listen backlog of `backlog` instead of the library's 5.
  void widen_backlog(int backlog);

 private:
  bool process_and_close_socket(socket_t sock) override;

  ConnectionGuard guard_;
};

}  // namespace warband::server
