#include "fuzz/support/in_process_server.h"

#include <httplib.h>

#include <cstdio>
#include <cstdlib>
#include <memory>

#include "fuzz/support/fuzz_support.h"
#include "server/api.h"
#include "server/request_handling.h"
#include "server/store.h"

namespace warband::fuzz {
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
  const std::string db = ScratchFolder::instance().path() + "/server.db";
  for (const char* suffix : {"", "-wal", "-shm"})
    std::remove((db + suffix).c_str());
  served.store = std::make_unique<server::Store>(db);
  served.context =
      std::make_unique<server::ServerContext>(server::ServerContext{*served.store, "", {}});
  served.http = std::make_unique<InProcessServer>();
  server::set_request_handling(*served.http, kFuzzMaxBody, /*loopback=*/true);
  server::add_meta_routes(*served.http, *served.context);
  server::add_rules_routes(*served.http, *served.context);
  server::add_odds_routes(*served.http, *served.context);
  server::add_build_routes(*served.http, *served.context);
  server::add_game_routes(*served.http, *served.context);
  server::add_asset_routes(*served.http);
  served.requests = 0;
  return served;
}

}  // namespace

std::string serve_in_process(const std::string& request) {
  Served& server = served();
  ++server.requests;
  return server.http->answer(request);
}

int status_of(const std::string& answer) {
  std::size_t start = 0;
  while (true) {
    const std::size_t space = answer.find(' ', start);
    if (space == std::string::npos) return -1;
    const int status = std::atoi(answer.c_str() + space + 1);
    // An interim answer (100 Continue) comes before the final one, after a blank line.
    const std::size_t next = answer.find("\r\n\r\n", space);
    if (status >= 200 || next == std::string::npos || next + 4 >= answer.size()) return status;
    start = next + 4;
  }
}

bool is_budget_refusal(const std::string& answer) {
  return status_of(answer) == 503 && answer.find(R"("where":"request")") != std::string::npos;
}

}  // namespace warband::fuzz
