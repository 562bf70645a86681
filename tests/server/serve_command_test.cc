// `warband serve` as a user runs it: the real binary, its address line, requests, and a clean stop
// on SIGTERM and SIGINT.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <memory>
#include <regex>
#include <thread>
#include <vector>

#include "cli/command.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/raw_connection.h"
#include "tests/support/test_server.h"

extern char** environ;

namespace warband::server {
namespace {

using testing::Client;
using testing::TempDir;

// The binary running with its standard output on a pipe; killed if the test ends early.
class RunningBinary {
 public:
  explicit RunningBinary(const std::vector<std::string>& args) {
    int pipe_ends[2];
    EXPECT_EQ(pipe(pipe_ends), 0);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipe_ends[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, pipe_ends[0]);
    std::vector<char*> argv;
    std::vector<std::string> owned = args;
    owned.insert(owned.begin(), WARBAND_BINARY);
    for (std::string& arg : owned)
      argv.push_back(arg.data());
    argv.push_back(nullptr);
    EXPECT_EQ(posix_spawn(&pid_, WARBAND_BINARY, &actions, nullptr, argv.data(), environ), 0);
    posix_spawn_file_actions_destroy(&actions);
    close(pipe_ends[1]);
    out_ = pipe_ends[0];
  }
  ~RunningBinary() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    close(out_);
  }

  // The next line of standard output, waiting up to `timeout`; "" at its end or on timeout.
  std::string read_line(std::chrono::milliseconds timeout = std::chrono::seconds(30)) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
      if (const auto end = buffer_.find('\n'); end != std::string::npos) {
        std::string line = buffer_.substr(0, end);
        buffer_.erase(0, end + 1);
        return line;
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return "";
      pollfd ready{out_, POLLIN, 0};
      if (poll(&ready, 1, static_cast<int>(left.count())) <= 0) return "";
      char chunk[4096];
      const ssize_t got = ::read(out_, chunk, sizeof chunk);
      if (got <= 0) return "";
      buffer_.append(chunk, static_cast<std::size_t>(got));
    }
  }

