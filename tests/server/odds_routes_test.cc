// GET /api/odds and POST /api/odds/{ruleset}: the CLI's odds, over HTTP.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/api_error.h"
#include "tests/support/designer_unit.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/test_files.h"
#include "tests/support/test_server.h"

namespace warband::server {
namespace {

using testing::expect_error;
using testing::Reply;
using testing::TempDir;
using testing::TestServer;

TEST(OddsRoutes, ListsEveryQueryWithItsOptions) {
  TestServer server;
  const Reply reply = server.client().get("/api/odds");
  ASSERT_EQ(reply.status, 200) << reply.body;
  std::map<std::string, nlohmann::json> by_ruleset;
  for (const nlohmann::json& entry : reply.json)
    by_ruleset[entry["ruleset"]] = entry;
  for (const char* ruleset : {"agame", "atomspast", "conflict", "spellweavers"})
    ASSERT_TRUE(by_ruleset.count(ruleset)) << ruleset;
  const nlohmann::json& options = by_ruleset["atomspast"]["options"];
  ASSERT_FALSE(options.empty());
  EXPECT_EQ(options[0]["name"], "skill");
  EXPECT_EQ(options[0]["flag"], false);
  bool charge_is_flag = false;
  for (const nlohmann::json& option : options)
    if (option["name"] == "charge") charge_is_flag = option["flag"];
  EXPECT_TRUE(charge_is_flag);
}

TEST(OddsRoutes, GroupsOptionsByQuestionAndOffersUnitsToPick) {
  TestServer server;
  const Reply reply = server.client().get("/api/odds");
  ASSERT_EQ(reply.status, 200) << reply.body;
  nlohmann::json atomspast;
  for (const nlohmann::json& entry : reply.json)
    if (entry["ruleset"] == "atomspast") atomspast = entry;
  std::set<std::string> option_names;
  nlohmann::json attacker;
  for (const nlohmann::json& option : atomspast["options"]) {
    option_names.insert(option["name"]);
    if (option["name"] == "attacker") attacker = option;
  }
  std::vector<std::string> titles;
  std::set<std::string> grouped;
  for (const nlohmann::json& question : atomspast["questions"]) {
    titles.push_back(question["title"]);
    for (const std::string name : question["options"]) {
      EXPECT_TRUE(option_names.count(name)) << name << " is not an option";
      grouped.insert(name);
    }
  }
  EXPECT_EQ(titles, (std::vector<std::string>{"A roll", "An attack between two units", "A Cast"}));
  EXPECT_EQ(grouped, option_names);  // every option belongs to a question
  // The attacker is picked from the content's units: the Orc Warrior among them, by id and name.
  bool orc_warrior = false;
  for (const nlohmann::json& choice : attacker["choices"])
    orc_warrior |= choice["value"] == "orc_warrior" && choice["label"] == "Orc Warrior";
  EXPECT_TRUE(orc_warrior) << attacker.dump();
  bool spell_offered = false;
  for (const nlohmann::json& option : atomspast["options"])
    if (option["name"] == "spell")
      for (const nlohmann::json& choice : option["choices"])
        spell_offered |= choice["value"] == "grafted_strike";
  EXPECT_TRUE(spell_offered);
}

// Every ruleset's questions ask only options its query declares.
TEST(OddsRoutes, EveryQuestionAsksDeclaredOptions) {
  TestServer server;
  const Reply reply = server.client().get("/api/odds");
  ASSERT_EQ(reply.status, 200) << reply.body;
  std::map<std::string, std::size_t> questions;
  for (const nlohmann::json& entry : reply.json) {
    std::set<std::string> names;
    for (const nlohmann::json& option : entry["options"])
      names.insert(option["name"]);
    for (const nlohmann::json& question : entry["questions"])
      for (const std::string name : question["options"])
        EXPECT_TRUE(names.count(name)) << entry["ruleset"] << ": " << name;
    questions[entry["ruleset"]] = entry["questions"].size();
  }
  EXPECT_EQ(questions["atomspast"], 3u);
  EXPECT_EQ(questions["spellweavers"], 5u);
  EXPECT_EQ(questions["conflict"], 3u);
  EXPECT_EQ(questions["agame"], 2u);
}

// A question's example is what a form starts on: it gives only the question's options and
// computes; a choice offered only with another option names a declared option and value.
TEST(OddsRoutes, EveryQuestionsExampleComputesAndChoicesDependOnDeclaredOptions) {
  TestServer server;
  const Reply reply = server.client().get("/api/odds");
  ASSERT_EQ(reply.status, 200) << reply.body;
  int examples = 0;
  for (const nlohmann::json& entry : reply.json) {
    const std::string ruleset = entry["ruleset"];
    std::map<std::string, std::set<std::string>> values;
    for (const nlohmann::json& option : entry["options"]) {
      EXPECT_FALSE(option["label"].get<std::string>().empty()) << ruleset;
      for (const nlohmann::json& choice : option.value("choices", nlohmann::json::array()))
        values[option["name"]].insert(choice["value"].get<std::string>());
    }
    for (const nlohmann::json& option : entry["options"])
      for (const nlohmann::json& choice : option.value("choices", nlohmann::json::array())) {
        if (choice.contains("only_with")) {
          EXPECT_TRUE(values[choice["only_with"]["option"]].count(choice["only_with"]["value"]))
              << ruleset << ": " << choice.dump();
        }
      }
    for (const nlohmann::json& question : entry["questions"]) {
      const nlohmann::json& example = question["example"];
      if (example.empty()) continue;
      ++examples;
      const std::set<std::string> asked(question["options"].begin(), question["options"].end());
      for (const auto& [name, value] : example.items())
        EXPECT_TRUE(asked.count(name)) << ruleset << " " << question["title"] << ": " << name;
      const Reply answer = server.client().post("/api/odds/" + ruleset, {{"args", example}});
      EXPECT_EQ(answer.status, 200) << ruleset << " " << question["title"] << ": " << answer.body;
    }
  }
  EXPECT_GE(examples, 4);  // conflict's two and agame's two at least
}

// A flag in an example is a JSON true, what the server's own flag reader takes: main sent the
// text "true", which POST refused, so the Poison question opened with nothing ticked.
TEST(OddsRoutes, AFlagInAnExampleIsAJsonTrue) {
  TestServer server;
  const Reply reply = server.client().get("/api/odds");
  ASSERT_EQ(reply.status, 200) << reply.body;
  int flags = 0;
  for (const nlohmann::json& entry : reply.json) {
    std::set<std::string> flag_names;
    for (const nlohmann::json& option : entry["options"])
      if (option["flag"].get<bool>()) flag_names.insert(option["name"].get<std::string>());
    for (const nlohmann::json& question : entry["questions"])
      for (const auto& [name, value] : question["example"].items()) {
        if (!flag_names.count(name)) continue;
        ++flags;
        EXPECT_EQ(value, true) << entry["ruleset"] << " " << question["title"] << ": " << name;
      }
  }
  EXPECT_GE(flags, 1);
  const Reply poison = server.client().post("/api/odds/spellweavers",
                                            {{"args", {{"poison", true}, {"turns", "3"}}}});
  EXPECT_EQ(poison.status, 200) << poison.body;
  const Reply text = server.client().post("/api/odds/spellweavers",
                                          {{"args", {{"poison", "true"}, {"turns", "3"}}}});
  EXPECT_EQ(text.status, 400) << text.body;
}

// An option a form empties when another changes names declared options: A Game's dice typed for
// one attack are emptied when the attacker or the attack changes (Claw allows 1, Vicious Stab 2).
TEST(OddsRoutes, AnOptionIsResetByDeclaredOptions) {
  TestServer server;
  const Reply reply = server.client().get("/api/odds");
  ASSERT_EQ(reply.status, 200) << reply.body;
  std::map<std::string, nlohmann::json> agame_reset_by;
  for (const nlohmann::json& entry : reply.json) {
    std::set<std::string> names;
    for (const nlohmann::json& option : entry["options"])
      names.insert(option["name"]);
    for (const nlohmann::json& option : entry["options"]) {
      for (const std::string name : option.value("reset_by", nlohmann::json::array()))
        EXPECT_TRUE(names.count(name)) << entry["ruleset"] << ": " << option.dump();
      if (entry["ruleset"] == "agame" && option.contains("reset_by"))
        agame_reset_by[option["name"]] = option["reset_by"];
    }
  }
  EXPECT_EQ(agame_reset_by["dice"], nlohmann::json({"attacker", "attack"}));
  EXPECT_EQ(agame_reset_by["dodge-dice"], nlohmann::json({"defender"}));
  EXPECT_EQ(agame_reset_by.size(), 2u);
}

// An option a ruleset labels is named by its label in the sentence a person reads.
TEST(OddsRoutes, LabelledOptionsNameTheirErrorsInWords) {
  TestServer server;
  const auto message_of = [&](const std::string& ruleset, const nlohmann::json& args,
                              const std::string& field) {
    const Reply reply = server.client().post("/api/odds/" + ruleset, {{"args", args}});
    EXPECT_EQ(reply.status, 400) << reply.body;
    EXPECT_EQ(reply.json["error"]["field"], field) << reply.body;
    return reply.json["error"]["message"].get<std::string>();
  };
  EXPECT_EQ(message_of("conflict", {{"attack", "x"}, {"defense", 1}}, "body.args.attack"),
            "Attack Strength must be a whole number from -1000 to 1000 (you typed x).");
  EXPECT_EQ(message_of("conflict", {{"attack", 3}}, "body.args.defense"),
            "Resistance is missing: an attack needs both the attacker's Attack Strength and the "
            "defender's Resistance.");
  EXPECT_EQ(message_of("conflict", {{"gone", "AS,ZZ"}}, "body.args.gone"),
            "The list of cards gone names an unknown card 'ZZ'; the cards are A, 2, 3, J of "
            "S/H/D/C, RJ, BJ.");
  EXPECT_EQ(message_of("agame",
                       {{"attacker", "Orc"}, {"attack", "Bite"}, {"defender", "Dwarven Defender"}},
                       "body.args.attacker"),
            "Attacker names 'Orc', which is not a model; the models are 'Vampire Swordfighter', "
            "'Great Ram of Shamborga', 'Dwarven Defender', 'Wizard from the Halls of Dolion', "
            "'Shieldwall Sergeant', 'Cave Troll', 'Orc Berserker', 'Temple Healer', 'War "
            "Drummer', 'Elven Archer', 'Goblin Skirmisher', 'Iron Warden'.");
  EXPECT_EQ(
      message_of("agame", {{"attack-dice", 3}, {"chance", 11}, {"resistance", 5}, {"damage", 1}},
                 "body.args.chance"),
      "Chance of success must be a whole number from 1 to 10 (you typed 11).");
}

TEST(OddsRoutes, ASpellPickedByNameIsCastAgainstItsCardsAcTi) {
  TestServer server;
  Reply by_spell = server.client().post("/api/odds/atomspast",
                                        {{"args", {{"spell", "grafted_strike"}, {"channels", 1}}}});
  ASSERT_EQ(by_spell.status, 200) << by_spell.body;
  // Grafted Strike's card has AcTi 6 (content/atomspast/spells.toml).
  Reply by_acti =
      server.client().post("/api/odds/atomspast", {{"args", {{"acti", 6}, {"channels", 1}}}});
  ASSERT_EQ(by_acti.status, 200) << by_acti.body;
  EXPECT_EQ(by_spell.json["outcomes"], by_acti.json["outcomes"]);
  EXPECT_EQ(by_spell.json["title"], "Grafted Strike: " + by_acti.json["title"].get<std::string>());

  const Reply unknown =
      server.client().post("/api/odds/atomspast", {{"args", {{"spell", "Fireballz"}}}});
  EXPECT_EQ(unknown.status, 400) << unknown.body;
  EXPECT_EQ(unknown.json["error"]["field"], "body.args.spell");
}

TEST(OddsRoutes, AnswersWhatTheCliPrintsPlusTheChart) {
  TestServer server;
  TempDir dir;
  const std::string chart = dir.file("chart.svg");
  const cli::Ran cli = cli::warband({"odds", "atomspast", "--skill", "3", "--dice", "4", "--json",
                                     "--svg", chart, "--samples", "2000", "--seed", "7"});
  ASSERT_EQ(cli.code, 0) << cli.err;
  // Numbers and strings alike, as a form would send them.
  const Reply reply = server.client().post(
      "/api/odds/atomspast",
      {{"args", {{"skill", 3}, {"dice", "4"}}}, {"samples", 2000}, {"seed", 7}});
  ASSERT_EQ(reply.status, 200) << reply.body;
  nlohmann::json answer = reply.json;
  EXPECT_EQ(answer["svg"], read_file_text(chart));
  answer.erase("svg");
  EXPECT_EQ(answer, nlohmann::json::parse(cli.out));
  EXPECT_EQ(answer["monte_carlo"]["samples"], 2000);
}

// The figures as the ruleset orders them (a JSON object's keys arrive sorted): Conflict's chance
// of a hit first, then the mean damage, then the suit effects, as the CLI prints them.
TEST(OddsRoutes, FiguresComeWithTheirReadingOrder) {
  TestServer server;
  const Reply reply = server.client().post(
      "/api/odds/conflict", {{"args", {{"attack", 3}, {"defense", 2}, {"target-suit", "hearts"}}}});
  ASSERT_EQ(reply.status, 200) << reply.body;
  const nlohmann::json& order = reply.json["figure_order"];
  ASSERT_EQ(order.size(), 4u) << reply.body;
  EXPECT_EQ(order[0], "P(hit)");
  EXPECT_EQ(order[1], "E[damage]");
  EXPECT_EQ(order[2].get<std::string>().rfind("P(hit with a card matching", 0), 0u);
  for (const auto& name : order)
    EXPECT_TRUE(reply.json["figures"].contains(name.get<std::string>())) << name;
}

TEST(OddsRoutes, FlagsAreBooleans) {
  TestServer server;
  const nlohmann::json attack = {{"attacker", "Orc Warrior"}, {"target", "Footmen"}};
  const cli::Ran charge = cli::warband({"odds", "atomspast", "--attacker", "Orc Warrior",
                                        "--target", "Footmen", "--charge", "--json"});
  ASSERT_EQ(charge.code, 0) << charge.err;
  nlohmann::json with_charge = attack;
  with_charge["charge"] = true;
  Reply reply = server.client().post("/api/odds/atomspast", {{"args", with_charge}});
  ASSERT_EQ(reply.status, 200) << reply.body;
  reply.json.erase("svg");
  EXPECT_EQ(reply.json, nlohmann::json::parse(charge.out));

  // false is the flag left out.
  const cli::Ran plain = cli::warband(
      {"odds", "atomspast", "--attacker", "Orc Warrior", "--target", "Footmen", "--json"});
  nlohmann::json without = attack;
  without["charge"] = false;
  reply = server.client().post("/api/odds/atomspast", {{"args", without}});
  ASSERT_EQ(reply.status, 200) << reply.body;
  reply.json.erase("svg");
  EXPECT_EQ(reply.json, nlohmann::json::parse(plain.out));

  with_charge["charge"] = "yes";
  expect_error(server.client().post("/api/odds/atomspast", {{"args", with_charge}}), 400,
               "body.args.charge");
}

TEST(OddsRoutes, AnUnknownFieldIsRefusedByName) {
  TestServer server;
  const Reply typo = server.client().post(
      "/api/odds/atomspast", {{"args", {{"skill", 3}, {"dice", 4}}}, {"sample", 1000}});
  expect_error(typo, 400, "body.sample");
  EXPECT_EQ(typo.json["error"]["message"],
            "Unknown field `sample` in the request: did you mean `samples`?");
}

TEST(OddsRoutes, BadInputNamesTheField) {
  TestServer server;
  auto post = [&](const nlohmann::json& body) {
    return server.client().post("/api/odds/atomspast", body);
  };
  const Reply zero = post({{"args", {{"skill", 0}, {"dice", 4}}}});
  expect_error(zero, 400, "body.args.skill");
  EXPECT_NE(zero.json["error"]["what"].get<std::string>().find("got 0"), std::string::npos)
      << zero.body;
  // A person reads a sentence about their input; the path stays in `field` for tools.
  EXPECT_EQ(zero.json["error"]["message"],
            "Skill must be a whole number from 1 to 6 (you typed 0).")
      << zero.body;
  EXPECT_EQ(zero.json["error"]["field"], "body.args.skill") << zero.body;
  expect_error(post({{"args", {{"skill", "three"}, {"dice", 4}}}}), 400, "body.args.skill");
  expect_error(post({{"args", {{"skill", 2.5}, {"dice", 4}}}}), 400, "body.args.skill");
  expect_error(post({{"args", {{"skill", {1, 2}}, {"dice", 4}}}}), 400, "body.args.skill");
  expect_error(post({{"args", {{"bogus", 1}}}}), 400, "body.args.bogus");
  expect_error(post({{"args", "skill=3"}}), 400, "body.args");
  expect_error(post({{"args", {{"skill", 3}, {"dice", 4}}}, {"samples", -1}}), 400, "body.samples");
  expect_error(post({{"args", {{"skill", 3}, {"dice", 4}}}, {"samples", 1'000'001}}), 400,
               "body.samples");
  expect_error(post({{"args", {{"skill", 3}, {"dice", 4}}}, {"seed", "x"}}), 400, "body.seed");
  expect_error(server.client().post_raw("/api/odds/atomspast", "{\"args\": ", "application/json"),
               400, "body");
  expect_error(server.client().post("/api/odds/nosuch", {{"args", nlohmann::json::object()}}), 404,
               "path");
}

TEST(OddsRoutes, EveryRulesetAnswersItsDefaultQuery) {
  TestServer server;
  // conflict with no options is its two-card table; the others need a few.
  const std::map<std::string, nlohmann::json> queries = {
      {"conflict", nlohmann::json::object()},
      {"atomspast", {{"skill", 4}, {"dice", 3}}},
  };
  for (const auto& [ruleset, args] : queries) {
    const Reply reply = server.client().post("/api/odds/" + ruleset, {{"args", args}});
    ASSERT_EQ(reply.status, 200) << ruleset << ": " << reply.body;
    EXPECT_EQ(reply.json["ruleset"], ruleset);
    EXPECT_FALSE(reply.json["outcomes"].empty());
    EXPECT_EQ(reply.json["svg"].get<std::string>().rfind("<svg", 0), 0u) << ruleset;
  }
}

// An option without a label of its own is shown by its name's words, not as typed on the command
// line ("damage-dice").
TEST(OddsRoutes, AnOptionWithoutALabelIsNamedInWords) {
  TestServer server;
  const Reply reply = server.client().get("/api/odds");
  ASSERT_EQ(reply.status, 200) << reply.body;
  std::map<std::string, std::string> labels;
  for (const nlohmann::json& entry : reply.json)
    for (const nlohmann::json& option : entry["options"])
      labels[entry["ruleset"].get<std::string>() + "." + option["name"].get<std::string>()] =
          option["label"];
  EXPECT_EQ(labels["spellweavers.damage-dice"], "Damage dice");
  EXPECT_EQ(labels["atomspast.skill"], "Skill");
  for (const auto& [name, label] : labels)
    EXPECT_EQ(label.find('-'), std::string::npos) << name;
}

// The pickers offer the content as it is now: a unit added while the server runs is offered.
TEST(OddsRoutes, ThePickersOfferAUnitAddedWhileTheServerRuns) {
  const ScratchFolder scratch;
  // Every ruleset's folder: the server lists every ruleset's odds.
  scratch.copy_folder(default_content_dir(), "content");
  const std::string previous = use_content_dir(scratch.file("content"));
  const auto offered = [](const nlohmann::json& list) {
    for (const nlohmann::json& entry : list)
      if (entry["ruleset"] == "atomspast")
        for (const nlohmann::json& option : entry["options"])
          if (option["name"] == "attacker")
            for (const nlohmann::json& choice : option["choices"])
              if (choice["value"] == "orc_shaman") return true;
    return false;
  };
  {
    TestServer server;
    EXPECT_FALSE(offered(server.client().get("/api/odds").json));
    const std::string units = scratch.file("content/atomspast/units.toml");
    write_file_atomically(units, read_file_text(units) + warband::testing::kOrcShamanUnitToml);
    EXPECT_TRUE(offered(server.client().get("/api/odds").json));
  }
  use_content_dir(previous);
}

}  // namespace
}  // namespace warband::server
