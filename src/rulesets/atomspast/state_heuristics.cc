// What bots know about an AtomsPast state beyond the rules: a heuristic value (evaluate) for
// searches cut before the end, and determinize, the states a player cannot tell from this one.
// The weights are data (heuristics.toml, HeuristicWeights), written up in docs/sim.md ("Bots").
#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <mutex>
#include <queue>
#include <string>
#include <vector>

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

// One unit as evaluate() reads it (its effective stats when on the board).
struct EvaluatedUnit {
  int side;
  bool on_board;
  double worth;  // material: its points, the Kon's times kon_material_factor
  grid::Cell anchor;
  int space;   // the anchor's index, y * width + x
  int extent;  // how far its footprint reaches from its anchor
  int move, melee_skill, melee_dice, melee_range, ranged_skill, ranged_dice, ranged_range, shield;
  bool melee, ranged;  // armed with dice and range
};

// How far one unit is from attacking another, in spaces beyond its weapon's range.
struct PairGaps {
  int melee;   // the walk, before the attacker moves
  int ranged;  // the straight line
};

// Dijkstra from every space of `board`; a step costs what it costs a single space (Higher Ground:
// the height difference, at least 1; Difficult Terrain +1), Walls are never entered. At most 255.
std::vector<std::uint8_t> travel_table(const grid::Board& board) {
  const int width = board.width();
  const int cells = width * board.height();
  std::vector<std::uint8_t> travel(static_cast<std::size_t>(cells) * cells, 255);
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
      travel[static_cast<std::size_t>(source) * cells + target] =
          static_cast<std::uint8_t>(std::min(cost[target], 255));
  }
  return travel;
}

// [S/D] rolls' totals, tabled once for the skills that differ (1 to 6: at most 1 every die counts
// 1, at 6 or more every face counts) and up to kMaxDice dice: P(total >= k).
class SkillRollTails {
 public:
  static constexpr int kMaxDice = 60;

  SkillRollTails() {
    for (int skill = 1; skill <= kSkillDieFaces; ++skill) {
      std::vector<double> ways{1.0};  // the chance of each total, 0 dice
      for (int dice = 0; dice <= kMaxDice; ++dice) {
        std::vector<double>& tail = tails_[skill - 1][dice];
        tail.assign(ways.size() + 1, 0.0);
        for (int total = static_cast<int>(ways.size()) - 1; total >= 0; --total)
          tail[total] = tail[total + 1] + ways[total];
        std::vector<double> next(ways.size() + kSkillDieFaces, 0.0);
        for (std::size_t total = 0; total < ways.size(); ++total)
          for (int face = 1; face <= kSkillDieFaces; ++face)
            next[total + skill_die_value(face, skill)] += ways[total] / kSkillDieFaces;
        ways = std::move(next);
      }
    }
  }

  double at_least(int skill, int dice, int total) const {
    const std::vector<double>& tail =
        tails_[std::clamp(skill, 1, kSkillDieFaces) - 1][std::clamp(dice, 0, kMaxDice)];
    if (total <= 0) return 1.0;
    return total < static_cast<int>(tail.size()) ? tail[total] : 0.0;
  }
  double exactly(int skill, int dice, int total) const {
    return at_least(skill, dice, total) - at_least(skill, dice, total + 1);
  }

 private:
  std::array<std::array<std::vector<double>, kMaxDice + 1>, kSkillDieFaces> tails_;
};

const SkillRollTails& skill_roll_tails() {
  static const SkillRollTails tails;
  return tails;
}

// What one damage effect does to a unit at a given X: the roll, and how many times it is rolled.
struct DamageRoll {
  int skill = 0;
  int dice = 0;   // every roll's dice together
  int times = 0;  // rolls (a repeating effect's turns), each blocked by the Shield apart
};

