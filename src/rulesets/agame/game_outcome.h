// A finished A Game's outcome for a campaign (campaign_file.h's GameOutcome, what
// `campaign-record` reads), from the log `warband play --log` writes: the warbands' names, the
// winner, and each model's enemies put to Dying and whether it ended Dying or dead.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "rulesets/agame/campaign_file.h"

namespace warband::agame {

// Replays the log (refused as GameRecord::replay refuses it, or when it is not an A Game log or
// the game is not over). A model that puts an enemy to Dying is credited with it: the attacker of
// the roll that felled it, else the model whose activation it is (ruling "Took out").
GameOutcome game_outcome_from_log(const nlohmann::json& log, const std::string& where);
// The outcome as the JSON `campaign-record --result` reads.
nlohmann::json game_outcome_to_json(const GameOutcome& outcome);

}  // namespace warband::agame
