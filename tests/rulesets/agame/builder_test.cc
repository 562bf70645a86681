// A Game's builder (build_operations.h): decks, warbands and campaigns made, checked (every
// problem at once, with its line), priced, exported and imported through the registry's
// operations; the shipped examples legal; a campaign's game giving experience.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.h"
#include "core/registry.h"
#include "rulesets/agame/build_rules.h"
#include "rulesets/agame/campaign_file.h"
#include "rulesets/agame/deck_file.h"
#include "rulesets/agame/warband_file.h"
#include "tests/support/test_files.h"

namespace warband::agame {
namespace {

namespace fs = std::filesystem;

const BuildRules& rules() {
  return content_build_rules();
}

const BuildOperation& operation(const std::string& name) {
  for (const BuildOperation& op : find_builder("agame").operations)
    if (op.name == name) return op;
  throw std::logic_error("no operation " + name);
}

BuildOutput run(const std::string& name, BuildArgs args, std::vector<BuildDocument> documents = {},
                std::map<std::string, BuildDocument> texts = {}) {
  BuildInput input;
  input.args = std::move(args);
  input.documents = std::move(documents);
  input.texts = std::move(texts);
  return operation(name).run(input);
}

// A profile's points by the shipped formula (model_cost_test.cc counts them by hand).
int profile_points(const std::string& name) {
  return model_points(*rules().find_profile(name), rules().costs, rules().faces());
}

std::string shipped_text(const std::string& relative) {
  return read_file_text(fs::path(content_agame_folder()) / relative);
}

TEST(AgameBuilder, RegistersItsThreeDocumentKinds) {
  const BuilderHooks& hooks = find_builder("agame");
  ASSERT_NE(hooks.find_document("deck"), nullptr);
  EXPECT_EQ(hooks.find_document("deck")->suffix, ".deck.toml");
  ASSERT_NE(hooks.find_document("warband"), nullptr);
  EXPECT_EQ(hooks.find_document("warband")->created_by, "warband-new");
  ASSERT_NE(hooks.find_document("campaign"), nullptr);
  EXPECT_EQ(hooks.find_document("campaign")->suffix, ".campaign.toml");
  const BuildOutput cards = run("cards", {});
  EXPECT_EQ(cards.json.size(), rules().cards.size());
  const BuildOutput profiles = run("profiles", {});
  ASSERT_EQ(profiles.json.size(), rules().content.models.size());
  EXPECT_EQ(profiles.json[0]["class"], "Attacker");  // ruling "The Vampire is a Fighter"
}

TEST(AgameDeck, EveryProblemAtOnceWithItsLine) {
  const std::string text =
      "name = \"Too Many\"\n"
      "cards = [\n"
      "  \"parry\", \"parry\", \"parry\",\n"
      "  \"pary\",\n"
      "  3,\n"
      "  \"sprint\", \"sprint\", \"rally\", \"rooted\", \"brace\", \"thicket\", \"caltrops\",\n"
      "]\n"
      "colour = \"red\"\n";
  const DeckRead read = read_deck_toml(text, "bad.deck.toml");
  EXPECT_EQ(all_deck_problems(read, rules()),
            (std::vector<std::string>{
                "bad.deck.toml:2: the deck holds 11 cards; a deck is 10 cards (draft.toml)",
                "bad.deck.toml:3: card #3: copy 3 of 'parry'; a deck holds at most 2 of a card "
                "(draft.toml copies_max)",
                "bad.deck.toml:4: card #4: no card 'pary' in cards.toml. Did you mean 'parry'?",
                "bad.deck.toml:5: 'cards' must be card ids in quotes, got 3 in it",
                "bad.deck.toml:8: unknown key 'colour' (expected one of: name, description, cards)",
            }));
  const BuildOutput validated = run("deck-validate", {}, {{"bad.deck.toml", text}});
  EXPECT_EQ(validated.exit_code, 1);
  EXPECT_EQ(validated.json["problems"].size(), 5u);
}

TEST(AgameWarband, EveryProblemAtOnceWithItsLine) {
  std::string text = "name = \"Rams\"\npoints_limit = 200\n";
  for (int i = 0; i < 4; ++i)
    text += "[[models]]\nprofile = \"Great Ram of Shamborga\"\n";  // lines 3-10
  text += "[[models]]\nprofile = \"Dwarven Defendr\"\n";           // line 11
  text += "[[models]]\nprofile = \"Vampire Swordfighter\"\nadvances = [\"toughh\"]\n";  // line 13
  text += "[[models]]\nprofile = \"Vampire Swordfighter\"\nexperience = -1\n";          // line 16
  const WarbandRead read = read_warband_toml(text, "bad.warband.toml");
  EXPECT_EQ(
      all_warband_problems(read, rules()),
      (std::vector<std::string>{
          "bad.warband.toml:2: 538 points, over the limit of 200 by 338",
          "bad.warband.toml:9: model #4 (Great Ram of Shamborga): more than 3 Great Ram of "
          "Shamborga in one warband (warband.toml same_profile_max)",
          "bad.warband.toml:9: model #4 (Great Ram of Shamborga): more than 3 Brute models in one "
          "warband (warband.toml class_max)",
          "bad.warband.toml:11: model #5 (Dwarven Defendr): no profile 'Dwarven Defendr' in "
          "profiles.toml. Did you mean 'Dwarven Defender'?",
          "bad.warband.toml:13: model #6 (Vampire Swordfighter): no advance 'toughh' in "
          "experience.toml. Did you mean 'tough'?",
          "bad.warband.toml:13: model #6 (Vampire Swordfighter): 1 advances, but 0 experience "
          "earns 0 (one each 3, at most 3)",
          "bad.warband.toml:18: model #7: 'experience' must be a whole number from 0 to 10000, "
          "got -1",
      }));
}

TEST(AgameContent, TheShippedDecksWarbandsAndCampaignAreLegal) {
  for (const char* deck : {"decks/iron_tricks.deck.toml", "decks/night_tricks.deck.toml"}) {
    const DeckRead read = read_deck_toml(shipped_text(deck), deck);
    EXPECT_EQ(all_deck_problems(read, rules()), std::vector<std::string>{}) << deck;
    EXPECT_EQ(read.deck.cards.size(), 10u);
  }
  int points[2] = {};
  int i = 0;
  for (const char* file :
       {"warbands/night_court.warband.toml", "warbands/iron_hold.warband.toml"}) {
    const WarbandRead read = read_warband_toml(shipped_text(file), file);
    EXPECT_EQ(all_warband_problems(read, rules()), std::vector<std::string>{}) << file;
    points[i++] = warband_points(read.warband, rules());
  }
  // Two Vampires and the Great Ram; two Dwarven Defenders and the Wizard.
  EXPECT_EQ(points[0],
            2 * profile_points("Vampire Swordfighter") + profile_points("Great Ram of Shamborga"));
  EXPECT_EQ(points[1], 2 * profile_points("Dwarven Defender") +
                           profile_points("Wizard from the Halls of Dolion"));
  const CampaignRead campaign =
      read_campaign_toml(shipped_text("campaigns/red_marches.campaign.toml"), "red_marches");
  EXPECT_EQ(all_campaign_problems(campaign, rules()), std::vector<std::string>{});
  EXPECT_EQ(campaign.campaign.games.size(), 1u);
}

TEST(AgameBuilder, ExportThenImportGivesTheSameDocuments) {
  for (const auto& [kind, file] : std::vector<std::pair<std::string, std::string>>{
           {"deck", "decks/iron_tricks.deck.toml"},
           {"warband", "warbands/night_court.warband.toml"},
           {"campaign", "campaigns/red_marches.campaign.toml"}}) {
    const std::string text = shipped_text(file);
    const BuildOutput exported = run(kind + "-export", {{"format", "json"}}, {{file, text}});
    const BuildOutput imported = run(kind + "-import", {}, {{"copy", std::nullopt}},
                                     {{"in", {"exported.json", exported.text}}});
    EXPECT_EQ(imported.exit_code, 0) << imported.text;
    const std::string again = imported.documents.at(0).value();
    EXPECT_EQ(run(kind + "-export", {{"format", "toml"}}, {{file, text}}).text, again) << kind;
    const std::string markdown = run(kind + "-export", {}, {{file, text}}).text;
    EXPECT_NE(markdown.find("# "), std::string::npos);
  }
}

TEST(AgameBuilder, MakesADeckAndAWarbandStepByStep) {
  BuildOutput deck = run("deck-new", {{"name", "Quick"}, {"card", "parry\nsprint"}},
                         {{"quick.deck.toml", std::nullopt}});
  EXPECT_EQ(deck.exit_code, 1);  // 2 of 10 cards
  std::string text = deck.documents.at(0).value();
  deck = run("deck-add", {{"card", "rally\nrooted\nbrace\nthicket\ncaltrops\nriposte\nsmoke_pot"}},
             {{"quick.deck.toml", text}});
  EXPECT_EQ(deck.exit_code, 1);  // 9
  text = deck.documents.at(0).value();
  deck = run("deck-add", {{"card", "war_cry"}}, {{"quick.deck.toml", text}});
  EXPECT_EQ(deck.exit_code, 0) << deck.text;
  EXPECT_EQ(parse_deck_toml(deck.documents.at(0).value(), "quick").cards.size(), 10u);
  try {
    run("deck-add", {{"card", "warcry"}}, {{"quick.deck.toml", text}});
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.message(), "--card: no card 'warcry' in cards.toml. Did you mean 'war_cry'?");
  }

