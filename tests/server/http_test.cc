// The server's shared behaviour over real HTTP: health, rulesets, JSON errors, limits, the Host
// check, and the embedded assets.
#include <gtest/gtest.h>
#include <httplib.h>

#include <algorithm>

#include "core/error.h"
#include "server/assets.h"
#include "tests/support/api_error.h"
#include "tests/support/input_error.h"
#include "tests/support/test_server.h"

namespace warband::server {
namespace {

using testing::expect_error;
using testing::Reply;
using testing::TestServer;
using warband::testing::input_error;

TEST(Http, HealthNamesTheDatabaseAndSchema) {
  TestServer server;
  const Reply reply = server.client().get("/api/health");
  ASSERT_EQ(reply.status, 200) << reply.body;
  EXPECT_EQ(reply.content_type, "application/json");
  EXPECT_EQ(reply.json["ok"], true);
  EXPECT_EQ(reply.json["version"], "0.1.0");
  EXPECT_EQ(reply.json["db"], server.dir().file("warband.db"));
  EXPECT_EQ(reply.json["schema"], Store::kSchemaVersion);
}

TEST(Http, RulesetsSayWhatEachOffers) {
  TestServer server;
  const Reply reply = server.client().get("/api/rulesets");
  ASSERT_EQ(reply.status, 200) << reply.body;
  ASSERT_TRUE(reply.json.is_array());
  std::map<std::string, nlohmann::json> by_name;
  for (const nlohmann::json& entry : reply.json)
    by_name[entry["name"]] = entry;
  for (const char* name : {"agame", "atomspast", "conflict", "spellweavers"})
    ASSERT_TRUE(by_name.count(name)) << name << " missing from " << reply.body;

  const nlohmann::json& atomspast = by_name["atomspast"];
  EXPECT_EQ(atomspast["playable"], true);
  EXPECT_EQ(atomspast["builder"], true);
  EXPECT_EQ(atomspast["odds"], true);
  EXPECT_EQ(atomspast["balance"], true);
  EXPECT_EQ(atomspast["rules"], true);
  EXPECT_FALSE(atomspast["summary"].get<std::string>().empty());
  // Its new-game choices come from the built-in content.
  ASSERT_TRUE(atomspast["maps"].is_array()) << atomspast.dump();
  bool broken_hills = false;
  for (const nlohmann::json& map : atomspast["maps"])
    broken_hills = broken_hills || map["id"] == "broken_hills";
  EXPECT_TRUE(broken_hills) << atomspast["maps"].dump();
  bool toms_orcs = false;
  for (const nlohmann::json& warband : atomspast["warbands"])
    toms_orcs = toms_orcs || warband["id"] == "toms_orcs";
  EXPECT_TRUE(toms_orcs) << atomspast["warbands"].dump();

  const nlohmann::json& conflict = by_name["conflict"];
  EXPECT_EQ(conflict["playable"], true);  // on the inch tabletop
  EXPECT_EQ(conflict["builder"], true);   // characters and warbands
  ASSERT_EQ(conflict["documents"].size(), 2u);
  EXPECT_EQ(conflict["documents"][0]["kind"], "character");
  EXPECT_EQ(conflict["documents"][0]["suffix"], ".character.toml");
  // The operations on each kind, so that the browser opens it in a page that knows them.
  EXPECT_NE(std::find(conflict["documents"][0]["operations"].begin(),
                      conflict["documents"][0]["operations"].end(), "character-validate"),
            conflict["documents"][0]["operations"].end());
  EXPECT_EQ(conflict["odds"], true);
  // Its set-up choices: the three shipped tables and the two shipped warbands.
  ASSERT_TRUE(conflict["maps"].is_array()) << conflict.dump();
  EXPECT_EQ(conflict["maps"].size(), 3u);
  EXPECT_EQ(conflict["warbands"].size(), 2u);
  EXPECT_EQ(conflict["table_kind"], "tabletop");

  EXPECT_EQ(by_name["spellweavers"]["builder"], true);
  EXPECT_EQ(by_name["spellweavers"]["playable"], true);
  EXPECT_EQ(by_name["spellweavers"]["table_kind"], "grid");
  EXPECT_FALSE(by_name["spellweavers"]["maps"].empty()) << by_name["spellweavers"].dump();

  // What a front end needs to show each without naming it in its code.
  EXPECT_EQ(atomspast["title"], "AtomsPast");
  EXPECT_EQ(by_name["agame"]["title"], "A Game");
  EXPECT_EQ(atomspast["table_kind"], "grid");
  EXPECT_EQ(atomspast["default_map"], "broken_hills");
  // One ruleset is the newcomer's start, whatever the others come to offer.
  int suggested = 0;
  for (const nlohmann::json& ruleset : reply.json)
    suggested += ruleset["suggested_first"] == true ? 1 : 0;
  EXPECT_EQ(suggested, 1);
  EXPECT_EQ(atomspast["suggested_first"], true);
  EXPECT_EQ(atomspast["odds_example"], nlohmann::json({{"skill", "3"}, {"dice", "4"}}));
  EXPECT_EQ(conflict["odds_example"], nlohmann::json::object());
  EXPECT_EQ(conflict["default_map"], "open_ground");
  ASSERT_EQ(atomspast["documents"].size(), 2u);
  EXPECT_EQ(atomspast["documents"][0]["kind"], "warband");
  EXPECT_EQ(atomspast["documents"][1]["kind"], "collection");
  EXPECT_EQ(by_name["spellweavers"]["documents"][0]["kind"], "wizard");
  // AtomsPast's parameter spec: every named number of parameters.toml, with its range.
  const nlohmann::json& parameters = atomspast["parameters"];
  ASSERT_TRUE(parameters.is_array());
  const auto turn_limit =
      std::find_if(parameters.begin(), parameters.end(),
                   [](const nlohmann::json& spec) { return spec["name"] == "turn_limit"; });
  ASSERT_NE(turn_limit, parameters.end()) << parameters.dump();
  EXPECT_EQ(*turn_limit, nlohmann::json({{"name", "turn_limit"},
                                         {"type", "int"},
                                         {"default", 20},
                                         {"min", 1},
                                         {"max", 200},
                                         {"doc",
                                          "Rounds before the game is scored on points "
                                          "destroyed"}}));
}

TEST(Http, UnknownApiPathsAreJson404s) {
  TestServer server;
  expect_error(server.client().get("/api/nothing-here"), 404, "path");
  expect_error(server.client().get("/api"), 404, "path");
  expect_error(server.client().del("/api/health"), 404, "path");
  expect_error(server.client().post("/api/nothing-here", {{"a", 1}}), 404, "path");
}

// A method no route serves is 405 with the methods that are, at any path: it was "nothing is at
// OPTIONS /api/games" (404), as if the path were wrong.
TEST(Http, MethodsNoRouteServesAre405) {
  TestServer server;
  httplib::Client client("127.0.0.1", server.port());
  const auto expect_405 = [](const httplib::Result& result) {
    ASSERT_TRUE(result);
    EXPECT_EQ(result->status, 405) << result->body;
    EXPECT_EQ(result->get_header_value("Allow"), "GET, HEAD, POST, PUT, DELETE");
    const nlohmann::json error = nlohmann::json::parse(result->body)["error"];
    EXPECT_EQ(error["where"], "request");
    EXPECT_NE(error["what"].get<std::string>().find("is not served here"), std::string::npos);
  };
  expect_405(client.Options("/api/games"));
  expect_405(client.Patch("/api/games/1", "{}", "application/json"));
  expect_405(client.Options("/api/nothing-here"));
  // HEAD is GET without the body.
  const httplib::Result head = client.Head("/api/health");
  ASSERT_TRUE(head);
  EXPECT_EQ(head->status, 200);
  EXPECT_TRUE(head->body.empty());
}

TEST(Http, BodiesOverTheCapAre413) {
  TestServer server([](ServerOptions& options) { options.max_body = 1000; });
  const std::string big = nlohmann::json{{"text", std::string(5000, 'x')}}.dump();
  expect_error(server.client().post_raw("/api/documents", big, "application/json"), 413, "body");
  // The server is still fine afterwards.
  EXPECT_EQ(server.client().get("/api/health").status, 200);
}

TEST(Http, BodiesThatAreNotJsonAre415) {
  TestServer server;
  // What a cross-site HTML form can send.
  for (const char* type :
       {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"})
    expect_error(server.client().post_raw("/api/documents", "a=1", type), 415,
                 "header.Content-Type");
  // The media type is compared without its parameters and case.
  const Reply charset =
      server.client().post_raw("/api/nothing", "{}", "Application/JSON; charset=utf-8");
  expect_error(charset, 404, "path");  // past the type check, to routing
}

TEST(Http, OnlyLoopbackNamesMayTalkToALoopbackServer) {
  TestServer server;
  for (const char* host : {"evil.example", "evil.example:8080", "localhost.evil.example",
                           "127.0.0.1.evil.example", ""}) {
    const Reply reply = server.client().get("/api/health", {{"Host", host}});
    expect_error(reply, 403, "header.Host");
  }
  for (const std::string& host :
       {std::string("localhost"), "localhost:" + std::to_string(server.port()),
        std::string("127.0.0.1:1"), std::string("[::1]:8080"), std::string("LOCALHOST")}) {
    const Reply reply = server.client().get("/api/health", {{"Host", host}});
    EXPECT_EQ(reply.status, 200) << host << ": " << reply.body;
  }
  // The check comes before anything else, assets included.
  expect_error(server.client().get("/", {{"Host", "evil.example"}}), 403, "header.Host");
}

TEST(Http, ParseBodyAndBodyFieldsNameWhatIsWrong) {
  // The readers themselves are tested in tests/core/json_fields_test.cc; here, what the server
  // adds: parse errors at "body", fields at "body.FIELD", null as absent.
  httplib::Request request;
  request.body = "{\"skill\": ";
  try {
    parse_body(request);
    FAIL();
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "body");
    EXPECT_NE(error.problem().find("not valid JSON"), std::string::npos) << error.problem();
  }
  request.body = "[1, 2]";
  EXPECT_EQ(input_error([&] { parse_body(request); }), "body: expected an object, got an array");
  request.body = "";
  EXPECT_EQ(input_error([&] { parse_body(request); }), "body: is empty; expected a JSON object");
  request.body = R"({"name": "Orcs", "skill": 3, "big": 9007199254740993, "real": 2.5,
                     "whole": 4.0, "neg": -2, "null": null, "huge": 1e300, "tiny": -1e300})";
  const nlohmann::json json = parse_body(request);
  const JsonFields body = body_fields(json);
  EXPECT_EQ(body.string("name"), "Orcs");
  EXPECT_EQ(body.integer("skill", 1, 6), 3);
  EXPECT_EQ(body.integer("whole", 1, 6), 4);
  EXPECT_EQ(body.optional_integer("absent", 1, 6), std::nullopt);
  EXPECT_EQ(body.optional_integer("null", 1, 6), std::nullopt);
  EXPECT_EQ(body.optional_string("absent"), std::nullopt);
  auto expect_where = [](const std::function<void()>& read, const std::string& where) {
    try {
      read();
      FAIL() << "no error at " << where;
    } catch (const InputError& error) {
      EXPECT_EQ(error.where(), where);
    }
  };
  expect_where([&] { body.integer("skill", 4, 6); }, "body.skill");
  expect_where([&] { body.integer("name", 1, 6); }, "body.name");
  expect_where([&] { body.integer("real", 1, 6); }, "body.real");
  expect_where([&] { body.integer("big", 0, 1000); }, "body.big");
  expect_where([&] { body.integer("neg", 0, 1000); }, "body.neg");
  expect_where([&] { body.integer("huge", 0, 1000); }, "body.huge");
  expect_where([&] { body.integer("tiny", 0, 1000); }, "body.tiny");
  expect_where([&] { body.integer("absent", 0, 1000); }, "body.absent");
  expect_where([&] { body.integer("null", 0, 1000); }, "body.null");
  expect_where([&] { body.string("skill"); }, "body.skill");
  expect_where([&] { body.string("absent"); }, "body.absent");
}

// A body nesting arrays 100,000 deep in a field the route keeps (a balance run's content
// override, stored with the job) crashed the server: nlohmann copies, writes and frees nested
// values by recursion, past the end of the thread's stack. Past 64 levels a body is refused
// before it is parsed; brackets inside strings do not count.
TEST(Http, DeeplyNestedBodiesAreRefusedBeforeParsing) {
  httplib::Request request;
  const auto nested = [](int depth, const std::string& inside) {
    return "{\"set\": " + std::string(depth - 1, '[') + inside + std::string(depth - 1, ']') + "}";
  };
  request.body = nested(64, "1");
  EXPECT_NO_THROW(parse_body(request));
  request.body = nested(64, "\"[[[{{{\\\"[[[\"");  // brackets in a string, an escaped quote
  EXPECT_NO_THROW(parse_body(request));
  request.body = nested(65, "1");
  EXPECT_EQ(input_error([&] { parse_body(request); }),
            "body: nests arrays and objects more than 64 deep; no request needs that many");

  TestServer server;
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const std::string body = R"({"ruleset": "atomspast", "games": 1, "threads": 1, "setup": )"
                           R"({"content_overrides": {"units.orc_warrior.wounds": )" +
                           deep + "}}}";
  expect_error(server.client().post_raw("/api/balance", body, "application/json"), 400, "body");
  EXPECT_EQ(server.client().get("/api/health").status, 200);  // still serving
}

TEST(Http, QueryIntChecksRangeAndForm) {
  httplib::Request request;
  request.params.emplace("step", "12");
  request.params.emplace("bad", "12abc");
  request.params.emplace("negative", "-3");
  EXPECT_EQ(query_int(request, "step", 0, 100), 12);
  EXPECT_EQ(query_int(request, "absent", 0, 100), std::nullopt);
  for (const char* name : {"bad", "negative"}) {
    try {
      query_int(request, name, 0, 100);
      FAIL() << name;
    } catch (const ApiError& error) {
      EXPECT_EQ(error.status(), 400);
      EXPECT_EQ(error.where(), std::string("query.") + name);
    }
  }
}

TEST(Http, JsonEndpointsAnswerErrorsAsJson) {
  const auto endpoint = [](JsonHandler handler, const std::string& body = "") {
    httplib::Request request;
    request.body = body;
    httplib::Response response;
    json_endpoint(std::move(handler))(request, response);
    return std::make_pair(response.status, nlohmann::json::parse(response.body));
  };
  auto [status, body] = endpoint([](const httplib::Request&) -> nlohmann::json {
    throw InputError("--skill", "must be a whole number from 1 to 6, got 0");
  });
  EXPECT_EQ(status, 400);
  EXPECT_EQ(body, error_json(400, "--skill", "must be a whole number from 1 to 6, got 0"));

  std::tie(status, body) = endpoint([](const httplib::Request&) -> nlohmann::json {
    throw ApiError(409, "body.revision", "is 3; the document is at 4");
  });
  EXPECT_EQ(status, 409);
  EXPECT_EQ(body["error"]["where"], "body.revision");

  std::tie(status, body) = endpoint([](const httplib::Request&) -> nlohmann::json {
    throw std::logic_error("broken invariant");
  });
  EXPECT_EQ(status, 500);
  EXPECT_NE(body["error"]["what"].get<std::string>().find("broken invariant"), std::string::npos);

  std::tie(status, body) =
      endpoint([](const httplib::Request& request) { return parse_body(request); }, "{\"a\": tru}");
  EXPECT_EQ(status, 400);
  EXPECT_EQ(body["error"]["where"], "body");

  std::tie(status, body) = endpoint([](const httplib::Request&) {
    return nlohmann::json{{"ok", true}};
  });
  EXPECT_EQ(status, 200);
  EXPECT_EQ(body["ok"], true);
}

TEST(Http, ServesTheEmbeddedApp) {
  TestServer server;
  const Reply index = server.client().get("/");
  ASSERT_EQ(index.status, 200);
  EXPECT_EQ(index.content_type, "text/html; charset=utf-8");
  EXPECT_NE(index.body.find("Warband"), std::string::npos);
  EXPECT_EQ(server.client().get("/index.html").body, index.body);

  // index.html starts the app (main.js); the router loads the views, modules of their own.
  EXPECT_NE(index.body.find("/main.js"), std::string::npos);
  const Reply script = server.client().get("/router.js");
  ASSERT_EQ(script.status, 200);
  EXPECT_EQ(script.content_type, "text/javascript; charset=utf-8");
  EXPECT_NE(script.body.find("./views/home.js"), std::string::npos);
  const Reply home = server.client().get("/views/home.js");
  ASSERT_EQ(home.status, 200);
  EXPECT_EQ(home.content_type, "text/javascript; charset=utf-8");
  EXPECT_NE(home.body.find("/api/rulesets"), std::string::npos);

  // Every embedded file is served, byte for byte.
  ASSERT_FALSE(embedded_assets().empty());
  for (const Asset& asset : embedded_assets()) {
    const Reply reply = server.client().get(std::string(asset.path));
    EXPECT_EQ(reply.status, 200) << asset.path;
    EXPECT_EQ(reply.body, asset.bytes) << asset.path;
    EXPECT_EQ(reply.content_type, asset.content_type) << asset.path;
  }
}

TEST(Http, NoAssetPathReachesTheFileSystem) {
  TestServer server;
  for (const char* path :
       {"/nothing.js", "/..%2f..%2fetc/passwd", "/%2e%2e%5c%2e%2e%5cetc%5cpasswd", "/%2e%2e%5c",
        "/../../etc/passwd", "/..%2F..%2F..%2Fetc%2Fpasswd", "/web/index.html",
        "/%2e%2e/CMakeLists.txt", "/index.html%00.txt", "//etc/passwd", "/./index.html/"}) {
    const Reply reply = server.client().get(path);
    EXPECT_EQ(reply.status, 404) << path << ": " << reply.body.substr(0, 200);
    EXPECT_EQ(reply.content_type, "application/json") << path;
    EXPECT_EQ(reply.body.find("root:"), std::string::npos) << path;
  }
}

}  // namespace
}  // namespace warband::server
