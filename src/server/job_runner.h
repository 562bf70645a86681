// Balance runs and repricings (`warband balance --reprice`) run in the background, one at a time:
// the run's thread writes its progress (games done of total) to the Store as it goes and its report
// ({markdown, html, json}) when it ends, so any request, or the server after a restart, reads a job
// from the database alone. Each run has a Budget: cancelling the job cancels it, and the bots and
// the sweep poll it, so a cancelled job stops within a bot decision (not at the end of its game)
// and frees the runner for the next. A run out of time stops the same way and is marked failed.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "balance/balance_run.h"
#include "balance/reprice.h"
#include "core/budget.h"

namespace warband::server {

class Store;

class JobRunner {
 public:
  // Jobs a previous server left "running" (it stopped or was killed mid-run) are marked failed,
  // or cancelled when their cancel had been asked for. The caller holds the database alone
  // (ServerLock): no other server is running them.
  JobRunner(Store& store, std::chrono::milliseconds job_budget);
  ~JobRunner();  // stop()
  JobRunner(const JobRunner&) = delete;
  JobRunner& operator=(const JobRunner&) = delete;

  // Starts a balance run and returns its job id; ApiError 409 while another job runs, InputError
  // for settings the run would refuse. `request` (what the client asked for) is stored with the
  // job; `command` is the CLI line that plays the same run, for the report. `compare`: the same
  // games are played without the settings' what-ifs, then with them, and the report is the
  // comparison (`warband balance --compare`), unit by unit.
  std::string start_balance(balance::BalanceSettings settings, const nlohmann::json& request,
                            const std::string& command, bool compare = false);
  // The CLI line that plays a round's games again (the report's replay lines add
  // --replay-index I to it).
  using RoundCommand = std::function<std::string(const balance::BalanceSettings& round)>;
  // Starts a repricing (job kind "reprice"): its total is every round's games, its report the
  // last round's ({markdown, html, json}) with `reprice` (reprice_json) and `points_file` (the
  // new points file's text). The same refusals as start_balance.
  std::string start_reprice(balance::RepriceSettings settings, const nlohmann::json& request,
                            RoundCommand command_for);
  // What the running job `id` reports beyond done and total, or null: a repricing's {round,
  // rounds, round_done, round_total, frozen, units} (round from 1).
  nlohmann::json progress(const std::string& id);
  // Asks job `id` to stop (recorded in the database at once); false if it is not the running job.
  bool cancel(const std::string& id);
  // The running job's id, or "".
  std::string running();
  // Cancels the running job and waits for its thread. Jobs started afterwards are refused.
  void stop();

 private:
  // A job's work: its report, or a throw (SweepCancelled when its budget stops it).
  using JobWork = std::function<nlohmann::json(const std::string& id,
                                               const std::shared_ptr<const Budget>& budget)>;
  std::string start_job(const std::string& kind, const nlohmann::json& request, std::int64_t total,
                        JobWork work);
  void run_job(const std::string& id, const std::shared_ptr<const Budget>& budget,
               const JobWork& work);
  nlohmann::json balance_report(const std::string& id, const balance::BalanceSettings& settings,
                                const std::string& command, bool compare);
  nlohmann::json reprice_report(const std::string& id, const balance::RepriceSettings& settings,
                                const RoundCommand& command_for);

  Store& store_;
  std::chrono::milliseconds job_budget_;
  std::mutex mutex_;  // guards everything below
  std::thread worker_;
  std::string running_id_;          // "" when idle
  std::shared_ptr<Budget> budget_;  // the running job's
  bool stopped_ = false;
  nlohmann::json progress_;  // the running job's, for progress()
};

}  // namespace warband::server