// The chance that `side` destroys the enemy Kon `kon` at its next Spell or Kon Phase with the
// damage spell likeliest to: each one of its Casting Zone whose target may be that Kon (near a
// friendly unit when the slot says so), cast at X = the Cast roll + Boost - AcTi, and its Kon
// Spell once its AcTi is 1 or less (Downticked to 0 at the Kon Phase), at X = 2 x Power Level -
// AcTi. Damage already repeating on the Kon is rolled with it; each roll's Shield is subtracted
// from the Kon's `wounds`.
double kon_kill_chance(const AtomsPastState& state, int side, int kon, int kon_shield,
                       int nearest_friend, int wounds) {
  const StateData& d = state.data();
  const AtomsPastGame& game = state.atomspast();
  const Parameters& params = game.parameters();
  const SkillRollTails& tails = skill_roll_tails();
  const int shield = params.shield_blocks_spell_damage ? kon_shield : 0;
  DamageRoll pending;  // Leech Swarm, Static Mine... cast on the Kon already
  for (int i = 0; i < d.num_lasting; ++i) {
    const LastingEffect& lasting = d.lasting[i];
    if (!lasting.repeats || lasting.owner != side || lasting.unit != kon) continue;
    const Effect& effect = game.spell(lasting.spell).effects[lasting.effect];
    if (effect.kind != EffectKind::kDamage) continue;
    pending.skill = std::max(pending.skill, effect.skill.eval(lasting.x));
    pending.dice += effect.dice.eval(lasting.x) * lasting.turns_left;
    pending.times += lasting.turns_left;
  }
  const auto kill = [&](const DamageRoll& roll) {
    const int skill = std::max(roll.skill, pending.skill);
    return tails.at_least(skill, roll.dice + pending.dice,
                          wounds + shield * (roll.times + pending.times));
  };
  // The damage roll of `spell` at X that is likeliest to destroy the Kon (none: no dice).
  const auto best_roll = [&](int spell, int x) {
    const GameSpell& card = game.game_spell(spell);
    DamageRoll best;
    for (std::size_t e = 0; e < card.card->effects.size(); ++e) {
      const Effect& effect = card.card->effects[e];
      const int slot = card.effect_slot[e];
      if (effect.kind != EffectKind::kDamage || card.effect_when[e] != GameSpell::kAlways ||
          slot < 0)
        continue;
      const TargetSlot& target = card.card->targets[slot];
      if (target.side == TargetSide::kFriendly || !target.allow_kon) continue;
      if (card.slot_near[slot] >= 0 && 2 * nearest_friend > target.within_halves) continue;
      const int every_turn = effect.every_turn.eval(x);
      DamageRoll roll{effect.skill.eval(x), effect.dice.eval(x) * std::max(1, every_turn),
                      std::max(1, every_turn)};
      if (best.dice == 0 || kill(roll) > kill(best)) best = roll;
    }
    return best;
  };
  double best = pending.dice > 0 ? kill(DamageRoll{}) : 0.0;
  const PlayerState& player = d.players[side];
  const int cast_dice = params.cast_dice;
  for (int slot = 0; slot < player.zone_size; ++slot) {
    const ZoneCard& card = player.zone[slot];
    double chance = 0;
    for (int roll = cast_dice; roll <= kSkillDieFaces * cast_dice; ++roll) {
      const int x = roll + card.boost - card.acti;
      if (x < 0) continue;  // the cast fails
      const DamageRoll damage = best_roll(card.spell, x);
      if (damage.dice > 0)
        chance += tails.exactly(params.cast_skill, cast_dice, roll) * kill(damage);
    }
    best = std::max(best, chance);
  }
  const int own_kon = game.kon_unit(side);
  if (own_kon >= 0 && state.on_board(own_kon) && player.kon_spell_acti <= 1) {
    const int spell = game.kon_spell(side);
    const int x = std::max(0, 2 * game.kon_power_level(side) - game.spell(spell).acti);
    const DamageRoll damage = best_roll(spell, x);
    if (damage.dice > 0) best = std::max(best, kill(damage));
  }
  return best;
}

// Whether `spell` can mend the own Kon: every target friendly (or either side) and the Kon allowed,
// no damage, and a heal or a Shield among its effects. Regrowth, Chitin Plating, Aegis Projector...
bool mends_own_kon(const SpellCard& card) {
  for (const TargetSlot& target : card.targets)
    if (target.side == TargetSide::kEnemy || !target.allow_kon) return false;
  bool mends = false;
  for (const Effect& effect : card.effects) {
    if (effect.kind == EffectKind::kDamage) return false;
    mends = mends || effect.kind == EffectKind::kHeal ||
            (effect.kind == EffectKind::kAlter && effect.stat == Stat::kShield);
  }
  return mends;
}

