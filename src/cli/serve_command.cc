// `warband serve`: the browser app and its JSON API (docs/api.md) on one address, until SIGINT or
// SIGTERM.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <pthread.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <ostream>
#include <thread>

#include "cli/command.h"
#include "core/error.h"
#include "core/registry.h"
#include "server/exposure.h"
#include "server/http_server.h"
#include "server/store.h"

namespace warband::cli {
namespace {

// $XDG_DATA_HOME/warband/warband.db, else ~/.local/share/warband/warband.db.
std::string default_db_path() {
  const char* data_home = std::getenv("XDG_DATA_HOME");
  if (data_home != nullptr && data_home[0] == '/')
    return std::string(data_home) + "/warband/warband.db";
  const char* home = std::getenv("HOME");
  if (home == nullptr || home[0] == '\0')
    throw InputError("--db", "neither XDG_DATA_HOME nor HOME is set; give the database's path");
  return std::string(home) + "/.local/share/warband/warband.db";
}

// Blocks SIGINT and SIGTERM in this thread and every thread it starts from now on (the server's
// pool, background jobs), so that only the watcher receives them; restores the mask when done.
class BlockedStopSignals {
 public:
  BlockedStopSignals() {
    sigemptyset(&signals_);
    sigaddset(&signals_, SIGINT);
    sigaddset(&signals_, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals_, &previous_);
  }
  ~BlockedStopSignals() { pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }
  BlockedStopSignals(const BlockedStopSignals&) = delete;
  BlockedStopSignals& operator=(const BlockedStopSignals&) = delete;
  const sigset_t& signals() const { return signals_; }

 private:
  sigset_t signals_;
  sigset_t previous_;
};

// `serve --content DIR` serves every ruleset from DIR. One that the built-in content has and DIR
// lacks would answer every page with an error (the start page lists them all), so the server is
// refused at start, naming what DIR lacks and how to make a folder that serves.
void check_serves_every_ruleset(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (!fs::is_directory(dir, error))
    throw InputError("--content",
                     fmt::format("'{}' is not a content folder: there is no such folder", dir));
  std::vector<std::string> missing;
  for (const std::string& ruleset : Registry::instance().names())
    if (fs::is_directory(fs::path(default_content_dir()) / ruleset, error) &&
        !fs::is_directory(fs::path(dir) / ruleset, error))
      missing.push_back(ruleset + "/");
  if (!missing.empty())
    throw InputError(
        "--content",
        fmt::format("'{}' holds no {}: the server serves every ruleset from one content folder, "
                    "so copy the whole of content/ (a folder per ruleset) and edit the one you "
                    "change",
                    dir, fmt::join(missing, ", ")));
}

int whole_seconds(std::chrono::milliseconds duration) {
  return static_cast<int>(std::chrono::duration_cast<std::chrono::seconds>(duration).count());
}

class ServeCommand final : public Command {
 public:
  explicit ServeCommand(CLI::App& app) {
    app.add_option("--host", options_.host,
                   "The address to listen on (default 127.0.0.1: this "
                   "machine only)")
        ->type_name("ADDRESS");
    app.add_option("--public-url", options_.public_url,
                   "The address seat links point at when the server is behind a reverse proxy "
                   "(https://games.example.org; default: the address a request came to)")
        ->type_name("URL");
    app.add_option("--games-per-minute", options_.games_per_minute,
                   "Games one client address or token may create a minute (default 30 when "
                   "--host is not loopback, else no cap; 0: no cap)")
        ->check(CLI::Range(0, 100000))
        ->type_name("N");
    app.add_option("--moves-per-minute", options_.remote_moves_per_minute,
                   "Moves one game with remote seats may take a minute (default 600; 0: no cap)")
        ->check(CLI::Range(0, 1000000))
        ->type_name("N");
    app.add_option("--max-documents", options_.store_limits.documents,
                   "Saved documents the database keeps; a new one past it is refused until one "
                   "is deleted (default 1000)")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000'000}))
        ->type_name("N");
    app.add_option("--max-games", options_.store_limits.games,
                   "Games and replays the database keeps; a new one past it is refused until "
                   "one is deleted (default 10000)")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000'000}))
        ->type_name("N");
    app.add_option("--port", options_.port, "The port (default 8080; 0 picks a free one)")
        ->check(CLI::Range(0, 65535))
        ->type_name("PORT");
    app.add_option("--db", options_.db_path,
                   "The database (default $XDG_DATA_HOME/warband/warband.db, else "
                   "~/.local/share/warband/warband.db)")
        ->type_name("PATH");
    app.add_option("--max-body", options_.max_body,
                   "The largest request body accepted, in bytes (default 1 MiB)")
        ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 30))
        ->type_name("BYTES");
    app.add_option("--threads", options_.threads, "Requests served at once (default 8)")
        ->check(CLI::Range(1, 256))
        ->type_name("N");
    app.add_option("--content", options_.content_dir,
                   "Read the rulesets' content from DIR (default: the built-in content)")
        ->type_name("DIR");
    // The guards against slow or greedy clients (connection_guard.h), in whole seconds.
    app.add_option("--connections", options_.limits.connections,
                   "Connections served at once; more wait to be accepted (default 64)")
        ->check(CLI::Range(1, 4096))
        ->type_name("N");
    app.add_option("--per-address", options_.limits.per_address,
                   "Connections one client address may hold open (default 32)")
        ->check(CLI::Range(1, 4096))
        ->type_name("N");
    app.add_option("--header-deadline", header_deadline_seconds_,
                   "Seconds a client has to send a request's line and headers (default 5)")
        ->check(CLI::Range(1, 600))
        ->type_name("SECONDS");
    app.add_option("--request-budget", request_budget_seconds_,
                   "Seconds one request may search or sample before it is stopped with 503 "
                   "(default 10)")
        ->check(CLI::Range(1, 3600))
        ->type_name("SECONDS");
    app.add_option("--job-budget", job_budget_seconds_,
                   "Seconds a balance job may run before it is stopped and marked failed "
                   "(default 7200)")
        ->check(CLI::Range(1, 7 * 24 * 3600))
        ->type_name("SECONDS");
  }

