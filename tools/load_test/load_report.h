// What a load run measured, put together from every client: throughput, latency overall and by
// route, errors by status, the saves confirmed and (when asked) the database check; as a table
// for people and as JSON.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "db_check.h"
#include "latency_stats.h"
#include "ledger.h"
#include "load_client.h"
#include "load_options.h"
#include "slow_clients.h"

namespace warband::load {

struct LoadReport {
  std::string scenario;
  int clients = 0;
  std::string bot;
  double seconds = 0;  // wall time of the run
  std::int64_t requests = 0;
  double requests_per_second = 0;
  LatencySummary overall;
  std::map<std::string, LatencySummary> routes;
  std::map<std::string, std::int64_t> errors;
  std::int64_t error_count = 0;
  std::int64_t problem_count = 0;
  std::vector<std::string> examples;  // the first problems and unexpected answers, as text
  std::int64_t documents_created = 0;
  std::int64_t games_created = 0;
  std::int64_t moves = 0;
  std::int64_t games_finished = 0;
  std::int64_t clients_disconnected = 0;
  Ledger ledger;
  std::optional<DbCheck> db;
  std::optional<SlowClientFigures> slow_clients;  // --slow-clients
  int idle_streams = 0;                           // --streams: held open through the run
  int idle_streams_dropped = 0;                   // of those, closed by the server

  // No error, no wrong answer, at least one request answered, and the database (if checked)
  // sound with every confirmed save.
  bool ok() const;
  nlohmann::json to_json() const;
  std::string text() const;
};

LoadReport make_report(const LoadOptions& options, std::vector<ClientResult> results,
                       double seconds);

// The database check alone (--check-ledger), as text.
std::string db_check_text(const DbCheck& check, const Ledger& ledger);

}  // namespace warband::load
