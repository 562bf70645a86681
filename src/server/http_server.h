// `warband serve`'s server: owns the HTTP server and the storage, registers every route group, and
// applies what every request shares (the Host check, JSON-only bodies, the body cap, JSON 404s).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <thread>

#include "server/api.h"

namespace warband::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0 picks a free port
  std::string db_path;
  std::size_t max_body = 1024 * 1024;
  int threads = 8;
  std::string content_dir;  // "" = the built-in content
};

class HttpServer {
 public:
  // Opens the database (InputError("--db", ...) if it cannot) and registers the routes.
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
  // Stops listening, finishes running requests and background jobs. Safe from any thread,
  // including a signal-watching one; idempotent.
  void stop();

  int port() const { return port_; }
  const ServerOptions& options() const { return options_; }
  Store& store() { return *store_; }

 private:
  ServerOptions options_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<httplib::Server> server_;
  std::unique_ptr<ServerContext> context_;
  std::thread background_;
  int port_ = -1;
};

}  // namespace warband::server
