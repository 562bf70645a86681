// `warband rulesets`: every ruleset this build has, with what it can do (play, build, odds,
// balance, rules); --json describes each as the server's GET /api/rulesets does.
#include <CLI/CLI.hpp>
#include <ostream>

#include "cli/command.h"
#include "core/docs.h"
#include "core/registry.h"
#include "core/ruleset_json.h"

namespace warband::cli {
namespace {

std::string capabilities(const nlohmann::json& ruleset) {
  std::vector<std::string> words;
  for (const char* what : {"playable", "builder", "odds", "balance", "rules"})
    if (ruleset.at(what).get<bool>())
      words.emplace_back(what == std::string("playable") ? "play" : what);
  return fmt::format("{}", fmt::join(words, ", "));
}

class RulesetsCommand final : public Command {
 public:
  explicit RulesetsCommand(CLI::App& app) {
    app.add_flag("--json", json_,
                 "Print a JSON array: each ruleset's name, title, summary, what it can do, its "
                 "parameters and front-end hints");
  }

  int run(Io& io) override {
    const nlohmann::json list = rulesets_json(embedded_docs());
    if (json_) {
      io.out << list.dump(2) << "\n";
      return kExitOk;
    }
    if (list.empty()) io.out << "No rulesets are registered in this build.\n";
    std::size_t width = 0;
    for (const nlohmann::json& ruleset : list)
      width = std::max(width, ruleset.at("name").get<std::string>().size());
    for (const nlohmann::json& ruleset : list)
      io.out << fmt::format("{:<{}}  {}\n{:<{}}  can: {}\n", ruleset.at("name").get<std::string>(),
                            width, ruleset.at("summary").get<std::string>(), "", width,
                            capabilities(ruleset));
    return kExitOk;
  }

 private:
  bool json_ = false;
};

}  // namespace

RegisteredCommand add_rulesets_command(CLI::App& app) {
  CLI::App* subcommand =
      app.add_subcommand("rulesets", "List the rulesets of this build and what each can do");
  return {subcommand, std::make_unique<RulesetsCommand>(*subcommand)};
}

}  // namespace warband::cli