  // Sends `signal` and waits for the exit; the exit code, or -1 if it did not exit normally.
  int stop_with(int signal) {
    kill(pid_, signal);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  pid_t pid_ = -1;
  int out_ = -1;
  std::string buffer_;
};

int port_of(const std::string& line) {
  std::smatch match;
  const std::regex address(R"(^Warband is at http://127\.0\.0\.1:(\d+)/$)");
  if (!std::regex_match(line, match, address)) return -1;
  return std::stoi(match[1]);
}

TEST(ServeCommand, ServesUntilSigtermAndKeepsWhatWasSaved) {
  TempDir dir;
  const std::string db = dir.file("data/warband.db");
  std::string id;
  {
    RunningBinary serve({"serve", "--port", "0", "--db", db});
    const std::string line = serve.read_line();
    const int port = port_of(line);
    ASSERT_GT(port, 0) << "address line: \"" << line << "\"";
    Client client(port);
    const testing::Reply health = client.get("/api/health");
    ASSERT_EQ(health.status, 200) << health.body;
    EXPECT_EQ(health.json["db"], db);
    EXPECT_EQ(client.get("/").status, 200);
    EXPECT_EQ(serve.stop_with(SIGTERM), 0);
  }
  EXPECT_TRUE(std::filesystem::exists(db));  // its folder was created
  // A second run on the same database, stopped by Ctrl+C.
  RunningBinary again({"serve", "--port", "0", "--db", db, "--threads", "2"});
  const int port = port_of(again.read_line());
  ASSERT_GT(port, 0);
  EXPECT_EQ(Client(port).get("/api/health").json["schema"], Store::kSchemaVersion);
  EXPECT_EQ(again.stop_with(SIGINT), 0);
}

TEST(ServeCommand, DefaultDatabaseFollowsXdgDataHome) {
  TempDir dir;
  const std::string data_home = dir.file("xdg");
  ASSERT_EQ(setenv("XDG_DATA_HOME", data_home.c_str(), 1), 0);
  RunningBinary serve({"serve", "--port", "0"});
  unsetenv("XDG_DATA_HOME");
  const int port = port_of(serve.read_line());
  ASSERT_GT(port, 0);
  EXPECT_EQ(Client(port).get("/api/health").json["db"], data_home + "/warband/warband.db");
  EXPECT_EQ(serve.stop_with(SIGTERM), 0);
}

// Issue 21: a server other machines can reach says so, and where a friend finds it.
TEST(ServeCommand, ListeningOnEveryAddressWarnsAndNamesTheNetworkAddresses) {
  TempDir dir;
  RunningBinary serve({"serve", "--host", "0.0.0.0", "--port", "0", "--db", dir.file("a.db"),
                       "--public-url", "https://games.example.org/"});
  const std::string address = serve.read_line();
  EXPECT_EQ(address.rfind("Warband is at http://0.0.0.0:", 0), 0u) << address;
  serve.read_line();  // the database line
  const std::string warning = serve.read_line();
  EXPECT_EQ(warning.rfind("WARNING: listening on 0.0.0.0: anyone who can reach", 0), 0u) << warning;
  EXPECT_EQ(serve.stop_with(SIGTERM), 0);
}

TEST(ServeCommand, BadArgumentsAndDatabasesAreExit2WithAMessage) {
  TempDir dir;
  const std::string not_a_db = dir.file("notes.txt");
  std::ofstream(not_a_db) << std::string(2048, 'x');
  cli::Ran ran = cli::warband({"serve", "--port", "0", "--db", not_a_db});
  EXPECT_EQ(ran.code, cli::kExitBadInput);
  EXPECT_NE(ran.err.find("error: --db: "), std::string::npos) << ran.err;
  EXPECT_NE(ran.err.find("not a database"), std::string::npos) << ran.err;

  ran = cli::warband({"serve", "--port", "70000", "--db", dir.file("a.db")});
  EXPECT_EQ(ran.code, cli::kExitBadInput);
  ran = cli::warband({"serve", "--threads", "0", "--db", dir.file("a.db")});
  EXPECT_EQ(ran.code, cli::kExitBadInput);
  for (const char* option : {"--request-budget", "--job-budget", "--header-deadline",
                             "--connections", "--per-address"}) {
    ran = cli::warband({"serve", option, "0", "--db", dir.file("a.db")});
    EXPECT_EQ(ran.code, cli::kExitBadInput) << option;
    EXPECT_NE(ran.err.find(option), std::string::npos) << ran.err;
  }
  ran = cli::warband({"serve", "--host", "203.0.113.1", "--port", "0", "--db", dir.file("a.db")});
  EXPECT_EQ(ran.code, cli::kExitBadInput);
  EXPECT_NE(ran.err.find("error: --host: "), std::string::npos) << ran.err;
  ran = cli::warband({"serve", "--public-url", "games.example.org", "--db", dir.file("a.db")});
  EXPECT_EQ(ran.code, cli::kExitBadInput);
  EXPECT_NE(ran.err.find("error: --public-url: "), std::string::npos) << ran.err;
}

TEST(ServeCommand, APortInUseIsABadArgument) {
  testing::TestServer taken;
  TempDir dir;
  const cli::Ran ran =
      cli::warband({"serve", "--port", std::to_string(taken.port()), "--db", dir.file("a.db")});
  EXPECT_EQ(ran.code, cli::kExitBadInput);
  EXPECT_NE(ran.err.find("error: --port: "), std::string::npos) << ran.err;
}

// Issue 14: SIGTERM did not stop the server within 15 s while clients were slow and a search
// ran. The bound is generous: the assertion is that it stopped, cleanly.
TEST(ServeCommand, SigtermStopsDespiteSlowClientsAndLongSearches) {
  TempDir dir;
  RunningBinary serve({"serve", "--port", "0", "--db", dir.file("warband.db")});
  const int port = port_of(serve.read_line());
  ASSERT_GT(port, 0);
  std::vector<std::unique_ptr<testing::RawConnection>> slow;
  for (int i = 0; i < 4; ++i) {
    slow.push_back(std::make_unique<testing::RawConnection>(port));
    slow.back()->send("GET /api/health HTTP/1.1\r\nHost: localhost\r\n");
  }
  std::thread search([port] {
    Client(port).post("/api/replays/sim",
                      {{"ruleset", "atomspast"},
                       {"seed", 5},
                       {"index", 0},
                       {"bots", {"greedy:depth=8,nodes=10000000", "greedy:depth=8,nodes=10000000"}},
                       {"setup", {{"map", "training_ground"}}}});
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(serve.stop_with(SIGTERM), 0);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
  search.join();
}

// The guards' limits are the operator's to set: a one-second request budget stops a deep search
// with 503, and one connection per address turns a second away.
TEST(ServeCommand, RequestBudgetAndConnectionsPerAddressAreOptions) {
  TempDir dir;
  RunningBinary serve({"serve", "--port", "0", "--db", dir.file("warband.db"), "--request-budget",
                       "1", "--per-address", "1"});
  const int port = port_of(serve.read_line());
  ASSERT_GT(port, 0);
  {
    Client client(port);
    const auto start = std::chrono::steady_clock::now();
    const testing::Reply searched =
        client.post("/api/replays/sim",
                    {{"ruleset", "atomspast"},
                     {"seed", 5},
                     {"index", 0},
                     {"bots", {"greedy:depth=8,nodes=10000000", "greedy:depth=8,nodes=10000000"}},
                     {"setup", {{"map", "training_ground"}}}});
    EXPECT_EQ(searched.status, 503) << searched.body;
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(8));
  }
  // A connection held open (its headers not finished) is this address's one: a second one is
  // turned away. On a loaded machine a connection just closed (the search's, or a probe's) may
  // still be counted when the held one arrives, and then the held one is the one turned away.
  // So hold one, probe for a second, and hold another if no probe was refused: a server that
  // never caps answers 200 every time, and the test fails.
  int status = 0;
  for (int round = 0; round < 10 && status != 503; ++round) {
    testing::RawConnection held(port);
    held.send("GET /api/health HTTP/1.1\r\nHost: localhost\r\n");
    for (int attempt = 0; attempt < 10 && status != 503; ++attempt) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      status = Client(port).get("/api/health").status;
    }
  }
  EXPECT_EQ(status, 503);
  EXPECT_EQ(serve.stop_with(SIGTERM), 0);
}

TEST(ServeCommand, ASecondServerOnTheSameDatabaseIsExit2) {
  testing::TestServer first;
  const cli::Ran ran =
      cli::warband({"serve", "--port", "0", "--db", first.dir().file("warband.db")});
  EXPECT_EQ(ran.code, cli::kExitBadInput);
  EXPECT_NE(ran.err.find("error: --db: "), std::string::npos) << ran.err;
  EXPECT_NE(ran.err.find("in use by another `warband serve`"), std::string::npos) << ran.err;
}

}  // namespace
}  // namespace warband::server
