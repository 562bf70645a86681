// Unit Actions (seed 000, "Unit Actions", "Unit's Attacking", "Combined Attacks", "Melee
// Attacks", "Outnumbered", "Flanking Attacks", "Terrain"): Move, Run, Attack and Charge, and the
// free moves and attacks spells grant.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "core/error.h"
#include "core/grid_find.h"
#include "rulesets/atomspast/atomspast_state.h"
#include "rulesets/atomspast/base_cells.h"
#include "rulesets/atomspast/half_ranges.h"
#include "rulesets/atomspast/unit_boxes.h"

namespace warband::atomspast {
namespace {

// Scratch space for movement searches, reused so that the hot path does not allocate.
grid::Reach& scratch_reach() {
  thread_local grid::Reach reach;
  return reach;
}

// The one-step check's query and the spaces of the units beside the unit asked about, kept per
// thread: only its occupied spaces are written at each use (its `blocked` stays empty; the one-step
// check does not read it), and `near` is cleared only on the rows the last use marked.
struct OneStepCheck {
  grid::MoveQuery query;
  CellRows near{};
  int first_row = 0;  // the rows [first_row, last_row] of `near` may hold marks
  int last_row = -1;
};
OneStepCheck& one_step_check() {
  thread_local OneStepCheck check;
  return check;
}

// Sets in `check.near` the spaces of the units other than `unit` that lie within one space of
// its base: all that a one-step Move can meet (grid::has_adjacent_destination reads no others).
void mark_occupied_around(int unit, std::uint64_t standing_units, const UnitBoxEdges& edges,
                          OneStepCheck& check) {
  for (int y = check.first_row; y <= check.last_row; ++y)
    check.near[y] = 0;
  const BaseBox own = edges.box(unit);
  const int x0 = own.x0 - 1, y0 = own.y0 - 1, x1 = own.x1 + 1, y1 = own.y1 + 1;
  // A box that meets this ring marks rows within it only.
  check.first_row = std::max(y0, 0);
  check.last_row = std::min(y1, grid::kMaxHeight - 1);
  std::uint64_t meeting = boxes_meeting(edges, x0, y0, x1, y1);
  meeting &= standing_units & ~(std::uint64_t{1} << unit);
  for (; meeting != 0; meeting &= meeting - 1) {
    const int other = std::countr_zero(meeting);
    const BaseBox box = edges.box(other);
    const std::uint32_t row = ((std::uint32_t{2} << (box.x1 - box.x0)) - 1) << box.x0;
    for (int y = std::max(box.y0, check.first_row); y <= std::min(box.y1, check.last_row); ++y)
      check.near[y] |= row;
  }
}

bool same_query(const grid::MoveQuery& a, const grid::MoveQuery& b) {
  return a.footprint.w == b.footprint.w && a.footprint.h == b.footprint.h && a.start == b.start &&
         a.budget == b.budget && a.move_cost_scale == b.move_cost_scale &&
         a.first_destination_only == b.first_destination_only && a.blocked == b.blocked &&
         a.occupied == b.occupied;
}

// charge_destination_ok's first test made from what stays the same between the destinations of
// one Charge: whether the mover's box at a placement may come within its Melee Range (`halves`,
// twice it) of the target's box. Most destinations are turned away here, without a call.
struct ChargeBoxTest {
  const grid::Board* board;
  grid::Footprint base;
  BaseBox target;
  int halves;
  bool may_reach(int placement_index) const {
    return boxes_may_be_within_halves(*board, base_box(base, grid::placement_at(placement_index)),
                                      target, halves);
  }
};

// The thread's last kept search, and the game it was made in: watched, not held, so a kept search
// keeps no game alive; a game that has gone can no longer match, and while it lives no other game
// can have its address.
struct KeptReach {
  const AtomsPastGame* game_address = nullptr;
  std::weak_ptr<const AtomsPastGame> game;
  grid::MoveQuery query;
  grid::Reach reach;
};

}  // namespace

void AtomsPastState::compute_move_reach(int unit, int budget, int scale, grid::Reach& out) const {
  grid::compute_reach(game_->board(), move_query(unit, budget, scale), out);
}

const grid::Reach& AtomsPastState::move_reach(int unit, int budget, int scale) const {
  thread_local KeptReach kept;
  const grid::MoveQuery query = move_query(unit, budget, scale);
  // A live game at the kept address is the kept game (no shared_ptr taken: its count is atomic).
  if (kept.game_address == game_.get() && !kept.game.expired() && same_query(kept.query, query))
    return kept.reach;
  kept.game.reset();  // not kept until the search is whole
  kept.game_address = nullptr;
  grid::compute_reach(game_->board(), query, kept.reach);
  kept.query = query;
  kept.game = game_;
  kept.game_address = game_.get();
  return kept.reach;
}

grid::MoveQuery AtomsPastState::move_query(int unit, int budget, int scale) const {
  grid::MoveQuery query;
  query.footprint = footprint(unit);
  query.start = data_.units[unit].placement;
  query.budget = budget;
  // Difficult Terrain takes 1 from the Move stat per space; a Run, "twice it's Move Stat", loses
  // twice that from what it has left (ruling "Difficult and Dangerous terrain").
  query.move_cost_scale = scale;
  // Friends may be passed, enemies not; no unit may be ended on. One pass fills both, the
  // roster read through one reference.
  const auto& roster = game_->roster();
  const int side = roster[unit].side;
  // Marked straight into the query's sets, which start empty.
  for (int other = 0; other < data_.num_units; ++other) {
    if (other == unit || !on_board(other)) continue;
    const RosterEntry& entry = roster[other];
    mark_covered(entry.profile->base, data_.units[other].placement,
                 entry.side != side ? query.blocked : query.occupied);
  }
  query.occupied |= query.blocked;
  return query;
}

struct AtomsPastState::StandingUnits {
  std::array<std::uint64_t, 2> by_side{};  // bit per unit on the board, by side
  // The box each unit's placement covers, one byte an edge. Every slot is read (boxes_meeting),
  // those past the game's units too, whose answers no unit set holds: zero at first, and then
  // what an earlier listing wrote there, which is why each caller keeps its own per thread.
  UnitBoxEdges edges{};
  std::uint64_t all() const { return by_side[0] | by_side[1]; }
};

void AtomsPastState::standing_units(StandingUnits& out) const {
  static_assert(kMaxUnits <= 64, "a unit set is one 64-bit word");
  out.by_side = {0, 0};
  const auto& roster = game_->roster();
  for (int unit = 0; unit < data_.num_units; ++unit) {
    const UnitState& state = data_.units[unit];
    const BaseBox box = base_box(roster[unit].profile->base, state.placement);
    out.edges.x0[unit] = static_cast<std::int8_t>(box.x0);
    out.edges.y0[unit] = static_cast<std::int8_t>(box.y0);
    out.edges.x1[unit] = static_cast<std::int8_t>(box.x1);
    out.edges.y1[unit] = static_cast<std::int8_t>(box.y1);
    // No branch per unit: which units stand is not foreseeable.
    const bool stands = state.alive & state.deployed;
    out.by_side[roster[unit].side] |= std::uint64_t{stands} << unit;
  }
}

bool AtomsPastState::has_move_destination(int unit, int budget, int scale) const {
  thread_local StandingUnits standing;
  standing_units(standing);
  return has_move_destination(unit, budget, scale, standing);
}

bool AtomsPastState::has_move_destination(int unit, int budget, int scale,
                                          const StandingUnits& standing) const {
  // One step is most often enough to know, and needs only the spaces units stand on beside it.
  OneStepCheck& check = one_step_check();
  grid::MoveQuery& step = check.query;
  step.footprint = footprint(unit);
  step.start = data_.units[unit].placement;
  step.budget = budget;
  step.move_cost_scale = scale;
  mark_occupied_around(unit, standing.all(), standing.edges, check);
  step.occupied = cell_set_of(check.near);
  if (grid::has_adjacent_destination(game_->board(), step)) return true;
  grid::MoveQuery query = move_query(unit, budget, scale);
  query.first_destination_only = true;
  auto& reach = scratch_reach();
  grid::compute_reach(game_->board(), query, reach);
  return !reach.destinations.empty();
}

bool AtomsPastState::in_melee_range(int attacker, int target) const {
  const int range = stat(attacker, Stat::kMeleeRange);
  if (range <= 0 || stat(attacker, Stat::kMeleeDice) <= 0) return false;
  // The free bound first: most pairs of units are far apart.
  if (range_lower_bound(attacker, target) > range) return false;
  grid::FootprintCells a, b;
  cells_of(attacker, a);
  cells_of(target, b);
  return grid::range_between(game_->board(), a, b) <= range;
}

bool AtomsPastState::is_engaged(int unit) const {
  // Ruling: engaged = an enemy within the unit's Melee Range, or the unit within an enemy's.
  for (int enemy = 0; enemy < data_.num_units; ++enemy)
    if (on_board(enemy) && side_of(enemy) != side_of(unit) &&
        (in_melee_range(unit, enemy) || in_melee_range(enemy, unit)))
      return true;
  return false;
}

bool AtomsPastState::is_outnumbered(int unit) const {
  // "A Unit that is within two or more Enemy Units Melee Range, and those Enemy Units are not in
  // Melee Range of other friendly Units": the unit is within each enemy's Melee Range, and no
  // other friend of the unit has that enemy within its own Melee Range (the same reading of "in
  // X's Melee Range" both times; it differs with reach weapons).
  int count = 0;
  for (int enemy = 0; enemy < data_.num_units; ++enemy) {
    if (!on_board(enemy) || side_of(enemy) == side_of(unit) || !in_melee_range(enemy, unit))
      continue;
    bool within_a_friends_reach = false;
    for (int friend_unit = 0; friend_unit < data_.num_units && !within_a_friends_reach;
         ++friend_unit)
      within_a_friends_reach = friend_unit != unit && on_board(friend_unit) &&
                               side_of(friend_unit) == side_of(unit) &&
                               in_melee_range(friend_unit, enemy);
    if (!within_a_friends_reach) ++count;
  }
  return count >= 2;
}

bool AtomsPastState::is_flanked(int unit) const {
  // "Enemy Units directly to each side of it (front/back, left/right)".
  const grid::CellSet enemies = occupied_by_side(1 - side_of(unit));
  grid::FootprintCells cells;
  cells_of(unit, cells);
  int min_x = 99, max_x = -1, min_y = 99, max_y = -1;
  for (int i = 0; i < cells.count; ++i) {
    min_x = std::min<int>(min_x, cells.cells[i].x);
    max_x = std::max<int>(max_x, cells.cells[i].x);
    min_y = std::min<int>(min_y, cells.cells[i].y);
    max_y = std::max<int>(max_y, cells.cells[i].y);
  }
  const auto& board = game_->board();
  auto enemy_at = [&](int x, int y) {
    const grid::Cell cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
    return board.contains(cell) && enemies.test(grid::cell_index(cell));
  };
  bool west = false, east = false, north = false, south = false;
  for (int y = min_y; y <= max_y; ++y) {
    west |= enemy_at(min_x - 1, y);
    east |= enemy_at(max_x + 1, y);
  }
  for (int x = min_x; x <= max_x; ++x) {
    north |= enemy_at(x, min_y - 1);
    south |= enemy_at(x, max_y + 1);
  }
  return (west && east) || (north && south);
}

int AtomsPastState::range_lower_bound(int a, int b) const {
  return range_lower_bound_between(data_.units[a].placement.anchor, anchor_extent(footprint(a)),
                                   data_.units[b].placement.anchor, anchor_extent(footprint(b)));
}

bool AtomsPastState::attack_possible(int attacker, int target, AttackKind kind,
                                     Sight* sight_out) const {
  if (!on_board(target) || side_of(target) == side_of(attacker)) return false;
  const bool melee = kind == AttackKind::kMelee;
  const int range = stat(attacker, melee ? Stat::kMeleeRange : Stat::kRangedRange);
  const int dice = stat(attacker, melee ? Stat::kMeleeDice : Stat::kRangedDice);
  if (range <= 0 || dice <= 0 || range_lower_bound(attacker, target) > range) return false;
  grid::FootprintCells a, b;
  cells_of(attacker, a);
  cells_of(target, b);
  // "Target Unit is within Line of Sight" and "within Range of the weapon".
  if (grid::range_between(game_->board(), a, b) > range) return false;
  const Sight sight =
      line_of_sight(game_->board(), a, b, occupied(attacker, target), line_weights(kind));
  if (!sight.clear || sight.range > range) return false;
  if (sight_out) *sight_out = sight;
  return true;
}

LineWeights AtomsPastState::line_weights(AttackKind kind) const {
  const auto& params = game_->parameters();
  LineWeights weights;
  // Obscuring: "Unit's making Ranged Attacks through grid spaces that have Obscuring Terrain".
  weights.obscuring = kind == AttackKind::kRanged ? params.obscuring_penalty : 0;
  weights.light_cover = params.light_cover_penalty;
  weights.heavy_cover = params.heavy_cover_penalty;
  weights.higher_ground = params.higher_ground_skill_bonus;
  return weights;
}

int AtomsPastState::attack_lines(int attacker, int target, AttackKind kind,
                                 std::array<Sight, 2>& out) const {
  // "Perfectly diagonal LoS: the Player in control of the Attacking Unit chooses one side of the
  // grid spaces to affect LoS. This is the choice for the entire drawn LoS" (ruling "Corners and
  // diagonal lines"): the best line's pair of spaces, either side of its corners.
  if (!attack_possible(attacker, target, kind, &out[0])) return 0;
  if (!grid::passes_corner(out[0].from, out[0].to)) return 1;
  grid::FootprintCells a, b;
  cells_of(attacker, a);
  cells_of(target, b);
  if (!judge_sight_line(game_->board(), a, b, out[0].from, out[0].to, 1 - out[0].side,
                        occupied(attacker, target), line_weights(kind), out[1]))
    return 1;
  // Sides that cost the attack the same Skill are the same attack: no choice to make.
  return out[1].penalty == out[0].penalty ? 1 : 2;
}

bool AtomsPastState::any_attack_target(int attacker, AttackKind kind) const {
  for (int target = 0; target < data_.num_units; ++target)
    if (attack_possible(attacker, target, kind, nullptr)) return true;
  return false;
}

void AtomsPastState::combined_partners(int attacker, int target, AttackKind kind,
                                       std::vector<int>& out) const {
  // "Units that have no AcTi and are within Range 1.5 of each other ... Both Units must be able to
  // make the Attack."
  out.clear();
  grid::FootprintCells a, p;
  cells_of(attacker, a);
  for (int partner = 0; partner < data_.num_units; ++partner) {
    if (partner == attacker || !on_board(partner) || side_of(partner) != side_of(attacker) ||
        is_kon(partner) || data_.units[partner].acti != 0)
      continue;
    cells_of(partner, p);
    if (!within_range_halves(game_->board(), a, p, game_->parameters().combined_range_halves))
      continue;
    if (attack_possible(partner, target, kind, nullptr)) out.push_back(partner);
  }
}

bool AtomsPastState::charge_destination_ok(int unit, int placement_index, int target,
                                           const grid::FootprintCells& target_cells,
                                           const grid::CellSet& blockers) const {
  // From where the Charge ends, the target must be in Melee Range and in sight.
  const int range = stat(unit, Stat::kMeleeRange);
  const grid::Placement at = grid::placement_at(placement_index);
  // The bases' boxes first, before any space is listed: most destinations are far from the target.
  if (!may_be_within_range_halves(game_->board(), footprint(unit), at, footprint(target),
                                  data_.units[target].placement, 2 * range))
    return false;
  grid::FootprintCells cells;
  grid::covered_cells(footprint(unit), at, cells);
  if (!within_range_halves(game_->board(), cells, target_cells, 2 * range)) return false;
  const grid::Sight sight = grid::sight_between(game_->board(), cells, target_cells, blockers);
  return sight.clear && sight.range <= range;
}

bool AtomsPastState::charge_target_in_sight(int unit, int target) const {
  // "chooses a target Enemy Unit that is in it's Line of Sight", near enough to be reached.
  if (!on_board(target) || side_of(target) == side_of(unit)) return false;
  if (stat(unit, Stat::kMeleeRange) <= 0 || stat(unit, Stat::kMeleeDice) <= 0) return false;
  // Each point of Move brings a part of the unit one space closer at most: farther than the
  // Charge's Move plus the Melee Range cannot be reached.
  const int budget = stat(unit, Stat::kMove) + game_->parameters().charge_move_bonus;
  if (range_lower_bound(unit, target) > budget + stat(unit, Stat::kMeleeRange)) return false;
  grid::FootprintCells a, b;
  cells_of(unit, a);
  cells_of(target, b);
  return grid::sight_between(game_->board(), a, b, occupied(unit, target)).clear;
}

void AtomsPastState::battlefield_actions(std::vector<Action>& out) const {
  out.push_back(encode(ActionKind::kDone));
  // The units that may act, the active side's on the board, not its Kon, at AcTi 0: found
  // without a branch per unit (which of them may is not foreseeable).
  const auto& roster = game_->roster();
  std::uint64_t ready = 0;
  for (int unit = 0; unit < data_.num_units; ++unit) {
    const UnitState& state = data_.units[unit];
    const unsigned may_act = unsigned{roster[unit].side == data_.active} & unsigned{state.alive} &
                             unsigned{state.deployed} & unsigned{!roster[unit].is_kon} &
                             unsigned{state.acti == 0};
    ready |= std::uint64_t{may_act} << unit;
  }
  // A phase ends at a decision where none may: then nothing more is worked out.
  if (ready == 0) return;
  thread_local StandingUnits standing;
  standing_units(standing);
  for (; ready != 0; ready &= ready - 1)
    unit_actions_into(std::countr_zero(ready), standing, out);
}

void AtomsPastState::unit_actions_into(int unit, std::vector<Action>& out) const {
  thread_local StandingUnits standing;
  standing_units(standing);
  unit_actions_into(unit, standing, out);
}

void AtomsPastState::unit_actions_into(int unit, const StandingUnits& standing,
                                       std::vector<Action>& out) const {
  // The caller sorts the list: actions are pushed in whatever order is cheapest.
  const int move = stat(unit, Stat::kMove);
  if (move > 0) {
    // Anywhere a Move reaches, a Run reaches too; the wider Run search only when Move has none.
    if (has_move_destination(unit, move, 1, standing)) {
      out.push_back(encode(ActionKind::kMove, unit));
      out.push_back(encode(ActionKind::kRun, unit));
    } else if (has_move_destination(unit, 2 * move, 2, standing)) {
      out.push_back(encode(ActionKind::kRun, unit));
    }
  }
  // One pass over the enemies for attacks and Charges: the free Range bound (range_lower_bound)
  // turns most away before any sight is drawn. attack_possible and charge_target_in_sight make
  // the whole checks.
  const int melee_range = stat(unit, Stat::kMeleeRange);
  const int ranged_range = stat(unit, Stat::kRangedRange);
  const bool melee = melee_range > 0 && stat(unit, Stat::kMeleeDice) > 0;
  const bool ranged = ranged_range > 0 && stat(unit, Stat::kRangedDice) > 0;
  const int charge_reach = move + game_->parameters().charge_move_bonus + melee_range;
  bool melee_found = !melee, ranged_found = !ranged;
  std::array<std::int8_t, kMaxUnits> charge_targets;
  int charge_count = 0;
  const BaseBox own = standing.edges.box(unit);
  const int own_extent = (own.x1 - own.x0) + (own.y1 - own.y0);
  for (std::uint64_t enemies = standing.by_side[1 - side_of(unit)]; enemies != 0;
       enemies &= enemies - 1) {
    const int target = std::countr_zero(enemies);
    // range_lower_bound from the boxes: their first spaces are the anchors, and each box's
    // width and height less one are its base's anchor_extent.
    const BaseBox box = standing.edges.box(target);
    const int bound = range_lower_bound_between(
        {static_cast<std::int8_t>(own.x0), static_cast<std::int8_t>(own.y0)}, own_extent,
        {static_cast<std::int8_t>(box.x0), static_cast<std::int8_t>(box.y0)},
        (box.x1 - box.x0) + (box.y1 - box.y0));
    if (!melee_found && bound <= melee_range &&
        attack_possible(unit, target, AttackKind::kMelee, nullptr)) {
      out.push_back(encode(ActionKind::kMeleeAttack, unit));
      melee_found = true;
    }
    if (!ranged_found && bound <= ranged_range &&
        attack_possible(unit, target, AttackKind::kRanged, nullptr)) {
      out.push_back(encode(ActionKind::kRangedAttack, unit));
      ranged_found = true;
    }
    if (melee && bound <= charge_reach && charge_target_in_sight(unit, target))
      charge_targets[charge_count++] = static_cast<std::int8_t>(target);
  }
  // Charge: one movement search shared by every target in sight, stopped once each target has a
  // destination (find_destination: cheapest first, no searches below a hazard level, which
  // change no destination into another).
  if (charge_count == 0 || is_engaged(unit)) return;
  struct ChargeTarget {
    int target;
    grid::FootprintCells cells;
    grid::CellSet blockers;
    ChargeBoxTest near;
    bool found;
  };
  struct ChargeTargets {
    const AtomsPastState* state;
    int unit;
    int count;
    int left;  // targets still without a destination
    std::array<ChargeTarget, kMaxUnits> of;
  };
  thread_local ChargeTargets targets;
  targets.state = this;
  targets.unit = unit;
  targets.count = charge_count;
  targets.left = charge_count;
  for (int i = 0; i < charge_count; ++i) {
    ChargeTarget& each = targets.of[i];
    each.target = charge_targets[i];
    cells_of(each.target, each.cells);
    each.blockers = occupied(unit, each.target);
    each.near = ChargeBoxTest{&game_->board(), footprint(unit),
                              base_box(footprint(each.target), data_.units[each.target].placement),
                              2 * melee_range};
    each.found = false;
  }
  const grid::DestinationTest test{
      [](void* context, int placement) {
        auto& all = *static_cast<ChargeTargets*>(context);
        for (int i = 0; i < all.count; ++i) {
          ChargeTarget& each = all.of[i];
          if (each.found || !each.near.may_reach(placement) ||
              !all.state->charge_destination_ok(all.unit, placement, each.target, each.cells,
                                                each.blockers))
            continue;
          each.found = true;
          --all.left;
        }
        return all.left == 0;
      },
      // A destination must bring the unit's box within the Melee Range of a target's box: both
      // gaps between them at most half its `halves` (gaps_allow_halves). Each move costs at
      // least as much as any edge of the box moves, so the larger gap less that bounds the cost.
      [](void* context, int placement) {
        const auto& all = *static_cast<const ChargeTargets*>(context);
        const BaseBox box = base_box(all.of[0].near.base, grid::placement_at(placement));
        int least = grid::kMaxWidth + grid::kMaxHeight;
        for (int i = 0; i < all.count; ++i) {
          const ChargeTarget& each = all.of[i];
          if (each.found) continue;
          const BaseBox& to = each.near.target;
          const int gap_x = std::max({0, to.x0 - box.x1, box.x0 - to.x1});
          const int gap_y = std::max({0, to.y0 - box.y1, box.y0 - to.y1});
          least = std::min(least, std::max(gap_x, gap_y) - each.near.halves / 2);
        }
        return least;
      },
      &targets};
  grid::find_destination(game_->board(),
                         move_query(unit, move + game_->parameters().charge_move_bonus, 1), test,
                         scratch_reach());
  for (int i = 0; i < charge_count; ++i)
    if (targets.of[i].found) out.push_back(encode(ActionKind::kCharge, unit, targets.of[i].target));
}

// ---------------------------------------------------------------------------------------------
// Resolving an action.

AttackKind AtomsPastState::current_attack_kind() const {
  switch (data_.action.kind) {
    case UnitActionKind::kRangedAttack:
    case UnitActionKind::kFreeRangedAttack:
      return AttackKind::kRanged;
    default:
      return AttackKind::kMelee;
  }
}

void AtomsPastState::start_unit_action(UnitActionKind kind, int unit, int target) {
  const int move = stat(unit, Stat::kMove);
  data_.action = ActionContext{};
  data_.action.kind = kind;
  data_.action.actor = static_cast<std::int8_t>(unit);
  data_.action.target = static_cast<std::int8_t>(target);
  switch (kind) {
    case UnitActionKind::kMove:
      data_.action.budget = static_cast<std::int8_t>(move);
      data_.step = Step::kDestination;
      break;
    case UnitActionKind::kRun:
      data_.action.budget = static_cast<std::int8_t>(2 * move);  // "twice it's Move Stat"
      data_.step = Step::kDestination;
      break;
    case UnitActionKind::kCharge:
      // "it may perform a Move with a +1 modifier, and a Melee Attack with +1MD"
      data_.action.budget = static_cast<std::int8_t>(move + game_->parameters().charge_move_bonus);
      data_.action.dice_bonus = static_cast<std::int8_t>(game_->parameters().charge_dice_bonus);
      data_.step = Step::kDestination;
      break;
    default:
      data_.step = Step::kAttackTarget;
      break;
  }
}

void AtomsPastState::destination_actions(std::vector<Action>& out) const {
  const auto& action = data_.action;
  if (action.optional) out.push_back(encode(ActionKind::kDecline));
  const int scale = action.kind == UnitActionKind::kRun ? 2 : 1;
  // The Move lost is what was paid over the scale, 1 or 2: a shift, not a division per place.
  const int scale_shift = scale == 2 ? 1 : 0;
  const grid::Reach& reach = move_reach(action.actor, action.budget, scale);
  const bool charge = action.kind == UnitActionKind::kCharge;
  grid::FootprintCells target_cells;
  grid::CellSet blockers;
  ChargeBoxTest near_target{&game_->board(), footprint(action.actor), {}, 0};
  if (charge) {
    cells_of(action.target, target_cells);
    blockers = occupied(action.actor, action.target);
    near_target.target = base_box(footprint(action.target), data_.units[action.target].placement);
    near_target.halves = 2 * stat(action.actor, Stat::kMeleeRange);
  }
  // Written through a pointer into room made once (a list of about 80), then cut to size.
  const std::size_t listed = out.size();
  out.resize(listed + reach.destinations.size());
  Action* next = out.data() + listed;
  // The danger and the Move lost ride along in the action: applying it needs no second search.
  const auto destination = [&](int placement) {
    return encode_destination(placement, reach.hazard[placement],
                              reach.paid[placement] >> scale_shift);
  };
  if (charge) {
    for (int placement : reach.destinations)
      if (near_target.may_reach(placement) &&
          charge_destination_ok(action.actor, placement, action.target, target_cells, blockers))
        *next++ = destination(placement);
  } else {
    // A Move's or Run's every destination, in a loop with no test.
    for (int placement : reach.destinations)
      *next++ = destination(placement);
  }
  out.resize(static_cast<std::size_t>(next - out.data()));
}

std::vector<grid::Placement> AtomsPastState::destination_route(Action action) const {
  const auto& pending = data_.action;
  std::vector<grid::Placement> route;
  if (pending.actor < 0 || !on_board(pending.actor)) return route;
  const int scale = pending.kind == UnitActionKind::kRun ? 2 : 1;
  grid::route_to(game_->board(), move_query(pending.actor, pending.budget, scale), arg_a(action),
                 route);
  return route;
}

void AtomsPastState::attack_target_actions(std::vector<Action>& out) const {
  const auto& action = data_.action;
  const AttackKind kind = current_attack_kind();
  if (action.optional) out.push_back(encode(ActionKind::kDecline));
  const bool may_combine = (action.kind == UnitActionKind::kMeleeAttack ||
                            action.kind == UnitActionKind::kRangedAttack) &&
                           data_.phase == Phase::kBattlefield && !is_kon(action.actor);
  std::vector<int> partners;
  for (int target = 0; target < data_.num_units; ++target) {
    if (!attack_possible(action.actor, target, kind, nullptr)) continue;
    out.push_back(encode(ActionKind::kAttackTarget, target, 0));
    if (!may_combine) continue;
    combined_partners(action.actor, target, kind, partners);
    for (int partner : partners)
      out.push_back(encode(ActionKind::kAttackTarget, target, partner + 1));
  }
}

void AtomsPastState::move_unit_to(int placement_index, int danger, int move_lost) {
  WB_CHECK(placement_index >= 0 && placement_index < grid::kMaxPlacements);
  auto& unit = data_.units[data_.action.actor];
  unit.placement = grid::placement_at(placement_index);
  unit.move_lost = static_cast<std::int8_t>(std::min(unit.move_lost + move_lost, 100));
  data_.danger = static_cast<std::int8_t>(danger);
  if (danger > 0) {
    // Dangerous Terrain: one [S6/DX] roll for the Action, X the highest entered (ruling).
    start_roll(game_->parameters().dangerous_skill, danger, Step::kDangerRoll);
    return;
  }
  after_move();
}

void AtomsPastState::after_move() {
  data_.danger = 0;
  if (data_.action.kind == UnitActionKind::kCharge &&
      attack_possible(data_.action.actor, data_.action.target, AttackKind::kMelee, nullptr)) {
    start_attack(data_.action.target, -1);
    return;
  }
  finish_unit_action();
}

void AtomsPastState::attack_modifiers(int attacker, int target, AttackKind kind, int partner,
                                      const Sight& sight, int& skill, int& dice) const {
  const auto& params = game_->parameters();
  const bool melee = kind == AttackKind::kMelee;
  skill = stat(attacker, melee ? Stat::kMeleeSkill : Stat::kRangedSkill) + data_.action.skill_bonus;
  dice = stat(attacker, melee ? Stat::kMeleeDice : Stat::kRangedDice) + data_.action.dice_bonus;
  // Higher Ground: "+1S modifier to it's attack rolls against the target Unit" (the line's end
  // spaces, ruling "Cover and Higher Ground").
  if (sight.higher_ground) skill += params.higher_ground_skill_bonus;
  // Cover: Light -1S, Heavy -2S (the heaviest crossed next to the target, once).
  if (sight.cover == 1) skill -= params.light_cover_penalty;
  if (sight.cover == 2) skill -= params.heavy_cover_penalty;
  if (melee) {
    if (is_outnumbered(target)) skill += params.outnumbered_skill_bonus;
    if (is_flanked(target)) dice += params.flanking_dice_bonus;
  } else {
    // Obscuring: "a cumulative -1 to their RS per space".
    skill -= params.obscuring_penalty * sight.obscuring;
  }
  if (partner >= 0) {
    // Combined Attack: "add half the second Unit's Damage/Dice ... with +1 Skill".
    skill += params.combined_skill_bonus;
    dice += stat(partner, melee ? Stat::kMeleeDice : Stat::kRangedDice) / 2;
  }
}

void AtomsPastState::start_attack(int target, int partner) {
  std::array<Sight, 2> lines;
  const int count = attack_lines(data_.action.actor, target, current_attack_kind(), lines);
  WB_CHECK(count > 0);
  data_.action.target = static_cast<std::int8_t>(target);
  data_.action.partner = static_cast<std::int8_t>(partner);
  if (count > 1) {
    data_.step = Step::kAttackLine;  // the attacking player chooses the side of the corner
    return;
  }
  start_attack_roll(lines[0]);
}

void AtomsPastState::start_attack_roll(const Sight& sight) {
  int skill = 0, dice = 0;
  attack_modifiers(data_.action.actor, data_.action.target, current_attack_kind(),
                   data_.action.partner, sight, skill, dice);
  start_roll(skill, dice, Step::kAttackRoll);
}

void AtomsPastState::attack_line_actions(std::vector<Action>& out) const {
  std::array<Sight, 2> lines;
  const int count =
      attack_lines(data_.action.actor, data_.action.target, current_attack_kind(), lines);
  for (int i = 0; i < count; ++i)
    out.push_back(encode(ActionKind::kAttackLine, grid::cell_index(lines[i].from),
                         2 * grid::cell_index(lines[i].to) + lines[i].side));
}

bool AtomsPastState::attack_line_of(Action action, Sight& out) const {
  if (kind_of(action) != ActionKind::kAttackLine || data_.action.actor < 0 ||
      data_.action.target < 0)
    return false;
  std::array<Sight, 2> lines;
  const int count =
      attack_lines(data_.action.actor, data_.action.target, current_attack_kind(), lines);
  for (int i = 0; i < count; ++i)
    if (arg_a(action) == grid::cell_index(lines[i].from) &&
        arg_b(action) == 2 * grid::cell_index(lines[i].to) + lines[i].side) {
      out = lines[i];
      return true;
    }
  return false;
}

void AtomsPastState::finish_attack_roll() {
  deal_damage(data_.action.target, data_.roll.total, true, side_of(data_.action.actor));
  if (data_.phase == Phase::kGameOver) return;
  finish_unit_action();
}

void AtomsPastState::pay_acti(int unit, int cost) {
  if (unit < 0 || !on_board(unit)) return;
  auto& state = data_.units[unit];
  state.acti = static_cast<std::int8_t>(std::min(60, state.acti + cost));
}

void AtomsPastState::finish_unit_action() {
  // "you must pay the AcTi cost for that Action ... after it performed it's Action."
  const auto& params = game_->parameters();
  const auto& action = data_.action;
  switch (action.kind) {
    case UnitActionKind::kMove:
      pay_acti(action.actor, params.move_acti);
      break;
    case UnitActionKind::kRun:
      pay_acti(action.actor, params.run_acti);
      break;
    case UnitActionKind::kCharge:
      pay_acti(action.actor, params.charge_acti);
      break;
    case UnitActionKind::kMeleeAttack:
    case UnitActionKind::kRangedAttack:
      pay_acti(action.actor, params.attack_acti);
      pay_acti(action.partner, params.attack_acti);  // "They both get an AcTi 4 for Attacking."
      break;
    default:
      break;  // spell-granted moves and attacks are free
  }
  data_.action = ActionContext{};
  data_.step = Step::kPhase;
  if (data_.spell.active && data_.phase != Phase::kGameOver) run_spell_effects();
}

}  // namespace warband::atomspast
