// The AtomsPast builder operations are pure (DESIGN.md "Builder operations are pure"): they run on
// document texts, with no file system at all, and give the new texts back.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "core/error.h"
#include "core/registry.h"

namespace warband::atomspast::builder {
namespace {

namespace fs = std::filesystem;

const BuildOperation& operation(const std::string& name) {
  for (const BuildOperation& op : find_builder("atomspast").operations)
    if (op.name == name) return op;
  throw std::runtime_error("no operation " + name);
}

// Runs the test in an empty folder of its own, so that any file an operation wrote would show.
class PureOperations : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("warband_pure_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    previous_ = fs::current_path();
    fs::current_path(dir_);
  }
  void TearDown() override {
    fs::current_path(previous_);
    fs::remove_all(dir_);
  }
  bool folder_is_empty() const { return fs::is_empty(dir_); }

  fs::path dir_;
  fs::path previous_;
};

TEST_F(PureOperations, EditAListAsTextAndWriteNothing) {
  BuildInput input;
  input.documents = {{"orcs.toml", std::nullopt}};  // does not exist yet: `new` creates it
  input.args = {{"name", "Pure Orcs"}, {"points-limit", "500"}};
  BuildOutput made = operation("new").run(input);
  ASSERT_EQ(made.documents.size(), 1u);
  ASSERT_TRUE(made.documents[0].has_value());
  EXPECT_NE(made.documents[0]->find("name = \"Pure Orcs\""), std::string::npos);
  EXPECT_NE(made.text.find("Saved orcs.toml."), std::string::npos) << made.text;
  EXPECT_EQ(made.json["file"], "orcs.toml");

  // The text it gave is the document of the next operation.
  input.documents = {{"orcs.toml", made.documents[0]}};
  EXPECT_THROW(operation("new").run(input), InputError);  // exists: needs --force
  input.args = {{"unit", "orc_warrior"}, {"count", "3"}};
  const BuildOutput added = operation("add").run(input);
  ASSERT_TRUE(added.documents.at(0).has_value());
  EXPECT_NE(added.documents[0]->find("unit = \"orc_warrior\"\ncount = 3"), std::string::npos)
      << *added.documents[0];

  // A report changes nothing; another document (a collection) comes as text too.
  BuildInput shelf;
  shelf.documents = {{"shelf", std::nullopt}};
  shelf.args = {{"miniature", "Plastic orc"}, {"count", "2"}};
  const BuildOutput collection = operation("collection-add").run(shelf);
  ASSERT_TRUE(collection.documents.at(0).has_value());
  BuildInput check;
  check.documents = {{"orcs.toml", added.documents[0]}};
  check.texts["collection"] = {"shelf", collection.documents[0]};
  const BuildOutput checked = operation("validate").run(check);
  EXPECT_TRUE(checked.documents.empty() || !checked.documents[0]);
  EXPECT_EQ(checked.exit_code, 1);
  EXPECT_NE(checked.text.find("Not enough miniatures on 1x1 bases: the warband needs 3"),
            std::string::npos)
      << checked.text;

  // An export to --out is text for the caller to write.
  BuildInput exported = check;
  exported.texts.clear();
  exported.args = {{"format", "markdown"}, {"out", "orcs.md"}};
  const BuildOutput listing = operation("export").run(exported);
  ASSERT_TRUE(listing.output.has_value());
  EXPECT_NE(listing.output->find("| **Total** |"), std::string::npos) << *listing.output;
  EXPECT_NE(listing.text.find("to orcs.md"), std::string::npos) << listing.text;

  // Import reads the exported text and makes a new document.
  BuildInput to_json;
  to_json.documents = {{"orcs.toml", added.documents[0]}};
  to_json.args = {{"format", "json"}};
  const BuildOutput as_json = operation("export").run(to_json);
  BuildInput import;
  import.documents = {{ "copy.toml", std::nullopt }};
  import.texts["in"] = {"orcs.json", as_json.text};
  const BuildOutput imported = operation("import").run(import);
  ASSERT_TRUE(imported.documents.at(0).has_value());
  EXPECT_EQ(*imported.documents[0], *added.documents[0]);

  // Reprice --write gives each list its new text.
  BuildInput reprice;
  reprice.documents = {{"a.toml", added.documents[0]}, {"b.toml", made.documents[0]}};
  reprice.args = {{"write", "true"}};
  const BuildOutput repriced = operation("reprice").run(reprice);
  ASSERT_EQ(repriced.documents.size(), 2u);
  EXPECT_TRUE(repriced.documents[0].has_value() && repriced.documents[1].has_value());

  EXPECT_TRUE(folder_is_empty());
}

TEST_F(PureOperations, ErrorsNameTheDocumentAsGiven) {
  BuildInput input;
  input.documents = {{"document 7", "id = \"x\"\nname = \"X\"\npoints_limit = \"lots\"\n"}};
  try {
    operation("show").run(input);
    FAIL() << "showed a broken list";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where().rfind("document 7", 0), 0u) << error.where();
  }
  input.documents.clear();
  try {
    operation("show").run(input);
    FAIL() << "showed no list";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "--file");
  }
  EXPECT_TRUE(folder_is_empty());
}

}  // namespace
}  // namespace warband::atomspast::builder