// The enemy's chance `threat` to destroy `side`'s Kon at its next cast, less what the side's best
// mending spell would take off it: each Casting Zone card that heals or Shields the Kon, cast at
// the side's next Spell Phase (the chance that the [S3/D4] Cast roll + Boost covers its AcTi) at X
// = the roll's mean + Boost - AcTi, and the enemy's chance against the Kon so mended.
double kon_peril(const AtomsPastState& state, int side, int kon, int kon_shield, int nearest_enemy,
                 double threat) {
  const AtomsPastGame& game = state.atomspast();
  const Parameters& params = game.parameters();
  const PlayerState& player = state.data().players[side];
  const UnitState& kon_state = state.data().units[kon];
  const int mean_roll = static_cast<int>(params.cast_dice * mean_die(params.cast_skill));
  double peril = threat;
  for (int slot = 0; slot < player.zone_size; ++slot) {
    const ZoneCard& card = player.zone[slot];
    const SpellCard& spell = game.spell(card.spell);
    if (!mends_own_kon(spell)) continue;
    const double cast =
        skill_roll_tails().at_least(params.cast_skill, params.cast_dice, card.acti - card.boost);
    const int x = std::max(0, mean_roll + card.boost - card.acti);
    int heal = 0, shield = 0;
    for (const Effect& effect : spell.effects) {
      if (effect.kind == EffectKind::kHeal) heal += effect.amount.eval(x);
      if (effect.kind == EffectKind::kAlter && effect.stat == Stat::kShield)
        shield += effect.amount.eval(x);
    }
    const double mended =
        kon_kill_chance(state, 1 - side, kon, kon_shield + shield, nearest_enemy,
                        std::min<int>(kon_state.max_wounds, kon_state.wounds + heal));
    peril = std::min(peril, threat - cast * (threat - mended));
  }
  return peril;
}

// The travel tables of the boards played so far, shared by every game on the same terrain: a
// balance run builds a game for each pair of lists, and a table built afresh cost about a fifth of
// a balance bot's game. Keyed by what the table reads of each space; a few boards are kept.
std::shared_ptr<const std::vector<std::uint8_t>> shared_travel_table(const grid::Board& board) {
  constexpr std::size_t kKeptBoards = 16;
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const std::vector<std::uint8_t>>> tables;
  std::string terrain{static_cast<char>(board.width()), static_cast<char>(board.height())};
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const grid::Space& space =
          board.at(grid::Cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)});
      terrain += static_cast<char>(space.height);
      terrain += static_cast<char>(space.move_cost);
      terrain += static_cast<char>(space.flags & grid::kBlocksMove);
    }
  }
  const std::lock_guard lock(mutex);
  const auto found = tables.find(terrain);
  if (found != tables.end()) return found->second;
  if (tables.size() >= kKeptBoards) tables.clear();
  auto table = std::make_shared<const std::vector<std::uint8_t>>(travel_table(board));
  tables.emplace(std::move(terrain), table);
  return table;
}

}  // namespace

AtomsPastGame::TravelCosts AtomsPastGame::travel_costs() const {
  std::call_once(travel_once_, [&] { travel_ = shared_travel_table(map_.board); });
  return {travel_->data(), map_.board.width() * map_.board.height()};
}

