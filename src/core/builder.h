// The warband builder's per-ruleset hooks, a ruleset's optional capability (Ruleset::builder,
// registry.h).
//
// A ruleset declares the builder operations it offers ("new", "add", "validate", "export",
// "spell-power", ...), each declaring its options, as odds queries do (odds.h). `warband build
// RULESET OP --option value ...` and the browser's builder are built from these
// declarations alone, so the apps never include a ruleset. Operations work on warband files
// (TOML or JSON documents the ruleset defines) and return text for people and JSON for programs.
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace warband {

struct BuildOption {
  std::string name;         // "unit": given as --unit
  std::string help;         // one line for --help, saying the default if any
  bool flag = false;        // a yes/no switch: value "true" when given
  bool repeatable = false;  // may be given several times: values joined with '\n'
};

// The options given (only those), by name.
using BuildArgs = std::map<std::string, std::string>;

struct BuildResult {
  std::string text;     // what a person reads (tables, the problems found, an exported list)
  nlohmann::json json;  // the same as data, for --json
  // 0: done; 1: done, but the warband is not legal (validate found problems).
  int exit_code = 0;
};

struct BuildOperation {
  std::string name;     // "add"
  std::string summary;  // one line for --help
  std::vector<BuildOption> options;
  // Reads and writes files as its options say (writing atomically: FILE.tmp then rename, so a
  // failure never corrupts a saved list); bad input throws InputError naming where and what.
  std::function<BuildResult(const BuildArgs&)> run;
};

// A kind of document the ruleset's builder edits (a warband list, a collection, a wizard).
struct DocumentKind {
  std::string kind;     // "warband": what documents of this kind are filed under
  std::string title;    // "Warband"
  std::string summary;  // one line
};

struct BuilderHooks {
  std::string summary;
  std::vector<DocumentKind> documents;
  std::vector<BuildOperation> operations;
};

}  // namespace warband
