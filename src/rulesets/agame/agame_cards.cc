// A Game's draft cards played (content/agame/cards.toml): a held card played once, as a decision
// of its holder, at its timing (docs/rulings/agame.md, "Cards in play").
#include <fmt/format.h>

#include "rulesets/agame/agame_state.h"

namespace warband::agame {

std::string AGameState::card_action_text(Action action) const {
  const int m = model_of(action);
  if (kind_of(action) == ActionKind::kKeepCards) return "Play no card now";
  const int side = game_->model(m).side;
  const Card& card = game_->card(data_.draft.hands[side][payload_of(action)]);
  return fmt::format("Play {} on {}: {}", card.name, model_name(m), card.text);
}

}  // namespace warband::agame
