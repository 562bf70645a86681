#include "server/request_handling.h"

#include <fmt/format.h>
#include <httplib.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <exception>
#include <optional>
#include <string_view>

#include "core/text.h"
#include "server/api.h"
#include "server/connection_guard.h"
#include "server/request_framing.h"

namespace warband::server {
namespace {

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

// What is refused from a request's head alone, before its body is read or invited: the body's
// framing (request_framing.h), a Host a loopback server does not answer to, a body that is not
// JSON.
std::optional<FramingError> refusal(const httplib::Request& request, std::size_t max_body,
                                    bool loopback) {
  if (std::optional<FramingError> error = check_framing(request, max_body)) return error;
  if (loopback && !host_allowed(request))
    return FramingError{403, "header.Host",
                        fmt::format("\"{}\" is not this server's name; a server on loopback "
                                    "answers only to localhost, 127.0.0.1 and [::1]",
                                    request.get_header_value("Host"))};
  // JSON bodies only: this also turns away cross-site form posts, which cannot send it.
  if ((request.method == "POST" || request.method == "PUT" || request.method == "PATCH") &&
      has_body(request) && !is_json_type(request.get_header_value("Content-Type")))
    return FramingError{415, "header.Content-Type",
                        fmt::format("must be application/json, got \"{}\"",
                                    request.get_header_value("Content-Type"))};
  return std::nullopt;
}

void reject(httplib::Response& response, const FramingError& refused) {
  response.status = refused.status;
  // The body (if any) is not read: the error handler closes the connection after the answer.
  response.set_content(json_text(error_json(refused.status, refused.where, refused.what)),
                       "application/json");
}

}  // namespace

bool is_loopback_host(const std::string& host) {
  return host == "localhost" || host == "::1" || host == "[::1]" || host.rfind("127.", 0) == 0;
}

void set_request_handling(httplib::Server& server, std::size_t max_body, bool loopback) {
  server.set_payload_max_length(max_body);
  server.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                              {"X-Frame-Options", "DENY"},
                              {"Referrer-Policy", "no-referrer"}});
  server.set_pre_routing_handler(
      [loopback, max_body](const httplib::Request& request, httplib::Response& response) {
        // Refused here, a body is never read, and the connection closes after the answer (one
        // request per connection).
        if (const std::optional<FramingError> refused = refusal(request, max_body, loopback)) {
          reject(response, *refused);
          return httplib::Server::HandlerResponse::Handled;
        }
        // The library hands this handler the request it will read the body of: not a const one.
        mark_bodyless(const_cast<httplib::Request&>(request));
        ConnectionGuard::headers_read(content_length(request));
        return httplib::Server::HandlerResponse::Unhandled;
      });
  // "Expect: 100-continue": the library answers 100 before routing, which invites a body that
  // will be refused unread. The refusal comes first instead, and the body is never sent.
  server.set_expect_100_continue_handler(
      [loopback, max_body](const httplib::Request& request, httplib::Response& response) {
        if (const std::optional<FramingError> refused = refusal(request, max_body, loopback)) {
          reject(response, *refused);
          return refused->status;
        }
        return 100;
      });

  // Errors the library answers itself (no route, a body over the cap, an unreadable request) get
  // the same JSON shape as ours; answers that already have a body are left alone.
  server.set_error_handler([max_body](const httplib::Request& request,
                                      httplib::Response& response) {
    // What is left of a refused request (an unread body...) must not be read as the next:
    // the connection closes after the answer, and the answer says so.
    ConnectionGuard::close_after_answer();
    response.set_header("Connection", "close");
    if (!response.body.empty()) return;
    std::string where = "path";
    std::string what;
    // A method no route serves (OPTIONS, PATCH...) is 405 wherever it asks: "nothing is at
    // OPTIONS /api/games" read as if the path were wrong.
    constexpr std::array<std::string_view, 5> kServed = {"GET", "HEAD", "POST", "PUT", "DELETE"};
    if (response.status == 404 &&
        std::find(kServed.begin(), kServed.end(), request.method) == kServed.end()) {
      response.status = 405;
      response.set_header("Allow", "GET, HEAD, POST, PUT, DELETE");
    }
    // The library's bare 400 after a request line it parsed, on a stream still intact, is its
    // refusal of a header line longer than it reads (connection_guard.h).
    if (response.status == 400 && !request.path.empty() &&
        ConnectionGuard::stopped_in_intact_headers())
      response.status = 431;
    switch (response.status) {
      case 431:
        where = "header";
        what = fmt::format(
            "a header line is longer than the {} bytes this server reads: send shorter headers",
            CPPHTTPLIB_HEADER_MAX_LENGTH);
        break;
      case 414:
        where = "path";
        what = fmt::format(
            "the request line is longer than the {} bytes this server reads: send a shorter "
            "path and query",
            CPPHTTPLIB_REQUEST_URI_MAX_LENGTH);
        break;
      case 404:
        what = fmt::format("nothing is at {} {}", request.method, request.path);
        break;
      case 405:
        where = "request";
        what = fmt::format(
            "the method {} is not served here: the API takes GET, POST, PUT and "
            "DELETE (docs/api.md)",
            shortened(request.method, 20));
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
    response.set_content(json_text(error_json(response.status, where, what)), "application/json");
  });
  server.set_exception_handler(
      [](const httplib::Request&, httplib::Response& response, std::exception_ptr error) {
        std::string what = "an unknown exception";
        try {
          if (error) std::rethrow_exception(error);
        } catch (const std::exception& exception) {
          what = exception.what();
        } catch (...) {
        }
        response.status = 500;
        response.set_content(json_text(error_json(500, "", "internal error: " + what)),
                             "application/json");
      });
}

}  // namespace warband::server
