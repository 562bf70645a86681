// AtomsPast in words: the board drawn in text, and every action and die described.
#include <fmt/format.h>

#include <array>
#include <cstdlib>

#include "core/grid_text.h"
#include "core/sides.h"
#include "core/text.h"
#include "rulesets/atomspast/atomspast_state.h"

namespace warband::atomspast {
namespace {

// One character for a space's terrain (the legend under the board says which).
char terrain_symbol(const grid::Space& space) {
  if (space.terrain & kWall) return '#';
  if (space.terrain & kBlocksSight) return 'X';
  if (dangerous(space) > 0) return '!';
  if (space.terrain & kHeavyCover) return 'H';
  if (space.terrain & kLightCover) return 'h';
  const bool difficult = space.terrain & kDifficult;
  const bool obscuring = space.terrain & kObscuring;
  if (difficult && obscuring) return '%';
  if (difficult) return '^';
  if (obscuring) return '~';
  return '.';
}

std::string placement_name(grid::Footprint base, grid::Placement placement) {
  grid::FootprintCells cells;
  grid::covered_cells(base, placement, cells);
  if (cells.count == 1) return grid::cell_name(cells.cells[0]);
  return grid::cell_name(cells.cells[0]) + "-" + grid::cell_name(cells.cells[cells.count - 1]);
}

}  // namespace

const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::kDiceOff:
      return "Dice-off";
    case Phase::kSetupPlace:
      return "Pre-turn: draw and place spells";
    case Phase::kDeploy:
      return "Deployment Phase";
    case Phase::kSpellPhase:
      return "Spell Phase";
    case Phase::kKonPhase:
      return "Kon Phase";
    case Phase::kBattlefield:
      return "Battlefield Phase";
    case Phase::kEffects:
      return "Battlefield Phase: Additional Effects";
    case Phase::kSpellEffects:
      return "Spell Phase: Additional Effects";
    case Phase::kKonEffects:
      return "Kon Phase: Additional Effects";
    case Phase::kGameOver:
      return "Game over";
  }
  return "?";
}

const char* roll_purpose(Step step) {
  switch (step) {
    case Step::kChannelRoll:
      return "Channel";
    case Step::kCastRoll:
      return "Cast";
    case Step::kDangerRoll:
      return "Dangerous Terrain";
    case Step::kAttackRoll:
      return "Attack";
    case Step::kDamageRoll:
      return "Spell damage";
    default:
      return nullptr;
  }
}

int turn_number(const StateData& data) {
  if (data.round <= 0) return 0;
  return 2 * (data.round - 1) + (data.active == data.first_player ? 1 : 2);
}

std::string corner_side_name(grid::Cell a, grid::Cell b, int side, int* corners) {
  grid::LineTrace mine, other;
  grid::trace_line(a, b, side, mine);
  grid::trace_line(a, b, 1 - side, other);
  std::string name;
  int count = 0;
  for (int i = 0; i < mine.count; ++i) {
    if (mine.cells[i] == other.cells[i]) continue;
    ++count;
    if (!name.empty()) continue;
    // The space this side takes beside the corner lies one column and one row off the other
    // side's: name where, in the words the line's slope makes sense of.
    const char* north_south = mine.cells[i].y < other.cells[i].y ? "north" : "south";
    const char* west_east = mine.cells[i].x > other.cells[i].x ? "east" : "west";
    const int span_x = std::abs(b.x - a.x), span_y = std::abs(b.y - a.y);
    name = span_x > span_y   ? north_south
           : span_y > span_x ? west_east
                             : fmt::format("{}-{}", north_south, west_east);
  }
  if (corners) *corners = count;
  return name;
}

std::string unit_name(const AtomsPastGame& game, int unit) {
  const RosterEntry& entry = game.roster()[unit];
  return fmt::format("{} {}{}", entry.label, entry.profile->name, entry.is_kon ? " (Kon)" : "");
}

std::string AtomsPastState::to_string() const {
  return text_for(kSeesEverything);
}

std::string AtomsPastState::to_string_for(int viewer) const {
  return text_for(viewer);
}

std::string AtomsPastState::to_string_fitting(int viewer, int columns) const {
  return text_for(viewer, columns);
}