std::vector<double> AtomsPastState::evaluate() const {
  if (is_terminal()) return returns();
  const auto& d = data_;
  const auto& board = game_->board();
  const HeuristicWeights& w = game_->content().heuristics;
  const Parameters& params = game_->parameters();
  // Farther than any gap that matters (walks around Walls and up hills can be longer still).
  const double far = 2 * (board.width() + board.height());
  const int far_gap = static_cast<int>(far);
  // Every unit's stats are read once here: the loops below ask for them once a pair of units,
  // which made stat() the greater part of a balance bot's game.
  std::array<EvaluatedUnit, kMaxUnits> units;
  // Each side's units on the board, in index order.
  std::array<std::array<int, kMaxUnits>, 2> fielded;
  std::array<int, 2> fielded_count{};
  const int width = board.width();
  for (int unit = 0; unit < d.num_units; ++unit) {
    EvaluatedUnit& u = units[unit];
    u.side = side_of(unit);
    u.on_board = on_board(unit);
    u.worth = game_->roster()[unit].material * (is_kon(unit) ? w.kon_material_factor : 1.0);
    if (!u.on_board) continue;
    fielded[u.side][fielded_count[u.side]++] = unit;
    u.anchor = d.units[unit].placement.anchor;
    u.space = u.anchor.y * width + u.anchor.x;
    u.extent = anchor_extent(footprint(unit));
    const UnitProfile& profile = *game_->roster()[unit].profile;
    const UnitState& state = d.units[unit];
    u.move = effective_stat(profile, state, Stat::kMove);
    u.melee_skill = effective_stat(profile, state, Stat::kMeleeSkill);
    u.melee_dice = effective_stat(profile, state, Stat::kMeleeDice);
    u.melee_range = effective_stat(profile, state, Stat::kMeleeRange);
    u.ranged_skill = effective_stat(profile, state, Stat::kRangedSkill);
    u.ranged_dice = effective_stat(profile, state, Stat::kRangedDice);
    u.ranged_range = effective_stat(profile, state, Stat::kRangedRange);
    u.shield = effective_stat(profile, state, Stat::kShield);
    u.melee = u.melee_dice > 0 && u.melee_range > 0;
    u.ranged = u.ranged_dice > 0 && u.ranged_range > 0;
  }
  // How far each unit on the board is from attacking each enemy on the board, its move left out:
  // the walk (around Walls, up hills) for melee, the straight line (range_lower_bound_between) for
  // ranged weapons, less the weapon's range; far_gap unarmed. Worked out once a pair.
  const AtomsPastGame::TravelCosts travel = game_->travel_costs();
  std::array<std::array<PairGaps, kMaxUnits>, kMaxUnits> gaps;
  const auto strike_gap = [&](int attacker, int target, int move) {
    const PairGaps& gap = gaps[attacker][target];
    int gap_left = far_gap;
    if (units[attacker].melee) gap_left = std::min(gap_left, gap.melee - move);
    return std::min(gap_left, gap.ranged);
  };
  // How far each unit is from attacking its nearest enemy, where it stands.
  std::array<int, kMaxUnits> nearest_gap;
  for (int side = 0; side < 2; ++side) {
    for (int i = 0; i < fielded_count[side]; ++i) {
      const int attacker = fielded[side][i];
      const EvaluatedUnit& a = units[attacker];
      int nearest = far_gap;
      for (int j = 0; j < fielded_count[1 - side]; ++j) {
        const int target = fielded[1 - side][j];
        const EvaluatedUnit& t = units[target];
        PairGaps& gap = gaps[attacker][target];
        gap.melee =
            a.melee ? travel(a.space, t.space) - a.extent - t.extent - a.melee_range : far_gap;
        gap.ranged = a.ranged ? range_lower_bound_between(a.anchor, a.extent, t.anchor, t.extent) -
                                    a.ranged_range
                              : far_gap;
        nearest = std::min(nearest, std::max(0, strike_gap(attacker, target, 0)));
      }
      nearest_gap[attacker] = nearest;
    }
  }
  std::array<double, 2> material_left{}, material_total{}, kon_left{};
  std::array<double, 2> position{}, position_weight{}, kon_safety{};
  // What `attacker` can take from `target` in one action of its next turn (a Charge or a shot
  // from where it stands), in the target's worth by the share of its wounds: 0 out of reach.
  auto strike_worth = [&](int attacker, int target) {
    const EvaluatedUnit& a = units[attacker];
    const EvaluatedUnit& t = units[target];
    const double wounds = std::max<int>(1, d.units[target].wounds);
    const auto harm = [&](int skill, int dice) {
      const double damage = dice * mean_die(skill) - t.shield;
      return std::clamp(damage / wounds, 0.0, 1.0) * t.worth;
    };
    double best = 0;
    if (a.melee && strike_gap(attacker, target, a.move + params.charge_move_bonus) <= 0)
      best = harm(a.melee_skill, a.melee_dice + params.charge_dice_bonus);
    if (a.ranged && gaps[attacker][target].ranged <= 0)
      best = std::max(best, harm(a.ranged_skill, a.ranged_dice));
    return best;
  };
  // The worth each side may lose next turn: every enemy ready by then (AcTi 1 or less before its
  // Downtick) strikes its best target. Units the enemy can shoot or charge are at risk.
  std::array<double, 2> threatened{};
  if (w.threat > 0)
    for (int enemy = 0; enemy < d.num_units; ++enemy) {
      if (!units[enemy].on_board || d.units[enemy].acti > 1) continue;
      const int target_side = 1 - units[enemy].side;
      double best = 0;
      for (int j = 0; j < fielded_count[target_side]; ++j)
        best = std::max(best, strike_worth(enemy, fielded[target_side][j]));
      threatened[target_side] += best;
    }
  // Each side's Kon, for the attackers hunting it.
  std::array<int, 2> kons{-1, -1};
  for (int unit = 0; unit < d.num_units; ++unit)
    if (is_kon(unit) && units[unit].on_board) kons[units[unit].side] = unit;
  // Each side's chance to destroy the enemy Kon with a spell at its next cast: a spell reaches any
  // unit, so a Kon low on wounds (or Shield) before a Boosted damage spell is in danger wherever
  // it stands, and a side that holds one ready has a Kon kill in hand.
  std::array<double, 2> kon_kill{};
  std::array<int, 2> nearest_to_enemy_kon{far_gap, far_gap};
  if (w.kon_kill > 0 || w.kon_guard > 0)
    for (int side = 0; side < 2; ++side) {
      const int kon = kons[1 - side];
      if (kon < 0) continue;
      const EvaluatedUnit& k = units[kon];
      int& nearest_friend = nearest_to_enemy_kon[side];
      for (int j = 0; j < fielded_count[side]; ++j) {
        const EvaluatedUnit& f = units[fielded[side][j]];
        nearest_friend = std::min(
            nearest_friend, range_lower_bound_between(f.anchor, f.extent, k.anchor, k.extent));
      }
      kon_kill[side] =
          kon_kill_chance(*this, side, kon, k.shield, nearest_friend, d.units[kon].wounds);
    }
  // Each side's fear for its own Kon: the enemy's chance to destroy it at its next cast, less
  // what a heal or Shield the side holds ready would take off it. Not zero-sum: a side lowers its
  // own value by it (so it readies and casts the remedy) but does not value the enemy's fear, so it
  // has no reason to ready its own damage spells for the enemy Kon, which is what cost r with
  // kon_kill (docs/sim.md, "Why the balance bot loses to random").
  std::array<double, 2> kon_fear{};
  if (w.kon_guard > 0)
    for (int side = 0; side < 2; ++side)
      if (kons[side] >= 0 && kon_kill[1 - side] > 0)
        kon_fear[side] = kon_peril(*this, side, kons[side], units[kons[side]].shield,
                                   nearest_to_enemy_kon[1 - side], kon_kill[1 - side]);
  std::array<double, 2> hunt{};
  for (int unit = 0; unit < d.num_units; ++unit) {
    const EvaluatedUnit& u = units[unit];
    const int side = u.side;
    const UnitState& state = d.units[unit];
    const double health = state.max_wounds > 0 ? double(state.wounds) / state.max_wounds : 0.0;
    material_total[side] += u.worth;
    if (!state.alive) continue;
    material_left[side] += u.worth * health;
    if (is_kon(unit)) {
      kon_left[side] = health;
      if (!u.on_board) continue;
      // The Kon is kept back: how many spaces beyond the nearest enemy's move and reach it is.
      int margin = far_gap;
      for (int j = 0; j < fielded_count[1 - side]; ++j) {
        const int enemy = fielded[1 - side][j];
        margin = std::min(margin, strike_gap(enemy, unit, 2 * units[enemy].move));
      }
      kon_safety[side] =
          std::clamp(margin + w.safe_margin, 0.0, 2 * w.safe_margin) / (2.0 * w.safe_margin);
      continue;
    }
    if (!u.on_board) continue;
    // How far the unit is from attacking its nearest enemy.
    if (!u.melee && !u.ranged) continue;
    const int gap = nearest_gap[unit];
    const double weight = game_->roster()[unit].material;
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
  double red =
      w.material * (share(material_left[0], material_total[0]) -
                    share(material_left[1], material_total[1])) +
      w.kon * (kon_left[0] - kon_left[1]) +
      w.position *
          (share(position[0], position_weight[0]) - share(position[1], position_weight[1])) +
      w.kon_safety * (kon_safety[0] - kon_safety[1]) + w.spells * (spells[0] - spells[1]) +
      w.threat *
          (share(threatened[1], material_total[1]) - share(threatened[0], material_total[0])) +
      w.kon_hunt * (share(hunt[0], position_weight[0]) - share(hunt[1], position_weight[1])) +
      w.kon_kill * (kon_kill[0] - kon_kill[1]);
  // Past the turn limit the side that destroyed more points wins (end_game_by_turn_limit), so
  // over the last rounds the value leans towards that score: a blend, not another share, so it
  // stays within [-1, 1] and leaves the shares' sum alone.
  if (w.endgame > 0) {
    const double window = w.endgame_rounds;
    const double lean =
        w.endgame * std::clamp((d.round - (params.turn_limit - window)) / window, 0.0, 1.0);
    const double lead =
        std::clamp((d.players[0].points_destroyed - d.players[1].points_destroyed) / w.endgame_lead,
                   -1.0, 1.0);
    red = (1 - lean) * red + lean * lead;
  }
  return {std::clamp(red - w.kon_guard * kon_fear[0], -1.0, 1.0),
          std::clamp(-red - w.kon_guard * kon_fear[1], -1.0, 1.0)};
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
