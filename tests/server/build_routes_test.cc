// The builder over HTTP: GET /api/build, documents CRUD, and POST /api/build/{ruleset}/{op}
// compared with `warband build` run on a file.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/registry.h"
#include "tests/support/api_error.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/test_files.h"
#include "tests/support/test_server.h"

namespace warband::server {
namespace {

namespace fs = std::filesystem;
using testing::expect_error;
using testing::Reply;
using testing::TempDir;
using testing::TestServer;

// The server's temporary folders go to a folder of the test's own, so that the test can see that
// every request removed its own.
class BuildRoutes : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* previous = std::getenv("TMPDIR");
    previous_tmpdir_ = previous != nullptr ? previous : "";
    setenv("TMPDIR", scratch_.path().c_str(), 1);
  }
  void TearDown() override {
    if (previous_tmpdir_.empty())
      unsetenv("TMPDIR");
    else
      setenv("TMPDIR", previous_tmpdir_.c_str(), 1);
  }
  bool scratch_is_empty() const { return fs::is_empty(scratch_.path()); }
  Reply build(const std::string& operation, const nlohmann::json& body) {
    return server_.client().post("/api/build/atomspast/" + operation, body);
  }

  TempDir cli_dir_;  // where the CLI's own files go (outside the scratch folder)
  TempDir scratch_;
  std::string previous_tmpdir_;
  TestServer server_;
};

TEST_F(BuildRoutes, ListsOperationsWithoutServerSideOptions) {
  const Reply reply = server_.client().get("/api/build");
  ASSERT_EQ(reply.status, 200) << reply.body;
  std::map<std::string, nlohmann::json> by_ruleset;
  for (const nlohmann::json& entry : reply.json)
    by_ruleset[entry["ruleset"]] = entry;
  ASSERT_TRUE(by_ruleset.count("atomspast"));
  ASSERT_TRUE(by_ruleset.count("spellweavers"));
  std::map<std::string, nlohmann::json> operations;
  for (const nlohmann::json& operation : by_ruleset["atomspast"]["operations"])
    operations[operation["name"]] = operation;
  for (const char* name : {"new", "add", "validate", "export", "import", "set-kon", "deck"})
    EXPECT_TRUE(operations.count(name)) << name;
  for (const auto& [name, operation] : operations)
    for (const nlohmann::json& option : operation["options"]) {
      EXPECT_NE(option["name"], "content") << name;
      EXPECT_NE(option["name"], "out") << name;
      if (option["name"] == "file") {
        EXPECT_EQ(option["takes"], "document");
      } else if (option["name"] == "collection") {
        EXPECT_EQ(option["takes"], "collection");
      }
    }
}

