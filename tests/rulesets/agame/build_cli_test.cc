// `warband build agame ...` end to end, in-process: a deck, a warband and a campaign made on files
// in a scratch folder, their exit codes, --json and the errors for bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/command.h"
#include "core/registry.h"
#include "rulesets/agame/build_rules.h"
#include "tests/support/in_process_cli.h"

namespace warband::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

Ran build(std::vector<std::string> args) {
  args.insert(args.begin(), {"build", "agame"});
  return warband(std::move(args));
}

class AgameBuildCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("warband_agame_cli_" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  static std::string shipped(const std::string& relative) {
    return (fs::path(default_content_dir()) / "agame" / relative).string();
  }

  fs::path dir_;
};

TEST_F(AgameBuildCommand, HelpListsEveryOperation) {
  const Ran ran = warband({"build", "agame", "--help"});
  EXPECT_EQ(ran.code, kExitOk) << ran.err;
  for (const char* op : {"cards", "profiles", "model-price", "deck-new", "deck-validate",
                         "warband-add", "warband-import", "campaign-record", "campaign-advance"})
    EXPECT_NE(ran.out.find(op), std::string::npos) << op << "\n" << ran.out;
}

TEST_F(AgameBuildCommand, ADeckWithRepeatedCardsAndItsProblems) {
  const std::string deck = path("mine.deck.toml");
  Ran ran = build({"deck-new", "--file", deck, "--name", "Mine", "--card", "parry", "--card",
                   "parry", "--card", "parry"});
  EXPECT_EQ(ran.code, 1) << ran.err;  // written, but not legal
  EXPECT_NE(ran.out.find("the deck holds 3 cards; a deck is 10 cards"), std::string::npos)
      << ran.out;
  ran = build({"deck-validate", "--file", deck, "--json"});
  EXPECT_EQ(ran.code, 1);
  const json checked = json::parse(ran.out);
  ASSERT_EQ(checked["problems"].size(), 2u) << ran.out;
  EXPECT_EQ(checked["problems"][1],
            deck +
                ":6: card #3: copy 3 of 'parry'; a deck holds at most 2 of a card "
                "(draft.toml copies_max)");
  ran = build({"deck-add", "--file", deck, "--card", "no_such"});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_NE(ran.err.find("--card: no card 'no_such' in cards.toml"), std::string::npos) << ran.err;
  ran = build({"deck-validate", "--file", shipped("decks/iron_tricks.deck.toml")});
  EXPECT_EQ(ran.code, kExitOk) << ran.out;
}