  int run(Io& io) override {
    if (options_.db_path.empty()) options_.db_path = default_db_path();
    // What reads no setup (the odds, a builder's fallbacks) reads --content too.
    if (!options_.content_dir.empty()) {
      check_serves_every_ruleset(options_.content_dir);
      use_content_dir(options_.content_dir);
    }
    options_.limits.header_deadline = std::chrono::seconds(header_deadline_seconds_);
    options_.limits.request_budget = std::chrono::seconds(request_budget_seconds_);
    options_.job_budget = std::chrono::seconds(job_budget_seconds_);
    if (!options_.public_url.empty())
      options_.public_url = server::normalize_public_url(options_.public_url);
    const BlockedStopSignals blocked;
    server::HttpServer server(options_);
    const int port = server.bind();
    const std::string host =
        options_.host.find(':') != std::string::npos ? "[" + options_.host + "]" : options_.host;
    io.out << "Warband is at http://" << host << ":" << port << "/" << std::endl;
    io.out << "(database " << server.store().path() << "; Ctrl+C stops the server)" << std::endl;
    io.out << server::exposure_notice(options_.host, port, server::lan_addresses()) << std::flush;

    std::atomic<bool> finished = false;
    std::thread watcher([&] {
      // Waits for SIGINT/SIGTERM; SIGINT is also what run() sends itself to end the watcher.
      int signal = 0;
      sigwait(&blocked.signals(), &signal);
      // A signal that comes before the server is listening would be lost by one stop(): repeat.
      while (!finished) {
        server.stop();
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
    });
    server.listen();
    finished = true;
    // Wake the watcher if no signal came (listen ended on its own); harmless if it is awake.
    pthread_kill(watcher.native_handle(), SIGINT);
    watcher.join();
    server.stop();
    io.out << "Warband stopped." << std::endl;
    return kExitOk;
  }

 private:
  server::ServerOptions options_;
  int header_deadline_seconds_ = whole_seconds(options_.limits.header_deadline);
  int request_budget_seconds_ = whole_seconds(options_.limits.request_budget);
  int job_budget_seconds_ = whole_seconds(options_.job_budget);
};

}  // namespace

RegisteredCommand add_serve_command(CLI::App& app) {
  CLI::App* subcommand =
      app.add_subcommand("serve", "Serve the browser app and its JSON API (docs/api.md)");
  return {subcommand, std::make_unique<ServeCommand>(*subcommand)};
}

}  // namespace warband::cli
