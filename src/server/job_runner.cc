#include "server/job_runner.h"

#include <fmt/format.h>

#include <chrono>

#include "balance/report.h"
#include "balance/reprice_report.h"
#include "core/error.h"
#include "server/api.h"
#include "server/store.h"

namespace warband::server {
namespace {

// Progress is written every hundredth of the run, or every second when games are slow, so the
// database is not the bottleneck and a progress bar still moves.
class ProgressWrites {
 public:
  bool due(std::int64_t done, std::int64_t total) {
    const auto now = std::chrono::steady_clock::now();
    const std::int64_t step = std::max<std::int64_t>(1, total / 100);
    if (done < total && done - last_done_ < step && now - last_time_ < std::chrono::seconds(1))
      return false;
    last_done_ = done;
    last_time_ = now;
    return true;
  }

 private:
  std::int64_t last_done_ = 0;
  std::chrono::steady_clock::time_point last_time_ = std::chrono::steady_clock::now();
};

}  // namespace

JobRunner::JobRunner(Store& store, std::chrono::milliseconds job_budget)
    : store_(store), job_budget_(job_budget) {
  for (const JobRow& job : store_.list_jobs()) {
    if (job.state != "running") continue;
    if (job.cancel_requested)
      store_.finish_job(job.id, "cancelled", "", nullptr);
    else
      store_.finish_job(job.id, "failed", "the server stopped during the run", nullptr);
  }
}

JobRunner::~JobRunner() {
  stop();
}

std::string JobRunner::start_balance(balance::BalanceSettings settings,
                                     const nlohmann::json& request, const std::string& command,
                                     bool compare) {
  // Bad settings (an unknown unit in an override...) are the request's error, not the job's.
  balance::sweep_for(settings);
  return start_job("balance", request, compare ? 2 * settings.games : settings.games,
                   [this, settings, command, compare](const std::string& id,
                                                      const std::shared_ptr<const Budget>& budget) {
                     balance::BalanceSettings run = settings;
                     run.budget = budget;
                     return balance_report(id, run, command, compare);
                   });
}

std::string JobRunner::start_reprice(balance::RepriceSettings settings,
                                     const nlohmann::json& request, RoundCommand command_for) {
  balance::check_reprice(settings);
  balance::sweep_for(settings.balance);
  return start_job("reprice", request, balance::games_per_round(settings) * settings.max_rounds,
                   [this, settings, command_for](const std::string& id,
                                                 const std::shared_ptr<const Budget>& budget) {
                     balance::RepriceSettings run = settings;
                     run.balance.budget = budget;
                     return reprice_report(id, run, command_for);
                   });
}

std::string JobRunner::start_job(const std::string& kind, const nlohmann::json& request,
                                 std::int64_t total, JobWork work) {
  std::lock_guard lock(mutex_);
  if (stopped_) throw ApiError(409, "body", "the server is stopping");
  if (!running_id_.empty())
    throw ApiError(409, "body",
                   fmt::format("job {} is still running: one balance run at a time (DELETE "
                               "/api/jobs/{} cancels it)",
                               running_id_, running_id_));
  if (worker_.joinable()) worker_.join();  // the last job's thread, already done
  const std::string id = store_.create_job(kind, request, total);
  budget_ = std::make_shared<Budget>(job_budget_);
  running_id_ = id;
  progress_ = nullptr;
  worker_ = std::thread([this, id, budget = std::shared_ptr<const Budget>(budget_),
                         work = std::move(work)] { run_job(id, budget, work); });
  return id;
}

nlohmann::json JobRunner::balance_report(const std::string& id,
                                         const balance::BalanceSettings& settings,
                                         const std::string& command, bool compare) {
  ProgressWrites writes;
  if (compare) {
    // The baseline first (progress 0..games), then the what-if (games..2 games).
    balance::BalanceSettings baseline = settings;
    baseline.overrides.clear();
    const std::int64_t games = settings.games;
    const balance::BalanceRun old_run =
        balance::run_balance(baseline, [&](std::int64_t done, std::int64_t) {
          if (writes.due(done, 2 * games)) store_.update_job_progress(id, done);
        });
    const balance::BalanceRun new_run =
        balance::run_balance(settings, [&](std::int64_t done, std::int64_t) {
          if (writes.due(games + done, 2 * games)) store_.update_job_progress(id, games + done);
        });
    std::string what_if;
    for (const auto& [path, value] : settings.overrides)
      what_if += fmt::format("{}{}={}", what_if.empty() ? "" : ", ", path, value);
    const std::string markdown =
        balance::compare_markdown(old_run, new_run, "as the content is", what_if);
    return {{"markdown", markdown},
            {"html", balance::compare_html(old_run, new_run, "as the content is", what_if)},
            {"json", balance::compare_json(old_run, new_run, "as the content is", what_if)}};
  }
  const balance::BalanceRun run =
      balance::run_balance(settings, [&](std::int64_t done, std::int64_t total) {
        if (writes.due(done, total)) store_.update_job_progress(id, done);
      });
  const balance::ReportLinks links{.command = command};
  return {{"markdown", balance::report_markdown(run, links)},
          {"html", balance::report_html(run, links)},
          {"json", balance::report_json(run, links)}};
}

nlohmann::json JobRunner::reprice_report(const std::string& id,
                                         const balance::RepriceSettings& settings,
                                         const RoundCommand& command_for) {
  ProgressWrites writes;
  const std::int64_t per_round = balance::games_per_round(settings);
  const std::int64_t total = per_round * settings.max_rounds;
  const balance::RepriceResult result =
      balance::reprice(settings, [&](int round, std::int64_t done, std::int64_t round_total,
                                     int frozen, int units, int cards_frozen, int cards) {
        {
          std::lock_guard lock(mutex_);
          progress_ = {{"round", round + 1},
                       {"rounds", settings.max_rounds},
                       {"round_done", done},
                       {"round_total", round_total},
                       {"frozen", frozen},
                       {"units", units},
                       {"cards_frozen", cards_frozen},
                       {"cards", cards}};
        }
        const std::int64_t all = round * per_round + done;
        if (writes.due(all, total)) store_.update_job_progress(id, all);
      });
  // Stopped early (every unit frozen): the games played, not the most it could have played.
  store_.update_job_progress(id, result.games);
  const balance::ReportLinks links{.command = command_for(result.last_round)};
  return {{"markdown",
           balance::reprice_markdown(result) + balance::report_markdown(result.last_run, links)},
          {"html", balance::report_html(result.last_run, links)},
          {"json", balance::report_json(result.last_run, links)},
          {"reprice", balance::reprice_json(result)},
          {"points_file", balance::points_file(result)}};
}

void JobRunner::run_job(const std::string& id, const std::shared_ptr<const Budget>& budget,
                        const JobWork& work) {
  std::string state = "done";
  std::string error;
  nlohmann::json report;
  try {
    report = work(id, budget);
  } catch (const sim::SweepCancelled&) {
    if (budget->cancelled()) {
      state = "cancelled";
    } else {
      state = "failed";
      error = fmt::format(
          "the run went past the time limit of a balance job ({:g} s); ask for "
          "fewer games or a quicker bot",
          budget->seconds_given());
    }
  } catch (const InputError& failure) {
    state = "failed";
    error = failure.message();
  } catch (const std::exception& failure) {
    state = "failed";
    error = failure.what();
  }
  try {
    store_.finish_job(id, state, error, report);
  } catch (const std::exception&) {
    // The database is gone (the disk filled up...): the job stays "running" until the next
    // start marks it failed.
  }
  std::lock_guard lock(mutex_);
  running_id_.clear();
  progress_ = nullptr;
}

bool JobRunner::cancel(const std::string& id) {
  std::lock_guard lock(mutex_);
  if (id.empty() || id != running_id_) return false;
  // Recorded first: if the server stops before the run does, the job still ends "cancelled".
  store_.request_job_cancel(id);
  budget_->cancel();
  return true;
}

nlohmann::json JobRunner::progress(const std::string& id) {
  std::lock_guard lock(mutex_);
  return !id.empty() && id == running_id_ ? progress_ : nlohmann::json();
}

std::string JobRunner::running() {
  std::lock_guard lock(mutex_);
  return running_id_;
}

void JobRunner::stop() {
  std::thread worker;
  {
    std::lock_guard lock(mutex_);
    stopped_ = true;
    if (budget_) budget_->cancel();
    worker = std::move(worker_);
  }
  if (worker.joinable()) worker.join();
}

}  // namespace warband::server
