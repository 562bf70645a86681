// `warband serve`'s server: owns the HTTP server and the storage, registers every route group, and
// applies what every request shares (request_handling.h).
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <thread>

#include "server/api.h"
#include "server/connection_guard.h"
#include "server/server_lock.h"
#include "server/store.h"

namespace warband::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0 picks a free port
  std::string db_path;
  std::size_t max_body = 1024 * 1024;
  int threads = 8;          // requests searching or sampling at once (ConnectionLimits::work_slots)
  std::string content_dir;  // "" = the built-in content
  // Connections, deadlines and the request budget (connection_guard.h); work_slots is `threads`.
  ConnectionLimits limits;
  // How long a balance job may run before it is stopped (and marked failed).
  std::chrono::milliseconds job_budget = std::chrono::hours(2);
  // Where seat links point ("https://games.example.org"); "" = the address a request came to.
  std::string public_url;
  // Games one client address (or one token) may create per minute: -1 = 30 when listening beyond
  // loopback, no cap on loopback; 0 = no cap.
  int games_per_minute = -1;
  // Moves per minute in one game with remote seats (0 = no cap).
  int remote_moves_per_minute = 600;
  // How many documents, games and jobs the database keeps (store.h).
  StoreLimits store_limits;
};

class HttpServer {
 public:
  // Opens the database (InputError("--db", ...) if it cannot, or if another server has it:
  // server_lock.h) and registers the routes.
  explicit HttpServer(ServerOptions options);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds the address; returns the bound port (the free one chosen when the port is 0). Throws
  // InputError("--host"/"--port", ...) when the address cannot be bound.
  int bind();
  // Serves until stop(); call after bind(). Blocks the calling thread.
  void listen();
  // For tests: bind() then listen() on a background thread; returns the port once accepting.
  int start();
  // Stops listening, shuts open connections down, cancels running requests' budgets and the
  // running job, and waits for them (a second or so: searches and samplers poll their budgets).
  // Safe from any thread, including a signal-watching one; idempotent.
  void stop();

  int port() const { return port_; }
  const ServerOptions& options() const { return options_; }
  Store& store() { return *store_; }

 private:
  ServerOptions options_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<ServerLock> lock_;
  std::unique_ptr<GuardedServer> server_;
  std::unique_ptr<ServerContext> context_;
  std::thread background_;
  int port_ = -1;
};

}  // namespace warband::server
