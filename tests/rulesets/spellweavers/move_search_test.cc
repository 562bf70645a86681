// The move search over bit rows (move_actions) against the plain step-by-step search it replaced:
// the same destinations and the same Burning counts, on random boards of Burning, Rough and Wall
// squares with friends and enemies about.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <memory>

#include "core/registry.h"
#include "core/rng.h"
#include "rulesets/spellweavers/spellweavers_game.h"
#include "rulesets/spellweavers/spellweavers_state.h"

namespace warband::spellweavers {
namespace {

std::uint8_t code(TerrainCondition condition) {
  return static_cast<std::uint8_t>(1 + static_cast<int>(condition));
}

// The ruling "Moving" step by step (synchronous relaxation, one step a round): the fewest Burning
// squares entered to reach each square within `budget` steps; Rough is entered but not left
// (the start excepted, and a move starting on it is one step); never through an enemy, a Wall or
// stone; never ending on another combatant.
std::vector<Action> reference_moves(const SpellweaversState& state, int mover, int budget) {
  const auto& d = state.data();
  const grid::Board& board = state.spellweavers().board();
  grid::CellSet enemies, anyone;
  for (int c = 0; c < kMaxCombatants; ++c) {
    if (c == mover || !state.present(c)) continue;
    anyone.set(grid::cell_index(d.combatants[c].cell));
    if (state.side_of(c) != state.side_of(mover))
      enemies.set(grid::cell_index(d.combatants[c].cell));
  }
  const int start = grid::cell_index(d.combatants[mover].cell);
  if (d.terrain[start] == code(TerrainCondition::kRough)) budget = 1;
  std::array<int, grid::kMaxCells> burns;
  burns.fill(1000);
  burns[start] = 0;
  for (int step = 0; step < budget; ++step) {
    std::array<int, grid::kMaxCells> next = burns;
    for (int from = 0; from < grid::kMaxCells; ++from) {
      if (burns[from] == 1000) continue;
      if (from != start && d.terrain[from] == code(TerrainCondition::kRough)) continue;
      const grid::Cell at = grid::cell_at(from);
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const grid::Cell to{static_cast<std::int8_t>(at.x + dx),
                              static_cast<std::int8_t>(at.y + dy)};
          if ((dx == 0 && dy == 0) || !board.contains(to)) continue;
          const int index = grid::cell_index(to);
          if ((board.at(to).flags & grid::kBlocksMove) || enemies[index] ||
              d.terrain[index] == code(TerrainCondition::kWall))
            continue;
          const int cost =
              burns[from] + (d.terrain[index] == code(TerrainCondition::kBurning) ? 1 : 0);
          next[index] = std::min(next[index], cost);
        }
    }
    burns = next;
  }
  std::vector<Action> out;
  for (int index = 0; index < grid::kMaxCells; ++index)
    if (burns[index] < 1000 && index != start && !anyone[index])
      out.push_back(encode(ActionKind::kMove, index, burns[index]));
  return out;
}

TEST(SpellweaversMoveSearch, BitRowsFindWhatTheStepByStepSearchFinds) {
  auto game = std::static_pointer_cast<const SpellweaversGame>(make_game(
      "spellweavers",
      {{"map", "walls_and_pillars"},
       {"warbands", nlohmann::json::array({nlohmann::json::array({"ember_the_red", "quadrata"}),
                                           "vesper_longshot"})}}));
  Rng rng(31);
  const grid::Board& board = game->board();
  int compared = 0;
  for (int trial = 0; trial < 300; ++trial) {
    SpellweaversState state(game);
    auto& d = state.mutable_data();
    d.terrain.fill(0);
    grid::CellSet taken;
    // Random squares for the three wizards, then terrain around them.
    for (int w = 0; w < 3; ++w) {
      grid::Cell cell;
      do {
        cell = grid::Cell{static_cast<std::int8_t>(rng.below(board.width())),
                          static_cast<std::int8_t>(rng.below(board.height()))};
      } while ((board.at(cell).flags & grid::kBlocksMove) || taken[grid::cell_index(cell)]);
      taken.set(grid::cell_index(cell));
      d.combatants[w].cell = cell;
    }
    for (int k = 0; k < 60; ++k) {
      const grid::Cell cell{static_cast<std::int8_t>(rng.below(board.width())),
                            static_cast<std::int8_t>(rng.below(board.height()))};
      const int index = grid::cell_index(cell);
      if (board.at(cell).flags & grid::kBlocksMove) continue;
      const TerrainCondition kinds[] = {TerrainCondition::kBurning, TerrainCondition::kRough,
                                        TerrainCondition::kWall};
      const TerrainCondition kind = kinds[rng.below(3)];
      if (kind == TerrainCondition::kWall && taken[index]) continue;
      d.terrain[index] = code(kind);
    }
    const int mover = static_cast<int>(rng.below(3));
    d.actor = static_cast<std::int8_t>(mover);
    d.actions_left = 2;
    if (trial % 4 == 0) d.combatants[mover].conditions = condition_bit(StatusCondition::kSlow);
    std::vector<Action> moves;
    for (const Action action : state.legal_actions())
      if (kind_of(action) == ActionKind::kMove) moves.push_back(action);
    const int budget = trial % 4 == 0 ? 1 : game->parameters().move_squares;
    ASSERT_EQ(moves, reference_moves(state, mover, budget)) << "trial " << trial;
    compared += static_cast<int>(moves.size());
  }
  EXPECT_GT(compared, 1000);  // the boards left room to move
}

}  // namespace
}  // namespace warband::spellweavers
