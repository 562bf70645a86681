#include "server/request_framing.h"

#include <fmt/format.h>
#include <httplib.h>

#include <algorithm>
#include <cctype>
#include <charconv>

namespace warband::server {
namespace {

bool all_digits(const std::string& text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); });
}

}  // namespace

std::optional<FramingError> check_framing(const httplib::Request& request, std::size_t max_body) {
  const std::size_t lengths = request.get_header_value_count("Content-Length");
  const bool transfer_coded = request.has_header("Transfer-Encoding");
  if (lengths > 1)
    return FramingError{400, "header.Content-Length",
                        fmt::format("is given {} times; give it once", lengths)};
  if (lengths == 1 && transfer_coded)
    return FramingError{400, "header.Transfer-Encoding",
                        "comes with a Content-Length: give one or the other (a Content-Length)"};
  if (transfer_coded)
    return FramingError{411, "header.Transfer-Encoding",
                        fmt::format("\"{}\" is not accepted: send the body with a Content-Length",
                                    request.get_header_value("Transfer-Encoding"))};
  if (request.has_header("Content-Encoding")) {
    const std::string coding = request.get_header_value("Content-Encoding");
    if (coding != "identity")
      return FramingError{
          415, "header.Content-Encoding",
          fmt::format("\"{}\" is not accepted: send the body uncompressed", coding)};
  }
  if (lengths == 1) {
    const std::string text = request.get_header_value("Content-Length");
    std::size_t length = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), length);
    if (!all_digits(text) || error != std::errc() || end != text.data() + text.size())
      return FramingError{400, "header.Content-Length",
                          fmt::format("expected a number of bytes, got \"{}\"", text)};
    if (length > max_body)
      return FramingError{
          413, "body", fmt::format("is larger than the limit of {} bytes (--max-body)", max_body)};
  }
  return std::nullopt;
}

std::size_t content_length(const httplib::Request& request) {
  const std::string text = request.get_header_value("Content-Length");
  std::size_t length = 0;
  std::from_chars(text.data(), text.data() + text.size(), length);
  return length;
}

void mark_bodyless(httplib::Request& request) {
  if (!request.has_header("Content-Length") && !request.has_header("Transfer-Encoding"))
    request.set_header("Content-Length", "0");
}

}  // namespace warband::server
