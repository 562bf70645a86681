// Whole HTTP requests (src/server/request_handling.cc, request_framing.cc): the input is sent as
// it is, request line, headers and body, to the server's request handling and routes in this
// process (fuzz/support/in_process_server.h), so that the framing checks, the Host check and the
// content type meet every header a client can send. The promises:
//  - the server answers below 500 (or 503 for a request stopped by its budget), or not at all (a
//    request line it cannot read ends the connection unanswered);
//  - a request that says "Transfer-Encoding: ..." never gets a 2xx: a body of unknown length
//    is refused before it is read (411, or 400 beside a Content-Length);
//  - nor does a body longer than the cap (413).
#include <algorithm>
#include <cctype>
#include <regex>
#include <string>
#include <vector>

#include "fuzz/support/fuzz_support.h"
#include "fuzz/support/in_process_server.h"

using namespace warband;

namespace {

// The head's lines (up to the blank line that ends it), without their line ends.
std::vector<std::string> head_lines(std::string_view request) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < request.size()) {
    std::size_t end = request.find('\n', start);
    if (end == std::string_view::npos) end = request.size();
    std::string line(request.substr(start, end - start));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) break;
    lines.push_back(std::move(line));
    start = end + 1;
  }
  return lines;
}

// The value of a header line in its plainest form (a name of letters and dashes, a value of
// printable ASCII), which any reader takes as that header; "" for any other line.
std::string plain_header_value(const std::string& line, const std::string& lower_name) {
  static const std::regex plain(R"(^([A-Za-z-]+):[ \t]*([!-~]+)[ \t]*$)");
  std::smatch match;
  if (!std::regex_match(line, match, plain)) return "";
  std::string name = match[1];
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return name == lower_name ? std::string(match[2]) : "";
}

bool past_cap(const std::string& length) {
  if (length.empty() || !std::all_of(length.begin(), length.end(),
                                     [](unsigned char c) { return std::isdigit(c) != 0; }))
    return false;
  const std::size_t significant = std::min(length.find_first_not_of('0'), length.size());
  return length.size() - significant > 9 || std::stoul(length) > fuzz::kFuzzMaxBody;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string request(fuzz::input_text(data, size));
  const std::string answer = fuzz::serve_in_process(request);
  if (answer.empty()) return 0;
  const int status = fuzz::status_of(answer);
  if (status < 100 || (status >= 500 && !fuzz::is_budget_refusal(answer)))
    fuzz::defect("the server answered " + answer.substr(0, 2000));
  if (status >= 300) return 0;
  const std::vector<std::string> lines = head_lines(request);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (!plain_header_value(lines[i], "transfer-encoding").empty())
      fuzz::defect("a transfer-coded body was accepted: " + answer.substr(0, 2000));
    if (past_cap(plain_header_value(lines[i], "content-length")))
      fuzz::defect("a body past the cap was accepted: " + answer.substr(0, 2000));
  }
  return 0;
}