TEST_F(BuildRoutes, DocumentsCrud) {
  testing::Client& client = server_.client();
  Reply created = client.post("/api/documents", {{"ruleset", "atomspast"},
                                                 {"kind", "warband"},
                                                 {"name", "Orcs"},
                                                 {"text", "name = \"Orcs\"\n"}});
  ASSERT_EQ(created.status, 200) << created.body;
  const std::string id = created.json["id"];
  EXPECT_EQ(created.json["revision"], 1);
  EXPECT_EQ(created.json["text"], "name = \"Orcs\"\n");
  client.post("/api/documents",
              {{"ruleset", "spellweavers"}, {"kind", "wizard"}, {"name", "Ember"}, {"text", ""}});

  Reply list = client.get("/api/documents");
  ASSERT_EQ(list.status, 200);
  EXPECT_EQ(list.json.size(), 2u);
  list = client.get("/api/documents?ruleset=atomspast&kind=warband");
  ASSERT_EQ(list.json.size(), 1u);
  EXPECT_EQ(list.json[0]["id"], id);
  EXPECT_FALSE(list.json[0].contains("text"));
  EXPECT_TRUE(client.get("/api/documents?kind=collection").json.empty());
  expect_error(client.get("/api/documents?kind=spaceship"), 400, "query.kind");

  EXPECT_EQ(client.get("/api/documents/" + id).json["text"], "name = \"Orcs\"\n");

  Reply saved = client.put("/api/documents/" + id,
                           {{"text", "name = \"Orcs!\"\n"}, {"name", "Orcs 2"}, {"revision", 1}});
  ASSERT_EQ(saved.status, 200) << saved.body;
  EXPECT_EQ(saved.json["revision"], 2);
  EXPECT_EQ(saved.json["name"], "Orcs 2");
  // A null name keeps the name; an empty one is refused.
  saved = client.put("/api/documents/" + id,
                     {{"text", "name = \"Orcs!\"\n"}, {"name", nullptr}, {"revision", 2}});
  ASSERT_EQ(saved.status, 200) << saved.body;
  EXPECT_EQ(saved.json["name"], "Orcs 2");
  EXPECT_EQ(saved.json["revision"], 3);
  expect_error(
      client.put("/api/documents/" + id, {{"text", "a = 1\n"}, {"name", ""}, {"revision", 3}}), 400,
      "body.name");
  // Someone who read revision 1 is refused, and nothing changes.
  expect_error(client.put("/api/documents/" + id, {{"text", "a = 1\n"}, {"revision", 1}}), 409,
               "body.revision");
  EXPECT_EQ(client.get("/api/documents/" + id).json["text"], "name = \"Orcs!\"\n");

  Reply deleted = client.del("/api/documents/" + id);
  ASSERT_EQ(deleted.status, 200);
  EXPECT_EQ(deleted.json["deleted"], id);
  expect_error(client.get("/api/documents/" + id), 404, "path");
  expect_error(client.del("/api/documents/" + id), 404, "path");
  expect_error(client.put("/api/documents/" + id, {{"text", "a = 1\n"}, {"revision", 2}}), 404,
               "path");
  expect_error(client.get("/api/documents/not-an-id"), 404, "path");
}

TEST_F(BuildRoutes, DocumentsRejectBadFields) {
  testing::Client& client = server_.client();
  const nlohmann::json good = {
      {"ruleset", "atomspast"}, {"kind", "warband"}, {"name", "Orcs"}, {"text", "a = 1\n"}};
  auto with = [&](const std::string& field, const nlohmann::json& value) {
    nlohmann::json body = good;
    if (value.is_null())
      body.erase(field);
    else
      body[field] = value;
    return client.post("/api/documents", body);
  };
  expect_error(with("text", "this is [not toml"), 400, "body.text:1");
  EXPECT_EQ(with("text", "a = \n").json["error"]["message"],
            "Line 1 of the text: not valid TOML at column 5, in a key = value line: expected "
            "value, found the end of the line.");
  expect_error(with("text", 42), 400, "body.text");
  expect_error(with("text", nullptr), 400, "body.text");
  expect_error(with("kind", "spaceship"), 400, "body.kind");
  expect_error(with("ruleset", "chess"), 400, "body.ruleset");
  expect_error(with("ruleset", "toy"), 400, "body.ruleset");  // a game, but no builder
  expect_error(with("name", ""), 400, "body.name");
  expect_error(with("name", std::string(201, 'x')), 400, "body.name");
  expect_error(with("name", nullptr), 400, "body.name");
  expect_error(client.post_raw("/api/documents", "{\"name\": }", "application/json"), 400, "body");
  expect_error(client.post_raw("/api/documents", "[]", "application/json"), 400, "body");

  const std::string id = with("name", "Orcs").json["id"];
  expect_error(client.put("/api/documents/" + id, {{"text", "a = 2\n"}}), 400, "body.revision");
  expect_error(client.put("/api/documents/" + id, {{"text", "a = 2\n"}, {"revision", "1"}}), 400,
               "body.revision");
  expect_error(client.put("/api/documents/" + id, {{"text", "a = 2\nb = [\n"}, {"revision", 1}}),
               400, "body.text:2");
  EXPECT_TRUE(client.get("/api/documents").json.size() == 1u);
}

