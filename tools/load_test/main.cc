// warband_load: a bounded load test of `warband serve` on loopback (scripts/load_test.sh runs
// it). Exit code 0: every answer right and, with --db, nothing confirmed lost; 1: an error, a
// wrong answer or a loss; 2: bad arguments or an unreadable file.
#include <fmt/format.h>

#include <chrono>
#include <iostream>
#include <optional>
#include <thread>

#include <httplib.h>
#include "core/error.h"
#include "core/file_io.h"

#include <memory>

#include "db_check.h"
#include "event_stream_reader.h"
#include "ledger.h"
#include "load_client.h"
#include "load_options.h"
#include "load_report.h"
#include "slow_clients.h"

namespace warband::load {
namespace {

int check_ledger_only(const LoadOptions& options) {
  const nlohmann::json json =
      nlohmann::json::parse(read_text_file(options.check_ledger), nullptr, false);
  if (json.is_discarded()) throw InputError(options.check_ledger, "not a JSON ledger");
  const Ledger ledger = Ledger::from_json(json, options.check_ledger);
  const DbCheck check = check_database(options.db, ledger);
  if (options.json) {
    nlohmann::json out = check.to_json();
    out["confirmed"] = {{"document_saves", ledger.document_saves()},
                        {"documents", ledger.documents().size()},
                        {"game_saves", ledger.game_saves()},
                        {"games", ledger.games().size()}};
    std::cout << out.dump(2) << "\n";
  } else {
    std::cout << db_check_text(check, ledger) << (check.ok() ? "OK\n" : "FAILED\n");
  }
  return check.ok() ? 0 : 1;
}

// --streams: `count` spectators' event streams of one game with remote seats, opened before the
// load and held through it (what held streams cost the API is the load's latency beside them).
std::vector<std::unique_ptr<EventStreamReader>> open_idle_streams(const LoadOptions& options,
                                                                  int count) {
  std::vector<std::unique_ptr<EventStreamReader>> streams;
  if (count == 0) return streams;
  httplib::Client http(options.host, options.port);
  const nlohmann::json body = {
      {"ruleset", "atomspast"}, {"players", {"human", "human"}}, {"remote", {{"seats", {0, 1}}}}};
  const httplib::Result created = http.Post("/api/games", body.dump(), "application/json");
  if (!created || created->status != 200)
    throw InputError("--streams", "could not create the game the idle streams watch");
  const std::string id = nlohmann::json::parse(created->body).value("id", "");
  for (int i = 0; i < count; ++i) {
    streams.push_back(std::make_unique<EventStreamReader>(options.host, options.port,
                                                          "/api/games/" + id + "/events"));
    if (!streams.back()->ok())
      throw InputError("--streams",
                       fmt::format("event stream {} of {} was not opened", i + 1, count));
  }
  return streams;
}

int run_load(const LoadOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  RunBounds bounds(start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                               std::chrono::duration<double>(options.seconds)),
                   options.max_requests);
  std::vector<ClientResult> results(static_cast<std::size_t>(options.clients));
  std::vector<std::unique_ptr<EventStreamReader>> idle =
      open_idle_streams(options, options.idle_streams);
  std::optional<SlowClients> slow;
  if (options.slow_clients > 0)
    slow.emplace(options.host, options.port, options.slow_clients,
                 std::chrono::milliseconds(static_cast<int>(options.slow_interval * 1000)));
  {
    std::vector<std::jthread> threads;
    for (int index = 0; index < options.clients; ++index)
      threads.emplace_back([&, index] {
        results[static_cast<std::size_t>(index)] = run_client(options, index, bounds);
      });
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  LoadReport report = make_report(options, std::move(results), seconds);
  if (slow) report.slow_clients = slow->stop();
  report.idle_streams = static_cast<int>(idle.size());
  for (const auto& stream : idle)
    report.idle_streams_dropped += stream->closed() ? 1 : 0;
  if (report.idle_streams_dropped > 0 && !options.expect_kill) {
    report.errors["idle event streams dropped by the server"] += report.idle_streams_dropped;
    report.error_count += report.idle_streams_dropped;
  }
  if (!options.ledger_out.empty())
    write_file_atomically(options.ledger_out, report.ledger.to_json().dump() + "\n", "ledger");
  if (!options.db.empty()) report.db = check_database(options.db, report.ledger);
  std::cout << (options.json ? report.to_json().dump(2) + "\n" : report.text());
  return report.ok() ? 0 : 1;
}

}  // namespace
}  // namespace warband::load

int main(int argc, char** argv) {
  using namespace warband::load;
  try {
    const LoadOptions options = parse_load_options(std::vector<std::string>(argv + 1, argv + argc));
    if (options.help) {
      std::cout << options.help_text;
      return 0;
    }
    return options.check_ledger.empty() ? run_load(options) : check_ledger_only(options);
  } catch (const warband::InputError& error) {
    std::cerr << "warband_load: " << error.what() << "\n";
    return 2;
  }
}
