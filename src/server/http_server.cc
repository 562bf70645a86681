#include "server/http_server.h"

#include <fmt/format.h>
#include <httplib.h>
#include <sys/socket.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <optional>

#include "core/error.h"
#include "core/text.h"
#include "server/job_runner.h"
#include "server/request_framing.h"
#include "server/store.h"

namespace warband::server {
namespace {

constexpr int kListenBacklog = 128;

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

bool is_loopback_host(const std::string& host) {
  return host == "localhost" || host == "::1" || host == "[::1]" || host.rfind("127.", 0) == 0;
}

// The host part of a Host header ("localhost:8080" → "localhost", "[::1]:80" → "[::1]").
std::string host_name(const std::string& header) {
  if (!header.empty() && header.front() == '[') {
    const auto close = header.find(']');
    return close == std::string::npos ? header : header.substr(0, close + 1);
  }
  return header.substr(0, header.find(':'));
}

// A page on another site can point its own name at 127.0.0.1 (DNS rebinding) and then talk to a
// loopback server as same-origin; its requests still carry its own name in Host, so a loopback
// server answers only to loopback names.
bool host_allowed(const httplib::Request& request) {
  const std::string name = lower(host_name(request.get_header_value("Host")));
  return name == "localhost" || name == "127.0.0.1" || name == "[::1]";
}

bool has_body(const httplib::Request& request) {
  if (request.has_header("Transfer-Encoding")) return true;
  const std::string length = request.get_header_value("Content-Length");
  return !length.empty() && length != "0";
}

bool is_json_type(const std::string& content_type) {
  std::string media = lower(content_type.substr(0, content_type.find(';')));
  media.erase(std::remove_if(media.begin(), media.end(),
                             [](unsigned char c) { return std::isspace(c) != 0; }),
              media.end());
  return media == "application/json";
}

void reject(httplib::Response& response, int status, const std::string& where,
            const std::string& what) {
  response.status = status;
  // The body (if any) is not read: the error handler closes the connection after the answer.
  response.set_content(error_json(status, where, what).dump(), "application/json");
}

ConnectionLimits limits_of(const ServerOptions& options) {
  ConnectionLimits limits = options.limits;
  limits.work_slots = std::max(1, options.threads);
  return limits;
}

}  // namespace

HttpServer::HttpServer(ServerOptions options)
    : options_(std::move(options)),
      store_(std::make_unique<Store>(options_.db_path)),
      lock_(std::make_unique<ServerLock>(store_->path())),
      server_(std::make_unique<GuardedServer>(limits_of(options_))),
      context_(std::make_unique<ServerContext>(
          ServerContext{*store_, options_.content_dir, {}, options_.job_budget})) {
  httplib::Server& server = *server_;
  server.set_tcp_nodelay(true);
  // The library's default is SO_REUSEPORT, which lets a second server bind a port already in use
  // and share its connections; SO_REUSEADDR alone allows a quick restart and refuses that.
  server.set_socket_options([](socket_t socket) {
    int yes = 1;
    setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  server.set_payload_max_length(options_.max_body);
  server.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                              {"X-Frame-Options", "DENY"},
                              {"Referrer-Policy", "no-referrer"}});

  const bool loopback = is_loopback_host(options_.host);
  const std::size_t max_body = options_.max_body;
  server.set_pre_routing_handler(
      [loopback, max_body](const httplib::Request& request, httplib::Response& response) {
        // The body's framing first (request_framing.h): refused here, a body is never read, and
        // the connection closes after the answer (one request per connection).
        if (const std::optional<FramingError> error = check_framing(request, max_body)) {
          reject(response, error->status, error->where, error->what);
          return httplib::Server::HandlerResponse::Handled;
        }
        // The library hands this handler the request it will read the body of: not a const one.
        mark_bodyless(const_cast<httplib::Request&>(request));
        ConnectionGuard::headers_read(content_length(request));
        if (loopback && !host_allowed(request)) {
          reject(response, 403, "header.Host",
                 fmt::format("\"{}\" is not this server's name; a server on loopback answers "
                             "only to localhost, 127.0.0.1 and [::1]",
                             request.get_header_value("Host")));
          return httplib::Server::HandlerResponse::Handled;
        }
        // JSON bodies only: this also turns away cross-site form posts, which cannot send it.
        if ((request.method == "POST" || request.method == "PUT" || request.method == "PATCH") &&
            has_body(request) && !is_json_type(request.get_header_value("Content-Type"))) {
          reject(response, 415, "header.Content-Type",
                 fmt::format("must be application/json, got \"{}\"",
                             request.get_header_value("Content-Type")));
          return httplib::Server::HandlerResponse::Handled;
        }
        return httplib::Server::HandlerResponse::Unhandled;
      });

  // Errors the library answers itself (no route, a body over the cap, an unreadable request) get
  // the same JSON shape as ours; answers that already have a body are left alone.
  server.set_error_handler(
      [max_body](const httplib::Request& request, httplib::Response& response) {
        // What is left of a refused request (an unread body...) must not be read as the next:
        // the connection closes after the answer, and the answer says so.
        ConnectionGuard::close_after_answer();
        response.set_header("Connection", "close");
        if (!response.body.empty()) return;
        std::string where = "path";
        std::string what;
        switch (response.status) {
          case 404:
            what = fmt::format("nothing is at {} {}", request.method, request.path);
            break;
          case 413:
            where = "body";
            what = fmt::format("is larger than the limit of {} bytes (--max-body)", max_body);
            break;
          default:
            where = "request";
            what = response.status == 400 ? "could not be read as an HTTP request"
                                          : fmt::format("was refused (HTTP {})", response.status);
            break;
        }
        response.set_content(error_json(response.status, where, what).dump(), "application/json");
      });
  server.set_exception_handler([](const httplib::Request&, httplib::Response& response,
                                  std::exception_ptr error) {
    std::string what = "an unknown exception";
    try {
      if (error) std::rethrow_exception(error);
    } catch (const std::exception& exception) {
      what = exception.what();
    } catch (...) {
    }
    response.status = 500;
    response.set_content(error_json(500, "", "internal error: " + what).dump(), "application/json");
  });

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
  // A running balance job is cancelled and waited for: nothing writes to the store after this.
  if (context_ && context_->jobs) context_->jobs->stop();
  if (background_.joinable()) background_.join();
}

}  // namespace warband::server