// The same steps through `warband build` on a file and through the API on a document give the
// same file, text and exit codes.
TEST_F(BuildRoutes, RunsOperationsExactlyAsTheCli) {
  const std::string file = cli_dir_.file("orcs.toml");
  // The server names the document by its name where the CLI names its file (in JSON, escaped).
  std::string id;
  auto as_served = [&](std::string text, bool json = false) {
    std::string name =
        "\"" + server_.client().get("/api/documents/" + id).json["name"].get<std::string>() + "\"";
    if (json) name = nlohmann::json(name).dump().substr(1, name.size() + 2);
    for (std::size_t at = text.find(file); at != std::string::npos; at = text.find(file, at))
      text.replace(at, file.size(), name);
    return text;
  };
  auto cli = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"build", "atomspast"});
    args.insert(args.begin() + 3, {"--file", file});
    return cli::warband(args);
  };

  cli::Ran ran = cli({"new", "--name", "My Orcs", "--points-limit", "500"});
  ASSERT_EQ(ran.code, 0) << ran.err;
  Reply reply = build("new", {{"args", {{"name", "My Orcs"}, {"points-limit", 500}}}});
  ASSERT_EQ(reply.status, 200) << reply.body;
  EXPECT_EQ(reply.json["exit_code"], 0);
  ASSERT_TRUE(reply.json["document"].is_object()) << reply.body;
  id = reply.json["document"]["id"];
  EXPECT_EQ(reply.json["document"]["revision"], 1);
  EXPECT_EQ(reply.json["document"]["text"], read_file_text(file));
  const Reply document = server_.client().get("/api/documents/" + id);
  EXPECT_EQ(document.json["name"], "My Orcs");
  EXPECT_EQ(document.json["kind"], "warband");
  EXPECT_EQ(document.json["ruleset"], "atomspast");

  ran = cli({"add", "--unit", "orc_warrior", "--count", "2"});
  ASSERT_EQ(ran.code, 0) << ran.err;
  reply =
      build("add",
            {{"document", id}, {"revision", 1}, {"args", {{"unit", "orc_warrior"}, {"count", 2}}}});
  ASSERT_EQ(reply.status, 200) << reply.body;
  EXPECT_EQ(reply.json["text"], as_served(ran.out));
  EXPECT_EQ(reply.json["document"]["revision"], 2);
  EXPECT_EQ(reply.json["document"]["text"], read_file_text(file));

  ran = cli({"validate", "--json"});
  EXPECT_EQ(ran.code, 1);  // no Kon, no deck: not legal
  reply = build("validate", {{"document", id}});
  ASSERT_EQ(reply.status, 200) << reply.body;
  EXPECT_EQ(reply.json["exit_code"], 1);
  EXPECT_EQ(reply.json["json"], nlohmann::json::parse(as_served(ran.out, true)));
  EXPECT_EQ(reply.json["document"]["revision"], 2);  // unchanged: not saved again

  // `set --name` renames the list, and the document with it.
  ran = cli({"set", "--name", "Orc Raiders"});
  ASSERT_EQ(ran.code, 0) << ran.err;
  reply = build("set", {{"document", id}, {"args", {{"name", "Orc Raiders"}}}});
  ASSERT_EQ(reply.status, 200) << reply.body;
  EXPECT_EQ(reply.json["document"]["revision"], 3);
  EXPECT_EQ(reply.json["document"]["text"], read_file_text(file));
  EXPECT_EQ(server_.client().get("/api/documents/" + id).json["name"], "Orc Raiders");

  // A stale revision changes nothing.
  reply = build("add", {{"document", id}, {"revision", 1}, {"args", {{"unit", "orc_warrior"}}}});
  expect_error(reply, 409, "body.revision");
  EXPECT_EQ(server_.client().get("/api/documents/" + id).json["revision"], 3);

  // An operation on no document.
  ran = cli::warband({"build", "atomspast", "weapons", "--json"});
  reply = build("weapons", nlohmann::json::object());
  ASSERT_EQ(reply.status, 200) << reply.body;
  EXPECT_TRUE(reply.json["document"].is_null());
  EXPECT_EQ(reply.json["json"], nlohmann::json::parse(ran.out));

  // `points` takes a warband file but does not need one: without it, the catalog's points.
  ran = cli::warband({"build", "atomspast", "points", "--unit", "troll", "--json"});
  ASSERT_EQ(ran.code, 0) << ran.err;
  reply = build("points", {{"args", {{"unit", "troll"}}}});
  ASSERT_EQ(reply.status, 200) << reply.body;
  EXPECT_TRUE(reply.json["document"].is_null());
  EXPECT_EQ(reply.json["json"], nlohmann::json::parse(ran.out));
  EXPECT_EQ(server_.client().get("/api/documents").json.size(), 1u);  // nothing created

  EXPECT_TRUE(scratch_is_empty());
}

