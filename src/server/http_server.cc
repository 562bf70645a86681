#include "server/http_server.h"

#include <fmt/format.h>
#include <httplib.h>
#include <sys/socket.h>

#include <algorithm>
#include <chrono>

#include "core/error.h"
#include "server/content_versions.h"
#include "server/event_streams.h"
#include "server/job_runner.h"
#include "server/rate_limiter.h"
#include "server/request_handling.h"
#include "server/store.h"

namespace warband::server {
namespace {

constexpr int kListenBacklog = 128;
constexpr int kSharedGamesPerMinute = 30;

// Every route group, in order. Groups own disjoint paths; the assets come last because they
// answer every GET outside /api/.
// ROUTE GROUPS: add a group here (one line, before add_asset_routes).
void add_routes(httplib::Server& server, ServerContext& context) {
  add_meta_routes(server, context);
  add_rules_routes(server, context);
  add_odds_routes(server, context);
  add_build_routes(server, context);
  add_game_routes(server, context);
  add_job_routes(server, context);
  add_asset_routes(server);
}

ConnectionLimits limits_of(const ServerOptions& options) {
  ConnectionLimits limits = options.limits;
  limits.work_slots = std::max(1, options.threads);
  return limits;
}

}  // namespace

HttpServer::HttpServer(ServerOptions options)
    : options_(std::move(options)),
      store_(std::make_unique<Store>(options_.db_path, options_.store_limits)),
      lock_(std::make_unique<ServerLock>(store_->path())),
      server_(std::make_unique<GuardedServer>(limits_of(options_))),
      context_(std::make_unique<ServerContext>(ServerContext{
          *store_, options_.content_dir, {}, options_.job_budget, options_.public_url})) {
  // The server lock is held: no other process writes the copies beside the database.
  sweep_version_copies(*store_);
  httplib::Server& server = *server_;
  server.set_tcp_nodelay(true);
  // The library's default is SO_REUSEPORT, which lets a second server bind a port already in use
  // and share its connections; SO_REUSEADDR alone allows a quick restart and refuses that.
  server.set_socket_options([](socket_t socket) {
    int yes = 1;
    setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  set_request_handling(server, options_.max_body, is_loopback_host(options_.host));
  const int games_per_minute = options_.games_per_minute >= 0
                                   ? options_.games_per_minute
                                   : (is_loopback_host(options_.host) ? 0 : kSharedGamesPerMinute);
  context_->creations = std::make_shared<RateLimiter>(games_per_minute, std::chrono::minutes(1));
  context_->remote_moves =
      std::make_shared<RateLimiter>(options_.remote_moves_per_minute, std::chrono::minutes(1));
  add_routes(server, *context_);
}

HttpServer::~HttpServer() {
  stop();
  // Background work (balance jobs) holds the store: it ends before the store closes.
  context_.reset();
}

int HttpServer::bind() {
  if (options_.port < 0 || options_.port > 65535)
    throw InputError("--port", fmt::format("must be from 0 to 65535, got {}", options_.port));
  if (options_.port == 0) {
    port_ = server_->bind_to_any_port(options_.host);
    if (port_ < 0)
      throw InputError("--host", fmt::format("cannot listen on {} (not an address of this "
                                             "machine?)",
                                             options_.host));
  } else {
    if (!server_->bind_to_port(options_.host, options_.port))
      throw InputError("--port", fmt::format("cannot listen on {}:{} (in use, or not an "
                                             "address of this machine?)",
                                             options_.host, options_.port));
    port_ = options_.port;
  }
  return port_;
}

void HttpServer::listen() {
  server_->widen_backlog(kListenBacklog);
  server_->listen_after_bind();
}

int HttpServer::start() {
  const int port = bind();
  background_ = std::thread([this] { listen(); });
  while (!server_->is_running())
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return port;
}

void HttpServer::stop() {
  if (server_) {
    server_->stop();          // no new connections
    server_->guard().stop();  // open ones shut down, their budgets cancelled
  }
  // Event streams close: their clients reconnect (to the next server on this database).
  if (context_ && context_->streams) context_->streams->stop();
  // A running balance job is cancelled and waited for: nothing writes to the store after this.
  if (context_ && context_->jobs) context_->jobs->stop();
  if (background_.joinable()) background_.join();
}

}  // namespace warband::server