// Everything (kSeesEverything) shows the hand of the side to act, as the terminal always did for
// a bots' game; a side sees its own hand, whoever acts; no one else's hand is named. `columns`
// > 0 fits the text to that width: spaces two characters wide when three do not fit, and long
// lines wrapped; 0 is the roomy layout, one line per unit.
std::string AtomsPastState::text_for(int viewer, int columns) const {
  const auto& board = game_->board();
  const auto& d = data_;
  const bool fitted = columns > 0;
  const auto wrap = [&](const std::vector<std::string>& parts, std::string_view separator,
                        std::string_view indent) {
    return wrap_parts(parts, separator, columns, indent) + "\n";
  };
  // Rounds and turns as the rules count them: each player's turn is one, two to a round.
  const std::string when = d.round > 0 && d.phase != Phase::kGameOver
                               ? fmt::format("round {} · turn {} ({} to act)", d.round,
                                             turn_number(d), side_name(d.active))
                               : fmt::format("{} to act", side_name(d.active));
  std::string out =
      wrap({"AtomsPast", game_->map().name, when, phase_name(d.phase)}, " · ", "    ");
  // Which unit stands on each space.
  std::array<int, grid::kMaxCells> unit_at;
  unit_at.fill(-1);
  grid::FootprintCells cells;
  for (int unit = 0; unit < d.num_units; ++unit) {
    if (!on_board(unit)) continue;
    cells_of(unit, cells);
    for (int i = 0; i < cells.count; ++i)
      unit_at[grid::cell_index(cells.cells[i])] = unit;
  }
  grid::BoardTextStyle style;
  style.space_columns = !fitted || 4 + 3 * board.width() <= columns ? 3 : 2;
  out += grid::board_text(
      board.width(), board.height(), style,
      [&](grid::Cell cell) {
        const grid::Space& space = board.at(cell);
        std::string text(1, terrain_symbol(space));
        if (space.height > 0) text += static_cast<char>('0' + std::min<int>(space.height, 9));
        return text;
      },
      [&](grid::Cell cell) {
        const int unit = unit_at[grid::cell_index(cell)];
        return unit >= 0 ? std::string(game_->roster()[unit].label) : std::string();
      });
  out += wrap(
      {"    terrain: . open", "^ difficult", "~ obscuring", "% both", "h light cover",
       "H heavy cover", "! dangerous", "X blocks sight", "# wall;", "a digit is Higher Ground"},
      "  ", "    ");
  // The deployment zones, always in the key: where a newcomer may put units is not drawn.
  std::vector<std::string> zones = {"    deployment:"};
  for (int side = 0; side < 2; ++side) {
    const DeployZone zone = game_->deploy_zone(side);
    zones.push_back(fmt::format("{} {}-{}{}", side_name(side),
                                grid::cell_name(grid::Cell{static_cast<std::int8_t>(zone.x0),
                                                           static_cast<std::int8_t>(zone.y0)}),
                                grid::cell_name(grid::Cell{static_cast<std::int8_t>(zone.x1),
                                                           static_cast<std::int8_t>(zone.y1)}),
                                side == 0 ? "," : ""));
  }
  out += wrap(zones, " ", "    ");

  for (int side = 0; side < 2; ++side) {
    const auto& player = d.players[side];
    const int deck = player.deck.size();
    int discard = 0;
    for (int i = 0; i < kMaxGameSpells; ++i)
      discard += player.discard[i];
    out += "\n";
    out += wrap({fmt::format("{} — {}", side_name(side), game_->warband(side).name),
                 fmt::format("Kon Spell {} at Power Level {} (AcTi {})",
                             game_->spell(game_->kon_spell(side)).name,
                             game_->kon_power_level(side), player.kon_spell_acti),
                 fmt::format("deck {}", deck), fmt::format("discard {}", discard),
                 fmt::format("enemy points destroyed {}", player.points_destroyed)},
                " · ", "    ");
    std::vector<std::string> zone = {"  Casting Zone:"};
    if (player.zone_size == 0) zone.push_back("empty");
    for (int i = 0; i < player.zone_size; ++i) {
      const ZoneCard& card = player.zone[i];
      zone.push_back(fmt::format("[{} AcTi {}{}]", game_->spell(card.spell).name, card.acti,
                                 card.boost ? fmt::format(" Boost {}", card.boost) : ""));
    }
    out += wrap(zone, " ", "    ");
    std::vector<std::string> hand = {"  Hand:"};
    const bool show_hand = viewer == kSeesEverything
                               ? side == d.active && d.phase != Phase::kGameOver
                               : side == viewer;
    if (!show_hand) {
      hand.push_back(fmt::format("{} cards (hidden)", player.hand_size));
    } else {
      for (int i = 0; i < player.hand_size; ++i)
        hand.push_back(fmt::format("{}{}", game_->spell(player.hand[i]).name,
                                   i + 1 < player.hand_size ? "," : ""));
    }
    out += wrap(hand, " ", "    ");
    for (int unit = 0; unit < d.num_units; ++unit) {
      if (side_of(unit) != side) continue;
      const auto& state = d.units[unit];
      const UnitProfile& profile = *game_->roster()[unit].profile;
      std::string where = !state.alive      ? "destroyed"
                          : !state.deployed ? "not deployed"
                                            : placement_name(profile.base, state.placement);
      std::vector<std::string> parts = {
          fitted ? fmt::format("  {}", unit_name(*game_, unit))
                 : fmt::format("  {:<28} {:<9}", unit_name(*game_, unit), where),
          fmt::format("W {}/{}", state.wounds, state.max_wounds),
          fmt::format("AcTi {}", state.acti), fmt::format("Mv {}", stat(unit, Stat::kMove)),
          fmt::format("M {}/{}/{}", stat(unit, Stat::kMeleeSkill), stat(unit, Stat::kMeleeDice),
                      stat(unit, Stat::kMeleeRange))};
      if (fitted) parts.insert(parts.begin() + 1, where);
      if (stat(unit, Stat::kRangedDice) > 0)
        parts.push_back(fmt::format("R {}/{}/{}", stat(unit, Stat::kRangedSkill),
                                    stat(unit, Stat::kRangedDice), stat(unit, Stat::kRangedRange)));
      if (stat(unit, Stat::kShield) > 0)
        parts.push_back(fmt::format("Shield {}", stat(unit, Stat::kShield)));
      out += wrap(parts, "  ", "      ");
    }
  }
  if (d.phase == Phase::kGameOver)
    out +=
        d.winner < 0 ? "\nThe game is a draw.\n" : fmt::format("\n{} wins.\n", side_name(d.winner));
  return out;
}

