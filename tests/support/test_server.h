// An in-process `warband serve` for tests: a server on 127.0.0.1 at a free port with a fresh
// database in a temporary folder (removed afterwards), and a JSON client for it.
//
//   TestServer server;                                  // or TestServer server(options_tweak)
//   const Reply reply = server.client().get("/api/health");
//   EXPECT_EQ(reply.status, 200);
//   EXPECT_EQ(reply.json["ok"], true);
//   server.client().post("/api/documents", {{"ruleset", "atomspast"}, ...});
//
// Reply.json is the parsed body (null when the body is not JSON: then read Reply.body).
#pragma once

#include <httplib.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "server/http_server.h"
#include "server/store.h"
#include "tests/support/test_files.h"

namespace warband::server::testing {

struct Reply {
  int status = 0;  // 0: no answer (the connection failed)
  nlohmann::json json;
  std::string body;
  std::string content_type;
};

// A folder under the system's temporary folder, removed with it (test_files.h).
using TempDir = ScratchFolder;

class Client {
 public:
  explicit Client(int port, std::string host = "127.0.0.1") : client_(host, port) {
    client_.set_connection_timeout(5);
    // As browsers do: without it a POST's body waits for the server's delayed ACK (~40 ms).
    client_.set_tcp_nodelay(true);
    client_.set_read_timeout(60);
  }

  Reply get(const std::string& path, const httplib::Headers& headers = {}) {
    return reply(client_.Get(path.c_str(), headers));
  }
  Reply del(const std::string& path, const httplib::Headers& headers = {}) {
    return reply(client_.Delete(path.c_str(), headers));
  }
  Reply post(const std::string& path, const nlohmann::json& body,
             const httplib::Headers& headers = {}) {
    return post_raw(path, body.dump(), "application/json", headers);
  }
  Reply put(const std::string& path, const nlohmann::json& body) {
    return reply(client_.Put(path.c_str(), body.dump(), "application/json"));
  }
  // A body sent as is, with any content type (malformed JSON, a form post...).
  Reply post_raw(const std::string& path, const std::string& body, const std::string& content_type,
                 const httplib::Headers& headers = {}) {
    return reply(client_.Post(path.c_str(), headers, body, content_type.c_str()));
  }

  httplib::Client& raw() { return client_; }

 private:
  static Reply reply(const httplib::Result& result) {
    Reply answer;
    if (!result) return answer;
    answer.status = result->status;
    answer.body = result->body;
    answer.content_type = result->get_header_value("Content-Type");
    answer.json = nlohmann::json::parse(result->body, nullptr, /*allow_exceptions=*/false);
    if (answer.json.is_discarded()) answer.json = nullptr;
    return answer;
  }

  httplib::Client client_;
};

// Polls job `id` (GET /api/jobs/ID) until it leaves "running", or three minutes pass: its last
// answer (a test then asserts its state).
inline nlohmann::json finished_job(Client& client, const std::string& id) {
  nlohmann::json job;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(3);
  do {
    job = client.get("/api/jobs/" + id).json;
    if (job["state"] != "running") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  } while (std::chrono::steady_clock::now() < give_up);
  return job;
}

class TestServer {
 public:
  // `tweak` may change the options (max_body, threads, content_dir...) before the server starts.
  explicit TestServer(const std::function<void(ServerOptions&)>& tweak = {}) {
    ServerOptions options;
    options.host = "127.0.0.1";
    options.port = 0;
    options.db_path = dir_.file("warband.db");
    options.threads = 4;
    if (tweak) tweak(options);
    server_ = std::make_unique<HttpServer>(options);
    port_ = server_->start();
    client_ = std::make_unique<Client>(port_);
  }
  ~TestServer() { server_->stop(); }

  int port() const { return port_; }
  Client& client() { return *client_; }
  HttpServer& server() { return *server_; }
  Store& store() { return server_->store(); }
  const TempDir& dir() const { return dir_; }

 private:
  TempDir dir_;  // first: outlives the server and its database
  std::unique_ptr<HttpServer> server_;
  int port_ = 0;
  std::unique_ptr<Client> client_;
};

}  // namespace warband::server::testing
