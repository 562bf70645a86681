// `warband odds RULESET [options]`: exact odds from the queries the rulesets register, one CLI11
// subcommand per ruleset with the options its query declares, shown as a table, JSON or a chart.
#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <limits>
#include <ostream>

#include "cli/command.h"
#include "cli/log_file.h"
#include "cli/run_command.h"
#include "core/content_root.h"
#include "core/error.h"
#include "core/file_io.h"
#include "core/odds.h"
#include "core/odds_report.h"
#include "core/registry.h"
#include "core/rng.h"

namespace warband::cli {
namespace {

constexpr int kMaxSamples = 10'000'000;

std::string odds_metavar(const std::string& name) {
  std::string result;
  for (char c : name)
    result += c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return result;
}

std::uint64_t parse_seed(const std::string& text) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end)
    throw InputError("--seed", fmt::format("must be a whole number from 0 to {}, got '{}'",
                                           std::numeric_limits<std::uint64_t>::max(), text));
  return value;
}

// One registered query's subcommand, with the options its query declared.
struct QueryCommand {
  const OddsQuery* query;
  CLI::App* subcommand;
  std::vector<CLI::Option*> options;  // parallel to query->options
};

class OddsCommand final : public Command {
 public:
  explicit OddsCommand(CLI::App& app) : command_(&app) {
    for (const std::string& ruleset : Registry::instance().names(Capability::kOdds)) {
      const OddsQuery& query = find_odds(ruleset);
      CLI::App* subcommand = app.add_subcommand(ruleset, query.summary);
      QueryCommand entry{&query, subcommand, {}};
      for (const OddsOption& option : query.options) {
        entry.options.push_back(option.flag
                                    ? subcommand->add_flag("--" + option.name, option.help)
                                    : subcommand->add_option("--" + option.name, option.help)
                                          ->type_name(odds_metavar(option.name)));
      }
      add_output_options(*subcommand);
      queries_.push_back(std::move(entry));
    }
    app.allow_extras();  // a name with no odds: run() lists the rulesets that have some
    app.formatter(subcommand_formatter("RULESET"));
    app.footer("Run `warband odds RULESET --help` for a ruleset's options.");
  }

  int run(Io& io) override {
    const QueryCommand* chosen = nullptr;
    for (const QueryCommand& entry : queries_)
      if (entry.subcommand->parsed()) chosen = &entry;
    if (chosen == nullptr) {
      if (const std::string unknown = unmatched_name(*command_); !unknown.empty())
        find_odds(unknown);  // throws, listing them
      const std::vector<std::string> known = Registry::instance().names(Capability::kOdds);
      throw InputError("", fmt::format("which ruleset? `warband odds RULESET`; rulesets with "
                                       "odds: {}",
                                       known.empty() ? "none in this build"
                                                     : fmt::format("{}", fmt::join(known, ", "))));
    }
    const OddsQuery& query = *chosen->query;

    OddsArgs args;
    for (std::size_t i = 0; i < query.options.size(); ++i) {
      const CLI::Option* option = chosen->options[i];
      if (option->count() == 0) continue;
      // A flag is "true" when given; "--defend=false" is as good as leaving it out.
      if (query.options[i].flag && !option->as<bool>()) continue;
      args[query.options[i].name] = query.options[i].flag ? "true" : option->as<std::string>();
    }
    // Checked before the (possibly long) computation, so a typo fails at once.
    const int samples = samples_text_.empty()
                            ? 0
                            : odds_int({{"samples", samples_text_}}, "samples", 1, kMaxSamples);
    const std::uint64_t seed = parse_seed(seed_text_);
    // The queries read the process's default content folder (they take no setup): --content
    // chooses it for this run, and the one before is put back after it (in-process callers).
    struct ContentDirScope {
      std::string before;
      bool set = false;
      ~ContentDirScope() {
        if (set) use_content_dir(before);
      }
    } content_scope;
    if (!content_dir_.empty()) {
      content_scope.before = use_content_dir(
          content_root_of(content_dir_, chosen->subcommand->get_name(), "--content"));
      content_scope.set = true;
    }
    const OddsReport report =
        run_odds_query(chosen->subcommand->get_name(), query, args, samples, seed);

    if (!svg_path_.empty()) write_file_atomically(svg_path_, odds_svg(report), "chart");
    if (json_) {
      io.out << odds_json(report).dump(2) << "\n";
    } else {
      io.out << odds_text(report);
      if (!svg_path_.empty()) io.out << "\nChart written to " << svg_path_ << "\n";
    }
    return kExitOk;
  }

 private:
  // Every ruleset's subcommand gets these; they fill this command's fields.
  void add_output_options(CLI::App& subcommand) {
    subcommand.add_flag("--json", json_, "Print the result as JSON");
    subcommand.add_option("--svg", svg_path_, "Also write a bar chart to FILE (SVG)")
        ->type_name("FILE");
    subcommand
        .add_option(
            "--samples", samples_text_,
            fmt::format("Also sample N times (1 to {}) through the chance nodes", kMaxSamples))
        ->type_name("N");
    subcommand.add_option("--seed", seed_text_, "Seed for --samples (default 1)")->type_name("S");
    subcommand.add_option("--content", content_dir_, "Read the ruleset's content from DIR")
        ->type_name("DIR");
  }

  CLI::App* command_;  // `odds` itself
  std::vector<QueryCommand> queries_;
  bool json_ = false;
  std::string svg_path_;
  std::string samples_text_;
  std::string seed_text_ = "1";
  std::string content_dir_;
};

}  // namespace

RegisteredCommand add_odds_command(CLI::App& app) {
  CLI::App* subcommand = app.add_subcommand(
      "odds", "Exact odds of a ruleset's random mechanics: a table, JSON or a chart");
  return {subcommand, std::make_unique<OddsCommand>(*subcommand)};
}

}  // namespace warband::cli
