// `warband spell power [options] [--json]`: a short name for the builder operation
// `spell-power` (`warband build RULESET spell-power`, today Spellweavers'), with the same options
// and the same output. The operation is found in the builder registry by name, so the CLI still
// knows no ruleset.
#include <fmt/format.h>

#include <CLI/CLI.hpp>

#include "cli/build_operation_cli.h"
#include "cli/command.h"
#include "core/builder.h"
#include "core/error.h"

namespace warband::cli {
namespace {

constexpr const char* kOperation = "spell-power";

// The first ruleset (by name) whose builder offers `name`, and the operation; nulls when none.
std::pair<const BuilderHooks*, const BuildOperation*> find_operation(const std::string& name) {
  const BuilderRegistry& registry = BuilderRegistry::instance();
  for (const std::string& ruleset : registry.rulesets()) {
    const BuilderHooks& hooks = registry.find(ruleset);
    for (const BuildOperation& operation : hooks.operations)
      if (operation.name == name) return {&hooks, &operation};
  }
  return {nullptr, nullptr};
}

class SpellCommand final : public Command {
 public:
  explicit SpellCommand(CLI::App& app) {
    const auto [hooks, operation] = find_operation(kOperation);
    const std::string target =
        hooks ? fmt::format("`warband build {} {}`", hooks->ruleset, kOperation)
              : "a builder's spell-power operation (none is registered)";
    power_ = app.add_subcommand(
        "power",
        fmt::format("Same as {}: {}", target, operation ? operation->summary : "unavailable"));
    power_->footer(fmt::format("An alias: runs {} with the same options and output.", target));
    if (operation)
      power_cli_ =
          declare_operation(*power_, *operation, json_, hooks->find_document(operation->kind));
  }

  int run(Io& io) override {
    if (!power_->parsed())
      throw InputError("", "which spell operation? `warband spell power --help`");
    if (!power_cli_.operation)
      throw InputError("", "no ruleset with a builder offers spell-power in this build");
    return run_operation(power_cli_, json_, io);
  }

 private:
  CLI::App* power_ = nullptr;
  OperationCli power_cli_;
  bool json_ = false;
};

}  // namespace

RegisteredCommand add_spell_command(CLI::App& app) {
  CLI::App* subcommand =
      app.add_subcommand("spell",
                         "Spells: `spell power` prices a spell (an alias of the builder's "
                         "spell-power)");
  return {subcommand, std::make_unique<SpellCommand>(*subcommand)};
}

}  // namespace warband::cli
