// `warband balance RULESET`: plays many bot-vs-bot games between random legal warbands (or the
// warbands given), fits who wins against what each side brought, and reports each unit's value
// per point and the cost that would bring it in line (src/balance, docs/sim.md "Balance").
#include <sys/resource.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <optional>

#include "balance/balance_run.h"
#include "balance/points_rate.h"
#include "balance/report.h"
#include "balance/reprice.h"
#include "balance/reprice_report.h"
#include "cli/balance_command.h"
#include "cli/command.h"
#include "cli/log_file.h"
#include "cli/progress_bar.h"
#include "cli/setup_options.h"
#include "core/content_root.h"
#include "core/error.h"
#include "core/file_io.h"
#include "core/input_limits.h"
#include "core/registry.h"

namespace warband::cli {
namespace {

std::string shell_quote(const std::string& word) {
  if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                              "0123456789_-./=:,+") == std::string::npos)
    return word;
  std::string quoted = "'";
  for (char c : word)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// The process's CPU time so far, every thread's, in seconds.
double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) { return t.tv_sec + t.tv_usec / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

std::vector<BalanceOverride> parse_sets(const std::vector<std::string>& sets) {
  check_list_size(sets.size(), kMaxBalanceOverrides, "--set", "overrides");
  std::vector<BalanceOverride> overrides;
  for (const std::string& set : sets) {
    const auto equals = set.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == set.size())
      throw InputError("--set " + set, "expected PATH=VALUE, e.g. units.orc_warrior.wounds=14");
    const std::string path = set.substr(0, equals);
    // Two values of one path: which one the run plays would be a guess (the report listed both).
    for (const auto& [given_path, given_value] : overrides)
      if (given_path == path)
        throw InputError("--set " + path, fmt::format("given twice ({} and {}): set a path once",
                                                      given_value, set.substr(equals + 1)));
    overrides.emplace_back(path, set.substr(equals + 1));
  }
  return overrides;
}

// --set's help: each ruleset's own paths, as its front-end hints word them (`warband rulesets
// --json` lists them with examples).
std::string what_if_help() {
  std::string help =
      "What-if override PATH=VALUE, repeatable, in the ruleset's own paths (`warband rulesets "
      "--json`: what_if_paths, what_if_examples)";
  for (const Ruleset* ruleset : Registry::instance().all())
    if (ruleset->balance && !ruleset->hints.what_if_paths.empty())
      help += fmt::format("; {}: {}", ruleset->name, ruleset->hints.what_if_paths);
  return help + ". A unit's stat set keeps its points unless its points are set too";
}

