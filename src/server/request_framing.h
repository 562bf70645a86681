// How a request's body is framed, checked from its headers before any of the body is read (the
// HTTP library reads a chunked or compressed body whole, past --max-body: issue 14). A body comes
// with one Content-Length of digits only, at most --max-body; chunked and other transfer codings
// are refused (411: send a Content-Length), compressed bodies too (415), and a request that gives
// Content-Length twice, or both Content-Length and Transfer-Encoding, is malformed (400): two
// readers could disagree on where it ends.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace httplib {
struct Request;
}

namespace warband::server {

struct FramingError {
  int status;
  std::string where;
  std::string what;
};

std::optional<FramingError> check_framing(const httplib::Request& request, std::size_t max_body);

// The declared body length (0 when none); call after check_framing accepted the request.
std::size_t content_length(const httplib::Request& request);

// A request with neither Content-Length nor Transfer-Encoding has no body (RFC 9112, 6.3); the
// library would read one until the client closes. Says so with "Content-Length: 0".
void mark_bodyless(httplib::Request& request);

}  // namespace warband::server
