// `warband build RULESET OP [options] [--json]`: the warband builder, from the operations the
// rulesets register (core/builder.h): one CLI11 subcommand per ruleset, one per operation under
// it, with the options the operation declares. The CLI knows no ruleset.
#include <CLI/CLI.hpp>
#include <ostream>

#include "cli/command.h"
#include "core/builder.h"
#include "core/error.h"

namespace warband::cli {
namespace {

std::string metavar(const std::string& name) {
  std::string result;
  for (char c : name)
    result += c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return result;
}

std::string joined(const std::vector<std::string>& names) {
  return names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "));
}

// One operation's subcommand, with the options it declared.
struct OperationCommand {
  const BuildOperation* operation;
  CLI::App* subcommand;
  std::vector<CLI::Option*> options;  // parallel to operation->options
};

struct RulesetCommand {
  const BuilderHooks* hooks;
  CLI::App* subcommand;
  std::vector<OperationCommand> operations;
  std::string unknown_operation;  // a name that is no operation lands here
};

class BuildCommand final : public Command {
 public:
  explicit BuildCommand(CLI::App& app) {
    const BuilderRegistry& registry = BuilderRegistry::instance();
    rulesets_.reserve(registry.rulesets().size());
    for (const std::string& ruleset : registry.rulesets()) {
      const BuilderHooks& hooks = registry.find(ruleset);
      CLI::App* ruleset_command = app.add_subcommand(ruleset, hooks.summary);
      RulesetCommand entry{&hooks, ruleset_command, {}, {}};
      rulesets_.push_back(std::move(entry));
      RulesetCommand& added = rulesets_.back();
      for (const BuildOperation& operation : hooks.operations)
        added.operations.push_back(add_operation(*ruleset_command, operation));
      ruleset_command->add_option("operation", added.unknown_operation)->group("");
      ruleset_command->allow_extras();
      ruleset_command->footer(fmt::format(
          "Run `warband build {} OPERATION --help` for an operation's options.", ruleset));
    }
    app.add_option("ruleset", unknown_ruleset_)->group("");
    app.allow_extras();
    app.footer("Run `warband build RULESET --help` for a ruleset's operations.");
  }

  int run(Io& io) override {
    const BuilderRegistry& registry = BuilderRegistry::instance();
    const RulesetCommand* ruleset = nullptr;
    for (const RulesetCommand& entry : rulesets_)
      if (entry.subcommand->parsed()) ruleset = &entry;
    if (ruleset == nullptr) {
      if (!unknown_ruleset_.empty()) registry.find(unknown_ruleset_);  // throws, listing them
      throw InputError("", fmt::format("which ruleset? `warband build RULESET OPERATION`; "
                                       "rulesets with a builder: {}",
                                       joined(registry.rulesets())));
    }
    const OperationCommand* chosen = nullptr;
    for (const OperationCommand& entry : ruleset->operations)
      if (entry.subcommand->parsed()) chosen = &entry;
    if (chosen == nullptr) {
      std::vector<std::string> names;
      for (const BuildOperation& operation : ruleset->hooks->operations)
        names.push_back(operation.name);
      if (!ruleset->unknown_operation.empty())
        throw InputError(
            "", fmt::format("no operation '{}' in the {} builder; operations: {}",
                            ruleset->unknown_operation, ruleset->hooks->ruleset, joined(names)));
      throw InputError("", fmt::format("which operation? `warband build {} OPERATION`; "
                                       "operations: {}",
                                       ruleset->hooks->ruleset, joined(names)));
    }

    const BuildOperation& operation = *chosen->operation;
    BuildArgs args;
    for (std::size_t i = 0; i < operation.options.size(); ++i) {
      const BuildOption& declared = operation.options[i];
      const CLI::Option* option = chosen->options[i];
      if (option->count() == 0) continue;
      if (declared.flag) {
        // "--write=false" is as good as leaving it out.
        if (option->as<bool>()) args[declared.name] = "true";
        continue;
      }
      const std::vector<std::string>& values = option->results();
      args[declared.name] = fmt::format("{}", fmt::join(values, "\n"));
    }
    const BuildResult result = operation.run(args);
    if (json_) {
      io.out << result.json.dump(2) << "\n";
    } else {
      io.out << result.text;
      if (!result.text.empty() && result.text.back() != '\n') io.out << "\n";
    }
    return result.exit_code;
  }

 private:
  OperationCommand add_operation(CLI::App& ruleset_command, const BuildOperation& operation) {
    CLI::App* subcommand = ruleset_command.add_subcommand(operation.name, operation.summary);
    OperationCommand entry{&operation, subcommand, {}};
    for (const BuildOption& option : operation.options) {
      const std::string flag = "--" + option.name;
      if (option.flag) {
        entry.options.push_back(subcommand->add_flag(flag, option.help));
      } else if (option.repeatable) {
        // One value per --name, collected from every time it is given.
        entry.options.push_back(subcommand->add_option(flag, option.help)
                                    ->type_name(metavar(option.name))
                                    ->expected(1)
                                    ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll));
      } else {
        entry.options.push_back(
            subcommand->add_option(flag, option.help)->type_name(metavar(option.name)));
      }
    }
    subcommand->add_flag("--json", json_, "Print the result as JSON");
    return entry;
  }

  std::vector<RulesetCommand> rulesets_;  // reserved up front: entries are never moved after
  std::string unknown_ruleset_;
  bool json_ = false;
};

}  // namespace

RegisteredCommand add_build_command(CLI::App& app) {
  CLI::App* subcommand = app.add_subcommand(
      "build", "Build warbands: create, edit, validate, price, export and import lists");
  return {subcommand, std::make_unique<BuildCommand>(*subcommand)};
}

}  // namespace warband::cli
