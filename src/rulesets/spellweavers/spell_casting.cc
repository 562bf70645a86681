// Casting (seed 002, "CASTING SPELLS"): "To cast a spell, spend its MP cost from your wizard's MP
// and choose the area the spell will affect ... Finally, apply the effect of the spell to all
// affected squares/combatants." The areas are spell_area.h's; the effects resolve here one after
// another, dice and removal rolls as chance nodes, a Shift's squares as decisions.
#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/grid_json.h"
#include "rulesets/spellweavers/spell_area.h"
#include "rulesets/spellweavers/spellweavers_state.h"

namespace warband::spellweavers {
namespace {

std::uint8_t terrain_code(TerrainCondition condition) {
  return static_cast<std::uint8_t>(1 + static_cast<int>(condition));
}

grid::Cell offset(grid::Cell c, int dx, int dy) {
  return grid::Cell{static_cast<std::int8_t>(c.x + dx), static_cast<std::int8_t>(c.y + dy)};
}

}  // namespace

// --- The choices: "You cannot cast more than one spell in a single turn"; a spell takes the
// actions its power allows (spellweavers_game.cc prices each count with cast_cost). The spell and
// its action count are one decision, listed only when some placement affects a square; where it
// lands is the next (Step::kPlacement), so a decision lists tens of choices, not a thousand.

void SpellweaversState::cast_actions(int caster, std::vector<Action>& out) const {
  const Combatant& wizard = data_.combatants[caster];
  const GameWizard& entry = game_->wizard(caster);
  grid::CellSet blockers;
  bool blockers_known = false;
  for (std::size_t s = 0; s < entry.spells.size(); ++s) {
    const GameSpell& spell = entry.spells[s];
    bool placeable = false, checked = false;
    for (int actions = 0; actions <= 2; ++actions) {
      const int cost = spell.mp_cost[actions];
      if (cost < 0 || cost > wizard.mp || actions > data_.actions_left) continue;
      if (!checked) {
        // Sight is worked out only when the quick answer says nothing (a Line).
        placeable = covers_caster_square(game_->board(), wizard.cell, spell.spell);
        if (!placeable && !blockers_known) {
          blockers = sight_blockers();
          blockers_known = true;
        }
        placeable = placeable || any_placement(game_->board(), wizard.cell, spell.spell, blockers);
        checked = true;
      }
      if (placeable) out.push_back(encode(ActionKind::kCastSpell, static_cast<int>(s), actions));
    }
  }
}

void SpellweaversState::placement_actions(std::vector<Action>& out) const {
  const CastInProgress& cast = data_.cast;
  const Spell& spell = game_->wizard(cast.caster).spells[cast.spell].spell;
  thread_local std::vector<AreaPlacement> placements;
  distinct_placements(game_->board(), data_.combatants[cast.caster].cell, spell, sight_blockers(),
                      placements);
  for (const AreaPlacement& placement : placements)
    out.push_back(encode(ActionKind::kPlacement, placement_code(placement)));
  // distinct_placements' order is the codes' (row, column, turn): sorted already, as a rule.
  if (!std::is_sorted(out.begin(), out.end())) std::sort(out.begin(), out.end());
}

// "you may cast this spell without using an action": a Snapcast spell keeps the turn open.
bool SpellweaversState::zero_action_cast_possible() const {
  const int caster = data_.actor;
  if (caster >= kMaxWizards || data_.cast_this_turn) return false;
  const Combatant& wizard = data_.combatants[caster];
  for (const GameSpell& spell : game_->wizard(caster).spells)
    if (spell.mp_cost[0] >= 0 && spell.mp_cost[0] <= wizard.mp &&
        (covers_caster_square(game_->board(), wizard.cell, spell.spell) ||
         any_placement(game_->board(), wizard.cell, spell.spell, sight_blockers())))
      return true;
  return false;
}

// The spell is committed and paid for; its placement is the caster's next decision.
void SpellweaversState::commit_spell(int spell_index, int actions) {
  const int caster = data_.actor;
  const GameSpell& spell = game_->wizard(caster).spells[spell_index];
  Combatant& wizard = data_.combatants[caster];
  wizard.mp = static_cast<std::int16_t>(wizard.mp - spell.mp_cost[actions]);
  spend_action(actions);
  data_.cast_this_turn = true;
  CastInProgress& cast = data_.cast;
  cast = CastInProgress{};
  cast.caster = static_cast<std::int8_t>(caster);
  cast.spell = static_cast<std::int8_t>(spell_index);
  cast.actions = static_cast<std::int8_t>(actions);
  data_.step = Step::kPlacement;
}

void SpellweaversState::start_cast(AreaPlacement placement) {
  CastInProgress& cast = data_.cast;
  const GameSpell& spell = game_->wizard(cast.caster).spells[cast.spell];
  cast.orientation = static_cast<std::int8_t>(placement.orientation);
  cast.anchor = placement.anchor;
  affected_squares(game_->board(), data_.combatants[cast.caster].cell, spell.spell, placement,
                   sight_blockers(), cast.affected);
  data_.step = Step::kDecision;
  continue_cast();
}

// --- The effects, in the spell's order ("spell effects contribute to power additively": each
// acts in turn on the squares and combatants the area affects).

void SpellweaversState::continue_cast() {
  // A step of the spell (a Shift into Burning) may have ended the battle: nothing is left to do.
  if (data_.phase == Phase::kGameOver) return;
  CastInProgress& cast = data_.cast;
  const std::vector<Effect>& effects = game_->wizard(cast.caster).spells[cast.spell].spell.effects;
  const auto affected_combatant = [&](int c) {
    return present(c) && cast.affected[grid::cell_index(data_.combatants[c].cell)];
  };
  while (cast.next_effect < static_cast<int>(effects.size())) {
    if (data_.phase == Phase::kGameOver) return;
    const Effect& effect = effects[cast.next_effect];
    switch (effect.kind) {
      case EffectKind::kDamage:
      case EffectKind::kHealing: {
        const bool damage = effect.kind == EffectKind::kDamage;
        bool anyone = false;
        for (int c = 0; c < kMaxCombatants; ++c)
          anyone = anyone || affected_combatant(c);
        if (anyone && !cast.rolled) {
          // Ruling "One roll a spell": "Deal Xd6 damage to each affected combatant" is rolled
          // once; each combatant takes it after its own reductions.
          cast.rolled = true;
          start_roll(damage ? RollPurpose::kSpellDamage : RollPurpose::kSpellHealing, effect.amount,
                     cast.caster);
          return;
        }
        const int total = data_.pending.last_total;
        for (int c = 0; anyone && c < kMaxCombatants; ++c) {
          if (!affected_combatant(c)) continue;
          if (damage)
            deal_damage(c, reduced_damage(c, total));
          else
            heal(c, total);
        }
        if (data_.phase == Phase::kGameOver) return;
        // Wall: "This square can be damaged, and if it takes damage, remove this condition."
        if (damage)
          for (int index = 0; index < grid::kMaxCells; ++index)
            if (cast.affected[index] &&
                data_.terrain[index] == terrain_code(TerrainCondition::kWall))
              data_.terrain[index] = 0;
        cast.rolled = false;
        break;
      }
      case EffectKind::kStatus: {
        for (int c = cast.next_combatant; c < kMaxCombatants; ++c) {
          if (!affected_combatant(c)) continue;
          Combatant& target = data_.combatants[c];
          if (effect.status == StatusCondition::kDispel) {
            // "Remove all status conditions from the affected combatant."
            target.conditions = 0;
            continue;
          }
          // "when the condition is applied ... they roll a d6": its own chance node.
          target.conditions |= condition_bit(effect.status);
          cast.next_combatant = static_cast<std::int8_t>(c + 1);
          data_.pending.target = static_cast<std::int8_t>(c);
          data_.pending.condition = effect.status;
          data_.pending.when = RemovalWhen::kApplied;
          data_.step = Step::kRemovalRoll;
          return;
        }
        cast.next_combatant = 0;
        break;
      }
      case EffectKind::kTerrain: {
        // "A square can only have one terrain condition; if a second condition is applied to the
        // square, the first condition is removed." Ruling "Walls": a Wall is not raised under a
        // combatant (it "cannot be moved into"); that square keeps what it had.
        const grid::CellSet occupied_now = occupied();
        for (int index = 0; index < grid::kMaxCells; ++index) {
          if (!cast.affected[index]) continue;
          if (effect.terrain == TerrainCondition::kWall && occupied_now[index]) continue;
          data_.terrain[index] = terrain_code(effect.terrain);
        }
        break;
      }
      case EffectKind::kShift: {
        // Ruling "Shift": each affected combatant in the reading order of its square, the
        // chooser picking its square (shift_actions).
        int next = -1;
        for (int c = 0; c < kMaxCombatants; ++c) {
          if (!affected_combatant(c) || (cast.shifted >> c & 1u)) continue;
          if (next < 0 || grid::cell_index(data_.combatants[c].cell) <
                              grid::cell_index(data_.combatants[next].cell))
            next = c;
        }
        if (next >= 0) {
          cast.shifted |= 1u << next;
          data_.pending.target = static_cast<std::int8_t>(next);
          data_.step = Step::kShift;
          return;
        }
        cast.shifted = 0;
        break;
      }
      case EffectKind::kConjure:
        conjure(effect.conjuration);
        break;
    }
    ++cast.next_effect;
  }
  // The spell is resolved: the caster's turn goes on.
  data_.cast = CastInProgress{};
  data_.pending.purpose = RollPurpose::kNone;
  after_action();
}

// "Conjure a creature(s) ... to an unoccupied affected square. If there is more than one conjured
// entity, the rest are conjured on unoccupied squares adjacent to the affected square."
// "A wizard can only have a single conjuration on the battlefield at a time; casting another
// conjure spell causes the previous conjuration to stop existing." Ruling "Conjuring": the
// placement's anchor square when it is affected and free, else the first free affected square in
// reading order; the Imps after the first on the free squares around it in reading order (fewer
// when fewer are free); nothing when no affected square is free.
void SpellweaversState::conjure(Conjuration conjuration) {
  const int caster = data_.cast.caster;
  if (!present(caster)) return;  // knocked out by its own spell: no one to control it
  for (int k = 0; k < kConjurationSlots; ++k)
    data_.combatants[conjuration_slot(caster, k)] = Combatant{};
  const grid::Board& board = game_->board();
  const grid::CellSet taken = occupied();
  const auto free_square = [&](grid::Cell cell) {
    if (!board.contains(cell) || (board.at(cell).flags & grid::kBlocksMove)) return false;
    const int index = grid::cell_index(cell);
    return !taken[index] && data_.terrain[index] != terrain_code(TerrainCondition::kWall);
  };
  int first = -1;
  if (board.contains(data_.cast.anchor) && free_square(data_.cast.anchor) &&
      data_.cast.affected[grid::cell_index(data_.cast.anchor)])
    first = grid::cell_index(data_.cast.anchor);
  for (int index = 0; first < 0 && index < grid::kMaxCells; ++index)
    if (data_.cast.affected[index] && free_square(grid::cell_at(index))) first = index;
  if (first < 0) return;
  const bool bear = conjuration == Conjuration::kGrizzlyBear;
  Combatant entity;
  entity.kind = bear ? CombatantKind::kGrizzlyBear : CombatantKind::kAnnoyingImp;
  entity.hp = static_cast<std::int16_t>(bear ? kBearHp : kImpHp);
  entity.cell = grid::cell_at(first);
  data_.combatants[conjuration_slot(caster, 0)] = entity;
  if (bear) return;
  int placed = 1;
  const grid::Cell centre = grid::cell_at(first);
  for (int dy = -1; dy <= 1 && placed < kImpCount; ++dy)
    for (int dx = -1; dx <= 1 && placed < kImpCount; ++dx) {
      const grid::Cell cell = offset(centre, dx, dy);
      if ((dx == 0 && dy == 0) || !free_square(cell)) continue;
      entity.cell = cell;
      data_.combatants[conjuration_slot(caster, placed++)] = entity;
    }
}

// --- Shift: "Move each affected combatant to a square up to X spaces away." Ruling "Shift": any
// square within X (diagonals count 1) on the board, not stone, not a Wall, unoccupied; or stay.

int SpellweaversState::shift_distance() const {
  const CastInProgress& cast = data_.cast;
  for (const Effect& effect : game_->wizard(cast.caster).spells[cast.spell].spell.effects)
    if (effect.kind == EffectKind::kShift) return effect.amount;
  return 0;
}

void SpellweaversState::shift_actions(std::vector<Action>& out) const {
  const grid::Board& board = game_->board();
  const int target = data_.pending.target;
  const grid::Cell from = data_.combatants[target].cell;
  const grid::CellSet taken = occupied(target);
  const int reach = shift_distance();
  for (int y = std::max(0, from.y - reach); y <= std::min(board.height() - 1, from.y + reach); ++y)
    for (int x = std::max(0, from.x - reach); x <= std::min(board.width() - 1, from.x + reach);
         ++x) {
      const grid::Cell cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
      const int index = grid::cell_index(cell);
      if ((board.at(cell).flags & grid::kBlocksMove) || taken[index] ||
          data_.terrain[index] == terrain_code(TerrainCondition::kWall))
        continue;
      out.push_back(encode(ActionKind::kShift, index));
    }
}

void SpellweaversState::apply_shift(int cell_index) {
  const int target = data_.pending.target;
  Combatant& moved = data_.combatants[target];
  const bool moves = grid::cell_index(moved.cell) != cell_index;
  moved.cell = grid::cell_at(cell_index);
  data_.step = Step::kDecision;
  // "When a combatant enters this square ... they take 1d6 damage": a Shift enters it too.
  if (moves && data_.terrain[cell_index] == terrain_code(TerrainCondition::kBurning)) {
    start_roll(RollPurpose::kBurningOnShift, 1, target);
    return;
  }
  continue_cast();
}

// --- In words and as data.

std::string SpellweaversState::cast_spell_to_string(int spell_index, int actions) const {
  const GameSpell& spell = game_->wizard(data_.actor).spells[spell_index];
  return fmt::format("{} casts {} ({} action{}, {} MP)", combatant_name(data_.actor),
                     spell.spell.name, actions, actions == 1 ? "" : "s", spell.mp_cost[actions]);
}

std::string SpellweaversState::placement_to_string(AreaPlacement placement) const {
  const CastInProgress& cast = data_.cast;
  const GameSpell& spell = game_->wizard(cast.caster).spells[cast.spell];
  const grid::Cell anchor = placement.anchor;
  // A square off the board (a Line's end past the edge, a shape's origin beside it) is named
  // by its coordinates.
  const auto square = [&](grid::Cell cell) {
    return game_->board().contains(cell) ? grid::cell_name(cell)
                                         : fmt::format("({}, {}) off the board", cell.x, cell.y);
  };
  std::string where;
  switch (spell.spell.area) {
    case AreaClass::kNuke:
      where = "over the whole field";
      break;
    case AreaClass::kLine:
      where = "in a line to " + square(anchor);
      break;
    default:
      where = "at " + square(anchor);
      if (placement.orientation > 0)
        where += fmt::format(", turned {}°", 90 * placement.orientation);
  }
  return fmt::format("{} places {} {}", combatant_name(cast.caster), spell.spell.name, where);
}

void SpellweaversState::add_cast_spell_view(int spell_index, int actions,
                                            nlohmann::json& view) const {
  const GameSpell& spell = game_->wizard(data_.actor).spells[spell_index];
  view["spell"] = spell.spell.name;
  // One entry a spell in the terminal (its action counts inside).
  view["group"] = combatant_name(data_.actor) + " casts " + spell.spell.name;
  view["spell_index"] = spell_index;
  view["actions"] = actions;
  view["mp_cost"] = spell.mp_cost[actions];
}

void SpellweaversState::add_placement_view(AreaPlacement placement, nlohmann::json& view) const {
  const CastInProgress& cast = data_.cast;
  const GameSpell& spell = game_->wizard(cast.caster).spells[cast.spell];
  const grid::Cell caster = data_.combatants[cast.caster].cell;
  const grid::Cell anchor = placement.anchor;
  grid::CellSet affected, area;
  affected_squares(game_->board(), caster, spell.spell, placement, sight_blockers(), affected);
  area_squares_on_board(game_->board(), caster, spell.spell, placement, area);
  // The anchor first when it is on the board: the terminal names a placement by its first square
  // ("G4"); then every affected square.
  nlohmann::json cells = nlohmann::json::array();
  if (game_->board().contains(anchor)) cells.push_back(nlohmann::json::array({anchor.x, anchor.y}));
  nlohmann::json squares = nlohmann::json::array(), unaffected = nlohmann::json::array();
  for (int index = 0; index < grid::kMaxCells; ++index) {
    const grid::Cell cell = grid::cell_at(index);
    if (affected[index]) {
      squares.push_back(grid::cell_json(cell));
      if (!(cell == anchor)) cells.push_back(squares.back());
    } else if (area[index]) {
      // On the board but beyond the range, out of sight or stone: greyed in a preview.
      unaffected.push_back(grid::cell_json(cell));
    }
  }
  view["cells"] = cells;
  view["affected"] = squares;
  view["unaffected"] = unaffected;
  view["anchor"] = nlohmann::json::array({anchor.x, anchor.y});
  view["orientation"] = placement.orientation;
  view["spell"] = spell.spell.name;
  view["group"] = combatant_name(cast.caster) + " places " + spell.spell.name;
  view["spell_index"] = cast.spell;
  view["actions"] = cast.actions;
  view["mp_cost"] = spell.mp_cost[cast.actions];
}

}  // namespace warband::spellweavers