TEST_F(BuildRoutes, ExportAndImportThroughDocuments) {
  Reply reply = build("new", {{"args", {{"name", "Exported"}}}});
  ASSERT_EQ(reply.status, 200) << reply.body;
  const std::string id = reply.json["document"]["id"];
  ASSERT_EQ(build("add", {{"document", id}, {"args", {{"unit", "orc_warrior"}}}}).status, 200);
  reply = build("export", {{"document", id}, {"args", {{"format", "json"}}}});
  ASSERT_EQ(reply.status, 200) << reply.body;
  const std::string exported = reply.json["text"];
  EXPECT_NE(exported.find("Exported"), std::string::npos) << exported;

  reply = build("import", {{"args", {{"in", exported}}}});
  ASSERT_EQ(reply.status, 200) << reply.body;
  ASSERT_TRUE(reply.json["document"].is_object());
  EXPECT_NE(reply.json["document"]["id"], id);
  EXPECT_EQ(server_.client()
                .get("/api/documents/" + reply.json["document"]["id"].get<std::string>())
                .json["name"],
            "Exported");
  // No server path leaks into what the client reads.
  EXPECT_EQ(reply.body.find(scratch_.path().string()), std::string::npos) << reply.body;
  EXPECT_TRUE(scratch_is_empty());
}

// A field the builder's routes do not read is a 400 naming it, not ignored: a misspelt revision
// saved over whatever was there.
TEST_F(BuildRoutes, UnknownFieldsAreRefusedByName) {
  const Reply made = build("new", {{"args", {{"name", "Orcs"}}}});
  ASSERT_EQ(made.status, 200) << made.body;
  const std::string id = made.json["document"]["id"];
  const Reply add = build("add", {{"documnet", id}, {"args", {{"unit", "orc_warrior"}}}});
  expect_error(add, 400, "body.documnet");
  EXPECT_EQ(add.json["error"]["what"], "unknown field `documnet`; did you mean `document`?");
  // Another document an operation of the ruleset reads is a field of the body: known.
  expect_error(build("validate", {{"document", id}, {"colection", "1"}}), 400, "body.colection");
  EXPECT_EQ(build("validate", {{"document", id}, {"collection", nullptr}}).status, 200);
  expect_error(server_.client().post(
                   "/api/documents",
                   {{"ruleset", "atomspast"}, {"kind", "warband"}, {"nmae", "W"}, {"text", ""}}),
               400, "body.nmae");
  const Reply put =
      server_.client().put("/api/documents/" + id, {{"text", ""}, {"revison", 1}, {"name", "W"}});
  expect_error(put, 400, "body.revison");
  EXPECT_EQ(put.json["error"]["message"],
            "Unknown field `revison` in the request: did you mean `revision`?");
  EXPECT_EQ(server_.client().get("/api/documents/" + id).json["revision"],
            made.json["document"]["revision"]);  // nothing saved
}

