#include "core/document_kind_operations.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace warband {
namespace {

// A toy kind: a note is a title line; the rules are the longest title allowed (--max, default 10).
struct Note {
  std::string title;
};

int max_of(const BuildInput& input) {
  const auto given = input.args.find("max");
  return given == input.args.end() ? 10 : std::stoi(given->second);
}

std::vector<std::string> note_problems(const Note& note, const int& max) {
  if (static_cast<int>(note.title.size()) <= max) return {};
  return {fmt::format("the title is longer than {}", max)};
}

DocumentKindOperations<Note, int> note_kind(bool exports_toml = true) {
  return {
      .kind = "note",
      .suffix = ".note.txt",
      .example = "shopping",
      .content_options = {{"max", "the longest title", BuildTakes::kContent}},
      .rules = max_of,
      .read_with_problems =
          [](const std::string& text, const std::string& name, const int& max) {
            std::vector<std::string> problems = note_problems({text}, max);
            if (text.empty()) problems.insert(problems.begin(), name + ":1: the note is empty");
            return DocumentWithProblems<Note>{{text}, problems};
          },
      .parse =
          [](const std::string& text, const std::string& name, const int&) {
            if (text.empty()) throw InputError(name, "1 problem:\n  the note is empty");
            return Note{text};
          },
      .from_json = [](const nlohmann::json& json, const std::string&,
                      const int&) { return Note{json.at("title").get<std::string>()}; },
      .to_json =
          [](const Note& note, const int&) {
            return nlohmann::json{{"title", note.title}};
          },
      .to_markdown = [](const Note& note, const int&) { return "# " + note.title + "\n"; },
      .to_toml = [](const Note& note) { return note.title; },
      .exports_toml = exports_toml,
      .problems = note_problems,
      .report =
          [](const Note& note, const int&, std::string heading,
             const std::vector<std::string>& problems) {
            BuildOutput output;
            output.text = heading + note.title + "\n" + problems_text(problems, "note");
            output.json = {{"title", note.title}, {"problems", problems}};
            output.exit_code = problems.empty() ? 0 : 1;
            return output;
          },
  };
}

const BuildOperation& named(const std::vector<BuildOperation>& operations,
                            const std::string& name) {
  for (const BuildOperation& operation : operations)
    if (operation.name == name) return operation;
  throw std::runtime_error("no operation " + name);
}

BuildInput with_document(std::optional<std::string> text, BuildArgs args = {}) {
  BuildInput input;
  input.args = std::move(args);
  input.documents.push_back({"a.note.txt", std::move(text)});
  return input;
}

std::string error_of(const BuildOperation& operation, const BuildInput& input) {
  try {
    operation.run(input);
  } catch (const InputError& error) {
    return error.what();
  }
  return "no error";
}

TEST(DocumentKindOperations, DeclaresTheTrioWithItsOptionsInOrder) {
  const std::vector<BuildOperation> operations = document_kind_operations(note_kind());
  ASSERT_EQ(operations.size(), 3u);
  EXPECT_EQ(operations[0].name, "note-validate");
  EXPECT_EQ(operations[1].name, "note-export");
  EXPECT_EQ(operations[2].name, "note-import");
  EXPECT_EQ(operations[0].summary,
            "every problem with a note file at once, with its line (exit 1 when there is a "
            "problem)");
  EXPECT_EQ(operations[1].summary, "a note as Markdown (default), JSON or TOML");
  EXPECT_EQ(operations[2].summary, "a note file from an exported JSON note");
  std::vector<std::string> import_options;
  for (const BuildOption& option : operations[2].options)
    import_options.push_back(option.name);
  EXPECT_EQ(import_options, (std::vector<std::string>{"in", "file", "force", "max"}));
  EXPECT_EQ(operations[1].options[0].help, "the note file (*.note.txt)");
  EXPECT_EQ(operations[1].options[1].help, "markdown (default), json or toml");
  for (const BuildOperation& operation : operations)
    EXPECT_EQ(operation.kind, "note");
  EXPECT_FALSE(operations[0].creates);
  EXPECT_TRUE(operations[2].creates);
}

TEST(DocumentKindOperations, ValidateReportsEveryProblemWithTheRulesOfItsInput) {
  const std::vector<BuildOperation> operations = document_kind_operations(note_kind());
  const BuildOperation& validate = named(operations, "note-validate");
  BuildOutput output = validate.run(with_document("milk"));
  EXPECT_EQ(output.text, "a.note.txt: milk\nThe note is legal.\n");
  EXPECT_EQ(output.exit_code, 0);
  output = validate.run(with_document("milk", {{"max", "2"}}));
  EXPECT_EQ(output.text, "a.note.txt: milk\n1 problem:\n  - the title is longer than 2\n");
  EXPECT_EQ(output.exit_code, 1);
  EXPECT_EQ(output.json["problems"].size(), 1u);
  EXPECT_EQ(error_of(validate, with_document(std::nullopt)),
            "a.note.txt: file not found (or not a file)");
  EXPECT_EQ(error_of(validate, BuildInput{}), "--file: is required, e.g. --file shopping.note.txt");
}

TEST(DocumentKindOperations, ExportsEachFormatAndRefusesAnother) {
  const std::vector<BuildOperation> operations = document_kind_operations(note_kind());
  const BuildOperation& exporter = named(operations, "note-export");
  EXPECT_EQ(exporter.run(with_document("milk")).text, "# milk\n");
  EXPECT_EQ(exporter.run(with_document("milk", {{"format", "json"}})).text,
            "{\n  \"title\": \"milk\"\n}\n");
  EXPECT_EQ(exporter.run(with_document("milk", {{"format", "toml"}})).text, "milk");
  const BuildOutput written = exporter.run(with_document("milk", {{"out", "m.md"}}));
  EXPECT_EQ(written.text, "Wrote m.md (markdown).\n");
  EXPECT_EQ(written.output, "# milk\n");
  EXPECT_EQ(error_of(exporter, with_document("milk", {{"format", "pdf"}})),
            "--format: must be markdown, json or toml, got 'pdf'");
  EXPECT_EQ(error_of(exporter, with_document("")), "a.note.txt: 1 problem:\n  the note is empty");

  // A kind without a TOML export: neither offered nor taken.
  const std::vector<BuildOperation> without = document_kind_operations(note_kind(false));
  EXPECT_EQ(without[1].summary, "a note as Markdown (default) or JSON");
  EXPECT_EQ(without[1].options[1].help, "markdown (default) or json");
  EXPECT_EQ(error_of(without[1], with_document("milk", {{"format", "toml"}})),
            "--format: must be markdown or json, got 'toml'");
}

TEST(DocumentKindOperations, ImportsAnExportedJsonAndKeepsAnExistingFileWithoutForce) {
  const std::vector<BuildOperation> operations = document_kind_operations(note_kind());
  const BuildOperation& import = named(operations, "note-import");
  BuildInput input = with_document(std::nullopt);
  input.texts["in"] = {"m.json", R"({"title": "eggs"})"};
  const BuildOutput output = import.run(input);
  EXPECT_EQ(output.text, "Imported m.json into a.note.txt.\neggs\nThe note is legal.\n");
  ASSERT_EQ(output.documents.size(), 1u);
  EXPECT_EQ(output.documents[0], "eggs");

  input.documents[0].text = "milk";
  EXPECT_EQ(error_of(import, input), "a.note.txt: already exists; give --force to replace it");
  input.args["force"] = "true";
  EXPECT_EQ(import.run(input).documents[0], "eggs");

  input.texts["in"].text = "{not json";
  EXPECT_NE(error_of(import, input).find("m.json"), std::string::npos);
  EXPECT_EQ(error_of(import, with_document(std::nullopt)),
            "--in: is required, e.g. --in shopping.json");
}

TEST(DocumentKindOperations, AddsATrioAfterItsKindsLastOperation) {
  std::vector<BuildOperation> operations(3);
  operations[0].name = "tables";
  operations[1].name = "note-new";
  operations[1].kind = "note";
  operations[2].name = "list-new";
  operations[2].kind = "list";
  add_kind_operations(operations, document_kind_operations(note_kind()));
  std::vector<std::string> names;
  for (const BuildOperation& operation : operations)
    names.push_back(operation.name);
  EXPECT_EQ(names, (std::vector<std::string>{"tables", "note-new", "note-validate", "note-export",
                                             "note-import", "list-new"}));
  // A kind with no operation of its own yet: at the end.
  std::vector<BuildOperation> none;
  add_kind_operations(none, document_kind_operations(note_kind()));
  ASSERT_EQ(none.size(), 3u);
  EXPECT_EQ(none[2].name, "note-import");
}

}  // namespace
}  // namespace warband
