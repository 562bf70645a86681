// Spellweavers in words: the battlefield drawn with core/grid_text (wizards, conjurations,
// terrain conditions), each combatant's HP, MP and conditions, every action and roll as a
// sentence, and why the game ended.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "core/grid_text.h"
#include "core/sides.h"
#include "rulesets/spellweavers/spellweavers_state.h"

namespace warband::spellweavers {
namespace {

const char* condition_name(StatusCondition condition) {
  switch (condition) {
    case StatusCondition::kPoison:
      return "Poison";
    case StatusCondition::kSlow:
      return "Slow";
    case StatusCondition::kStun:
      return "Stun";
    case StatusCondition::kRegenerate:
      return "Regenerate";
    case StatusCondition::kProtection:
      return "Protection";
    case StatusCondition::kDispel:
      return "Dispel";
  }
  return "?";
}

}  // namespace

const char* terrain_condition_name(TerrainCondition condition) {
  switch (condition) {
    case TerrainCondition::kBurning:
      return "Burning";
    case TerrainCondition::kRough:
      return "Rough";
    case TerrainCondition::kDark:
      return "Dark";
    case TerrainCondition::kFortified:
      return "Fortified";
    case TerrainCondition::kWall:
      return "Wall";
  }
  return "?";
}

char terrain_condition_symbol(TerrainCondition condition) {
  switch (condition) {
    case TerrainCondition::kBurning:
      return '*';
    case TerrainCondition::kRough:
      return ':';
    case TerrainCondition::kDark:
      return '~';
    case TerrainCondition::kFortified:
      return '+';
    case TerrainCondition::kWall:
      return '=';
  }
  return '?';
}

std::string conditions_text(std::uint8_t conditions) {
  std::vector<std::string> names;
  for (int k = 0; k < 5; ++k)
    if (conditions & (1u << k)) names.push_back(condition_name(static_cast<StatusCondition>(k)));
  return fmt::format("{}", fmt::join(names, ", "));
}

std::string SpellweaversState::to_string() const {
  const StateData& d = data_;
  const grid::Board& board = game_->board();
  std::string out = fmt::format("Spellweavers on {}", game_->map().name);
  if (d.phase == Phase::kGameOver)
    out += fmt::format(": {}, {}\n",
                       d.winner < 0 ? "a draw" : std::string(side_name(d.winner)) + " wins",
                       end_reason());
  else if (d.phase == Phase::kInitiative)
    out += ": rolling initiative\n";
  else if (d.step == Step::kPlacement)
    out += fmt::format(", round {}: {} places {} ({} action{} left)\n", d.round,
                       combatant_name(d.actor),
                       game_->wizard(d.cast.caster).spells[d.cast.spell].spell.name, d.actions_left,
                       d.actions_left == 1 ? "" : "s");
  else
    out += fmt::format(", round {}: {} to act ({} action{} left)\n", d.round,
                       combatant_name(d.actor), d.actions_left, d.actions_left == 1 ? "" : "s");
  std::array<std::int8_t, grid::kMaxCells> at{};
  at.fill(-1);
  for (int c = 0; c < kMaxCombatants; ++c)
    if (present(c)) at[grid::cell_index(d.combatants[c].cell)] = static_cast<std::int8_t>(c);
  out += grid::board_text(
      board.width(), board.height(), grid::BoardTextStyle{},
      [&](grid::Cell cell) {
        if (board.at(cell).flags & grid::kBlocksMove) return std::string("#");
        bool any = false;
        const TerrainCondition condition = terrain_at(cell, any);
        return std::string(1, any ? terrain_condition_symbol(condition) : '.');
      },
      [&](grid::Cell cell) {
        const int c = at[grid::cell_index(cell)];
        return c >= 0 ? label_of(c) : std::string();
      });
  out += "    . open  # stone  * Burning  : Rough  ~ Dark  + Fortified  = Wall\n";
  for (int c = 0; c < kMaxCombatants; ++c) {
    if (!present(c)) continue;
    const Combatant& combatant = d.combatants[c];
    std::string line =
        fmt::format("  {} ({}) at {}: HP {}/{}", combatant_name(c), side_name(side_of(c)),
                    grid::cell_name(combatant.cell), combatant.hp, max_hp(c));
    if (combatant.kind == CombatantKind::kWizard)
      line += fmt::format(", MP {}/{}", combatant.mp, game_->parameters().wizard_max_mp);
    if (combatant.defending) line += ", defending";
    if (combatant.conditions) line += ", " + conditions_text(combatant.conditions);
    out += line + "\n";
  }
  for (int w = 0; w < d.num_wizards; ++w)
    if (!present(w)) out += fmt::format("  {}: knocked out\n", combatant_name(w));
  return out;
}

namespace {
// SpellweaversGame::endings(), in this order (ruling "Victory"): a side with no wizard standing,
// or the round limit (HP left, or a draw).
constexpr std::string_view kWizardEndingNames[] = {"every wizard of a side knocked out",
                                                   "round limit reached"};
}  // namespace

std::span<const std::string_view> SpellweaversGame::endings() const {
  return kWizardEndingNames;
}

int SpellweaversState::ending() const {
  if (data_.phase != Phase::kGameOver) return -1;
  std::array<bool, 2> standing{};
  for (int w = 0; w < data_.num_wizards; ++w)
    if (present(w)) standing[game_->wizard(w).side] = true;
  return standing[0] && standing[1] ? 1 : 0;
}

std::string SpellweaversState::end_reason() const {
  if (data_.phase != Phase::kGameOver) return "";
  std::array<bool, 2> standing{};
  for (int w = 0; w < data_.num_wizards; ++w)
    if (present(w)) standing[game_->wizard(w).side] = true;
  if (data_.winner < 0)
    return standing[0] ? fmt::format("round {} ended with equal HP on both sides", data_.round)
                       : "every wizard knocked out at once";
  if (!standing[1 - data_.winner])
    return fmt::format("every {} wizard knocked out", side_name(1 - data_.winner));
  std::array<int, 2> hp{};
  for (int w = 0; w < data_.num_wizards; ++w)
    if (present(w)) hp[game_->wizard(w).side] += data_.combatants[w].hp;
  return fmt::format("more HP left after round {} (Red {}, Blue {})", data_.round, hp[0], hp[1]);
}

std::string SpellweaversState::action_to_string(Action action) const {
  const StateData& d = data_;
  const int actor = d.actor;
  const auto who = [&] { return actor >= 0 ? combatant_name(actor) : std::string("?"); };
  switch (kind_of(action)) {
    case ActionKind::kInitiative:
      return fmt::format("{} rolls {} for initiative", combatant_name(d.pending.target),
                         arg_a(action));
    case ActionKind::kRollTotal: {
      const int total = arg_a(action);
      const int dice = d.pending.dice;
      const int target = d.pending.target;
      switch (d.pending.purpose) {
        case RollPurpose::kStrike:
        case RollPurpose::kBurningOnMove:
        case RollPurpose::kBurningOnShift:
        case RollPurpose::kBurningAtStart: {
          const char* what =
              d.pending.purpose == RollPurpose::kStrike
                  ? (d.combatants[actor].kind == CombatantKind::kGrizzlyBear ? "Maul"
                                                                             : "Staff Strike")
                  : "Burning";
          const int damage = present(target) ? reduced_damage(target, total) : total;
          return fmt::format("{} {}d6: {} → {} damage to {}{}", what, dice, total, damage,
                             combatant_name(target), damage != total ? " (after reductions)" : "");
        }
        case RollPurpose::kSpellDamage:
        case RollPurpose::kSpellHealing: {
          // Ruling "One roll a spell": the one total goes to every combatant the area affects,
          // each after its own reductions; the line says who, so a player sees what hit whom.
          const bool damage = d.pending.purpose == RollPurpose::kSpellDamage;
          std::vector<std::string> takers;
          for (int c = 0; c < kMaxCombatants; ++c) {
            if (!present(c) || !d.cast.affected[grid::cell_index(d.combatants[c].cell)]) continue;
            if (damage) {
              const int dealt = reduced_damage(c, total);
              takers.push_back(fmt::format("{} damage to {}{}", dealt, combatant_name(c),
                                           dealt != total ? " (after reductions)" : ""));
            } else {
              const int room = max_hp(c) - d.combatants[c].hp;
              const int healed =
                  game_->parameters().healing_above_max_hp ? total : std::clamp(room, 0, total);
              takers.push_back(fmt::format("{} HP back to {}", healed, combatant_name(c)));
            }
          }
          std::string text =
              fmt::format("Spell {} {}d6: {}", damage ? "damage" : "healing", dice, total);
          if (!takers.empty()) text += " → " + fmt::format("{}", fmt::join(takers, ", "));
          return text;
        }
        case RollPurpose::kNone:
          break;
      }
      return fmt::format("Roll: {}", total);
    }
    case ActionKind::kRemovalDie: {
      const int face = arg_a(action);
      const StatusCondition condition = d.pending.condition;
      int remove = 0;
      switch (condition) {
        case StatusCondition::kPoison:
          remove = game_->parameters().poison_remove;
          break;
        case StatusCondition::kSlow:
          remove = game_->parameters().slow_remove;
          break;
        case StatusCondition::kStun:
          remove = game_->parameters().stun_remove;
          break;
        case StatusCondition::kRegenerate:
          remove = game_->parameters().regenerate_remove;
          break;
        case StatusCondition::kProtection:
          remove = game_->parameters().protection_remove;
          break;
        case StatusCondition::kDispel:
          break;
      }
      std::string text = fmt::format("{} {} removal roll ({}+): {}, {}",
                                     combatant_name(d.pending.target), condition_name(condition),
                                     remove, face, face >= remove ? "removed" : "stays");
      if (d.pending.when == RemovalWhen::kTurnEnd && condition == StatusCondition::kPoison)
        text += fmt::format("; {} damage", reduced_damage(d.pending.target, face));
      if (d.pending.when == RemovalWhen::kTurnEnd && condition == StatusCondition::kRegenerate)
        text += fmt::format("; regains up to {} HP", face);
      return text;
    }
    case ActionKind::kEndTurn:
      return who() + " ends its turn";
    case ActionKind::kMove: {
      std::string text =
          fmt::format("{} moves {}→{}", who(), grid::cell_name(d.combatants[actor].cell),
                      grid::cell_name(grid::cell_at(arg_a(action))));
      if (arg_b(action) > 0)
        text += fmt::format(" through {} Burning square{} ({}d6)", arg_b(action),
                            arg_b(action) == 1 ? "" : "s", arg_b(action));
      return text;
    }
    case ActionKind::kStrike: {
      const int target = arg_a(action);
      const CombatantKind kind = d.combatants[actor].kind;
      const std::string attack =
          kind == CombatantKind::kGrizzlyBear ? fmt::format("Maul ({}d6)", kBearMaulDice)
          : kind == CombatantKind::kAnnoyingImp
              ? fmt::format("Jab ({})", kImpJabDamage)
              : fmt::format("Staff Strike ({}d6)", game_->parameters().staff_strike_dice);
      return fmt::format("{}: {} on {} at {}", who(), attack, combatant_name(target),
                         grid::cell_name(d.combatants[target].cell));
    }
    case ActionKind::kDefend:
      return fmt::format("{} defends ({} less damage until its next turn)", who(),
                         game_->parameters().defend_reduction);
    case ActionKind::kCastSpell:
      return cast_spell_to_string(arg_a(action), arg_b(action));
    case ActionKind::kPlacement:
      return placement_to_string(placement_from_code(arg_a(action)));
    case ActionKind::kCast:
      break;  // retired: never listed
    case ActionKind::kShift:
      return fmt::format("Shift {} to {}", combatant_name(d.pending.target),
                         grid::cell_name(grid::cell_at(arg_a(action))));
  }
  return fmt::format("action {}", action);
}

}  // namespace warband::spellweavers
