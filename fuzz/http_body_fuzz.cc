// HTTP request bodies (src/server): the input is "METHOD PATH\nBODY", sent as one well-framed JSON
// request to the server's routes in this process (fuzz/support/in_process_server.h). Every answer
// must be below 500: bad input is a 4xx with where and what, and a 500 (an exception other than
// InputError or ApiError in a handler) is a defect. The one 5xx allowed is the 503 of a request
// stopped by its budget (a game of two bots played out in one request, under the sanitizers).
// Bodies past the cap are the http_request target's: here they would only meet the 413 again.
#include <string>

#include "fuzz/support/fuzz_support.h"
#include "fuzz/support/in_process_server.h"

using namespace warband;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto [line, body] = fuzz::split_first_line(fuzz::input_text(data, size));
  if (body.size() > fuzz::kFuzzMaxBody) return 0;
  const std::size_t space = line.find(' ');
  if (space == std::string_view::npos) return 0;
  const std::string_view method = line.substr(0, space);
  const std::string_view path = line.substr(space + 1);
  // The request line's own syntax is the library's: only the routes' paths are fuzzed here.
  if (path.empty() || path.front() != '/' ||
      path.find_first_of(" \r\n\t") != std::string_view::npos ||
      method.find_first_of(" \r\n\t") != std::string_view::npos)
    return 0;
  std::string request = std::string(method) + " " + std::string(path) +
                        " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                        "Content-Length: " +
                        std::to_string(body.size()) + "\r\n\r\n" + std::string(body);
  const std::string answer = fuzz::serve_in_process(request);
  const int status = fuzz::status_of(answer);
  if ((status >= 500 && !fuzz::is_budget_refusal(answer)) || status < 100)
    fuzz::defect("the server answered " + answer.substr(0, 2000));
  return 0;
}
