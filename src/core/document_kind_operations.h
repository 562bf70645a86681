// A document kind's builder trio, declared once: every ruleset's builder offers, for each kind of
// document it keeps (builder.h's DocumentKind), "KIND-validate" (every problem at once, with its
// line), "KIND-export" (Markdown, JSON or TOML) and "KIND-import" (from an exported JSON). A
// ruleset names the kind's functions (read with every problem, to JSON, from JSON...) and gets the
// three BuildOperations, with the same options, texts and errors for every ruleset.
//
// The steps every builder operation takes on its documents (the --file document, --in, --force,
// --format) are here too, for a ruleset's other operations.
#pragma once

#include <fmt/format.h>

#include <functional>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/builder.h"
#include "core/json_input.h"

namespace warband {

// The --file document; InputError("--file", "is required, e.g. --file EXAMPLE") when none was
// given.
const BuildDocument& document_of(const BuildInput& input, std::string_view example);

// The document's text; InputError(its name, "file not found ...") when it does not exist.
const std::string& text_of(const BuildDocument& document);

// The text given to --option (a kText or kOtherDocument option); InputError("--option", "is
// required, e.g. --option EXAMPLE") when it was not given.
const BuildDocument& text_option(const BuildInput& input, std::string_view option,
                                 std::string_view example);

// InputError(its name, "already exists; give --force ...") when the document an operation would
// create exists and --force was not given.
void refuse_overwrite(const BuildInput& input, const BuildDocument& document);

// "The deck is legal.\n", or "2 problems:\n  - ...\n" listing them.
std::string problems_text(const std::vector<std::string>& problems, std::string_view what);

// The export --format asks for (markdown by default, json, or toml when `toml` is given), printed,
// or BuildOutput::output when --out was given; `json` is the result's data either way.
BuildOutput export_result(const BuildArgs& args, nlohmann::json json, std::string markdown,
                          std::optional<std::string> toml = std::nullopt);

// A document as far as it could be read, and every problem with it in the order of their lines:
// what could not be read and what breaks a rule.
template <class Document>
struct DocumentWithProblems {
  Document document;
  std::vector<std::string> problems;
};

// What a ruleset declares of a kind of document. `Rules` is what its operations read of the
// program's data (costs, parameters), made anew for each operation from its input.
template <class Document, class Rules>
struct DocumentKindOperations {
  std::string kind;     // "deck": the operations are deck-validate, deck-export, deck-import
  std::string suffix;   // ".deck.toml": the document's file name ending, for --file's help
  std::string example;  // "iron_tricks": what a missing --file (.deck.toml) or --in (.json) shows
  // Options every operation of the ruleset takes after its own: --costs, --parameters.
  std::vector<BuildOption> content_options;
  // The one-line helps; empty: "every problem with a deck file at once ...", "a deck as Markdown
  // (default), JSON or TOML" (without TOML when !exports_toml).
  std::string validate_summary;
  std::string export_summary;

