// A Game campaigns in files: `*.campaign.toml` (a builder document). A campaign holds the
// warbands that play it, each written whole with its models' experience and advances, and the games
// played so far; `campaign-record` adds a finished game's experience (experience.toml):
//
//   name = "The Red Marches"
//
//   [[warbands]]
//   name = "The Night Court"
//   points_limit = 250
//   [[warbands.models]]
//   profile = "Vampire Swordfighter"
//   experience = 4
//   advances = ["tough"]
//
//   [[games]]
//   winner = "The Night Court"   # "" for a draw
//   summary = "The Night Court beat Iron Hold"
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "rulesets/agame/warband_file.h"

namespace warband::agame {

struct CampaignGame {
  std::string winner;  // a warband's name; "" for a draw
  std::string summary;
  bool operator==(const CampaignGame&) const = default;
};

struct Campaign {
  std::string name;
  std::string description;
  std::vector<Warband> warbands;
  std::vector<CampaignGame> games;
  bool operator==(const Campaign&) const = default;
};

struct CampaignRead {
  Campaign campaign;
  std::vector<WarbandLines> lines;    // each warband's
  std::vector<std::string> problems;  // what could not be read
};

// A finished game's outcome, as a game's log gives it: which warbands played, who won, and what
// each model did. JSON:
//   {"warbands": ["The Night Court", "Iron Hold"], "winner": "The Night Court",
//    "models": [{"warband": "The Night Court", "model": "Count Varn", "took_out": 1,
//                "dying": false}, ...]}
// "model" is the model's name, or its profile's when unnamed; a warband's models not listed did
// not play.
struct GameOutcome {
  std::vector<std::string> warbands;
  std::string winner;  // "" for a draw
  struct ModelOutcome {
    std::string warband;
    std::string model;
    int took_out = 0;
    bool dying = false;
  };
  std::vector<ModelOutcome> models;
};

GameOutcome game_outcome_from_json(const nlohmann::json& json, const std::string& where);

CampaignRead read_campaign_toml(std::string_view text, const std::string& path);
std::vector<std::string> campaign_problems(const Campaign& campaign, const BuildRules& rules,
                                           const std::vector<WarbandLines>& lines = {});
std::vector<std::string> all_campaign_problems(const CampaignRead& read, const BuildRules& rules);
Campaign parse_campaign_toml(std::string_view text, const std::string& path);

// Adds the game: every model listed gains its experience; returns one line per model saying what
// it gained and when it may take an advance. InputError(where, ...) when the outcome names a
// warband or model the campaign does not hold.
std::vector<std::string> record_game(Campaign& campaign, const GameOutcome& outcome,
                                     const BuildRules& rules, const std::string& where);

// The warband of that name; nullptr when none.
Warband* find_warband(Campaign& campaign, const std::string& name);

std::string campaign_to_toml(const Campaign& campaign);
nlohmann::json campaign_to_json(const Campaign& campaign, const BuildRules& rules);
Campaign campaign_from_json(const nlohmann::json& json, const std::string& where);
std::string campaign_to_markdown(const Campaign& campaign, const BuildRules& rules);

inline constexpr std::size_t kMaxCampaignWarbands = 16;
inline constexpr std::size_t kMaxCampaignGames = 1000;

}  // namespace warband::agame
