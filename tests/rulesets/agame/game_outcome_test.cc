// A finished A Game's log as a campaign's game outcome: a bot game between two of a campaign's
// warbands, recorded, gives each model the experience experience.toml says.
#include <gtest/gtest.h>

#include <map>

#include "bots/bot.h"
#include "core/error.h"
#include "core/file_io.h"
#include "core/game_record.h"
#include "core/rng.h"
#include "rulesets/agame/agame_game.h"
#include "rulesets/agame/build_rules.h"
#include "rulesets/agame/campaign_file.h"
#include "rulesets/agame/game_outcome.h"
#include "rulesets/agame/warband_file.h"
#include "tests/support/test_scale.h"

namespace warband::agame {
namespace {

Campaign red_marches() {
  const std::string path = content_agame_folder() + "/campaigns/red_marches.campaign.toml";
  const CampaignRead read = read_campaign_toml(read_text_file(path), path);
  EXPECT_TRUE(read.problems.empty());
  return read.campaign;
}

// A greedy bots' game (random bots seldom fell anyone in 8 rounds) between the campaign's two
// warbands, as `warband play --log` writes it.
nlohmann::json bot_game_log(const Campaign& campaign, std::uint64_t seed) {
  const BuildRules& rules = content_build_rules();
  // Without the draft: the experience counted is the fight's (cards_play_test.cc plays cards).
  const nlohmann::json setup = {{"warbands",
                                 {warband_to_json(campaign.warbands[0], rules),
                                  warband_to_json(campaign.warbands[1], rules)}},
                                {"parameters", {{"draft", 0}}}};
  GameRecord record("agame", std::make_shared<const AGameGame>(setup));
  const std::unique_ptr<bots::Bot> bot = bots::make_bot("greedy");
  Rng dice(seed), bots(seed + 1);
  while (!record.state().is_terminal()) {
    const State& state = record.state();
    record.apply(state.is_chance() ? dice.sample(state.chance_outcomes())
                                   : bot->choose(state, bots));
  }
  return record.to_json();
}

// Five greedy games recorded one after the other: each model gains what experience.toml says for
// playing, surviving, each enemy it took out and winning; the games fell models.
TEST(AGameGameOutcome, BotGamesRecordedGiveTheExperienceTheRulesSay) {
  const BuildRules& rules = content_build_rules();
  const ExperienceRules& xp = rules.experience;
  Campaign campaign = red_marches();
  int took_out = 0, fallen = 0;
  // Five games of the campaign in release, fewer under the sanitizers (test_scale.h).
  const int games = scaled_count(5);
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(games); ++seed) {
    const Campaign before = campaign;
    const nlohmann::json log = bot_game_log(campaign, seed);
    const GameOutcome outcome = game_outcome_from_log(log, "game.log.json");

    EXPECT_EQ(outcome.warbands, (std::vector<std::string>{"The Night Court", "Iron Hold"}));
    const double red = log["result"]["returns"][0].get<double>();
    EXPECT_EQ(outcome.winner, red > 0 ? "The Night Court" : red < 0 ? "Iron Hold" : "");
    ASSERT_EQ(outcome.models.size(), 6u);
    for (const GameOutcome::ModelOutcome& model : outcome.models) {
      took_out += model.took_out;
      fallen += model.dying ? 1 : 0;
    }

    record_game(campaign, outcome, rules, "game.log.json");
    EXPECT_EQ(campaign.games.size(), before.games.size() + 1);
    EXPECT_EQ(campaign.games.back().winner, outcome.winner);
    std::size_t index = 0;
    for (std::size_t w = 0; w < 2; ++w)
      for (std::size_t m = 0; m < campaign.warbands[w].models.size(); ++m, ++index) {
        const GameOutcome::ModelOutcome& played = outcome.models[index];
        EXPECT_EQ(played.model, campaign.warbands[w].models[m].label());
        const int expected = xp.played + (played.dying ? 0 : xp.survived) +
                             played.took_out * xp.took_out +
                             (played.warband == outcome.winner ? xp.won : 0);
        EXPECT_EQ(campaign.warbands[w].models[m].experience,
                  before.warbands[w].models[m].experience + expected)
            << "seed " << seed << ": " << played.model;
      }
  }
  // Greedy bots fight: enemies are taken out, and each fall is someone's (no friendly blow here).
  EXPECT_GT(took_out, 0);
  EXPECT_GE(fallen, 1);
}

TEST(AGameGameOutcome, TheOutcomeJsonReadsBackAsTheSameOutcome) {
  const GameOutcome outcome = game_outcome_from_log(bot_game_log(red_marches(), 3), "log");
  const GameOutcome read = game_outcome_from_json(game_outcome_to_json(outcome), "result");
  EXPECT_EQ(read.warbands, outcome.warbands);
  EXPECT_EQ(read.winner, outcome.winner);
  ASSERT_EQ(read.models.size(), outcome.models.size());
  for (std::size_t m = 0; m < read.models.size(); ++m) {
    EXPECT_EQ(read.models[m].model, outcome.models[m].model);
    EXPECT_EQ(read.models[m].took_out, outcome.models[m].took_out);
    EXPECT_EQ(read.models[m].dying, outcome.models[m].dying);
  }
}

std::string outcome_error(const nlohmann::json& log) {
  try {
    game_outcome_from_log(log, "game.log.json");
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

TEST(AGameGameOutcome, AnUnfinishedOrForeignLogIsRefused) {
  nlohmann::json log = bot_game_log(red_marches(), 3);
  nlohmann::json unfinished = log;
  unfinished["actions"] = nlohmann::json(
      std::vector<nlohmann::json>(log["actions"].begin(), log["actions"].begin() + 10));
  unfinished.erase("final_hash");
  unfinished.erase("result");
  const std::string e = outcome_error(unfinished);
  EXPECT_NE(e.find("game.log.json: the game is not over after its 10 actions"), std::string::npos)
      << e;
  nlohmann::json other = log;
  other["ruleset"] = "conflict";
  EXPECT_NE(outcome_error(other).find("game.log.json: expected the log of an A Game game"),
            std::string::npos);
}

}  // namespace
}  // namespace warband::agame
