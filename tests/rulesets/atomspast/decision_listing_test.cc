// The decision listings issue 20's speed work rewrote (unit sets, base boxes, the units' standing
// worked out once a decision), checked in random games on every map against plain references
// built from the state's public view: a ready unit's Move and Run against a whole movement
// search, and a spell's Cast against every choice of targets tried one unit at a time.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/grid.h"
#include "core/rng.h"
#include "rulesets/atomspast/half_ranges.h"
#include "tests/rulesets/atomspast/atomspast_fixture.h"
#include "tests/rulesets/atomspast/move_query_of.h"

namespace warband::atomspast {
namespace {

bool listed(const std::vector<Action>& actions, Action action) {
  return std::find(actions.begin(), actions.end(), action) != actions.end();
}

// Whether a whole search from the unit's placement finds anywhere to end.
bool reference_reaches(const AtomsPastState& state, int unit, int budget, int scale) {
  grid::Reach reach;
  grid::compute_reach(state.atomspast().board(), testing::move_query_of(state, unit, budget, scale),
                      reach);
  return !reach.destinations.empty();
}

// Whether slots [slot, end) of `spell` can be filled after `chosen`, every unit tried in each
// slot: on the board, of the slot's side, a Kon only where allowed, not chosen before, and
// within the slot's range of the unit it must be near (the seed's "target Enemy Unit within
// Range 1.5 of it").
bool reference_fillable(const AtomsPastState& state, int caster, int spell, int slot,
                        std::array<int, kMaxSlots>& chosen) {
  const auto& targets = state.atomspast().spell(spell).targets;
  if (slot == static_cast<int>(targets.size())) return true;
  const TargetSlot& target = targets[slot];
  const int near_slot = state.atomspast().game_spell(spell).slot_near[slot];
  for (int unit = 0; unit < state.data().num_units; ++unit) {
    if (!state.on_board(unit)) continue;
    if (target.side == TargetSide::kFriendly && state.side_of(unit) != caster) continue;
    if (target.side == TargetSide::kEnemy && state.side_of(unit) == caster) continue;
    if (!target.allow_kon && state.is_kon(unit)) continue;
    if (std::find(chosen.begin(), chosen.begin() + slot, unit) != chosen.begin() + slot) continue;
    if (near_slot >= 0) {
      grid::FootprintCells near_cells, cells;
      state.cells_of(chosen[near_slot], near_cells);
      state.cells_of(unit, cells);
      if (!within_range_halves(state.atomspast().board(), near_cells, cells, target.within_halves))
        continue;
    }
    chosen[slot] = unit;
    if (reference_fillable(state, caster, spell, slot + 1, chosen)) return true;
  }
  return false;
}

bool reference_targets_exist(const AtomsPastState& state, int caster, int spell) {
  std::array<int, kMaxSlots> chosen{};
  return reference_fillable(state, caster, spell, 0, chosen);
}

struct Compared {
  int moves = 0, casts = 0, casts_refused = 0, charges = 0;
};

// Each Charge listed (found by a search that stops at the first destination within the target's
// Melee Range, issue 20) leads, once chosen, to at least one destination from the whole search.
void check_charges(const AtomsPastState& state, const std::vector<Action>& actions,
                   Compared& compared) {
  for (const Action action : actions) {
    if (kind_of(action) != ActionKind::kCharge) continue;
    const auto charging = state.clone();
    charging->apply(action);
    const auto destinations = charging->legal_actions();
    ASSERT_TRUE(std::any_of(destinations.begin(), destinations.end(),
                            [](Action each) { return kind_of(each) == ActionKind::kDestination; }))
        << "unit " << arg_a(action) << " charging " << arg_b(action);
    ++compared.charges;
  }
}

// At a Battlefield decision: each ready unit's Move and Run as a whole search finds them.
void check_battlefield(const AtomsPastState& state, const std::vector<Action>& actions,
                       Compared& compared) {
  for (int unit = 0; unit < state.data().num_units; ++unit) {
    if (state.side_of(unit) != state.data().active || !state.on_board(unit) || state.is_kon(unit) ||
        state.data().units[unit].acti != 0)
      continue;
    const int move = state.stat(unit, Stat::kMove);
    const bool moves = move > 0 && reference_reaches(state, unit, move, 1);
    const bool runs = moves || (move > 0 && reference_reaches(state, unit, 2 * move, 2));
    ASSERT_EQ(listed(actions, encode(ActionKind::kMove, unit)), moves) << "unit " << unit;
    ASSERT_EQ(listed(actions, encode(ActionKind::kRun, unit)), runs) << "unit " << unit;
    compared.moves += moves;
  }
}

// At a Spell Phase decision with a Cast left: each zone card's Cast as its targets exist.
void check_spell_phase(const AtomsPastState& state, const std::vector<Action>& actions,
                       Compared& compared) {
  const auto& data = state.data();
  if (data.casts_used >= state.atomspast().parameters().casts_per_spell_phase) return;
  const PlayerState& player = data.players[data.active];
  for (int slot = 0; slot < player.zone_size; ++slot) {
    const bool exist = reference_targets_exist(state, data.active, player.zone[slot].spell);
    ASSERT_EQ(listed(actions, encode(ActionKind::kCast, slot)), exist) << "zone slot " << slot;
    ++(exist ? compared.casts : compared.casts_refused);
  }
}

TEST(AtomsPastDecisionListing, MovesRunsAndCastsMatchPlainReferencesOnEveryMap) {
  Compared compared;
  for (const std::string& id : testing::sample_map_ids()) {
    SCOPED_TRACE(id);
    const auto game = testing::sample_game({{"map", id}});
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      SCOPED_TRACE(seed);
      Rng rng(seed);
      auto state = game->new_initial_state();
      while (!state->is_terminal()) {
        if (state->is_chance()) {
          state->apply(rng.sample(state->chance_outcomes()));
          continue;
        }
        const auto& atomspast = static_cast<const AtomsPastState&>(*state);
        const auto actions = state->legal_actions();
        if (atomspast.data().step == Step::kPhase) {
          if (atomspast.data().phase == Phase::kBattlefield) {
            check_battlefield(atomspast, actions, compared);
            check_charges(atomspast, actions, compared);
          }
          if (atomspast.data().phase == Phase::kSpellPhase)
            check_spell_phase(atomspast, actions, compared);
          if (HasFatalFailure()) return;
        }
        state->apply(rng.pick(actions));
      }
    }
  }
  // The games reached every kind of answer, many times.
  EXPECT_GT(compared.moves, 500);
  EXPECT_GT(compared.casts, 100);
  EXPECT_GT(compared.casts_refused, 10);
  EXPECT_GT(compared.charges, 20);
}

// Random games never hem a unit in, so the other answer is made by hand: a Red unit with Blue
// units on all eight spaces around it (enemies may not be entered) has no Move and no Run, and
// has both once one of them is taken off the board.
TEST(AtomsPastDecisionListing, AUnitHemmedInByEnemiesMovesOnceOneStandsAside) {
  const auto game = testing::sample_game(testing::open_ground_setup());
  auto state = testing::first_turn(game);
  testing::to_battlefield(*state);
  const auto& roster = game->roster();
  int mover = -1;
  std::vector<int> blues;
  for (int unit = 0; unit < state->data().num_units; ++unit) {
    if (roster[unit].side == 1) blues.push_back(unit);
    if (mover < 0 && roster[unit].side == 0 && !roster[unit].is_kon &&
        roster[unit].profile->base.area() == 1)
      mover = unit;
  }
  ASSERT_GE(mover, 0);
  std::vector<int> keep = blues;
  keep.push_back(mover);
  keep.push_back(game->kon_unit(0));
  clear_board_except(*state, keep);
  place(*state, game->kon_unit(0), 0, 0);
  place(*state, mover, 10, 8);
  for (int blue : blues)
    place(*state, blue, 20 + 2 * (blue % 4), 12 + 3 * (blue / 4 % 2));  // out of the way

  // Each space around the mover not yet covered takes the next Blue unit that fits over it, the
  // largest bases first, placed where it covers the most spaces around the mover and takes no
  // space already taken.
  std::vector<int> largest_first = blues;
  std::stable_sort(largest_first.begin(), largest_first.end(), [&](int a, int b) {
    return roster[a].profile->base.area() > roster[b].profile->base.area();
  });
  grid::CellSet taken;
  taken.set(grid::cell_index({10, 8}));
  const auto around_mover = [](grid::Cell c) {
    return std::abs(c.x - 10) <= 1 && std::abs(c.y - 8) <= 1;
  };
  std::vector<int> blockers;
  for (int dy = -1; dy <= 1; ++dy) {
    for (int dx = -1; dx <= 1; ++dx) {
      const grid::Cell around{static_cast<std::int8_t>(10 + dx), static_cast<std::int8_t>(8 + dy)};
      if (taken[grid::cell_index(around)]) continue;
      for (int blue : largest_first) {
        if (std::find(blockers.begin(), blockers.end(), blue) != blockers.end()) continue;
        const grid::Footprint base = roster[blue].profile->base;
        int best_covered = 0;
        grid::Placement best;
        for (int ay = around.y - 3; ay <= around.y; ++ay)
          for (int ax = around.x - 3; ax <= around.x; ++ax)
            for (const bool rotated : {false, true}) {
              const grid::Placement at{{static_cast<std::int8_t>(ax), static_cast<std::int8_t>(ay)},
                                       rotated};
              grid::FootprintCells cells;
              grid::covered_cells(base, at, cells);
              const grid::Cell* begin = cells.cells.data();
              const grid::Cell* end = begin + cells.count;
              if (std::none_of(begin, end,
                               [&](grid::Cell c) { return c.x == around.x && c.y == around.y; }) ||
                  std::any_of(begin, end, [&](grid::Cell c) { return taken[grid::cell_index(c)]; }))
                continue;
              const int covered = static_cast<int>(std::count_if(begin, end, around_mover));
              if (covered > best_covered) best_covered = covered, best = at;
            }
        if (best_covered == 0) continue;
        grid::FootprintCells cells;
        grid::covered_cells(base, best, cells);
        for (int i = 0; i < cells.count; ++i)
          taken.set(grid::cell_index(cells.cells[i]));
        place(*state, blue, best.anchor.x, best.anchor.y, best.rotated);
        blockers.push_back(blue);
        break;
      }
      ASSERT_TRUE(taken[grid::cell_index(around)]) << "no Blue unit fits at " << dx << ", " << dy;
    }
  }
  ASSERT_EQ(state->data().phase, Phase::kBattlefield);
  ASSERT_EQ(state->data().units[mover].acti, 0);
  const int move = state->stat(mover, Stat::kMove);
  ASSERT_GT(move, 0);

  auto actions = state->legal_actions();
  EXPECT_FALSE(reference_reaches(*state, mover, 2 * move, 2));
  EXPECT_FALSE(listed(actions, encode(ActionKind::kMove, mover)));
  EXPECT_FALSE(listed(actions, encode(ActionKind::kRun, mover)));

  // One blocker stands aside: the way out is open.
  std::vector<int> rest = keep;
  rest.erase(std::find(rest.begin(), rest.end(), blockers.front()));
  clear_board_except(*state, rest);
  actions = state->legal_actions();
  EXPECT_TRUE(reference_reaches(*state, mover, move, 1));
  EXPECT_TRUE(listed(actions, encode(ActionKind::kMove, mover)));
  EXPECT_TRUE(listed(actions, encode(ActionKind::kRun, mover)));
}

}  // namespace
}  // namespace warband::atomspast
