// The command line of warband_load: where the server is, how many clients, what they do, and the
// bounds (seconds and requests) that keep a run finite.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace warband::load {

enum class Scenario { kMixed, kBuild, kPlay, kHealth, kRemote };

const char* scenario_name(Scenario scenario);

struct LoadOptions {
  std::string url;  // http://127.0.0.1:PORT (no path)
  std::string host;
  int port = 0;
  int clients = 8;
  double seconds = 20;
  std::int64_t max_requests = 1'000'000;
  Scenario scenario = Scenario::kMixed;
  std::string bot = "random";  // the bot the games are played against
  int moves_per_game = 40;     // then the client starts a new game
  int slow_clients = 0;        // beside the load: clients trickling headers (slow_clients.h)
  int idle_streams = 0;        // beside the load: event streams held open (issue 21)
  double slow_interval = 2;    // seconds between their header lines
  std::uint64_t seed = 1;      // clients draw warbands, units and moves from mix_seed(seed, i)
  std::string db;              // check this database at the end (read-only)
  std::string ledger_out;      // write every confirmed save here (JSON)
  std::string check_ledger;    // no load: check the saves of this ledger against --db
  // The server is killed during the run: a request that fails to connect ends its client
  // instead of counting as an error (what was confirmed before must still be in the database).
  bool expect_kill = false;
  bool json = false;
  bool help = false;
  std::string help_text;
};

// Parses the arguments after the program name. Throws InputError naming the option and what is
// wrong (an unknown option, a value out of range, a URL that is not http://HOST:PORT).
LoadOptions parse_load_options(const std::vector<std::string>& args);

}  // namespace warband::load