class BalanceCommand final : public Command {
 public:
  BalanceCommand(CLI::App& app, balance::RoundPlayer play_round)
      : play_round_(std::move(play_round)) {
    app.add_option("ruleset", ruleset_, "The ruleset to balance (see `warband rulesets`)")
        ->required();
    app.add_option("--games", games_, "Games to play")->capture_default_str();
    app.add_option("--bot", bot_,
                   "The bot spec both sides play (random, greedy, mcts:ms=50, balance). Random "
                   "bots barely reward points: for costs, use a bot that plays to win")
        ->capture_default_str();
    app.add_option("--seed", seed_, "The run's seed: game i is seeded mix_seed(seed, i)")
        ->capture_default_str()
        ->check(seed_validator());
    // Left out, these take the defaults their help names; given, a value that reads like "none"
    // (0 points, 0 threads, a negative spread or index) is refused, not taken as the default.
    threads_option_ = app.add_option(
        "--threads", threads_,
        fmt::format("Threads to play on, 1 to {} (default: every core)", kMaxThreads));
    points_option_ =
        app.add_option("--points", points_,
                       "The random warbands' points limit, 1 or more (default: the ruleset's "
                       "standard game)");
    spread_option_ = app.add_option(
        "--spread", spread_,
        "How far below the limit a side's budget may be drawn, so that totals differ "
        "(default: the ruleset's, e.g. a tenth of the limit)");
    app.add_option("--warbands", warbands_,
                   "Play these two warbands every game (Red's, then Blue's) instead of random ones")
        ->expected(2)
        ->type_name("NAME");
    app.add_option("--map", map_, "The map to play on")->type_name("M");
    app.add_option("--content", content_dir_, "Read the ruleset's content from DIR")
        ->type_name("DIR");
    app.add_option("--set", sets_, what_if_help())
        ->type_name("PATH=VALUE")
        ->allow_extra_args(false);
    app.add_option("--report,--out", report_path_,
                   "Write the report to FILE.md (plots as FILE_value.svg, FILE_cost.svg beside "
                   "it) or FILE.html (plots inline); --measure-rate's and --reprice's to FILE.md")
        ->type_name("FILE");
    app.add_flag("--json", json_, "Print the results as JSON");
    app.add_flag("--measure-rate", measure_rate_,
                 "Measure r, the log-odds 100 points are worth with this --bot (a fit of the "
                 "result on the sides' points difference alone, with its 95% interval), the "
                 "margin's on the same games, and the CPU time a game costs. Default spread: two "
                 "thirds of the limit, or the widest the ruleset's lists reach if narrower. "
                 "--report FILE.md writes the figures there (not to the terminal)");
    app.add_option("--compare", compare_,
                   "Compare two content folders, OLD then NEW, unit by unit (same games); "
                   "--report FILE.md or FILE.html writes the comparison there")
        ->expected(2)
        ->type_name("DIR");
    app.add_flag("--mirrored", mirrored_,
                 "Play mirrored pairs: games 2k and 2k+1 on one seed and setup, the sides' "
                 "warbands swapped (cancels the side's and the map's advantage)");
    app.add_option("--profiles", profiles_,
                   "Skewed lists: each side's units from at most N profiles of the catalog "
                   "(0: any), so that count differences vary more")
        ->type_name("N")
        ->capture_default_str();
    app.add_option("--lists", lists_,
                   "The prices random lists are drawn at: reference (the content's, before "
                   "--set and a search's moves, so that catalogs compared play the same lists) "
                   "or priced (the prices under test)")
        ->type_name("reference|priced")
        ->capture_default_str();
    app.add_flag("--luck", luck_,
                 "Measure each game's luck: at every chance node V(after the outcome) - E[V] "
                 "over the outcomes (mean 0; a clone per outcome). The result's fit subtracts "
                 "it (V from evaluate()), the margin's fits it as one more column (V the points "
                 "margin)");
    app.add_option("--outcome", outcome_,
                   "What the fit prices units by: result (win, draw, loss; logistic) or margin "
                   "(the share of Blue's points destroyed minus Red's, wounds pro rata; "
                   "linear): the margin tells more a game, but it is a unit's worth to the "
                   "margin, not to winning")
        ->type_name("result|margin")
        ->capture_default_str();
    app.add_option("--price-jitter", price_jitter_,
                   "Move each card price (e.g. a spell's cost) by +-N steps between games, "
                   "so that the fit learns what one step is worth and suggests a price for each "
                   "card (default: 0, and 1 with --reprice where the ruleset prices cards)")
        ->type_name("N");
    app.add_option("--first-game", first_game_,
                   "The run's first game index (a --reprice round's games start later)")
        ->type_name("I")
        ->capture_default_str();
    app.add_flag("--reprice", reprice_,
                 "Search for prices: each round prices the units, plays --games new games, "
                 "refits on all so far and moves each unit to its suggested cost, until every "
                 "unit's 95% interval is within +-tolerance (frozen) or --rounds. Writes the new "
                 "points file (--points-file) and the report (--report). Default design: "
                 "--mirrored, and --luck with the result");
    app.add_option("--tolerance", tolerance_,
                   "--reprice: freeze a unit once its interval is within +-Y points")
        ->type_name("Y")
        ->capture_default_str();
    app.add_option("--price-tolerance", price_tolerance_,
                   "--reprice: freeze a card price once its interval is within +-S steps")
        ->type_name("S")
        ->capture_default_str();
    app.add_option("--rounds", rounds_, "--reprice: at most this many rounds")
        ->capture_default_str();
    app.add_option("--points-file", points_file_,
                   "--reprice: write the new points file here (default: print it)")
        ->type_name("FILE");
    app.add_flag("--plain", plain_,
                 "--reprice: without the default design (--mirrored, and --luck with the result)");
    replay_option_ = app.add_option("--replay-index", replay_index_,
                                    "Play game I of this run again and write its log (with --log)")
                         ->type_name("I");
    app.add_option("--log", log_path_, "Where --replay-index writes the game's log")
        ->type_name("FILE")
        ->needs(replay_option_);
  }

