// What every request shares, set on an httplib server: the real one (`HttpServer`) or the fuzz
// target's in-process one, so that both check requests alike. The body's framing and its cap
// (request_framing.h), the Host check of a loopback server, JSON-only bodies, security headers, and
// JSON answers for the library's own errors (404, 413, an unreadable request) and for exceptions.
#pragma once

#include <cstddef>
#include <string>

namespace httplib {
class Server;
}

namespace warband::server {

// Whether `host` (--host) is this machine only: its server then answers only to loopback names
// in Host (DNS rebinding).
bool is_loopback_host(const std::string& host);

void set_request_handling(httplib::Server& server, std::size_t max_body, bool loopback);

}  // namespace warband::server
