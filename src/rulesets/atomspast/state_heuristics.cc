// What bots know about an AtomsPast state beyond the rules: a heuristic value (evaluate) for
// searches cut before the end, and determinize, the states a player cannot tell from this one.
// The weights are data (heuristics.toml, HeuristicWeights), written up in docs/sim.md ("Bots").
#include <algorithm>
#include <functional>
#include <queue>

#include "core/rng.h"
#include "rulesets/atomspast/atomspast_state.h"

namespace warband::atomspast {
namespace {

// The mean of one die of an [S/D] roll at `skill`: the face up to the skill, else 1.
double mean_die(int skill) {
  double total = 0;
  for (int face = 1; face <= kSkillDieFaces; ++face)
    total += skill_die_value(face, skill);
  return total / kSkillDieFaces;
}

}  // namespace

int AtomsPastGame::travel_cost(grid::Cell a, grid::Cell b) const {
  const grid::Board& board = map_.board;
  const int width = board.width();
  const int cells = width * board.height();
  std::call_once(travel_once_, [&] {
    // Dijkstra from every space; a step costs what it costs a single space (Higher Ground: the
    // height difference, at least 1; Difficult Terrain +1), Walls are never entered.
    travel_.assign(static_cast<std::size_t>(cells) * cells, 255);
    constexpr int kStepX[4] = {1, -1, 0, 0};
    constexpr int kStepY[4] = {0, 0, 1, -1};
    using Entry = std::pair<int, int>;  // cost, space
    for (int source = 0; source < cells; ++source) {
      std::vector<int> cost(cells, 1 << 20);
      std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue;
      cost[source] = 0;
      queue.push({0, source});
      while (!queue.empty()) {
        const auto [at_cost, at] = queue.top();
        queue.pop();
        if (at_cost > cost[at]) continue;
        const grid::Cell from{static_cast<std::int8_t>(at % width),
                              static_cast<std::int8_t>(at / width)};
        for (int dir = 0; dir < 4; ++dir) {
          const grid::Cell to{static_cast<std::int8_t>(from.x + kStepX[dir]),
                              static_cast<std::int8_t>(from.y + kStepY[dir])};
          if (!board.contains(to) || (board.at(to).flags & grid::kBlocksMove)) continue;
          const int step = std::max(1, std::abs(board.at(to).height - board.at(from).height)) +
                           board.at(to).move_cost;
          const int next = to.y * width + to.x;
          if (at_cost + step < cost[next]) {
            cost[next] = at_cost + step;
            queue.push({cost[next], next});
          }
        }
      }
      for (int target = 0; target < cells; ++target)
        travel_[static_cast<std::size_t>(source) * cells + target] =
            static_cast<std::uint8_t>(std::min(cost[target], 255));
    }
  });
  return travel_[static_cast<std::size_t>(a.y * width + a.x) * cells + (b.y * width + b.x)];
}

std::vector<double> AtomsPastState::evaluate() const {
  if (is_terminal()) return returns();
  const auto& d = data_;
  const auto& board = game_->board();
  const HeuristicWeights& w = game_->content().heuristics;
  // Farther than any gap that matters (walks around Walls and up hills can be longer still).
  const double far = 2 * (board.width() + board.height());
  std::array<double, 2> material_left{}, material_total{}, kon_left{};
  std::array<double, 2> position{}, position_weight{}, kon_safety{};
  // How many spaces `attacker` must still cover to attack `target` after moving `move` spaces:
  // the walk (around Walls, up hills) for melee, the straight line for ranged weapons.
  auto strike_gap = [&](int attacker, int target, int move) {
    const auto extent = [&](int unit) { return footprint(unit).w + footprint(unit).h - 2; };
    int gap = static_cast<int>(far);
    if (stat(attacker, Stat::kMeleeDice) > 0 && stat(attacker, Stat::kMeleeRange) > 0) {
      const int walk =
          game_->travel_cost(d.units[attacker].placement.anchor, d.units[target].placement.anchor) -
          extent(attacker) - extent(target);
      gap = std::min(gap, walk - move - stat(attacker, Stat::kMeleeRange));
    }
    if (stat(attacker, Stat::kRangedDice) > 0 && stat(attacker, Stat::kRangedRange) > 0)
      gap = std::min(gap, range_lower_bound(attacker, target) - stat(attacker, Stat::kRangedRange));
    return gap;
  };
  const auto worth_of = [&](int unit) {
    return game_->roster()[unit].profile->points * (is_kon(unit) ? w.kon_material_factor : 1.0);
  };
  // What `attacker` can take from `target` in one action of its next turn (a Charge or a shot
  // from where it stands), in the target's worth by the share of its wounds: 0 out of reach.
  const Parameters& params = game_->parameters();
  auto strike_worth = [&](int attacker, int target) {
    const double wounds = std::max<int>(1, d.units[target].wounds);
    const auto harm = [&](int skill, int dice) {
      const double damage = dice * mean_die(skill) - stat(target, Stat::kShield);
      return std::clamp(damage / wounds, 0.0, 1.0) * worth_of(target);
    };
    double best = 0;
    if (stat(attacker, Stat::kMeleeDice) > 0 && stat(attacker, Stat::kMeleeRange) > 0 &&
        strike_gap(attacker, target, stat(attacker, Stat::kMove) + params.charge_move_bonus) <= 0)
      best = harm(stat(attacker, Stat::kMeleeSkill),
                  stat(attacker, Stat::kMeleeDice) + params.charge_dice_bonus);
    if (stat(attacker, Stat::kRangedDice) > 0 && stat(attacker, Stat::kRangedRange) > 0 &&
        range_lower_bound(attacker, target) <= stat(attacker, Stat::kRangedRange))
      best = std::max(best,
                      harm(stat(attacker, Stat::kRangedSkill), stat(attacker, Stat::kRangedDice)));
    return best;
  };
  // The worth each side may lose next turn: every enemy ready by then (AcTi 1 or less before its
  // Downtick) strikes its best target. Units the enemy can shoot or charge are at risk.
  std::array<double, 2> threatened{};
  if (w.threat > 0)
    for (int enemy = 0; enemy < d.num_units; ++enemy) {
      if (!on_board(enemy) || d.units[enemy].acti > 1) continue;
      double best = 0;
      for (int target = 0; target < d.num_units; ++target)
        if (side_of(target) != side_of(enemy) && on_board(target))
          best = std::max(best, strike_worth(enemy, target));
      threatened[1 - side_of(enemy)] += best;
    }
  // Each side's Kon, for the attackers hunting it.
  std::array<int, 2> kons{-1, -1};
  for (int unit = 0; unit < d.num_units; ++unit)
    if (is_kon(unit) && on_board(unit)) kons[side_of(unit)] = unit;
  std::array<double, 2> hunt{};
  for (int unit = 0; unit < d.num_units; ++unit) {
    const int side = side_of(unit);
    const UnitState& state = d.units[unit];
    const double worth = worth_of(unit);
    const double health = state.max_wounds > 0 ? double(state.wounds) / state.max_wounds : 0.0;
    material_total[side] += worth;
    if (!state.alive) continue;
    material_left[side] += worth * health;
    if (is_kon(unit)) {
      kon_left[side] = health;
      if (!on_board(unit)) continue;
      // The Kon is kept back: how many spaces beyond the nearest enemy's move and reach it is.
      int margin = static_cast<int>(far);
      for (int enemy = 0; enemy < d.num_units; ++enemy)
        if (side_of(enemy) != side && on_board(enemy))
          margin = std::min(margin, strike_gap(enemy, unit, 2 * stat(enemy, Stat::kMove)));
      kon_safety[side] =
          std::clamp(margin + w.safe_margin, 0.0, 2 * w.safe_margin) / (2.0 * w.safe_margin);
      continue;
    }
    if (!on_board(unit)) continue;
    // How far the unit is from attacking its nearest enemy.
    const bool armed = (stat(unit, Stat::kMeleeDice) > 0 && stat(unit, Stat::kMeleeRange) > 0) ||
                       (stat(unit, Stat::kRangedDice) > 0 && stat(unit, Stat::kRangedRange) > 0);
    if (!armed) continue;
    int gap = static_cast<int>(far);
    for (int enemy = 0; enemy < d.num_units; ++enemy)
      if (side_of(enemy) != side && on_board(enemy))
        gap = std::min(gap, std::max(0, strike_gap(unit, enemy, 0)));
    const double weight = game_->roster()[unit].profile->points;
    position[side] += weight * (1.0 - std::min<double>(gap, far) / far);
    position_weight[side] += weight;
    // How far it is from attacking the enemy Kon, whose death wins the game.
    const int kon = kons[1 - side];
    if (w.kon_hunt > 0 && kon >= 0)
      hunt[side] +=
          weight * (1.0 - std::min<double>(std::max(0, strike_gap(unit, kon, 0)), far) / far);
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
      w.material * (share(material_left[0], material_total[0]) -
                    share(material_left[1], material_total[1])) +
      w.kon * (kon_left[0] - kon_left[1]) +
      w.position *
          (share(position[0], position_weight[0]) - share(position[1], position_weight[1])) +
      w.kon_safety * (kon_safety[0] - kon_safety[1]) + w.spells * (spells[0] - spells[1]) +
      w.threat *
          (share(threatened[1], material_total[1]) - share(threatened[0], material_total[0])) +
      w.kon_hunt * (share(hunt[0], position_weight[0]) - share(hunt[1], position_weight[1]));
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
    pool[spell] = other.deck.count(spell);
    pool_size += other.deck.count(spell);
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
  other.deck = CardDeck();
  for (int spell = 0; spell < kMaxGameSpells; ++spell)
    other.deck.add(spell, pool[spell]);
  return copy;
}

}  // namespace warband::atomspast