  int run(Io& io) override {
    balance::BalanceSettings settings = settings_for(content_dir_);
    if (replay_option_->count() > 0) {
      if (replay_index_ < 0) throw InputError("--replay-index", "expected a game index, 0 or more");
      return replay(io, settings);
    }
    if (!compare_.empty()) return compare(io);
    check_report_path();  // before the games, not after
    if (measure_rate_) return measure_rate(io, settings);
    if (reprice_) return reprice(io, settings);
    const balance::BalanceRun run = balance::run_balance(settings);
    balance::ReportLinks links{.command = command_line()};
    if (!report_path_.empty()) write_report(io, run, links);
    if (json_)
      io.out << balance::report_json(run, links).dump(2) << "\n";
    else if (report_path_.empty())
      io.out << balance::report_markdown(run, links);
    return kExitOk;
  }

 private:
  // `option`: the option that named `content_dir`, for its errors.
  balance::BalanceSettings settings_for(const std::string& content_dir,
                                        const std::string& option = "--content") const {
    balance::BalanceSettings settings;
    settings.ruleset = ruleset_;
    if (!content_dir.empty())
      settings.base_setup["content_dir"] = content_root_of(content_dir, ruleset_, option);
    if (!map_.empty()) settings.base_setup["map"] = map_;
    if (!warbands_.empty()) {
      settings.base_setup["warbands"] = warbands_;
      settings.random_warbands = false;
    }
    settings.overrides = parse_sets(sets_);
    settings.bot = bot_;
    settings.seed = seed_;
    settings.games = games_;
    if (given(threads_option_)) check_threads(threads_);
    settings.threads = given(threads_option_) ? threads_ : every_core();
    if (given(points_option_) && points_ < 1)
      throw InputError("--points", fmt::format("expected 1 or more points, got {} (leave --points "
                                               "out for the ruleset's standard game)",
                                               points_));
    if (given(spread_option_) && spread_ < 0)
      throw InputError("--spread", fmt::format("expected 0 or more points, got {} (leave --spread "
                                               "out for the ruleset's own)",
                                               spread_));
    settings.points = points_;
    settings.spread = spread_;
    settings.outcome = balance::parse_outcome(outcome_, "--outcome");
    settings.mirrored = mirrored_ || (reprice_ && !plain_);
    settings.luck = luck_ || default_luck();
    settings.profiles = profiles_;
    settings.lists = balance::parse_lists(lists_, "--lists");
    settings.price_jitter = price_jitter();
    if (first_game_ < 0) throw InputError("--first-game", "expected 0 or more");
    settings.first_game = first_game_;
    return settings;
  }

  // A reprice's default design's luck, for the outcome parsed (an unknown one is parse_outcome's
  // error, raised before this is asked).
  bool default_luck() const {
    return reprice_ && !plain_ &&
           balance::default_luck(balance::parse_outcome(outcome_, "--outcome"));
  }

  // --price-jitter as given (resolve() checks its bounds), else a reprice's default design's.
  int price_jitter() const {
    if (price_jitter_) return *price_jitter_;
    if (!reprice_ || plain_ || !warbands_.empty()) return 0;
    return balance::default_price_jitter(ruleset_);
  }

