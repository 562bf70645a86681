// The server's request handling and routes (request_handling.h, routes_*.cc) reached without a
// socket, for the HTTP fuzz targets: one raw request in, the raw answer out. The database lives in
// the scratch folder and starts afresh every few thousand requests, so that it stays small; a
// request may meet what earlier ones stored (a game to move in).
//
// Left out: the balance job routes, whose jobs run on background threads for minutes.
#pragma once

#include <cstddef>
#include <string>

namespace warband::fuzz {

// The body cap the in-process server is set up with (--max-body's role).
inline constexpr std::size_t kFuzzMaxBody = 64 * 1024;

// The server's answer to `request` (a whole HTTP/1.1 request as a client would send it; the
// connection closes after it), status line, headers and body.
std::string serve_in_process(const std::string& request);

// The final status of an HTTP answer ("HTTP/1.1 400 Bad Request": 400), past any interim
// answer ("HTTP/1.1 100 Continue"), or -1.
int status_of(const std::string& answer);

// Whether an answer is the 503 of a request stopped by its budget (where: "request"): the bound
// every searching or sampling request has (10 s), not a defect.
bool is_budget_refusal(const std::string& answer);

}  // namespace warband::fuzz