std::string AtomsPastState::action_to_string_for(int viewer, Action action) const {
  // A card drawn goes into the drawing side's hand: only that side reads its name (the same
  // rule as action_view's "private_to").
  if (kind_of(action) == ActionKind::kDrawCard && viewer != kSeesEverything &&
      viewer != data_.active)
    return fmt::format("{} draws a card", side_name(data_.active));
  return action_to_string(action);
}

std::string AtomsPastState::action_to_string(Action action) const {
  const int a = arg_a(action);
  const int b = arg_b(action);
  const auto& d = data_;
  const auto& params = game_->parameters();
  switch (kind_of(action)) {
    case ActionKind::kFirstPlayer:
      return fmt::format("{} wins the dice-off and goes first", side_name(a));
    case ActionKind::kDrawCard:
      return fmt::format("{} draws {}", side_name(d.active), game_->spell(a).name);
    case ActionKind::kDie: {
      const auto& roll = d.roll;
      const char* purpose = roll_purpose(d.step);
      if (!purpose) purpose = "Roll";
      // Each die as it lands, then the whole roll explained on its last die.
      if (roll.done() || a < 1 || a > kSkillDieFaces) return fmt::format("{} die: {}", purpose, a);
      if (roll.rolled + 1 < roll.dice)
        return fmt::format(
            "{} {} die {} of {}: {}{}", purpose, skill_roll_notation(roll.skill, roll.dice),
            roll.rolled + 1, roll.dice, a,
            a > roll.skill ? fmt::format(" (above Skill {}: counts 1)", roll.skill) : "");
      RollContext after = roll;
      after.apply(a);
      const int total = after.total;
      std::string text = describe_skill_roll(purpose, after);
      if (d.step == Step::kCastRoll) {
        const ZoneCard& card = d.players[d.active].zone[d.cast_slot];
        const int result = total + card.boost - card.acti;
        text += fmt::format("; + Boost {} − AcTi {} = {}: {}", card.boost, card.acti, result,
                            result >= 0 ? fmt::format("{} is cast with X = {}",
                                                      game_->spell(card.spell).name, result)
                                        : fmt::format("{} fails", game_->spell(card.spell).name));
      } else if (d.step == Step::kAttackRoll || d.step == Step::kDamageRoll ||
                 d.step == Step::kDangerRoll) {
        const int unit = d.step == Step::kAttackRoll   ? d.action.target
                         : d.step == Step::kDangerRoll ? d.action.actor
                                                       : d.spell.pending_unit;
        const bool shield = d.step == Step::kAttackRoll || params.shield_blocks_spell_damage;
        const int blocked = shield ? stat(unit, Stat::kShield) : 0;
        const int damage = std::max(0, total - blocked);
        text += fmt::format("; {} takes {} damage{}", unit_name(*game_, unit), damage,
                            blocked ? fmt::format(" (Shield blocks {})", blocked) : "");
        if (damage >= d.units[unit].wounds) text += " and is destroyed";
      }
      return text;
    }
    case ActionKind::kDone:
      switch (d.phase) {
        case Phase::kSetupPlace:
          return "places no more spells";
        case Phase::kSpellPhase:
          return "ends the Spell Phase";
        case Phase::kKonPhase:
          return "Kon Action: the Kon waits";
        default:
          return "ends the Battlefield Phase";
      }
    case ActionKind::kDecline:
      return fmt::format("{} declines", unit_name(*game_, d.action.actor));
    case ActionKind::kPlaceSpell:
      return fmt::format("places {} (AcTi {}) in the Casting Zone", game_->spell(a).name,
                         game_->spell(a).acti);
    case ActionKind::kChannel:
      return fmt::format("Channels [S{}/D{}]", params.channel_skill, params.channel_dice);
    case ActionKind::kCast: {
      const ZoneCard& card = d.players[d.active].zone[a];
      return fmt::format("casts {} (Casting Zone slot {}: AcTi {}, Boost {}) with [S{}/D{}]",
                         game_->spell(card.spell).name, a + 1, card.acti, card.boost,
                         params.cast_skill, params.cast_dice);
    }
    case ActionKind::kExtraDowntick:
      return fmt::format("gives a remaining Downtick to {} (Casting Zone slot {})",
                         game_->spell(d.players[d.active].zone[a].spell).name, a + 1);
    case ActionKind::kKonDowntickUnit:
      return "Kon Action: Downtick the Kon's Unit AcTi";
    case ActionKind::kKonDowntickSpell:
      return "Kon Action: Downtick the Kon Spell's AcTi";
    case ActionKind::kKonCast: {
      const int spell = game_->kon_spell(d.active);
      const int power = game_->kon_power_level(d.active);
      return fmt::format("Kon Action: cast {} at Power Level {} (Cast Result {}, X = {})",
                         game_->spell(spell).name, power, 2 * power,
                         2 * power - game_->spell(spell).acti);
    }
    case ActionKind::kDeploy:
      return fmt::format("deploys {} at {}", unit_name(*game_, a),
                         placement_name(footprint(a), grid::placement_at(b)));
    case ActionKind::kDeployUnit: {
      const grid::Footprint base = footprint(a);
      return fmt::format("deploys {} next (base {}x{})", unit_name(*game_, a), base.w, base.h);
    }
    case ActionKind::kMove:
      return fmt::format("{}: Move (AcTi {})", unit_name(*game_, a), params.move_acti);
    case ActionKind::kRun:
      return fmt::format("{}: Run (AcTi {})", unit_name(*game_, a), params.run_acti);
    case ActionKind::kMeleeAttack:
      return fmt::format("{}: Melee Attack (AcTi {})", unit_name(*game_, a), params.attack_acti);
    case ActionKind::kRangedAttack:
      return fmt::format("{}: Ranged Attack (AcTi {})", unit_name(*game_, a), params.attack_acti);
    case ActionKind::kCharge:
      return fmt::format("{}: Charge {} (AcTi {})", unit_name(*game_, a), unit_name(*game_, b),
                         params.charge_acti);
    case ActionKind::kDestination: {
      const int unit = d.action.actor;
      const int danger = destination_danger(action);
      const int move_lost = destination_move_lost(action);
      return fmt::format(
          "{} moves {} → {}{}{}", unit_name(*game_, unit),
          placement_name(footprint(unit), d.units[unit].placement),
          placement_name(footprint(unit), grid::placement_at(a)),
          danger > 0 ? fmt::format(" through Dangerous Terrain {}", danger) : "",
          move_lost > 0 ? fmt::format(" (Difficult Terrain: Move -{} this turn)", move_lost) : "");
    }
    case ActionKind::kAttackTarget: {
      const int attacker = d.action.actor;
      const int partner = b - 1;
      const AttackKind kind = current_attack_kind();
      Sight sight;
      if (!attack_possible(attacker, a, kind, &sight)) return "attack (not possible here)";
      int skill = 0, dice = 0;
      attack_modifiers(attacker, a, kind, partner, sight, skill, dice);
      const bool melee = kind == AttackKind::kMelee;
      std::string text = fmt::format(
          "{} {}attacks {}: {} {} at Range {}", unit_name(*game_, attacker),
          partner >= 0 ? fmt::format("and {} combine: ", unit_name(*game_, partner)) : "",
          unit_name(*game_, a), melee ? "Melee" : "Ranged", skill_roll_notation(skill, dice),
          sight.range);
      std::array<Sight, 2> lines;
      if (attack_lines(attacker, a, kind, lines) > 1) {
        attack_modifiers(attacker, a, kind, partner, lines[1], skill, dice);
        text += fmt::format(" (its line passes a corner: {} on its other side,",
                            skill_roll_notation(skill, dice));
        text += " the side chosen next)";
      }
      return text;
    }
    case ActionKind::kAttackLine: {
      Sight sight;
      if (!attack_line_of(action, sight)) return "line of sight (not possible here)";
      const int attacker = d.action.actor;
      const AttackKind kind = current_attack_kind();
      const bool melee = kind == AttackKind::kMelee;
      int skill = 0, dice = 0;
      attack_modifiers(attacker, d.action.target, kind, d.action.partner, sight, skill, dice);
      int corners = 0;
      const std::string side = corner_side_name(sight.from, sight.to, sight.side, &corners);
      std::string terms;
      const auto add = [&](const std::string& term) {
        terms += (terms.empty() ? "" : ", ") + term;
      };
      if (!melee && sight.obscuring > 0)
        add(fmt::format("{} Obscuring space{} -{} RS", sight.obscuring,
                        sight.obscuring == 1 ? "" : "s",
                        params.obscuring_penalty * sight.obscuring));
      if (sight.cover == 1)
        add(fmt::format("light cover -{} {}S", params.light_cover_penalty, melee ? "M" : "R"));
      if (sight.cover == 2)
        add(fmt::format("heavy cover -{} {}S", params.heavy_cover_penalty, melee ? "M" : "R"));
      if (sight.higher_ground)
        add(fmt::format("Higher Ground +{} {}S", params.higher_ground_skill_bonus,
                        melee ? "M" : "R"));
      if (terms.empty()) terms = melee ? "no cover" : "no Obscuring space or cover";
      return fmt::format("{} draws the line to {} on the {} side of the corner{}: {} → {} {}",
                         unit_name(*game_, attacker), unit_name(*game_, d.action.target), side,
                         corners == 1 ? "" : "s", terms, melee ? "Melee" : "Ranged",
                         skill_roll_notation(skill, dice));
    }
    case ActionKind::kSpellTarget: {
      const auto& slot = game_->spell(d.spell.spell).targets[d.spell.targets_chosen];
      return fmt::format("{}: targets {} as '{}'", game_->spell(d.spell.spell).name,
                         unit_name(*game_, a), slot.name);
    }
  }
  return fmt::format("action {}", action);
}

}  // namespace warband::atomspast

