#include "load_options.h"

#include <CLI/CLI.hpp>
#include <charconv>
#include <map>

#include "core/error.h"

namespace warband::load {
namespace {

// "http://HOST:PORT" with an optional trailing slash: what `warband serve` prints.
void split_url(LoadOptions& options) {
  const std::string prefix = "http://";
  std::string rest = options.url;
  const auto bad = [&](const std::string& why) {
    return InputError("--url", "expected http://HOST:PORT, got '" + options.url + "': " + why);
  };
  if (rest.rfind(prefix, 0) != 0) throw bad("only http:// is supported");
  rest = rest.substr(prefix.size());
  if (!rest.empty() && rest.back() == '/') rest.pop_back();
  const std::size_t colon = rest.rfind(':');
  if (colon == std::string::npos || colon == 0) throw bad("no host and port");
  if (rest.find('/') != std::string::npos) throw bad("the URL has a path");
  options.host = rest.substr(0, colon);
  const std::string port = rest.substr(colon + 1);
  const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), options.port);
  if (port.empty() || error != std::errc() || end != port.data() + port.size() ||
      options.port < 1 || options.port > 65535)
    throw bad("the port must be a whole number from 1 to 65535");
}

}  // namespace

const char* scenario_name(Scenario scenario) {
  switch (scenario) {
    case Scenario::kMixed:
      return "mixed";
    case Scenario::kBuild:
      return "build";
    case Scenario::kPlay:
      return "play";
    case Scenario::kHealth:
      return "health";
    case Scenario::kRemote:
      return "remote";
  }
  return "?";
}

LoadOptions parse_load_options(const std::vector<std::string>& args) {
  LoadOptions options;
  CLI::App app{
      "Load test of `warband serve`: concurrent clients build warbands and play games over HTTP, "
      "then the database is checked for every save the server confirmed.",
      "warband_load"};
  app.add_option("--url", options.url, "The server, as `warband serve` prints it")
      ->type_name("http://HOST:PORT");
  app.add_option("--clients", options.clients, "Concurrent clients, one thread each (default 8)")
      ->check(CLI::Range(1, 256));
  app.add_option("--seconds", options.seconds, "Stop after this long (default 20)")
      ->check(CLI::Range(0.1, 3600.0));
  app.add_option("--max-requests", options.max_requests,
                 "Stop after this many requests in all (default 1000000)")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000'000}));
  const std::map<std::string, Scenario> scenarios = {{"mixed", Scenario::kMixed},
                                                     {"build", Scenario::kBuild},
                                                     {"play", Scenario::kPlay},
                                                     {"health", Scenario::kHealth},
                                                     {"remote", Scenario::kRemote}};
  std::string scenario = "mixed";
  app.add_option("--scenario", scenario,
                 "What each client does: build (documents and builder), play (games), both "
                 "(mixed, the default), health (GET /api/health only) or remote (each client a "
                 "pair of players in one game with remote seats, each hearing the other's moves "
                 "on its event stream)")
      ->type_name("mixed|build|play|health|remote")
      ->check(CLI::IsMember({"mixed", "build", "play", "health", "remote"}));
  app.add_option("--bot", options.bot, "The bot the games are against (default random)");
  app.add_option("--moves-per-game", options.moves_per_game,
                 "Moves a client plays in one game before starting another (default 40)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--seed", options.seed, "Seed of the clients' choices (default 1)");
  app.add_option("--slow-clients", options.slow_clients,
                 "Beside the load, this many clients that send a header line every "
                 "--slow-interval seconds and never finish (default 0)")
      ->check(CLI::Range(0, 256));
  app.add_option("--streams", options.idle_streams,
                 "Beside the load, this many game event streams held open (default 0)")
      ->check(CLI::Range(0, 4096));
  app.add_option("--slow-interval", options.slow_interval,
                 "Seconds between a slow client's header lines (default 2)")
      ->check(CLI::Range(0.01, 60.0));
  app.add_option("--db", options.db,
                 "At the end, check this database (read-only): integrity and every confirmed save")
      ->type_name("PATH");
  app.add_option("--ledger", options.ledger_out, "Write every confirmed save to FILE (JSON)")
      ->type_name("FILE");
  app.add_option("--check-ledger", options.check_ledger,
                 "Send no request: check the saves in FILE (from --ledger) against --db")
      ->type_name("FILE");
  app.add_flag("--expect-kill", options.expect_kill,
               "The server is killed during the run: a failed connection ends its client");
  app.add_flag("--json", options.json, "Print the summary as JSON");

  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    options.help = true;
    options.help_text = app.help();
    return options;
  } catch (const CLI::ParseError& error) {
    throw InputError("arguments", error.what());
  }
  options.scenario = scenarios.at(scenario);
  if (!options.check_ledger.empty()) {
    if (options.db.empty()) throw InputError("--check-ledger", "needs --db, the database to check");
    return options;
  }
  if (options.url.empty()) throw InputError("--url", "required: the server to load");
  split_url(options);
  return options;
}

}  // namespace warband::load