// model-price shows every engine field's price term by term: a reaction-only attack, the counter
// and unmovable abilities, a charge's move, an inspire's dice and range.
TEST_F(AgameBuildCommand, ModelPriceShowsWhatTheEnginePlaysTermByTerm) {
  Ran ran = build({"model-price", "--profile", "Dwarven Defender"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_NE(ran.out.find("attack 'Far Mountain Strike' (reaction)"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("attack 'Axe Hack' (best)"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("ability 'Far Mountain Technique'"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("(counter 2)"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("(unmovable 3) - 2 x cost 1"), std::string::npos) << ran.out;
  ran = build({"model-price", "--profile", "Great Ram of Shamborga"});
  EXPECT_NE(ran.out.find("+ 0.5 x move 6\""), std::string::npos) << ran.out;
  ran = build({"model-price", "--profile", "Wizard from the Halls of Dolion", "--json"});
  bool ward = false;
  const json wizard = json::parse(ran.out);
  for (const json& term : wizard["terms"])
    if (term["term"] == "ability 'Ward of Dolion'") {
      ward = true;
      EXPECT_EQ(term["formula"], "(inspire 1 + 2 x 1 wild dice + 0.25 x range 6\")");
      EXPECT_NEAR(term["points"].get<double>(), 1 + 2 + 1.5, 1e-9);
    }
  EXPECT_TRUE(ward) << ran.out;
}

TEST_F(AgameBuildCommand, AWarbandPricedAndACampaignThatRecordsAGame) {
  const std::string list = path("trio.warband.toml");
  ASSERT_EQ(build({"warband-new", "--file", list, "--name", "Trio"}).code, 1);  // no models yet
  for (const char* profile : {"Dwarven Defender", "Great Ram of Shamborga", "Vampire Swordfighter"})
    build({"warband-add", "--file", list, "--profile", profile});
  Ran ran = build({"warband-validate", "--file", list, "--json"});
  ASSERT_EQ(ran.code, kExitOk) << ran.out;
  int sum = 0;
  for (const char* profile : {"Dwarven Defender", "Great Ram of Shamborga", "Vampire Swordfighter"})
    sum += json::parse(build({"model-price", "--profile", profile, "--json"}).out)["points"]
               .get<int>();
  EXPECT_EQ(json::parse(ran.out)["points"], sum);
  // The Ram counted by hand from costs.toml (the formula's terms, shown by model-price).
  ran = build({"model-price", "--profile", "great ram of shamborga", "--json"});
  const agame::BuildRules& rules = agame::content_build_rules();
  EXPECT_EQ(json::parse(ran.out)["points"],
            agame::model_points(*rules.find_profile("Great Ram of Shamborga"), rules.costs,
                                rules.faces()));
  EXPECT_EQ(json::parse(ran.out)["terms"][0]["formula"], "0.5 x Size 12");

  const std::string campaign = path("marches.campaign.toml");
  ASSERT_EQ(build({"campaign-new", "--file", campaign, "--name", "Marches"}).code, kExitOk);
  ASSERT_EQ(build({"campaign-add-warband", "--file", campaign, "--warband", list}).code, kExitOk);
  ASSERT_EQ(build({"campaign-add-warband", "--file", campaign, "--warband",
                   shipped("warbands/iron_hold.warband.toml")})
                .code,
            kExitOk);
  std::ofstream(path("game.json"))
      << R"({"warbands": ["Trio", "Iron Hold"], "winner": "Iron Hold", "models": [
            {"warband": "Trio", "model": "Vampire Swordfighter", "took_out": 1, "dying": true},
            {"warband": "Iron Hold", "model": "Thane Borin", "took_out": 1}]})";
  ran = build({"campaign-record", "--file", campaign, "--result", path("game.json"), "--json"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err << ran.out;
  const json recorded = json::parse(ran.out);
  EXPECT_EQ(recorded["gains"][0], "Vampire Swordfighter (Trio): +2 experience, 2 in all");
  EXPECT_EQ(recorded["gains"][1],
            "Thane Borin (Iron Hold): +4 experience, 4 in all; 1 advance to choose");
  ran = build({"campaign-advance", "--file", campaign, "--warband", "Iron Hold", "--model",
               "Thane Borin", "--advance", "parry"});
  EXPECT_EQ(ran.code, kExitOk) << ran.err;
  ran = build({"campaign-validate", "--file", campaign, "--json"});
  EXPECT_EQ(ran.code, kExitOk) << ran.out;
  const json checked = json::parse(ran.out);
  // Practised Parry (Melee one better) priced as model-price prices it.
  ran = build({"model-price", "--profile", "Dwarven Defender", "--advance", "parry", "--json"});
  EXPECT_EQ(checked["warbands"][1]["models"][0]["points"], json::parse(ran.out)["points"]);
  EXPECT_EQ(checked["warbands"][1]["models"][0]["advances"], json::array({"parry"}));
  EXPECT_EQ(checked["games"][0]["summary"], "Iron Hold beat Trio");
}

// `warband play agame` with two warbands of a campaign, its log recorded by `campaign-record
// --log`: each of the six models gains experience, the game's winner is the campaign's.
TEST_F(AgameBuildCommand, APlayedGamesLogIsRecordedInACampaign) {
  const std::string campaign = path("marches.campaign.toml");
  fs::copy_file(shipped("campaigns/red_marches.campaign.toml"), campaign);
  const std::string log = path("game.log.json");
  Ran ran = warband({"play", "agame", "--warbands", "night_court", "iron_hold", "--red", "greedy",
                     "--blue", "greedy", "--seed", "1", "--log", log});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  const json returns = json::parse(std::ifstream(log))["result"]["returns"];
  ran = build({"campaign-record", "--file", campaign, "--log", log, "--json"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err << ran.out;
  const json recorded = json::parse(ran.out);
  ASSERT_EQ(recorded["gains"].size(), 6u);
  EXPECT_NE(recorded["gains"][0].get<std::string>().find("Count Varn (The Night Court): +"),
            std::string::npos);
  const std::string winner = returns[0] > 0 ? "The Night Court" : returns[1] > 0 ? "Iron Hold" : "";
  EXPECT_EQ(recorded["games"].back()["winner"], winner);

  // One of --result and --log, not both nor neither.
  ran = build({"campaign-record", "--file", campaign, "--log", log, "--result", log});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_NE(ran.err.find("--result: give the game's outcome (--result FILE) or its log"),
            std::string::npos)
      << ran.err;
}

}  // namespace
}  // namespace warband::cli
