// One builder operation (core/builder.h) as a CLI11 subcommand: its declared options, then a run
// that collects the values given and prints the result (text, or JSON with --json). Shared by
// `warband build RULESET OP` and the aliases that run an operation under a shorter name
// (`warband spell power`).
#pragma once

#include <string>
#include <vector>

#include "cli/command.h"
#include "core/builder.h"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace warband::cli {

struct OperationCli {
  const BuildOperation* operation = nullptr;
  CLI::App* subcommand = nullptr;
  std::vector<CLI::Option*> options;  // parallel to operation->options
  // --force, which lets an export replace an existing --out file: added to an operation with an
  // output option that declares no "force" of its own; nullptr otherwise.
  CLI::Option* force_output = nullptr;
  // --content DIR, which every operation takes as play, sim and balance do: the content root
  // content_root_of resolves for `ruleset` (a copy of content/, or the ruleset's own folder).
  CLI::Option* content = nullptr;
  std::string ruleset;
};

// Declares the operation of `ruleset`'s builder, its options (with --content, and --json filling
// `json`) on `subcommand`. `document` is the kind of document it works on (its file name's
// suggested ending shows in --help), or nullptr.
OperationCli declare_operation(CLI::App& subcommand, const std::string& ruleset,
                               const BuildOperation& operation, bool& json,
                               const DocumentKind* document = nullptr);

// Runs the operation on the files the options given name (core/build_files.h); prints its text,
// or its JSON when `json`, and the notes about the files saved (comments not kept): after the
// text, or on the error stream with --json so that the output stays JSON.
// Returns the operation's exit code.
int run_operation(const OperationCli& cli, bool json, Io& io);

}  // namespace warband::cli
