// Balance runs in the background, one at a time: the run's thread writes its progress (games done
// of total) to the Store as it goes and its report ({markdown, html, json}) when it ends, so any
// request, or the server after a restart, reads a job from the database alone. Each run has a
// Budget: cancelling the job cancels it, and the bots and the sweep poll it, so a cancelled job
// stops within a bot decision (not at the end of its game) and frees the runner for the next.
// A run out of time stops the same way and is marked failed.
#pragma once

#include <chrono>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "balance/balance_run.h"
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
  // Asks job `id` to stop (recorded in the database at once); false if it is not the running job.
  bool cancel(const std::string& id);
  // The running job's id, or "".
  std::string running();
  // Cancels the running job and waits for its thread. Jobs started afterwards are refused.
  void stop();

 private:
  void run_balance_job(const std::string& id, const balance::BalanceSettings& settings,
                       const std::string& command, bool compare);

  Store& store_;
  std::chrono::milliseconds job_budget_;
  std::mutex mutex_;  // guards everything below
  std::thread worker_;
  std::string running_id_;          // "" when idle
  std::shared_ptr<Budget> budget_;  // the running job's
  bool stopped_ = false;
};

}  // namespace warband::server
