// Where an A Game attack is made from and at, on the shared tabletop: sight past the pieces under
// the two models, cover from a partly hidden target, high ground from the piece a model stands on,
// and the ranged attack refused into a friend's melee (docs/rulings/agame.md, "Line of sight",
// "Cover", "High ground", "Ranged attacks into melee").
#include <algorithm>

#include "core/tabletop_sight.h"
#include "rulesets/agame/agame_state.h"
#include "rulesets/agame/attack_pipeline.h"

namespace warband::agame {

tabletop::PieceMask AGameState::hiding_pieces(int viewer, int target) const {
  const tabletop::Table& table = this->table();
  // A prone model counts as half its Size (ruling "Line of sight").
  const int size = game_->model(target).profile.size;
  const int seen_size = std::max(1, data_.models[target].prone ? size / 2 : size);
  tabletop::PieceMask hiding = tabletop::pieces_at_least(table, seen_size);
  // A model standing on a piece sees and is seen over it, as Conflict's climbers are.
  for (const int m : {viewer, target}) {
    const int under = table.piece_at(data_.models[m].at);
    if (under >= 0) hiding &= ~(tabletop::PieceMask{1} << under);
  }
  return hiding;
}

int AGameState::clear_sight(const Scene& scene, int viewer, int target) const {
  tabletop::Sight sight;
  tabletop::sight(table(), scene.span(), scene.slot[viewer], scene.slot[target], sight);
  return sight.clear_lines(hiding_pieces(viewer, target), 0);
}

int AGameState::cover_against(int attacker, int attack, int target) const {
  const Attack& a = game_->model(attacker).profile.attacks[attack];
  if (a.kind == AttackKind::kMelee) return 0;
  const int clear = clear_sight(scene(), attacker, target);
  return clear > 0 && clear < tabletop::kSightLines ? game_->parameters().cover_chance : 0;
}

int AGameState::standing_height(int model) const {
  const tabletop::Table& table = this->table();
  const int under = table.piece_at(data_.models[model].at);
  return under >= 0 ? table.pieces[under].height : 0;
}

bool AGameState::high_ground(int attacker, int target) const {
  return standing_height(attacker) - standing_height(target) >=
         game_->parameters().high_ground_height;
}

bool AGameState::in_melee_with_friend(int attacker, int target) const {
  const int side = controller(attacker);
  const tabletop::Model at = model_geometry(target);
  for (int m = 0; m < game_->model_count(); ++m)
    if (m != attacker && m != target && standing(m) && game_->model(m).side == side &&
        tabletop::within_edge(model_geometry(m), at, game_->parameters().engaged_distance))
      return true;
  return false;
}

bool AGameState::refused_into_melee(int attacker, int attack, int target) const {
  const Attack& a = game_->model(attacker).profile.attacks[attack];
  return a.kind != AttackKind::kMelee && a.radius == 0 && in_melee_with_friend(attacker, target);
}

int AGameState::hit_target_against(const Strike& strike) const {
  const Attack& a = game_->model(strike.attacker).profile.attacks[strike.attack];
  // An Area attack's blast (every target after the first) comes from the model aimed at.
  const bool blast = a.radius > 0 && strike.pos > 0;
  const int target = strike.targets[strike.pos];
  return hit_target(a.chance, blast ? 0 : cover_against(strike.attacker, strike.attack, target));
}

}  // namespace warband::agame
