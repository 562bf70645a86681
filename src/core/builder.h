// The warband builder's per-ruleset hooks, a ruleset's optional capability (Ruleset::builder,
// registry.h).
//
// A ruleset declares the documents its builder keeps (a warband list, a collection, a wizard) and
// the builder operations it offers ("new", "add", "validate", "export", "spell-power", ...), each
// declaring its options, as odds queries do (odds.h). `warband build RULESET OP --option value
// ...` and the server's /api/build are built from these declarations alone, so the apps never
// include a ruleset.
//
// Operations are pure (DESIGN.md "Builder operations are pure"): document text and arguments in,
// new document text and a report out. No operation opens, writes or renames a user's file: the
// CLI reads and writes files around it (build_files.h), the server keeps the texts in SQLite.
// Only the program's own data (the content) is read by the ruleset.
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace warband {

// A kind of document a ruleset's builder keeps ("warband"): the server stores documents of the
// kinds declared, the CLI suggests file names from them.
struct DocumentKind {
  std::string kind;        // "warband": an id, as the server's documents carry it
  std::string title;       // "Warband"
  std::string summary;     // one line: what one holds
  std::string suffix;      // the file name ending the CLI suggests: ".toml", ".wizard.toml"
  std::string created_by;  // the operation that makes a new one: "new"
  // A document of the kind is a side of a game: a saved one may be given as a warband to `play`
  // and to a new game on the server (a warband; a wizard where a wizard is the side).
  bool plays_as_side = false;
};

// What an option takes, so that neither the CLI nor the server guesses from its name.
enum class BuildTakes {
  kValue,          // a word or a number: --count 3
  kFlag,           // a yes/no switch: value "true" when given
  kDocument,       // the document the operation works on (CLI: a file; server: body.document)
  kOtherDocument,  // another document it reads, of BuildOption::kind (CLI: a file; server: an id)
  kText,           // an uploaded file's text: an exported list to import (CLI: a file)
  kOutput,         // where the CLI writes BuildOutput::output (an export); no option on a server
  kContent,        // the program's data on the machine running it (a content folder); the server
                   // chooses it (BuildInput::content_root), a request may not
};

struct BuildOption {
  std::string name;  // "unit": given as --unit
  std::string help;  // one line for --help, saying the default if any
  BuildTakes takes = BuildTakes::kValue;
  bool repeatable = false;  // may be given several times: values joined with '\n'
  std::string kind;         // kOtherDocument: the kind of document it names ("collection")
  bool flag() const { return takes == BuildTakes::kFlag; }
};

// The value options given (only those), by name: kValue, kFlag ("true"), kOutput and kContent.
using BuildArgs = std::map<std::string, std::string>;

// A document as an operation sees it: its text and the name reports and errors call it by.
struct BuildDocument {
  std::string name;  // the CLI's path, the server's "document 7": only for messages
  // The text; none when the document does not exist yet (an operation that creates one).
  std::optional<std::string> text;
};

struct BuildInput {
  BuildArgs args;
  // The kDocument option's documents: one, several for a repeatable one (reprice), none when not
  // given. An operation that creates its document gets one without text when it does not exist.
  std::vector<BuildDocument> documents;
  // The kOtherDocument and kText options' texts, by option name.
  std::map<std::string, BuildDocument> texts;
  // The rulesets' content folder (one folder per ruleset) when no kContent option is given; ""
  // is the built-in content.
  std::string content_root;
};

struct BuildResult {
  std::string text;     // what a person reads (tables, the problems found, an exported list)
  nlohmann::json json;  // the same as data, for --json
  // 0: done; 1: done, but the warband is not legal (validate found problems).
  int exit_code = 0;
};

struct BuildOutput : BuildResult {
  // Parallel to BuildInput::documents: the new text of each document the operation changed or
  // created; none for one it left alone.
  std::vector<std::optional<std::string>> documents;
  // The text for the kOutput option (an export to a file), when it was given.
  std::optional<std::string> output;

  // Sets the new text of input document `index`.
  void save(std::size_t index, std::string new_text) {
    if (documents.size() <= index) documents.resize(index + 1);
    documents[index] = std::move(new_text);
  }
};

struct BuildOperation {
  std::string name;     // "add"
  std::string summary;  // one line for --help
  std::vector<BuildOption> options;
  // Pure: reads only its input (and the content); bad input throws InputError naming where
  // (an option "--unit", a document's name) and what.
  std::function<BuildOutput(const BuildInput&)> run;
  std::string kind;      // the kind of document its kDocument option takes; "" when none
  bool creates = false;  // it makes its document (new, import): the document need not exist
};

struct BuilderHooks {
  std::string summary;
  std::vector<DocumentKind> documents;  // the kinds of document its operations work on
  std::vector<BuildOperation> operations;

  // The kind declared as `kind`; nullptr when the ruleset keeps no such documents.
  const DocumentKind* find_document(const std::string& kind) const;
};

}  // namespace warband
