#include "load_report.h"

#include <fmt/format.h>

namespace warband::load {

bool LoadReport::ok() const {
  return error_count == 0 && problem_count == 0 && requests > 0 && (!db || db->ok());
}

nlohmann::json LoadReport::to_json() const {
  nlohmann::json by_route = nlohmann::json::object();
  for (const auto& [route, summary] : routes)
    by_route[route] = summary.to_json();
  nlohmann::json json = {
      {"ok", ok()},
      {"scenario", scenario},
      {"clients", clients},
      {"bot", bot},
      {"seconds", seconds},
      {"requests", requests},
      {"requests_per_second", requests_per_second},
      {"latency", overall.to_json()},
      {"routes", by_route},
      {"errors", errors},
      {"error_count", error_count},
      {"problem_count", problem_count},
      {"examples", examples},
      {"documents_created", documents_created},
      {"games_created", games_created},
      {"moves", moves},
      {"games_finished", games_finished},
      {"clients_disconnected", clients_disconnected},
      {"confirmed",
       {{"document_saves", ledger.document_saves()},
        {"documents", ledger.documents().size()},
        {"game_saves", ledger.game_saves()},
        {"games", ledger.games().size()}}},
      {"db", db ? db->to_json() : nlohmann::json()},
      {"slow_clients", slow_clients ? slow_clients->to_json() : nlohmann::json()},
      {"idle_streams", {{"opened", idle_streams}, {"dropped", idle_streams_dropped}}}};
  return json;
}

std::string db_check_text(const DbCheck& check, const Ledger& ledger) {
  std::string text = fmt::format(
      "Database: integrity_check {}; {} of {} confirmed documents and {} of {} confirmed games "
      "checked: {}\n",
      check.integrity, check.documents_checked, ledger.documents().size(), check.games_checked,
      ledger.games().size(),
      check.problems.empty() ? "none lost" : fmt::format("{} lost", check.problems.size()));
  for (const std::string& problem : check.problems)
    text += "  LOST: " + problem + "\n";
  return text;
}

std::string LoadReport::text() const {
  std::string out = fmt::format(
      "Load test: scenario {}, {} clients, bot {}: {} requests in {:.1f} s = {:.1f} requests/s\n\n",
      scenario, clients, bot, requests, seconds, requests_per_second);
  out += fmt::format("{:<36} {:>8} {:>9} {:>9} {:>9} {:>9} {:>9}\n", "route", "requests", "mean ms",
                     "p50 ms", "p90 ms", "p99 ms", "max ms");
  const auto row = [&](const std::string& name, const LatencySummary& s) {
    out += fmt::format("{:<36} {:>8} {:>9.2f} {:>9.2f} {:>9.2f} {:>9.2f} {:>9.2f}\n", name, s.count,
                       s.mean_ms, s.p50_ms, s.p90_ms, s.p99_ms, s.max_ms);
  };
  for (const auto& [route, summary] : routes)
    row(route, summary);
  row("all", overall);
  out += fmt::format(
      "\nDocuments created {}, games created {} ({} finished), moves {}.\n"
      "Confirmed saves: {} document saves ({} documents), {} game saves ({} games).\n",
      documents_created, games_created, games_finished, moves, ledger.document_saves(),
      ledger.documents().size(), ledger.game_saves(), ledger.games().size());
  if (slow_clients) out += slow_clients->text();
  if (idle_streams > 0)
    out += fmt::format("Idle event streams held beside the load: {} ({} dropped by the server).\n",
                       idle_streams, idle_streams_dropped);
  if (clients_disconnected > 0)
    out += fmt::format("{} clients ended on a failed connection.\n", clients_disconnected);
  out += fmt::format("Errors: {}", error_count == 0 ? "none" : std::to_string(error_count));
  for (const auto& [what, count] : errors)
    out += fmt::format("\n  {:>6} x {}", count, what);
  out += fmt::format("\nWrong answers: {}\n",
                     problem_count == 0 ? "none" : std::to_string(problem_count));
  for (const std::string& example : examples)
    out += "  " + example + "\n";
  if (db) out += db_check_text(*db, ledger);
  out += ok() ? "OK\n" : "FAILED\n";
  return out;
}

LoadReport make_report(const LoadOptions& options, std::vector<ClientResult> results,
                       double seconds) {
  LoadReport report;
  report.scenario = scenario_name(options.scenario);
  report.clients = options.clients;
  report.bot = options.bot;
  report.seconds = seconds;
  std::map<std::string, std::vector<double>> by_route;
  std::vector<double> all;
  for (ClientResult& result : results) {
    for (auto& [route, samples] : result.latencies) {
      // An event heard on a stream is a wait, not a request: its own row only.
      if (!route.starts_with("SSE:")) all.insert(all.end(), samples.begin(), samples.end());
      auto& merged = by_route[route];
      merged.insert(merged.end(), samples.begin(), samples.end());
    }
    for (const auto& [what, count] : result.errors) {
      report.errors[what] += count;
      report.error_count += count;
    }
    report.problem_count += result.problem_count;
    for (std::string& problem : result.problems)
      if (report.examples.size() < 20) report.examples.push_back(std::move(problem));
    report.documents_created += result.documents_created;
    report.games_created += result.games_created;
    report.moves += result.moves;
    report.games_finished += result.games_finished;
    report.clients_disconnected += result.disconnected ? 1 : 0;
    report.ledger.merge(result.ledger);
  }
  report.requests = static_cast<std::int64_t>(all.size());
  report.requests_per_second = seconds > 0 ? static_cast<double>(all.size()) / seconds : 0;
  report.overall = summarize(std::move(all));
  for (auto& [route, samples] : by_route)
    report.routes[route] = summarize(std::move(samples));
  return report;
}

}  // namespace warband::load
