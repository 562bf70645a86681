// A finished game's outcome from its log (game_outcome.h).
#include "rulesets/agame/game_outcome.h"

#include <fmt/format.h>

#include <memory>

#include "core/error.h"
#include "core/game_record.h"
#include "rulesets/agame/agame_game.h"
#include "rulesets/agame/agame_state.h"

namespace warband::agame {
namespace {

bool out_of_action(const ModelState& model) {
  return model.dying || model.dead;
}

// Who put `fallen` to Dying in the action just applied: the roll's attacker when the roll was on
// it, else the active model; -1 when that is no enemy (a charmed friend's blow credits nobody).
int taker_of(const AGameGame& game, const StateData& after, int fallen) {
  int taker = after.last.target == fallen ? after.last.attacker : after.active;
  if (taker < 0 || game.model(taker).side == game.model(fallen).side) return -1;
  return taker;
}

}  // namespace

GameOutcome game_outcome_from_log(const nlohmann::json& log, const std::string& where) {
  if (!log.is_object() || log.value("ruleset", "") != "agame")
    throw InputError(where, "expected the log of an A Game game (\"ruleset\": \"agame\")");
  const GameRecord replayed = GameRecord::replay(log);
  if (!replayed.state().is_terminal())
    throw InputError(where, fmt::format("the game is not over after its {} actions: only a "
                                        "finished game is recorded",
                                        replayed.actions().size()));

  const auto game = std::make_shared<const AGameGame>(log.at("setup"));
  std::unique_ptr<State> state = game->new_initial_state();
  std::vector<int> took_out(game->model_count(), 0);
  for (const Action action : replayed.actions()) {
    const StateData before = static_cast<const AGameState&>(*state).data();
    state->apply(action);
    const StateData& after = static_cast<const AGameState&>(*state).data();
    for (int m = 0; m < game->model_count(); ++m)
      if (!out_of_action(before.models[m]) && after.models[m].dying) {
        const int taker = taker_of(*game, after, m);
        if (taker >= 0) ++took_out[taker];
      }
  }

  const StateData& end = static_cast<const AGameState&>(*state).data();
  GameOutcome outcome;
  outcome.warbands = {game->warband_name(0), game->warband_name(1)};
  if (end.winner == 0 || end.winner == 1) outcome.winner = game->warband_name(end.winner);
  for (int m = 0; m < game->model_count(); ++m) {
    const GameModel& model = game->model(m);
    outcome.models.push_back(
        {game->warband_name(model.side), model.name, took_out[m], out_of_action(end.models[m])});
  }
  return outcome;
}

nlohmann::json game_outcome_to_json(const GameOutcome& outcome) {
  nlohmann::json models = nlohmann::json::array();
  for (const GameOutcome::ModelOutcome& model : outcome.models)
    models.push_back({{"warband", model.warband},
                      {"model", model.model},
                      {"took_out", model.took_out},
                      {"dying", model.dying}});
  return {{"warbands", outcome.warbands}, {"winner", outcome.winner}, {"models", models}};
}

}  // namespace warband::agame