TEST_F(BuildRoutes, BadRequestsSayWhereAndWhat) {
  const std::string id = build("new", {{"args", {{"name", "Orcs"}}}}).json["document"]["id"];
  expect_error(server_.client().post("/api/build/chess/new", nlohmann::json::object()), 404,
               "path");
  expect_error(build("fly", nlohmann::json::object()), 404, "path");
  expect_error(build("add", {{"document", "999"}, {"args", {{"unit", "orc_warrior"}}}}), 404,
               "body.document");
  expect_error(build("add", {{"document", id}, {"args", {{"unit", "no_such_unit"}}}}), 400,
               "body.args.unit");
  expect_error(
      build("add", {{"document", id}, {"args", {{"unit", "orc_warrior"}, {"count", "x"}}}}), 400,
      "body.args.count");
  expect_error(build("add", {{"document", id}, {"args", {{"unit", true}}}}), 400, "body.args.unit");
  expect_error(build("add", {{"document", id}, {"args", {{"content", "/etc"}}}}), 400,
               "body.args.content");
  expect_error(build("add", {{"document", id}, {"args", {{"file", "/etc/passwd"}}}}), 400,
               "body.args.file");
  expect_error(build("add", {{"document", id}, {"args", {{"bogus", 1}}}}), 400, "body.args.bogus");
  expect_error(build("add", {{"document", id}, {"args", {{"unit", {"a", "b"}}}}}), 400,
               "body.args.unit");
  expect_error(build("add", {{"document", 7}}), 400, "body.document");
  expect_error(build("add", {{"document", id}, {"revision", 0}}), 400, "body.revision");
  expect_error(build("weapons", {{"document", id}}), 400, "body.document");
  expect_error(build("add", {{"args", "unit=orc"}}), 400, "body.args");
  // A warband document of another ruleset.
  const std::string wizard =
      server_.client()
          .post("/api/documents",
                {{"ruleset", "spellweavers"}, {"kind", "wizard"}, {"name", "W"}, {"text", ""}})
          .json["id"];
  expect_error(build("validate", {{"document", wizard}}), 400, "body.document");
  // A document that is not a warband: the operation's own error, naming the document.
  const std::string junk = server_.client()
                               .post("/api/documents", {{"ruleset", "atomspast"},
                                                        {"kind", "warband"},
                                                        {"name", "Junk"},
                                                        {"text", "name = 3\n"}})
                               .json["id"];
  const Reply bad = build("validate", {{"document", junk}});
  EXPECT_EQ(bad.status, 400) << bad.body;
  EXPECT_EQ(bad.body.find(scratch_.path().string()), std::string::npos) << bad.body;
  EXPECT_TRUE(scratch_is_empty());
}

}  // namespace
}  // namespace warband::server