  // The command that reproduces this run, for the report's replay lines.
  std::string command_line() const {
    std::string line = fmt::format("warband balance {} --games {} --seed {} --bot {}",
                                   shell_quote(ruleset_), games_, seed_, shell_quote(bot_));
    if (points_ > 0) line += fmt::format(" --points {}", points_);
    if (spread_ >= 0) line += fmt::format(" --spread {}", spread_);
    if (!warbands_.empty())
      line += " --warbands " + shell_quote(warbands_[0]) + " " + shell_quote(warbands_[1]);
    if (!map_.empty()) line += " --map " + shell_quote(map_);
    if (!content_dir_.empty()) line += " --content " + shell_quote(content_dir_);
    for (const std::string& set : sets_)
      line += " --set " + shell_quote(set);
    if (mirrored_ || (reprice_ && !plain_)) line += " --mirrored";
    if (luck_ || default_luck()) line += " --luck";
    if (outcome_ != "result") line += " --outcome " + shell_quote(outcome_);
    if (profiles_ > 0) line += fmt::format(" --profiles {}", profiles_);
    if (lists_ != "reference") line += " --lists " + shell_quote(lists_);
    if (price_jitter() > 0) line += fmt::format(" --price-jitter {}", price_jitter());
    if (first_game_ > 0) line += fmt::format(" --first-game {}", first_game_);
    return line;
  }

  // The command that replays the last round of a reprice: its prices and first game.
  std::string round_command_line(const balance::RepriceResult& result) const {
    std::string line =
        fmt::format("warband balance {} --games {} --seed {} --bot {}", shell_quote(ruleset_),
                    result.last_round.games, seed_, shell_quote(bot_));
    if (points_ > 0) line += fmt::format(" --points {}", points_);
    if (spread_ >= 0) line += fmt::format(" --spread {}", spread_);
    if (!map_.empty()) line += " --map " + shell_quote(map_);
    if (!content_dir_.empty()) line += " --content " + shell_quote(content_dir_);
    for (const auto& [path, value] : result.last_round.overrides)
      line += " --set " + shell_quote(path + "=" + value);
    if (result.last_round.mirrored) line += " --mirrored";
    if (result.last_round.luck) line += " --luck";
    if (result.last_round.outcome != balance::Outcome::kResult)
      line += fmt::format(" --outcome {}", balance::outcome_name(result.last_round.outcome));
    if (profiles_ > 0) line += fmt::format(" --profiles {}", profiles_);
    if (lists_ != "reference") line += " --lists " + shell_quote(lists_);
    if (result.last_round.price_jitter > 0)
      line += fmt::format(" --price-jitter {}", result.last_round.price_jitter);
    line += fmt::format(" --first-game {}", result.last_round.first_game);
    return line;
  }

  int reprice(Io& io, const balance::BalanceSettings& settings) const {
    if (!points_file_.empty() && points_file_ == report_path_)
      throw InputError("--points-file", "must differ from --report");
    balance::RepriceSettings search{.balance = settings,
                                    .tolerance = tolerance_,
                                    .max_rounds = rounds_,
                                    .price_tolerance = price_tolerance_};
    // A bar on the terminal only (Io::progress): redirected, stderr stays clean.
    std::unique_ptr<ProgressBar> bar =
        io.progress ? std::make_unique<ProgressBar>(*io.progress) : nullptr;
    const std::string& card_price = find_balance(ruleset_).card_price_name;
    // What the last round's fit said, for the next round's bar: no unit moves on noise.
    std::string fit_note;
    const balance::RepriceResult result = balance::reprice(
        search,
        [&](int round, std::int64_t done, std::int64_t total, int frozen, int units,
            int cards_frozen, int cards) {
          if (!bar) return;
          std::string label =
              fmt::format("round {}/{}, {}/{} units", round + 1, rounds_, frozen, units);
          if (cards > 0)
            label += fmt::format(" and {}/{} {}", cards_frozen, cards,
                                 card_price.empty() ? "card prices" : card_price);
          bar->update(done, total, label + " frozen" + fit_note);
        },
        play_round_,
        [&](int /*round*/, bool rate_identified) {
          fit_note = rate_identified ? "" : "; rate not identified: prices kept";
        });
    if (bar) bar->finish();
    if (bar && !result.rate_identified)
      *io.progress << fmt::format(
          "Rate not identified after {} games: every unit not frozen kept "
          "its cost.\n",
          result.games);
    const std::string points = balance::points_file(result);
    const std::string table = balance::reprice_markdown(result);
    balance::ReportLinks links{.command = round_command_line(result)};
    if (!points_file_.empty()) write_file_atomically(points_file_, points, "points file");
    if (!report_path_.empty()) {
      if (std::filesystem::path(report_path_).extension() != ".md")
        throw InputError("--report", "a --reprice report is written as a FILE.md");
      write_file_atomically(report_path_, table + balance::report_markdown(result.last_run, links),
                            "report");
    }
    if (json_) {
      nlohmann::json json = balance::reprice_json(result);
      json["replay_command"] = links.command;
      io.out << json.dump(2) << "\n";
      return kExitOk;
    }
    io.out << table;
    if (points_file_.empty())
      io.out << points;
    else
      io.out << "Points file written to " << points_file_ << "\n";
    if (!report_path_.empty()) io.out << "Report written to " << report_path_ << "\n";
    return kExitOk;
  }