  std::function<Rules(const BuildInput&)> rules;
  // validate: the text read with every problem (text, the document's name, the rules).
  std::function<DocumentWithProblems<Document>(const std::string&, const std::string&,
                                               const Rules&)>
      read_with_problems;
  // export: the text read strictly (InputError listing what could not be read).
  std::function<Document(const std::string&, const std::string&, const Rules&)> parse;
  // import: an exported JSON (the JSON, where it came from for errors, the rules).
  std::function<Document(const nlohmann::json&, const std::string&, const Rules&)> from_json;
  std::function<nlohmann::json(const Document&, const Rules&)> to_json;
  std::function<std::string(const Document&, const Rules&)> to_markdown;
  std::function<std::string(const Document&)> to_toml;  // the document's file, as import saves it
  bool exports_toml = true;                             // export offers --format toml
  // What breaks a rule in an imported document.
  std::function<std::vector<std::string>(const Document&, const Rules&)> problems;
  // The operation's report: the heading, the document's summary and its problems.
  std::function<BuildOutput(const Document&, const Rules&, std::string heading,
                            const std::vector<std::string>& problems)>
      report;
  // validate's heading (the document, the document's name); none: "NAME: ".
  std::function<std::string(const Document&, const std::string&)> validate_heading;
  // import's heading (the JSON's name, the document's name); none: "Imported FROM into NAME.\n".
  std::function<std::string(const std::string&, const std::string&)> import_heading;
};

// The validate, export and import operations of `kind`, in that order.
template <class Document, class Rules>
std::vector<BuildOperation> document_kind_operations(
    const DocumentKindOperations<Document, Rules>& kind) {
  const BuildOption file{"file", fmt::format("the {} file (*{})", kind.kind, kind.suffix),
                         BuildTakes::kDocument};
  const bool toml = kind.exports_toml;
  const auto with_content = [&](std::vector<BuildOption> options) {
    options.insert(options.end(), kind.content_options.begin(), kind.content_options.end());
    return options;
  };
  const std::string file_example = kind.example + kind.suffix;
  const std::string json_example = kind.example + ".json";

  BuildOperation validate{
      kind.kind + "-validate",
      kind.validate_summary.empty()
          ? fmt::format("every problem with a {} file at once, with its line (exit 1 when there is "
                        "a problem)",
                        kind.kind)
          : kind.validate_summary,
      with_content({file}),
      [kind, file_example](const BuildInput& input) {
        const Rules rules = kind.rules(input);
        const BuildDocument& document = document_of(input, file_example);
        const DocumentWithProblems<Document> read =
            kind.read_with_problems(text_of(document), document.name, rules);
        const std::string heading = kind.validate_heading
                                        ? kind.validate_heading(read.document, document.name)
                                        : document.name + ": ";
        return kind.report(read.document, rules, heading, read.problems);
      },
      kind.kind};

  BuildOperation export_operation{
      kind.kind + "-export",
      kind.export_summary.empty() ? fmt::format("a {} as Markdown (default){}", kind.kind,
                                                toml ? ", JSON or TOML" : " or JSON")
                                  : kind.export_summary,
      with_content(
          {file,
           {"format", toml ? "markdown (default), json or toml" : "markdown (default) or json"},
           {"out", "write to this file instead of printing", BuildTakes::kOutput}}),
      [kind, file_example](const BuildInput& input) {
        const Rules rules = kind.rules(input);
        const BuildDocument& document = document_of(input, file_example);
        const Document exported = kind.parse(text_of(document), document.name, rules);
        return export_result(
            input.args, kind.to_json(exported, rules), kind.to_markdown(exported, rules),
            kind.exports_toml ? std::optional(kind.to_toml(exported)) : std::nullopt);
      },
      kind.kind};

  BuildOperation import{
      kind.kind + "-import",
      fmt::format("a {} file from an exported JSON {}", kind.kind, kind.kind),
      with_content({{"in", fmt::format("the JSON file (from {}-export --format json)", kind.kind),
                     BuildTakes::kText},
                    file,
                    {"force", "replace an existing file", BuildTakes::kFlag}}),
      [kind, file_example, json_example](const BuildInput& input) {
        const Rules rules = kind.rules(input);
        const BuildDocument& from = text_option(input, "in", json_example);
        const BuildDocument& document = document_of(input, file_example);
        const Document imported =
            kind.from_json(parse_json(from.text.value_or(""), from.name), from.name, rules);
        refuse_overwrite(input, document);
        const std::string heading =
            kind.import_heading ? kind.import_heading(from.name, document.name)
                                : fmt::format("Imported {} into {}.\n", from.name, document.name);
        BuildOutput output = kind.report(imported, rules, heading, kind.problems(imported, rules));
        output.save(0, kind.to_toml(imported));
        return output;
      },
      kind.kind,
      true};

  return {std::move(validate), std::move(export_operation), std::move(import)};
}

// Adds a kind's operations (its trio) after the last operation on that kind in `operations`, or
// at the end when there is none: a ruleset's list keeps each kind's operations together.
inline void add_kind_operations(std::vector<BuildOperation>& operations,
                                std::vector<BuildOperation> kind_operations) {
  if (kind_operations.empty()) return;
  auto at = operations.end();
  for (auto it = operations.begin(); it != operations.end(); ++it)
    if (it->kind == kind_operations.front().kind) at = std::next(it);
  operations.insert(at, std::make_move_iterator(kind_operations.begin()),
                    std::make_move_iterator(kind_operations.end()));
}

}  // namespace warband