namespace warband::atomspast {

namespace {

// AtomsPastGame::endings(), in this order. Ruling "The game": the game ends when a Kon is
// destroyed; the turn limit is a project addition. A spell is told apart by whose turn cast it
// (an area spell may catch its own side's Kon).
enum class KonEnding : int {
  kCombat,
  kEnemySpell,
  kOwnSpell,
  kDangerousTerrain,
  kOtherEffect,
  kTurnLimit,
};
constexpr std::string_view kKonEndingNames[] = {
    "Kon destroyed in combat",           "Kon destroyed by an enemy spell",
    "Kon destroyed by its side's spell", "Kon destroyed by Dangerous Terrain",
    "Kon destroyed by another effect",   "turn limit reached",
};

bool is_attack_kind(UnitActionKind kind) {
  return kind == UnitActionKind::kMeleeAttack || kind == UnitActionKind::kRangedAttack ||
         kind == UnitActionKind::kCharge || kind == UnitActionKind::kFreeMeleeAttack ||
         kind == UnitActionKind::kFreeRangedAttack;
}

// The Kon that fell (the loser's), or -1 when the game went to the turn limit.
int fallen_kon(const AtomsPastGame& game, const StateData& d) {
  const int fallen = d.winner >= 0 ? game.kon_unit(1 - d.winner) : -1;
  return fallen >= 0 && !d.units[fallen].alive ? fallen : -1;
}

}  // namespace

std::span<const std::string_view> AtomsPastGame::endings() const {
  return kKonEndingNames;
}

// Read from the terminal state itself: the blow that ends the game leaves its action (an attack),
// its spell (spell damage) or its Dangerous Terrain total in place, since nothing resolves after.
int AtomsPastState::ending() const {
  const auto& d = data_;
  if (d.phase != Phase::kGameOver) return -1;
  const int fallen = fallen_kon(*game_, d);
  KonEnding ending = KonEnding::kOtherEffect;
  if (fallen < 0)
    ending = KonEnding::kTurnLimit;
  else if (d.action.target == fallen && is_attack_kind(d.action.kind) && d.action.actor >= 0)
    ending = KonEnding::kCombat;
  else if (d.spell.active && d.spell.spell >= 0)
    ending = d.active == 1 - d.winner ? KonEnding::kOwnSpell : KonEnding::kEnemySpell;
  else if (d.danger > 0)
    ending = KonEnding::kDangerousTerrain;
  return static_cast<int>(ending);
}

std::string AtomsPastState::end_reason() const {
  const auto& d = data_;
  const int ending = this->ending();
  if (ending < 0) return "";
  const int fallen = fallen_kon(*game_, d);
  switch (static_cast<KonEnding>(ending)) {
    case KonEnding::kTurnLimit:
      return fmt::format(
          "no Kon fell in {} rounds (the turn limit); enemy points destroyed: Red {}, Blue {}",
          game_->parameters().turn_limit, d.players[0].points_destroyed,
          d.players[1].points_destroyed);
    case KonEnding::kCombat: {
      const auto& action = d.action;
      const char* kind = action.kind == UnitActionKind::kCharge ? "Charge"
                         : action.kind == UnitActionKind::kRangedAttack ||
                                 action.kind == UnitActionKind::kFreeRangedAttack
                             ? "Ranged Attack"
                             : "Melee Attack";
      return fmt::format(
          "{} destroyed by {}'s {}{}, [S{}/D{}] = {}", unit_name(*game_, fallen),
          unit_name(*game_, action.actor), kind,
          action.partner >= 0 ? fmt::format(" with {}", unit_name(*game_, action.partner)) : "",
          d.roll.skill, d.roll.dice, d.roll.total);
    }
    // A spell resolves in its caster's turn (the side credited with its damage).
    case KonEnding::kEnemySpell:
    case KonEnding::kOwnSpell:
      return fmt::format("{} destroyed by {}'s {}{}, X = {}", unit_name(*game_, fallen),
                         side_name(d.active), d.spell.from_kon ? "Kon Spell " : "",
                         game_->spell(d.spell.spell).name, d.spell.x);
    case KonEnding::kDangerousTerrain:
      return fmt::format("{} destroyed by Dangerous Terrain {}, [S{}/D{}] = {}",
                         unit_name(*game_, fallen), d.danger, d.roll.skill, d.roll.dice,
                         d.roll.total);
    case KonEnding::kOtherEffect:
      break;
  }
  return unit_name(*game_, fallen) + " destroyed";
}

}  // namespace warband::atomspast
