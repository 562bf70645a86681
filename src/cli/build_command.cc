// `warband build RULESET OP [options] [--json]`: the warband builder, from the operations the
// rulesets register (core/builder.h): one CLI11 subcommand per ruleset, one per operation under
// it, with the options the operation declares. The CLI knows no ruleset.
#include <CLI/CLI.hpp>
#include <ostream>

#include "cli/build_operation_cli.h"
#include "cli/command.h"
#include "cli/run_command.h"
#include "core/error.h"
#include "core/registry.h"

namespace warband::cli {
namespace {

std::string joined(const std::vector<std::string>& names) {
  return names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "));
}

struct RulesetCommand {
  const Ruleset* ruleset;
  CLI::App* subcommand;
  std::vector<OperationCli> operations;
};

class BuildCommand final : public Command {
 public:
  explicit BuildCommand(CLI::App& app) : command_(&app) {
    const std::vector<std::string> names = Registry::instance().names(Capability::kBuilder);
    rulesets_.reserve(names.size());
    for (const std::string& ruleset : names) {
      const Ruleset& entry_of = Registry::instance().find(ruleset);
      const BuilderHooks& hooks = *entry_of.builder;
      CLI::App* ruleset_command = app.add_subcommand(ruleset, hooks.summary);
      RulesetCommand entry{&entry_of, ruleset_command, {}};
      rulesets_.push_back(std::move(entry));
      RulesetCommand& added = rulesets_.back();
      for (const BuildOperation& operation : hooks.operations)
        added.operations.push_back(
            declare_operation(*ruleset_command->add_subcommand(operation.name, operation.summary),
                              ruleset, operation, json_, hooks.find_document(operation.kind)));
      ruleset_command->allow_extras();  // a name that is no operation: run() says so
      ruleset_command->formatter(subcommand_formatter("OPERATION"));
      ruleset_command->footer(fmt::format(
          "Run `warband build {} OPERATION --help` for an operation's options.", ruleset));
    }
    app.allow_extras();
    app.formatter(subcommand_formatter("RULESET"));
    app.footer("Run `warband build RULESET --help` for a ruleset's operations.");
  }

  int run(Io& io) override {
    const Registry& registry = Registry::instance();
    const RulesetCommand* ruleset = nullptr;
    for (const RulesetCommand& entry : rulesets_)
      if (entry.subcommand->parsed()) ruleset = &entry;
    if (ruleset == nullptr) {
      if (const std::string unknown = unmatched_name(*command_); !unknown.empty())
        registry.find(unknown, Capability::kBuilder);  // throws, listing them
      throw InputError("", fmt::format("which ruleset? `warband build RULESET OPERATION`; "
                                       "rulesets with a builder: {}",
                                       joined(registry.names(Capability::kBuilder))));
    }
    const OperationCli* chosen = nullptr;
    for (const OperationCli& entry : ruleset->operations)
      if (entry.subcommand->parsed()) chosen = &entry;
    if (chosen == nullptr) {
      std::vector<std::string> names;
      for (const BuildOperation& operation : ruleset->ruleset->builder->operations)
        names.push_back(operation.name);
      if (const std::string unknown = unmatched_name(*ruleset->subcommand); !unknown.empty())
        throw InputError("", fmt::format("no operation '{}' in the {} builder; operations: {}",
                                         unknown, ruleset->ruleset->name, joined(names)));
      throw InputError("", fmt::format("which operation? `warband build {} OPERATION`; "
                                       "operations: {}",
                                       ruleset->ruleset->name, joined(names)));
    }

    return run_operation(*chosen, json_, io);
  }

 private:
  CLI::App* command_;                     // `build` itself
  std::vector<RulesetCommand> rulesets_;  // reserved up front: entries are never moved after
  bool json_ = false;
};

}  // namespace

RegisteredCommand add_build_command(CLI::App& app) {
  CLI::App* subcommand = app.add_subcommand(
      "build", "Build warbands: create, edit, validate, price, export and import lists");
  return {subcommand, std::make_unique<BuildCommand>(*subcommand)};
}

}  // namespace warband::cli