  int replay(Io& io, const balance::BalanceSettings& settings) const {
    if (log_path_.empty()) throw InputError("--replay-index", "needs --log FILE to write to");
    const std::unique_ptr<GameRecord> record =
        balance::replay_balance_game(settings, replay_index_);
    write_log_file(*record, log_path_);
    io.out << fmt::format("Game {} written to {}; watch it with `warband replay {}`\n",
                          replay_index_, log_path_, log_path_);
    return kExitOk;
  }

  int measure_rate(Io& io, balance::BalanceSettings settings) const {
    if (!settings.random_warbands)
      throw InputError("--measure-rate",
                       "needs random warbands, not --warbands: r is learnt "
                       "from games whose totals differ");
    // Wide budgets by default: r is learnt from the differences between the sides' totals.
    if (spread_ < 0) settings.spread = balance::measure_rate_spread(settings);
    const double cpu_before = cpu_seconds();
    const balance::BalanceRun run = balance::run_balance(settings);
    balance::RateMeasurement measurement{
        .ruleset = ruleset_,
        .bot = bot_,
        .seed = seed_,
        .points = run.points,
        .spread = run.spread,
        .threads = settings.threads,
        .cpu_seconds = cpu_seconds() - cpu_before,
        .fit = balance::fit_points_rate(run.games, balance::analysis_options(settings)),
        .other = balance::fit_points_rate(run.games, other_outcome(settings)),
        .roles = balance::role_outcomes(run.games)};
    const std::string text = balance::rate_text(measurement);
    if (!report_path_.empty()) {
      // The figures as printed, and the command that measures them again.
      write_file_atomically(report_path_,
                            fmt::format("# Points rate: {}, bot {}\n\n```text\n{}```\n\nAgain: "
                                        "`{} --measure-rate`\n",
                                        ruleset_, bot_, text, command_line()),
                            "report");
    }
    if (json_)
      io.out << balance::rate_json(measurement).dump(2) << "\n";
    else if (report_path_.empty())
      io.out << text;
    else
      io.out << "Report written to " << report_path_ << "\n";
    return kExitOk;
  }

  // The fit of the outcome the run did not ask for, on its games, with the run's luck if it
  // measured it (subtracted from the result, a column of the margin's fit).
  static balance::AnalysisOptions other_outcome(const balance::BalanceSettings& settings) {
    balance::AnalysisOptions options = balance::analysis_options(settings);
    options.outcome = settings.outcome == balance::Outcome::kMargin ? balance::Outcome::kResult
                                                                    : balance::Outcome::kMargin;
    return options;
  }

  int compare(Io& io) const {
    check_report_path();  // before the games, not after
    const balance::BalanceRun old_run =
        balance::run_balance(settings_for(compare_[0], "--compare"));
    const balance::BalanceRun new_run =
        balance::run_balance(settings_for(compare_[1], "--compare"));
    const std::string md = balance::compare_markdown(old_run, new_run, compare_[0], compare_[1]);
    if (!report_path_.empty()) {
      const std::string extension = std::filesystem::path(report_path_).extension().string();
      write_file_atomically(report_path_,
                            extension == ".md"
                                ? md
                                : balance::compare_html(old_run, new_run, compare_[0], compare_[1]),
                            "report");
    }
    if (json_)
      io.out << balance::compare_json(old_run, new_run, compare_[0], compare_[1]).dump(2) << "\n";
    else if (report_path_.empty())
      io.out << md;
    else
      io.out << "Comparison written to " << report_path_ << "\n";
    return kExitOk;
  }

