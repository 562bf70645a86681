// HTTP request bodies (src/server): the input is "METHOD PATH\nBODY", sent as one JSON request to
// the server's routes in this process, through cpp-httplib's request reader and router but no
// socket. Every answer must be below 500: bad input is a 4xx with where and what, and a 500 (an
// exception other than InputError or ApiError in a handler) is a defect.
//
// Left out: the balance job routes, whose jobs run on background threads for minutes. The
// database lives in the scratch folder and is started afresh every few thousand requests, so that
// it stays small; a request may meet what earlier ones stored (a game to move in).
#include <httplib.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "fuzz/support/fuzz_support.h"
#include "server/api.h"
#include "server/store.h"

using namespace warband;

namespace {

// httplib's own request handling, reached without a socket.
class InProcessServer : public httplib::Server {
 public:
  std::string answer(const std::string& request_text) {
    httplib::detail::BufferStream stream;
    stream.write(request_text.data(), request_text.size());
    bool closed = false;
    process_request(stream, /*close_connection=*/true, closed, [](httplib::Request&) {});
    return stream.get_buffer().substr(request_text.size());
  }
};

struct Served {
  std::unique_ptr<server::Store> store;
  std::unique_ptr<server::ServerContext> context;
  std::unique_ptr<InProcessServer> http;
  int requests = 0;
};

constexpr int kRequestsPerDatabase = 5000;

Served& served() {
  static Served served;
  if (served.http && served.requests < kRequestsPerDatabase) return served;
  served.http.reset();
  served.context.reset();
  served.store.reset();
  const std::string db = fuzz::ScratchFolder::instance().path() + "/server.db";
  for (const char* suffix : {"", "-wal", "-shm"})
    std::remove((db + suffix).c_str());
  served.store = std::make_unique<server::Store>(db);
  served.context =
      std::make_unique<server::ServerContext>(server::ServerContext{*served.store, "", {}});
  served.http = std::make_unique<InProcessServer>();
  server::add_meta_routes(*served.http, *served.context);
  server::add_rules_routes(*served.http, *served.context);
  server::add_odds_routes(*served.http, *served.context);
  server::add_build_routes(*served.http, *served.context);
  server::add_game_routes(*served.http, *served.context);
  served.requests = 0;
  return served;
}

// The status of an HTTP answer's first line ("HTTP/1.1 400 Bad Request"), or -1.
int status_of(const std::string& answer) {
  const std::size_t space = answer.find(' ');
  if (space == std::string::npos) return -1;
  return std::atoi(answer.c_str() + space + 1);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto [line, body] = fuzz::split_first_line(fuzz::input_text(data, size));
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
  Served& server = served();
  ++server.requests;
  const std::string answer = server.http->answer(request);
  const int status = status_of(answer);
  if (status >= 500 || status < 100) fuzz::defect("the server answered " + answer.substr(0, 2000));
  return 0;
}
