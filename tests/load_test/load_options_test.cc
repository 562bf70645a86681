// warband_load's arguments: what it accepts, and a clear error naming the option otherwise.
#include "tools/load_test/load_options.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace warband::load {
namespace {

// The error's text for these arguments ("" when they parse).
std::string error_for(const std::vector<std::string>& args) {
  try {
    parse_load_options(args);
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

TEST(LoadOptions, ParsesARun) {
  const LoadOptions options = parse_load_options(
      {"--url", "http://127.0.0.1:8123/", "--clients", "4", "--seconds", "2.5", "--max-requests",
       "300", "--scenario", "play", "--db", "/tmp/w.db", "--bot", "greedy", "--json"});
  EXPECT_EQ(options.host, "127.0.0.1");
  EXPECT_EQ(options.port, 8123);
  EXPECT_EQ(options.clients, 4);
  EXPECT_DOUBLE_EQ(options.seconds, 2.5);
  EXPECT_EQ(options.max_requests, 300);
  EXPECT_EQ(options.scenario, Scenario::kPlay);
  EXPECT_EQ(options.db, "/tmp/w.db");
  EXPECT_EQ(options.bot, "greedy");
  EXPECT_TRUE(options.json);
  EXPECT_FALSE(options.expect_kill);

  const LoadOptions defaults = parse_load_options({"--url", "http://localhost:80"});
  EXPECT_EQ(defaults.clients, 8);
  EXPECT_EQ(defaults.scenario, Scenario::kMixed);
  EXPECT_EQ(std::string(scenario_name(defaults.scenario)), "mixed");
}

TEST(LoadOptions, BadArgumentsSayWhichAndWhy) {
  EXPECT_NE(error_for({}).find("--url: required"), std::string::npos) << error_for({});
  const std::string no_scheme = error_for({"--url", "127.0.0.1:8080"});
  EXPECT_NE(no_scheme.find("only http://"), std::string::npos) << no_scheme;
  const std::string no_port = error_for({"--url", "http://127.0.0.1"});
  EXPECT_NE(no_port.find("no host and port"), std::string::npos) << no_port;
  const std::string bad_port = error_for({"--url", "http://127.0.0.1:99999"});
  EXPECT_NE(bad_port.find("from 1 to 65535"), std::string::npos) << bad_port;
  const std::string path = error_for({"--url", "http://127.0.0.1:80/api"});
  EXPECT_NE(path.find("has a path"), std::string::npos) << path;

  const std::string clients = error_for({"--url", "http://h:1", "--clients", "0"});
  EXPECT_NE(clients.find("--clients"), std::string::npos) << clients;
  const std::string seconds = error_for({"--url", "http://h:1", "--seconds", "-1"});
  EXPECT_NE(seconds.find("--seconds"), std::string::npos) << seconds;
  const std::string scenario = error_for({"--url", "http://h:1", "--scenario", "chaos"});
  EXPECT_NE(scenario.find("chaos"), std::string::npos) << scenario;
  const std::string unknown = error_for({"--url", "http://h:1", "--threads", "2"});
  EXPECT_NE(unknown.find("--threads"), std::string::npos) << unknown;
  const std::string ledger = error_for({"--check-ledger", "saves.json"});
  EXPECT_NE(ledger.find("needs --db"), std::string::npos) << ledger;
}

TEST(LoadOptions, CheckLedgerNeedsNoServer) {
  const LoadOptions options = parse_load_options({"--check-ledger", "saves.json", "--db", "w.db"});
  EXPECT_EQ(options.check_ledger, "saves.json");
  EXPECT_EQ(options.db, "w.db");
  EXPECT_TRUE(options.url.empty());
}

TEST(LoadOptions, HelpIsNotAnError) {
  const LoadOptions options = parse_load_options({"--help"});
  EXPECT_TRUE(options.help);
  EXPECT_NE(options.help_text.find("--max-requests"), std::string::npos);
}

}  // namespace
}  // namespace warband::load
