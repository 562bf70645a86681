// What bots know about an AtomsPast state beyond the rules: a heuristic value (evaluate) for
// searches cut before the end, and determinize, the states a player cannot tell from this one.
// The weights are judgement calls, written up in docs/sim.md ("Bots").
#include <algorithm>

#include "core/rng.h"
#include "rulesets/atomspast/atomspast_state.h"

namespace warband::atomspast {
namespace {

// Shares of the value; they sum to 1 so that the value stays in [-1, 1].
constexpr double kMaterialWeight = 0.50;    // points left, by wounds left
constexpr double kKonWeight = 0.30;         // the Kon's wounds left: losing it loses the game
constexpr double kPositionWeight = 0.10;    // attackers near the enemy, within their range
constexpr double kKonSafetyWeight = 0.06;   // the Kon out of the enemy's reach
constexpr double kSpellWeight = 0.04;       // spells nearly ready to cast
constexpr double kKonMaterialFactor = 3.0;  // the Kon counts three times its points as material
constexpr int kSafeMargin = 4;  // spaces of margin past which the Kon is as safe as it gets

}  // namespace

std::vector<double> AtomsPastState::evaluate() const {
  if (is_terminal()) return returns();
  const auto& d = data_;
  const auto& board = game_->board();
  const double far = board.width() + board.height();  // no two units are farther apart
  std::array<double, 2> material_left{}, material_total{}, kon_left{};
  std::array<double, 2> position{}, position_weight{}, kon_safety{};
  // How far `unit` can strike within one action: a Run or Charge and its longest weapon.
  auto threat_reach = [&](int unit) {
    const int melee = stat(unit, Stat::kMeleeDice) > 0 ? stat(unit, Stat::kMeleeRange) : 0;
    const int ranged = stat(unit, Stat::kRangedDice) > 0 ? stat(unit, Stat::kRangedRange) : 0;
    return std::max(2 * stat(unit, Stat::kMove) + melee, ranged);
  };
  for (int unit = 0; unit < d.num_units; ++unit) {
    const int side = side_of(unit);
    const UnitState& state = d.units[unit];
    const double worth =
        game_->roster()[unit].profile->points * (is_kon(unit) ? kKonMaterialFactor : 1.0);
    const double health = state.max_wounds > 0 ? double(state.wounds) / state.max_wounds : 0.0;
    material_total[side] += worth;
    if (!state.alive) continue;
    material_left[side] += worth * health;
    if (is_kon(unit)) {
      kon_left[side] = health;
      // The Kon is kept back: how many spaces beyond the nearest enemy's move and reach it is.
      int margin = static_cast<int>(far);
      for (int enemy = 0; enemy < d.num_units; ++enemy)
        if (side_of(enemy) != side && on_board(enemy))
          margin = std::min(margin, range_lower_bound(unit, enemy) - threat_reach(enemy));
      kon_safety[side] = std::clamp(margin + kSafeMargin, 0, 2 * kSafeMargin) / (2.0 * kSafeMargin);
      continue;
    }
    if (!on_board(unit)) continue;
    // How far the unit is from attacking its nearest enemy: the gap beyond its longest reach.
    const int reach =
        std::max(stat(unit, Stat::kMeleeDice) > 0 ? stat(unit, Stat::kMeleeRange) : 0,
                 stat(unit, Stat::kRangedDice) > 0 ? stat(unit, Stat::kRangedRange) : 0);
    if (reach <= 0) continue;
    int gap = static_cast<int>(far);
    for (int enemy = 0; enemy < d.num_units; ++enemy)
      if (side_of(enemy) != side && on_board(enemy))
        gap = std::min(gap, std::max(0, range_lower_bound(unit, enemy) - reach));
    const double weight = game_->roster()[unit].profile->points;
    position[side] += weight * (1.0 - std::min<double>(gap, far) / far);
    position_weight[side] += weight;
  }
  std::array<double, 2> spells{};
  for (int side = 0; side < 2; ++side) {
    const PlayerState& player = d.players[side];
    double zone = 0;
    for (int slot = 0; slot < player.zone_size; ++slot)
      zone += 1.0 / (1 + player.zone[slot].acti);
    spells[side] = 0.5 / (1 + player.kon_spell_acti) + 0.5 * std::min(zone, 2.0) / 2.0;
  }
  auto share = [](double part, double whole) { return whole > 0 ? part / whole : 0.0; };
  const double red =
      kMaterialWeight * (share(material_left[0], material_total[0]) -
                         share(material_left[1], material_total[1])) +
      kKonWeight * (kon_left[0] - kon_left[1]) +
      kPositionWeight *
          (share(position[0], position_weight[0]) - share(position[1], position_weight[1])) +
      kKonSafetyWeight * (kon_safety[0] - kon_safety[1]) + kSpellWeight * (spells[0] - spells[1]);
  const double value = std::clamp(red, -1.0, 1.0);
  return {value, -value};
}

std::unique_ptr<State> AtomsPastState::determinize(int player, Rng& rng) const {
  auto copy = std::make_unique<AtomsPastState>(*this);
  if (player != 0 && player != 1) return copy;
  // The other side's hand is hidden: any cards of its hand and deck could be the hand.
  PlayerState& other = copy->data_.players[1 - player];
  std::array<int, kMaxGameSpells> pool{};
  int pool_size = 0;
  for (int spell = 0; spell < kMaxGameSpells; ++spell) {
    pool[spell] = other.deck[spell];
    pool_size += other.deck[spell];
  }
  for (int i = 0; i < other.hand_size; ++i) {
    ++pool[other.hand[i]];
    ++pool_size;
  }
  for (int i = 0; i < other.hand_size; ++i) {
    // Draw one card uniformly from what is left of the pool.
    int pick = static_cast<int>(rng.below(pool_size));
    int spell = 0;
    while (pick >= pool[spell])
      pick -= pool[spell++];
    other.hand[i] = static_cast<std::int8_t>(spell);
    --pool[spell];
    --pool_size;
  }
  for (int spell = 0; spell < kMaxGameSpells; ++spell)
    other.deck[spell] = static_cast<std::uint8_t>(pool[spell]);
  return copy;
}

}  // namespace warband::atomspast
