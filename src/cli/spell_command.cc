// `warband spell power [options] [--json]`: a short name for the builder operation
// `spell-power` (`warband build RULESET spell-power`, of the first ruleset that offers it), with
// the same options and the same output. The operation is found in the builder registry by name, so
// the CLI still knows no ruleset.
#include <fmt/format.h>

#include <CLI/CLI.hpp>

#include "cli/build_operation_cli.h"
#include "cli/command.h"
#include "core/error.h"
#include "core/registry.h"

namespace warband::cli {
namespace {

constexpr const char* kOperation = "spell-power";

// The first ruleset (by name) whose builder offers `name`, and the operation; nulls when none.
std::pair<const Ruleset*, const BuildOperation*> find_operation(const std::string& name) {
  for (const Ruleset* ruleset : Registry::instance().all()) {
    if (!ruleset->builder) continue;
    for (const BuildOperation& operation : ruleset->builder->operations)
      if (operation.name == name) return {ruleset, &operation};
  }
  return {nullptr, nullptr};
}

class SpellCommand final : public Command {
 public:
  explicit SpellCommand(CLI::App& app) {
    const auto [ruleset, operation] = find_operation(kOperation);
    const std::string target = ruleset
                                   ? fmt::format("`warband build {} {}`", ruleset->name, kOperation)
                                   : "a builder's spell-power operation (none is registered)";
    power_ = app.add_subcommand(
        "power",
        fmt::format("Same as {}: {}", target, operation ? operation->summary : "unavailable"));
    power_->footer(fmt::format("An alias: runs {} with the same options and output.", target));
    if (operation)
      power_cli_ = declare_operation(*power_, ruleset->name, *operation, json_,
                                     ruleset->builder->find_document(operation->kind));
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