namespace warband::server {
namespace {

// Each ruleset declares its document kinds and what each option takes (core/builder.h): the
// server lists them, checks documents against them and names a created document's kind by them.
TEST(BuildRoutesDeclared, DocumentKindsComeFromTheRulesets) {
  testing::TestServer server;
  testing::Client& client = server.client();
  const Reply reply = client.get("/api/build");
  ASSERT_EQ(reply.status, 200) << reply.body;
  std::map<std::string, nlohmann::json> by_ruleset;
  for (const nlohmann::json& entry : reply.json)
    by_ruleset[entry["ruleset"]] = entry;
  std::vector<std::string> kinds;
  for (const nlohmann::json& document : by_ruleset["atomspast"]["documents"])
    kinds.push_back(document["kind"]);
  EXPECT_EQ(kinds, (std::vector<std::string>{"warband", "collection"}));
  ASSERT_EQ(by_ruleset["spellweavers"]["documents"].size(), 1u);
  EXPECT_EQ(by_ruleset["spellweavers"]["documents"][0]["kind"], "wizard");
  EXPECT_EQ(by_ruleset["spellweavers"]["documents"][0]["created_by"], "wizard-new");
  EXPECT_EQ(by_ruleset["spellweavers"]["documents"][0]["plays_as_side"], true);
  EXPECT_EQ(by_ruleset["atomspast"]["documents"][0]["plays_as_side"], true);
  EXPECT_EQ(by_ruleset["atomspast"]["documents"][1]["plays_as_side"], false);  // a collection
  std::map<std::string, nlohmann::json> operations;
  for (const nlohmann::json& operation : by_ruleset["atomspast"]["operations"])
    operations[operation["name"]] = operation;
  EXPECT_EQ(operations["new"]["kind"], "warband");
  EXPECT_EQ(operations["new"]["creates"], true);
  EXPECT_EQ(operations["collection-add"]["kind"], "collection");
  EXPECT_TRUE(operations["weapons"]["kind"].is_null());
  for (const nlohmann::json& option : operations["validate"]["options"]) {
    if (option["name"] == "collection") {
      EXPECT_EQ(option["kind"], "collection");
    }
  }
  for (const nlohmann::json& option : operations["import"]["options"]) {
    if (option["name"] == "in") {
      EXPECT_EQ(option["takes"], "text");
    }
  }

  // A kind another ruleset declares is not this one's.
  const Reply wrong =
      client.post("/api/documents",
                  {{"ruleset", "atomspast"}, {"kind", "wizard"}, {"name", "W"}, {"text", ""}});
  expect_error(wrong, 400, "body.kind");
  // The created document's kind is the operation's declaration, not a guess from its name.
  const Reply shelf = client.post("/api/build/atomspast/collection-add",
                                  {{"args", {{"miniature", "Plastic orc"}, {"count", 4}}}});
  ASSERT_EQ(shelf.status, 200) << shelf.body;
  const std::string id = shelf.json["document"]["id"];
  EXPECT_EQ(client.get("/api/documents/" + id).json["kind"], "collection");
  expect_error(client.post("/api/build/atomspast/collection-add",
                           {{"kind", "warband"}, {"args", {{"miniature", "Orc"}}}}),
               400, "body.kind");
  // A collection document where a warband is expected.
  expect_error(client.post("/api/build/atomspast/show", {{"document", id}}), 400, "body.document");

  // Spellweavers: a spell file's text is uploaded like an import.
  const Reply wizard = client.post("/api/build/spellweavers/wizard-new",
                                   {{"args", {{"name", "Ember"}, {"talent", "tetra-master"}}}});
  ASSERT_EQ(wizard.status, 200) << wizard.body;
  const Reply added =
      client.post("/api/build/spellweavers/wizard-add-spell",
                  {{"document", wizard.json["document"]["id"]},
                   {"args", {{"name", "Boom"}, {"spell-file", "effects = [\"damage:2\"]\n"}}}});
  ASSERT_EQ(added.status, 200) << added.body;
  EXPECT_NE(added.json["document"]["text"].get<std::string>().find("Boom"), std::string::npos);
  const Reply bad = client.post("/api/build/spellweavers/wizard-add-spell",
                                {{"document", wizard.json["document"]["id"]},
                                 {"args", {{"name", "Bad"}, {"spell-file", "effects = ["}}}});
  EXPECT_EQ(bad.status, 400) << bad.body;
  EXPECT_EQ(bad.json["error"]["where"].get<std::string>().rfind("args.spell-file:1", 0), 0u)
      << bad.body;
}

}  // namespace
}  // namespace warband::server

