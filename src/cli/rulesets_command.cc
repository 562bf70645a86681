// `warband rulesets`: what this build can play.
#include <CLI/CLI.hpp>
#include <ostream>

#include "cli/command.h"
#include "core/registry.h"

namespace warband::cli {
namespace {

class RulesetsCommand final : public Command {
 public:
  explicit RulesetsCommand(CLI::App& app) {
    app.add_flag("--json", json_, "Print a JSON array of {name, summary}");
  }

  int run(Io& io) override {
    const Registry& registry = Registry::instance();
    const std::vector<std::string> names = registry.names();
    if (json_) {
      nlohmann::json list = nlohmann::json::array();
      for (const std::string& name : names)
        list.push_back({{"name", name}, {"summary", registry.find(name).summary}});
      io.out << list.dump(2) << "\n";
      return kExitOk;
    }
    if (names.empty()) io.out << "No rulesets are registered in this build.\n";
    std::size_t width = 0;
    for (const std::string& name : names)
      width = std::max(width, name.size());
    for (const std::string& name : names)
      io.out << fmt::format("{:<{}}  {}\n", name, width, registry.find(name).summary);
    return kExitOk;
  }

 private:
  bool json_ = false;
};

}  // namespace

RegisteredCommand add_rulesets_command(CLI::App& app) {
  CLI::App* subcommand = app.add_subcommand("rulesets", "List the rulesets this build can play");
  return {subcommand, std::make_unique<RulesetsCommand>(*subcommand)};
}

}  // namespace warband::cli
