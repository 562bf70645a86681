#include "cli/build_operation_cli.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <ostream>
#include <string>
#include <system_error>

#include "core/build_files.h"
#include "core/content_root.h"
#include "core/error.h"
#include "core/registry.h"

namespace warband::cli {
namespace {

std::string metavar(const std::string& name) {
  std::string result;
  for (char c : name)
    result += c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return result;
}

// What --help shows for an option's value: "UNIT"; the document's file as the kind suggests it,
// "WARBAND.toml".
std::string value_name(const BuildOption& option, const DocumentKind* document) {
  if (option.takes == BuildTakes::kDocument && document != nullptr)
    return metavar(document->kind) + document->suffix;
  return metavar(option.name);
}

}  // namespace

OperationCli declare_operation(CLI::App& subcommand, const std::string& ruleset,
                               const BuildOperation& operation, bool& json,
                               const DocumentKind* document) {
  OperationCli cli{&operation, &subcommand, {}};
  cli.ruleset = ruleset;
  for (const BuildOption& option : operation.options) {
    const std::string flag = "--" + option.name;
    if (option.flag()) {
      cli.options.push_back(subcommand.add_flag(flag, option.help));
    } else if (option.repeatable) {
      // One value per --name, collected from every time it is given.
      cli.options.push_back(subcommand.add_option(flag, option.help)
                                ->type_name(value_name(option, document))
                                ->expected(1)
                                ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll));
    } else {
      cli.options.push_back(
          subcommand.add_option(flag, option.help)->type_name(value_name(option, document)));
    }
  }
  const auto declares = [&](auto&& matches) {
    return std::any_of(operation.options.begin(), operation.options.end(), matches);
  };
  if (declares([](const BuildOption& option) { return option.takes == BuildTakes::kOutput; }) &&
      !declares([](const BuildOption& option) { return option.name == "force"; }))
    cli.force_output =
        subcommand.add_flag("--force")->description("Replace the output file if it exists");
  // A ruleset's builder reads its rules from the content (the points formula, the costs, the
  // parameters): the same --content as every command's.
  cli.content = subcommand.add_option("--content")
                    ->description(fmt::format("Read the {0} content from DIR: a copy of content/ "
                                              "or of content/{0} (default: the built-in content)",
                                              ruleset))
                    ->type_name("DIR");
  subcommand.add_flag("--json", json, "Print the result as JSON");
  return cli;
}

int run_operation(const OperationCli& cli, bool json, Io& io) {
  const BuildOperation& operation = *cli.operation;
  BuildArgs args;
  for (std::size_t i = 0; i < operation.options.size(); ++i) {
    const BuildOption& declared = operation.options[i];
    const CLI::Option* option = cli.options[i];
    if (option->count() == 0) continue;
    if (declared.flag()) {
      // "--write=false" is as good as leaving it out.
      if (option->as<bool>()) args[declared.name] = "true";
      continue;
    }
    const std::vector<std::string>& values = option->results();
    args[declared.name] = fmt::format("{}", fmt::join(values, "\n"));
  }
  if (cli.force_output != nullptr && cli.force_output->count() > 0 && cli.force_output->as<bool>())
    args["force"] = "true";
  // An edit of a file not made yet (`warband-add` before `warband-new`): say which operation
  // makes one, not only that the file is missing.
  if (!operation.creates)
    for (const BuildOption& declared : operation.options) {
      const auto given = args.find(declared.name);
      if (declared.takes != BuildTakes::kDocument || given == args.end()) continue;
      std::error_code ec;
      const DocumentKind* kind = find_builder(cli.ruleset).find_document(operation.kind);
      if (kind == nullptr || kind->created_by.empty()) continue;
      std::size_t start = 0;
      while (start < given->second.size()) {
        const std::size_t end = std::min(given->second.find('\n', start), given->second.size());
        const std::string path = given->second.substr(start, end - start);
        start = end + 1;
        if (path.empty() || std::filesystem::exists(path, ec)) continue;
        std::string title = kind->title.empty() ? kind->kind : kind->title;
        std::transform(title.begin(), title.end(), title.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        throw InputError(path,
                         fmt::format("file not found: {} works on an existing {}; make one "
                                     "first with `warband build {} {} --file {}`",
                                     operation.name, title, cli.ruleset, kind->created_by, path));
      }
    }
  // The operation is pure: the files its options name are read and written here.
  std::vector<std::string> notes;
  const std::string content_root =
      cli.content != nullptr && cli.content->count() > 0
          ? content_root_of(cli.content->as<std::string>(), cli.ruleset, "--content")
          : std::string();
  const BuildResult result = run_on_files(operation, args, &notes, content_root);
  if (json) {
    io.out << result.json.dump(2) << "\n";
    for (const std::string& note : notes)
      io.err << "note: " << note << "\n";
  } else {
    io.out << result.text;
    if (!result.text.empty() && result.text.back() != '\n') io.out << "\n";
    for (const std::string& note : notes)
      io.out << "Note: " << note << "\n";
  }
  return result.exit_code;
}

}  // namespace warband::cli