namespace warband::server {
namespace {

// GET /api/build/{ruleset}/samples: the files of content/<ruleset>/<kind>s/, to start from.
TEST_F(BuildRoutes, ServesTheShippedSamplesToStartFrom) {
  testing::Client& client = server_.client();
  Reply samples = client.get("/api/build/atomspast/samples");
  ASSERT_EQ(samples.status, 200) << samples.body;
  std::map<std::string, nlohmann::json> by_id;
  for (const nlohmann::json& sample : samples.json)
    by_id[sample["id"]] = sample;
  ASSERT_TRUE(by_id.count("toms_orcs")) << samples.body;
  ASSERT_TRUE(by_id.count("jerrys_elves")) << samples.body;
  EXPECT_EQ(by_id["toms_orcs"]["kind"], "warband");
  EXPECT_EQ(by_id["toms_orcs"]["name"], "Tom's Orcs");
  EXPECT_EQ(by_id["toms_orcs"]["text"],
            read_file_text(default_content_dir() + "/atomspast/warbands/toms_orcs.toml"));

  // Saved as a document, the sample is a legal list the builder edits.
  const Reply created = client.post("/api/documents", {{"ruleset", "atomspast"},
                                                       {"kind", "warband"},
                                                       {"name", by_id["toms_orcs"]["name"]},
                                                       {"text", by_id["toms_orcs"]["text"]}});
  ASSERT_EQ(created.status, 200) << created.body;
  const Reply checked = build("validate", {{"document", created.json["id"]}});
  ASSERT_EQ(checked.status, 200) << checked.body;
  EXPECT_EQ(checked.json["json"]["legal"], true) << checked.body;
  EXPECT_EQ(checked.json["json"]["points"], 1500);

  // Generic over rulesets: Spellweavers ships wizards; a ruleset without a builder is a 404.
  samples = client.get("/api/build/spellweavers/samples");
  ASSERT_EQ(samples.status, 200) << samples.body;
  ASSERT_FALSE(samples.json.empty());
  for (const nlohmann::json& sample : samples.json)
    EXPECT_EQ(sample["kind"], "wizard");
  // Conflict ships characters and warbands, each of its own kind.
  samples = client.get("/api/build/conflict/samples");
  ASSERT_EQ(samples.status, 200) << samples.body;
  std::map<std::string, int> conflict_kinds;
  for (const nlohmann::json& sample : samples.json)
    ++conflict_kinds[sample["kind"].get<std::string>()];
  EXPECT_GE(conflict_kinds["character"], 12) << samples.body;
  EXPECT_EQ(conflict_kinds["warband"], 2) << samples.body;
  // A Game ships decks, warbands and a campaign.
  samples = client.get("/api/build/agame/samples");
  ASSERT_EQ(samples.status, 200) << samples.body;
  std::map<std::string, int> agame_kinds;
  for (const nlohmann::json& sample : samples.json)
    ++agame_kinds[sample["kind"].get<std::string>()];
  EXPECT_EQ(agame_kinds, (std::map<std::string, int>{{"campaign", 1}, {"deck", 2}, {"warband", 2}}))
      << samples.body;
  expect_error(client.get("/api/build/toy/samples"), 404, "path");
  expect_error(client.get("/api/build/chess/samples"), 404, "path");
}

TEST(BuildSamples, ComeFromTheServersContentFolder) {
  testing::TempDir content;
  fs::create_directories(content.path() / "atomspast" / "warbands");
  std::ofstream(content.path() / "atomspast" / "warbands" / "b_list.toml") << "name = \"Bee\"\n";
  std::ofstream(content.path() / "atomspast" / "warbands" / "a_list.toml") << "id = \"a\"\n";
  std::ofstream(content.path() / "atomspast" / "warbands" / "notes.txt") << "not a list\n";
  testing::TestServer server(
      [&](ServerOptions& options) { options.content_dir = content.path().string(); });
  const Reply samples = server.client().get("/api/build/atomspast/samples");
  ASSERT_EQ(samples.status, 200) << samples.body;
  ASSERT_EQ(samples.json.size(), 2u) << samples.body;
  // Sorted by file; a file without its own name is called by its file name.
  EXPECT_EQ(samples.json[0]["id"], "a_list");
  EXPECT_EQ(samples.json[0]["name"], "a_list");
  EXPECT_EQ(samples.json[1]["name"], "Bee");
  EXPECT_EQ(samples.json[1]["text"], "name = \"Bee\"\n");
  // No wizards folder there: none.
  EXPECT_TRUE(server.client().get("/api/build/spellweavers/samples").json.empty());
}

// deck-fill and deck-copy over HTTP: copy takes the other list as body.from (a document id).
// A newcomer's stumbles: reports named the document by number ("Added Dwarven Defender to
// document 4."), errors quoted the command line's flags ("e.g. --profile ...") and A Game's
// mistyped profile had no did-you-mean.
TEST_F(BuildRoutes, ReportsAndErrorsSpeakAsTheForm) {
  testing::Client& client = server_.client();
  const Reply made = client.post("/api/build/agame/warband-new", {{"args", {{"name", "Hold"}}}});
  ASSERT_EQ(made.status, 200) << made.body;
  const std::string id = made.json["document"]["id"];
  ASSERT_EQ(client.get("/api/documents/" + id).json["name"], "Hold");

  const Reply added = client.post("/api/build/agame/warband-add",
                                  {{"document", id}, {"args", {{"profile", "Dwarven Defender"}}}});
  ASSERT_EQ(added.status, 200) << added.body;
  EXPECT_NE(added.json["text"].get<std::string>().find("Added Dwarven Defender to \"Hold\""),
            std::string::npos)
      << added.body;
  EXPECT_EQ(added.json["text"].get<std::string>().find("document " + id), std::string::npos)
      << added.body;

  const Reply missing =
      client.post("/api/build/agame/warband-add", {{"document", id}, {"args", {{"name", "Bo"}}}});
  expect_error(missing, 400, "body.args.profile");
  EXPECT_EQ(missing.json["error"]["message"], "Profile is required, e.g. \"Dwarven Defender\".")
      << missing.body;

  const Reply typo = client.post("/api/build/agame/warband-add",
                                 {{"document", id}, {"args", {{"profile", "Dwarven Defendr"}}}});
  expect_error(typo, 400, "body.args.profile");
  const std::string message = typo.json["error"]["message"];
  EXPECT_NE(message.find("Did you mean 'Dwarven Defender'?"), std::string::npos) << message;
}

TEST_F(BuildRoutes, FillsAndCopiesASpellDeck) {
  testing::Client& client = server_.client();
  const std::string orcs =
      client
          .post("/api/documents", {{"ruleset", "atomspast"},
                                   {"kind", "warband"},
                                   {"name", "Tom's Orcs"},
                                   {"text", read_file_text(default_content_dir() +
                                                           "/atomspast/warbands/toms_orcs.toml")}})
          .json["id"];
  Reply made = build("new", {{"args", {{"name", "Mine"}}}});
  ASSERT_EQ(made.status, 200) << made.body;
  const std::string mine = made.json["document"]["id"];

  Reply filled = build("deck-fill", {{"document", mine}, {"revision", 1}});
  ASSERT_EQ(filled.status, 200) << filled.body;
  EXPECT_EQ(filled.json["json"]["deck_cards"], 50) << filled.body;
  EXPECT_EQ(filled.json["document"]["revision"], 2);
  // A full deck has nothing to fill.
  expect_error(build("deck-fill", {{"document", mine}}), 400, "body.document");

  Reply copied = build("deck-copy", {{"document", mine}, {"from", orcs}});
  ASSERT_EQ(copied.status, 200) << copied.body;
  EXPECT_EQ(copied.json["json"]["deck_cards"], 50);
  EXPECT_EQ(copied.json["json"]["kon"]["spell"], "grafted_strike");  // none before: copied too
  const std::string text = copied.json["document"]["text"];
  EXPECT_NE(text.find("sinew_lash = 4"), std::string::npos) << text;
  expect_error(build("deck-copy", {{"document", mine}}), 400, "body.from");
  expect_error(build("deck-copy", {{"document", mine}, {"from", "nope"}}), 404, "body.from");
}

}  // namespace
}  // namespace warband::server