  void check_report_path() const {
    if (report_path_.empty()) return;
    const std::string extension = std::filesystem::path(report_path_).extension().string();
    if (extension != ".md" && extension != ".html" && extension != ".htm")
      throw InputError("--report",
                       fmt::format("'{}': expected a FILE.md or FILE.html", report_path_));
    // These two write text alone: no plots to inline.
    for (const auto& [flag, name] :
         {std::pair{measure_rate_, "--measure-rate"}, std::pair{reprice_, "--reprice"}})
      if (flag && extension != ".md")
        throw InputError(
            "--report", fmt::format("'{}': {} writes its report as a FILE.md", report_path_, name));
    check_writable(report_path_, "report");  // its folder too, before the games
  }

  void write_report(Io& io, const balance::BalanceRun& run, balance::ReportLinks links) const {
    namespace fs = std::filesystem;
    const fs::path path(report_path_);
    const std::string extension = path.extension().string();
    if (extension == ".html" || extension == ".htm") {
      write_file_atomically(report_path_, balance::report_html(run, links), "report");
    } else if (extension == ".md") {
      const fs::path stem = path.parent_path() / path.stem();
      const std::string value_svg = stem.string() + "_value.svg";
      const std::string cost_svg = stem.string() + "_cost.svg";
      links.value_plot_file = fs::path(value_svg).filename().string();
      links.cost_plot_file = fs::path(cost_svg).filename().string();
      // The report and its plots together: all three or none.
      FileSaveBatch saves;
      saves.stage(value_svg, balance::value_plot_svg(run.analysis), "plot");
      saves.stage(cost_svg, balance::cost_plot_svg(run.analysis), "plot");
      saves.stage(report_path_, balance::report_markdown(run, links), "report");
      saves.commit();
    } else {
      throw InputError("--report",
                       fmt::format("'{}': expected a FILE.md or FILE.html", report_path_));
    }
    if (!json_) io.out << "Report written to " << report_path_ << "\n";
  }

  std::string ruleset_;
  std::int64_t games_ = 1000;
  std::string bot_ = "random";
  std::uint64_t seed_ = 1;
  static bool given(const CLI::Option* option) { return option->count() > 0; }

  int threads_ = 0;
  CLI::Option* threads_option_ = nullptr;
  int points_ = 0;  // 0: the ruleset's standard game (BalanceSettings::points)
  CLI::Option* points_option_ = nullptr;
  int spread_ = -1;  // -1: the ruleset's own
  CLI::Option* spread_option_ = nullptr;
  std::vector<std::string> warbands_;
  std::string map_;
  std::string content_dir_;
  std::vector<std::string> sets_;
  std::string report_path_;
  bool json_ = false;
  bool measure_rate_ = false;
  std::vector<std::string> compare_;
  std::int64_t replay_index_ = -1;
  CLI::Option* replay_option_ = nullptr;
  std::string log_path_;
  bool mirrored_ = false;
  int profiles_ = 0;
  bool luck_ = false;
  std::string outcome_ = "result";
  std::string lists_ = "reference";
  std::int64_t first_game_ = 0;
  bool reprice_ = false;
  double tolerance_ = 10;
  double price_tolerance_ = 1;
  std::optional<int> price_jitter_;  // not given: price_jitter() decides
  int rounds_ = 6;
  std::string points_file_;
  bool plain_ = false;
  balance::RoundPlayer play_round_;  // empty: run_balance, on this process's threads
};

}  // namespace

RegisteredCommand add_balance_command_with(CLI::App& app, balance::RoundPlayer play_round) {
  CLI::App* subcommand = app.add_subcommand(
      "balance", "Find which units win above their cost: bot games, a fit, suggested costs");
  return {subcommand, std::make_unique<BalanceCommand>(*subcommand, std::move(play_round))};
}

RegisteredCommand add_balance_command(CLI::App& app) {
  return add_balance_command_with(app, {});
}

}  // namespace warband::cli