  BuildOutput warband = run("warband-new", {{"name", "Trio"}, {"points-limit", "300"}},
                            {{"trio.warband.toml", std::nullopt}});
  text = warband.documents.at(0).value();
  for (const char* profile :
       {"dwarven defender", "Wizard from the Halls of Dolion", "The Vampire Swordfighter"}) {
    warband = run("warband-add", {{"profile", profile}}, {{"trio.warband.toml", text}});
    text = warband.documents.at(0).value();
  }
  EXPECT_EQ(warband.exit_code, 0) << warband.text;
  EXPECT_EQ(warband.json["points"], profile_points("Dwarven Defender") +
                                        profile_points("Wizard from the Halls of Dolion") +
                                        profile_points("Vampire Swordfighter"));
  EXPECT_EQ(parse_warband_toml(text, "trio").models[0].profile, "Dwarven Defender");
  warband = run("warband-remove", {{"name", "Dwarven Defender"}}, {{"trio.warband.toml", text}});
  EXPECT_EQ(warband.exit_code, 1);  // 2 models
  EXPECT_EQ(warband.json["problems"][0], "2 models; a warband has 3 to 10 models (warband.toml)");
}

TEST(AgameCampaign, AGameGivesExperienceAndAdvancesCostPoints) {
  const std::string file = "campaigns/red_marches.campaign.toml";
  BuildOutput made =
      run("campaign-new", {{"name", "Marches"}}, {{"m.campaign.toml", std::nullopt}});
  std::string text = made.documents.at(0).value();
  for (const char* warband :
       {"warbands/night_court.warband.toml", "warbands/iron_hold.warband.toml"}) {
    made = run("campaign-add-warband", {}, {{"m.campaign.toml", text}},
               {{"warband", {warband, shipped_text(warband)}}});
    text = made.documents.at(0).value();
  }
  const std::string result = shipped_text("campaigns/red_marches_game1.result.json");
  const BuildOutput recorded =
      run("campaign-record", {}, {{"m.campaign.toml", text}}, {{"result", {"game1.json", result}}});
  EXPECT_EQ(recorded.exit_code, 0) << recorded.text;
  // Count Varn: played 1 + survived 1 + took out 2 + won 1.
  EXPECT_EQ(recorded.json["gains"][0],
            "Count Varn (The Night Court): +5 experience, 5 in all; 1 advance to choose");
  // Lady Mirela: played 1 + won 1, Dying at the end.
  EXPECT_EQ(recorded.json["gains"][1], "Lady Mirela (The Night Court): +2 experience, 2 in all");
  text = recorded.documents.at(0).value();
  Campaign campaign = parse_campaign_toml(text, "m");
  EXPECT_EQ(campaign.warbands[0].points_limit, 300 + rules().experience.limit_per_game);
  EXPECT_EQ(campaign.games[0].summary, "The Night Court beat Iron Hold");
  const BuildOutput advanced =
      run("campaign-advance",
          {{"warband", "The Night Court"}, {"model", "Count Varn"}, {"advance", "tough"}},
          {{"m.campaign.toml", text}});
  campaign = parse_campaign_toml(advanced.documents.at(0).value(), "m");
  // Tough: a fourth wound, priced as each of the three the Vampire has (3 x 9.4 on d10).
  const Model& vampire = *rules().find_profile("Vampire Swordfighter");
  const ModelCost plain = model_cost(vampire, rules().costs, rules().faces());
  const ModelCost tough = model_cost(*model_of(campaign.warbands[0].models[0], rules()),
                                     rules().costs, rules().faces());
  EXPECT_EQ(tough.terms[2].term, "toughness");
  EXPECT_NEAR(tough.exact - plain.exact, plain.terms[2].points / vampire.wounds, 1e-9);
  EXPECT_EQ(entry_points(campaign.warbands[0].models[0], rules()), tough.points);
  // The shipped campaign is this one under its own name.
  const Campaign shipped_campaign = parse_campaign_toml(shipped_text(file), file);
  EXPECT_EQ(shipped_campaign.warbands, campaign.warbands);
  EXPECT_EQ(shipped_campaign.games, campaign.games);
  // A second advance needs 6 experience; a model the campaign lacks changes nothing.
  try {
    run("campaign-advance",
        {{"warband", "The Night Court"}, {"model", "Count Varn"}, {"advance", "fierce"}},
        {{"m.campaign.toml", advanced.documents.at(0).value()}});
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.message(),
              "--advance: Count Varn has 5 experience and 1 advance: the next comes at 6");
  }
  std::string wrong = result;
  wrong.replace(wrong.find("Lady Mirela"), 11, "Lord Nobody");
  try {
    run("campaign-record", {}, {{"m.campaign.toml", text}}, {{"result", {"game2.json", wrong}}});
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.message(), "game2.json: \"The Night Court\" has no model \"Lord Nobody\"");
  }
}

}  // namespace
}  // namespace warband::agame
