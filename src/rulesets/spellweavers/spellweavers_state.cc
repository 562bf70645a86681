// The Spellweavers rules (seed 002, "COMBAT RULES"): turns, the innate actions (move, Staff
// Strike and the conjurations' attacks, defend), damage, knock-outs, conditions at the end of a
// turn, victory. Casting is in spell_casting.cc.
#include "rulesets/spellweavers/spellweavers_state.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <map>
#include <mutex>

#include "core/dice_pool.h"
#include "core/error.h"
#include "rulesets/spellweavers/dice.h"
#include "rulesets/spellweavers/spell_area.h"

namespace warband::spellweavers {
namespace {

constexpr StatusCondition kLastingConditions[] = {
    StatusCondition::kPoison, StatusCondition::kSlow, StatusCondition::kStun,
    StatusCondition::kRegenerate, StatusCondition::kProtection};
constexpr int kLastingConditionCount = 5;

int remove_value(StatusCondition condition, const Parameters& parameters) {
  switch (condition) {
    case StatusCondition::kPoison:
      return parameters.poison_remove;
    case StatusCondition::kSlow:
      return parameters.slow_remove;
    case StatusCondition::kStun:
      return parameters.stun_remove;
    case StatusCondition::kRegenerate:
      return parameters.regenerate_remove;
    case StatusCondition::kProtection:
      return parameters.protection_remove;
    case StatusCondition::kDispel:
      break;
  }
  return parameters.die_faces + 1;
}

}  // namespace

const std::vector<ChanceOutcome>& dice_total_outcomes(int dice, int faces) {
  static std::mutex mutex;
  static std::map<std::pair<int, int>, std::vector<ChanceOutcome>> cache;
  std::lock_guard lock(mutex);
  auto& entry = cache[{dice, faces}];
  if (entry.empty())
    for (const auto& [total, probability] : pool_total(dice, faces).outcomes())
      entry.push_back({encode(ActionKind::kRollTotal, total), probability});
  return entry;
}

SpellweaversState::SpellweaversState(std::shared_ptr<const SpellweaversGame> game)
    : game_(std::move(game)) {
  const SpellweaversGame& g = *game_;
  const Parameters& parameters = g.parameters();
  data_.num_wizards = static_cast<std::int8_t>(g.num_wizards());
  std::array<int, 2> placed{};
  for (int w = 0; w < g.num_wizards(); ++w) {
    const int side = g.wizard(w).side;
    Combatant& wizard = data_.combatants[w];
    wizard.kind = CombatantKind::kWizard;
    wizard.cell = g.map().deployment[side][placed[side]++];
    wizard.hp = static_cast<std::int16_t>(parameters.wizard_max_hp);
    wizard.mp = static_cast<std::int16_t>(parameters.wizard_max_mp);
  }
  for (const auto& [cell, condition] : g.map().conditions)
    data_.terrain[grid::cell_index(cell)] =
        static_cast<std::uint8_t>(1 + static_cast<int>(condition));
  if (parameters.turn_order == TurnOrder::kInitiative) {
    // "Turn order can be determined by initiative roll": a die for each wizard, in roster order.
    data_.phase = Phase::kInitiative;
    data_.step = Step::kInitiative;
    data_.pending.target = 0;
    return;
  }
  // Player phase: Red's wizards in their order, then Blue's (the roster's order).
  for (int w = 0; w < data_.num_wizards; ++w)
    data_.order[w] = static_cast<std::int8_t>(w);
  start_game_turns();
}

void SpellweaversState::start_game_turns() {
  data_.phase = Phase::kPlay;
  data_.round = 1;
  data_.order_pos = 0;
  if (!begin_turn(data_.order[0])) next_combatant();
}

int SpellweaversState::side_of(int combatant) const {
  return game_->wizard(owner_of(combatant)).side;
}

int SpellweaversState::max_hp(int combatant) const {
  switch (data_.combatants[combatant].kind) {
    case CombatantKind::kWizard:
      return game_->parameters().wizard_max_hp;
    case CombatantKind::kGrizzlyBear:
      return kBearHp;
    case CombatantKind::kAnnoyingImp:
      return kImpHp;
    case CombatantKind::kNone:
      break;
  }
  return 0;
}

std::string SpellweaversState::label_of(int combatant) const {
  const std::string& wizard = game_->wizard(owner_of(combatant)).label;
  if (combatant < kMaxWizards) return wizard;
  const int k = (combatant - kMaxWizards) % kConjurationSlots;
  if (data_.combatants[combatant].kind == CombatantKind::kGrizzlyBear) return wizard + "b";
  return fmt::format("{}i{}", wizard, k + 1);
}

std::string SpellweaversState::combatant_name(int combatant) const {
  const GameWizard& wizard = game_->wizard(owner_of(combatant));
  if (combatant < kMaxWizards) return wizard.label + " " + wizard.wizard.name;
  if (data_.combatants[combatant].kind == CombatantKind::kGrizzlyBear)
    return wizard.label + "'s Grizzly Bear";
  return fmt::format("{}'s Annoying Imp {}", wizard.label,
                     (combatant - kMaxWizards) % kConjurationSlots + 1);
}

TerrainCondition SpellweaversState::terrain_at(grid::Cell cell, bool& any) const {
  const int code = data_.terrain[grid::cell_index(cell)];
  any = code != 0;
  return static_cast<TerrainCondition>(any ? code - 1 : 0);
}

grid::CellSet SpellweaversState::occupied(int except) const {
  grid::CellSet out;
  for (int c = 0; c < kMaxCombatants; ++c)
    if (c != except && present(c)) out.set(grid::cell_index(data_.combatants[c].cell));
  return out;
}

grid::CellSet SpellweaversState::sight_blockers() const {
  // Squares off the board hold no condition (check_consistency), so the whole array is read:
  // eight squares at a time, skipping the words that hold no condition at all.
  grid::CellSet out;
  constexpr std::uint8_t kWallCode = 1 + static_cast<int>(TerrainCondition::kWall);
  constexpr std::uint8_t kDarkCode = 1 + static_cast<int>(TerrainCondition::kDark);
  for (int index = 0; index < grid::kMaxCells; index += 8) {
    std::uint64_t word;
    std::memcpy(&word, data_.terrain.data() + index, sizeof word);
    if (word == 0) continue;
    for (int k = 0; k < 8; ++k) {
      const std::uint8_t code = data_.terrain[index + k];
      if (code == kWallCode || code == kDarkCode) out.set(index + k);
    }
  }
  return out;
}

int SpellweaversState::reduced_damage(int target, int damage) const {
  const Parameters& parameters = game_->parameters();
  const Combatant& combatant = data_.combatants[target];
  bool any = false;
  const TerrainCondition terrain = terrain_at(combatant.cell, any);
  Reductions reductions;
  reductions.defend = combatant.defending;
  reductions.protection = combatant.conditions & condition_bit(StatusCondition::kProtection);
  reductions.fortified = any && terrain == TerrainCondition::kFortified;
  return reduce_damage(damage, reductions, parameters);
}

// --- Node kinds.

int SpellweaversState::current_player() const {
  if (data_.phase == Phase::kGameOver) return kTerminalPlayer;
  switch (data_.step) {
    case Step::kDecision:
    case Step::kShift:
    case Step::kPlacement:
      return side_of(data_.step == Step::kDecision ? data_.actor : data_.cast.caster);
    case Step::kRoll:
    case Step::kRemovalRoll:
    case Step::kInitiative:
      return kChancePlayer;
  }
  return kChancePlayer;
}

std::vector<Action> SpellweaversState::legal_actions() const {
  std::vector<Action> out;
  legal_actions_into(out);
  return out;
}

void SpellweaversState::legal_actions_into(std::vector<Action>& out) const {
  out.clear();
  if (data_.phase != Phase::kPlay) return;
  if (data_.step == Step::kShift) {
    shift_actions(out);
    return;
  }
  if (data_.step == Step::kPlacement) {
    placement_actions(out);
    return;
  }
  if (data_.step != Step::kDecision) return;
  const int actor = data_.actor;
  out.push_back(encode(ActionKind::kEndTurn));
  if (data_.actions_left > 0) {
    move_actions(actor, out);
    strike_actions(actor, out);
    // Defending again changes nothing until the next turn: not offered twice.
    if (!data_.combatants[actor].defending) out.push_back(encode(ActionKind::kDefend));
  }
  if (actor < kMaxWizards && !data_.cast_this_turn) cast_actions(actor, out);
  std::sort(out.begin(), out.end());
}

std::vector<ChanceOutcome> SpellweaversState::chance_outcomes() const {
  if (data_.phase == Phase::kGameOver) return {};
  const int faces = game_->parameters().die_faces;
  std::vector<ChanceOutcome> out;
  switch (data_.step) {
    case Step::kRoll:
      return dice_total_outcomes(data_.pending.dice, faces);
    case Step::kRemovalRoll:
    case Step::kInitiative: {
      const ActionKind kind =
          data_.step == Step::kInitiative ? ActionKind::kInitiative : ActionKind::kRemovalDie;
      for (int face = 1; face <= faces; ++face)
        out.push_back({encode(kind, face), 1.0 / faces});
      return out;
    }
    case Step::kDecision:
    case Step::kShift:
    case Step::kPlacement:
      break;
  }
  return out;
}

// --- Movement: "The default movement for a wizard is 3 squares, and moving diagonally only counts
// as 1 square. Each square can be occupied by only 1 combatant; you cannot move through an
// enemy's square. You can move through an ally's square, but if you stop there, you are pushed
// back to the square you came from." Ruling "Moving": the legal moves are the squares a move may
// end on; stopping on an ally is the same as stopping on the square before it, which is listed.
// Rough ("Moving into or out of this square ends that combatant's movement") and Burning ("When a
// combatant enters this square ... they take 1d6 damage") are not costs, so the search is the
// ruleset's own, step by step over bit rows: the fewest Burning squares entered to reach each
// square.

void SpellweaversState::move_actions(int mover, std::vector<Action>& out) const {
  const grid::Board& board = game_->board();
  const Combatant& me = data_.combatants[mover];
  int budget =
      me.kind == CombatantKind::kWizard ? game_->parameters().move_squares : kConjurationMove;
  if (me.conditions & condition_bit(StatusCondition::kSlow)) budget = std::min(budget, 1);
  if (budget <= 0) return;
  const int my_side = side_of(mover);
  grid::CellSet enemies, anyone;
  for (int c = 0; c < kMaxCombatants; ++c) {
    if (c == mover || !present(c)) continue;
    const int index = grid::cell_index(data_.combatants[c].cell);
    anyone.set(index);
    if (side_of(c) != my_side) enemies.set(index);
  }
  constexpr std::uint8_t kBurningCode = 1 + static_cast<int>(TerrainCondition::kBurning);
  constexpr std::uint8_t kRoughCode = 1 + static_cast<int>(TerrainCondition::kRough);
  constexpr std::uint8_t kWallCode = 1 + static_cast<int>(TerrainCondition::kWall);
  const grid::Cell start = me.cell;
  const int start_index = grid::cell_index(start);
  if (data_.terrain[start_index] == kRoughCode) budget = 1;  // leaving Rough ends the move
  budget = std::min(budget, kMaxMoveSteps);
  // The squares `budget` steps may reach, as bit rows (bit x of row 1 + y - from_y), a spare row
  // above and below so that growing a row reads its neighbours without a bounds check.
  const int from_x = std::max(0, start.x - budget);
  const int to_x = std::min(board.width() - 1, start.x + budget);
  const int from_y = std::max(0, start.y - budget);
  const int to_y = std::min(board.height() - 1, start.y + budget);
  const int rows = to_y - from_y + 1;
  using Rows = std::array<std::uint32_t, grid::kMaxHeight + 2>;
  Rows open{}, burning{}, leavable{};  // may be entered; Burning; a path may go on from it
  for (int y = from_y; y <= to_y; ++y)
    for (int x = from_x; x <= to_x; ++x) {
      const int index = y * grid::kMaxWidth + x;
      const std::uint8_t code = data_.terrain[index];
      if (code == kWallCode || enemies[index] || (board.at_index(index).flags & grid::kBlocksMove))
        continue;
      const std::uint32_t bit = std::uint32_t{1} << x;
      open[y - from_y + 1] |= bit;
      if (code == kBurningCode) burning[y - from_y + 1] |= bit;
      // "Moving into ... this square ends that combatant's movement": Rough is left only from
      // the start.
      if (code != kRoughCode || index == start_index) leavable[y - from_y + 1] |= bit;
    }
  // reached[b]: the squares some path of the steps taken so far reaches entering at most b
  // Burning squares; a step grows each level into open squares, and into Burning ones from the
  // level below.
  std::array<Rows, kMaxMoveSteps + 1> reached;
  for (int b = 0; b <= budget; ++b) {
    reached[b].fill(0);
    reached[b][start.y - from_y + 1] = std::uint32_t{1} << start.x;
  }
  const auto grown = [&](const Rows& from, int r) {
    const std::uint32_t band =
        (from[r - 1] & leavable[r - 1]) | (from[r] & leavable[r]) | (from[r + 1] & leavable[r + 1]);
    return band | band << 1 | band >> 1;
  };
  for (int step = 0; step < budget; ++step)
    for (int b = budget; b >= 0; --b) {  // downwards: level b - 1 is still the last step's
      Rows next = reached[b];
      for (int r = 1; r <= rows; ++r) {
        next[r] |= grown(reached[b], r) & open[r] & ~burning[r];
        if (b > 0) next[r] |= grown(reached[b - 1], r) & burning[r];
      }
      reached[b] = next;
    }
  for (int r = 1; r <= rows; ++r)
    for (std::uint32_t columns = reached[budget][r]; columns != 0; columns &= columns - 1) {
      const int x = std::countr_zero(columns);
      const int index = (from_y + r - 1) * grid::kMaxWidth + x;
      if (index == start_index || anyone[index]) continue;  // never ends on another combatant
      int burns = 0;
      while (!(reached[burns][r] >> x & 1u))
        ++burns;
      out.push_back(encode(ActionKind::kMove, index, burns));
    }
}

// "Staff Strike", which deals 2d6 damage to an adjacent combatant"; the Grizzly Bear's Maul (3d6)
// and the Imps' Jab (1) likewise. Ruling "Attacks": only enemies are offered as targets.
void SpellweaversState::strike_actions(int striker, std::vector<Action>& out) const {
  const grid::Cell at = data_.combatants[striker].cell;
  const int my_side = side_of(striker);
  for (int c = 0; c < kMaxCombatants; ++c)
    if (present(c) && side_of(c) != my_side && grid::chebyshev(at, data_.combatants[c].cell) == 1)
      out.push_back(encode(ActionKind::kStrike, c));
}

// --- Applying.

void SpellweaversState::apply(Action action) {
  if (data_.step == Step::kDecision || data_.step == Step::kShift || data_.step == Step::kPlacement)
    apply_decision(action);
  else
    apply_chance(action);
}

void SpellweaversState::spend_action(int actions) {
  data_.actions_left = static_cast<std::int8_t>(data_.actions_left - actions);
}

void SpellweaversState::apply_decision(Action action) {
  const int actor = data_.actor;
  Combatant& me = data_.combatants[actor];
  switch (kind_of(action)) {
    case ActionKind::kEndTurn:
      if (!end_of_turn_rolls(0)) next_combatant();
      return;
    case ActionKind::kMove: {
      spend_action(1);
      me.cell = grid::cell_at(arg_a(action));
      const int burns = arg_b(action);
      if (burns > 0) {
        start_roll(RollPurpose::kBurningOnMove, burns, actor);
        return;
      }
      after_action();
      return;
    }
    case ActionKind::kStrike: {
      spend_action(1);
      const int target = arg_a(action);
      if (me.kind == CombatantKind::kAnnoyingImp) {
        deal_damage(target, reduced_damage(target, kImpJabDamage));
        after_action();
        return;
      }
      const int dice = me.kind == CombatantKind::kGrizzlyBear
                           ? kBearMaulDice
                           : game_->parameters().staff_strike_dice;
      start_roll(RollPurpose::kStrike, dice, target);
      return;
    }
    case ActionKind::kDefend:
      spend_action(1);
      me.defending = true;
      after_action();
      return;
    case ActionKind::kCastSpell:
      commit_spell(arg_a(action), arg_b(action));
      return;
    case ActionKind::kPlacement:
      start_cast(placement_from_code(arg_a(action)));
      return;
    case ActionKind::kShift:
      apply_shift(arg_a(action));
      return;
    default:
      break;
  }
  throw InvariantError("spellweavers: not a decision: " + std::to_string(action));
}

void SpellweaversState::start_roll(RollPurpose purpose, int dice, int target) {
  data_.pending.purpose = purpose;
  data_.pending.dice = static_cast<std::int8_t>(dice);
  data_.pending.target = static_cast<std::int8_t>(target);
  if (dice <= 0) {  // no dice: a total of 0
    apply_chance(encode(ActionKind::kRollTotal, 0));
    return;
  }
  data_.step = Step::kRoll;
}

void SpellweaversState::apply_chance(Action action) {
  const Parameters& parameters = game_->parameters();
  const int value = arg_a(action);
  switch (data_.step) {
    case Step::kInitiative: {
      data_.initiative[data_.pending.target] = static_cast<std::int8_t>(value);
      if (++data_.pending.target < data_.num_wizards) return;
      // Highest first; a tie keeps the roster's order (Red's wizards before Blue's).
      std::array<std::int8_t, kMaxWizards> order{};
      for (int w = 0; w < data_.num_wizards; ++w)
        order[w] = static_cast<std::int8_t>(w);
      std::stable_sort(order.begin(), order.begin() + data_.num_wizards,
                       [&](int a, int b) { return data_.initiative[a] > data_.initiative[b]; });
      data_.order = order;
      data_.pending = Pending{};
      start_game_turns();
      return;
    }
    case Step::kRoll: {
      Pending& pending = data_.pending;
      pending.last_total = static_cast<std::int16_t>(value);
      const int target = pending.target;
      data_.step = Step::kDecision;
      switch (pending.purpose) {
        case RollPurpose::kStrike:
        case RollPurpose::kBurningOnMove:
          deal_damage(target, reduced_damage(target, value));
          after_action();
          return;
        case RollPurpose::kBurningAtStart:
          deal_damage(target, reduced_damage(target, value));
          if (data_.phase == Phase::kGameOver) return;
          if (!present(data_.actor) || !turn_started()) next_combatant();
          return;
        case RollPurpose::kSpellDamage:
        case RollPurpose::kSpellHealing:
          continue_cast();
          return;
        case RollPurpose::kBurningOnShift:
          deal_damage(target, reduced_damage(target, value));
          continue_cast();
          return;
        case RollPurpose::kNone:
          break;
      }
      break;
    }
    case Step::kRemovalRoll: {
      Pending& pending = data_.pending;
      const int target = pending.target;
      const StatusCondition condition = pending.condition;
      pending.last_total = static_cast<std::int16_t>(value);
      data_.step = Step::kDecision;
      if (pending.when == RemovalWhen::kTurnEnd) {
        // "When the affected combatant rolls to remove this condition at end of turn, they take
        // damage [regain HP] equal to the roll's result (even on a roll of 6)."
        if (condition == StatusCondition::kPoison)
          deal_damage(target, reduced_damage(target, value));
        if (condition == StatusCondition::kRegenerate) heal(target, value);
      }
      if (present(target) && value >= remove_value(condition, parameters))
        data_.combatants[target].conditions &= static_cast<std::uint8_t>(~condition_bit(condition));
      if (data_.phase == Phase::kGameOver) return;
      if (pending.when == RemovalWhen::kApplied) {
        continue_cast();
        return;
      }
      if (!present(data_.actor) || !end_of_turn_rolls(data_.end_rolls_next)) next_combatant();
      return;
    }
    default:
      break;
  }
  throw InvariantError("spellweavers: not a chance outcome: " + std::to_string(action));
}

// --- Turns.

bool SpellweaversState::begin_turn(int combatant) {
  const Parameters& parameters = game_->parameters();
  data_.actor = static_cast<std::int8_t>(combatant);
  data_.actions_left = static_cast<std::int8_t>(parameters.actions_per_turn);
  data_.cast_this_turn = false;
  data_.step = Step::kDecision;
  Combatant& me = data_.combatants[combatant];
  me.defending = false;  // "until your next turn"
  if (me.kind == CombatantKind::kWizard)
    me.mp = static_cast<std::int16_t>(
        std::min(parameters.wizard_max_mp, me.mp + parameters.mp_recovery_per_turn));
  bool any = false;
  if (terrain_at(me.cell, any) == TerrainCondition::kBurning && any) {
    // "When a combatant ... starts their turn in this square, they take 1d6 damage."
    start_roll(RollPurpose::kBurningAtStart, 1, combatant);
    return true;
  }
  return turn_started();
}

bool SpellweaversState::turn_started() {
  // "Stun - The affected combatant cannot take actions": its turn goes straight to its end.
  if (data_.combatants[data_.actor].conditions & condition_bit(StatusCondition::kStun))
    return end_of_turn_rolls(0);
  data_.step = Step::kDecision;
  return true;
}

void SpellweaversState::after_action() {
  if (data_.phase == Phase::kGameOver) return;
  const int actor = data_.actor;
  if (!present(actor)) {
    next_combatant();
    return;
  }
  const bool stunned = data_.combatants[actor].conditions & condition_bit(StatusCondition::kStun);
  if (stunned || (data_.actions_left <= 0 && !zero_action_cast_possible())) {
    if (!end_of_turn_rolls(0)) next_combatant();
    return;
  }
  data_.step = Step::kDecision;
}

// "when the condition is applied and at the end of the combatant's turn, they roll a d6": the
// actor's conditions in a fixed order, each its own chance node. Returns false when none is left.
bool SpellweaversState::end_of_turn_rolls(int from) {
  Combatant& me = data_.combatants[data_.actor];
  for (int k = from; k < kLastingConditionCount; ++k) {
    const StatusCondition condition = kLastingConditions[k];
    if (!(me.conditions & condition_bit(condition))) continue;
    if (condition == StatusCondition::kStun) {
      // "At the end of their turn, remove this condition without rolling."
      me.conditions &= static_cast<std::uint8_t>(~condition_bit(condition));
      continue;
    }
    data_.end_rolls_next = static_cast<std::int8_t>(k + 1);
    data_.pending.target = data_.actor;
    data_.pending.condition = condition;
    data_.pending.when = RemovalWhen::kTurnEnd;
    data_.step = Step::kRemovalRoll;
    return true;
  }
  data_.end_rolls_next = 0;
  return false;
}

// The next combatant to act: a wizard's conjurations right after it ("They take their turn
// immediately after the summoner's turn"), then the next wizard in the turn order; a new round
// after the last. Loops past combatants whose turn needs no node (a Stun with no roll).
void SpellweaversState::next_combatant() {
  for (int guard = 0; guard < 4 * kMaxCombatants * 256; ++guard) {
    if (data_.phase == Phase::kGameOver) return;
    const int current = data_.actor;
    int next = -1;
    const int owner = owner_of(current);
    const int first_slot =
        current < kMaxWizards ? 0 : (current - kMaxWizards) % kConjurationSlots + 1;
    for (int k = first_slot; k < kConjurationSlots && next < 0; ++k)
      if (present(conjuration_slot(owner, k))) next = conjuration_slot(owner, k);
    while (next < 0) {
      if (++data_.order_pos >= data_.num_wizards) {
        if (data_.round >= game_->round_limit()) {
          end_game_by_round_limit();
          return;
        }
        ++data_.round;
        data_.order_pos = 0;
      }
      const int wizard = data_.order[data_.order_pos];
      if (present(wizard)) next = wizard;
    }
    if (begin_turn(next)) return;
  }
  throw InvariantError("spellweavers: no combatant can take a turn");
}

// --- Damage, healing, knock-outs, victory.

void SpellweaversState::deal_damage(int target, int damage) {
  if (!present(target) || damage <= 0) return;
  Combatant& combatant = data_.combatants[target];
  combatant.hp = static_cast<std::int16_t>(combatant.hp - damage);
  // "when a combatant runs out of HP, they're knocked out and can't take actions"
  if (combatant.hp <= 0) knock_out(target);
}

void SpellweaversState::heal(int target, int amount) {
  if (!present(target)) return;
  Combatant& combatant = data_.combatants[target];
  // Ruling "Healing and max HP": healing stops at the combatant's max HP unless the parameter
  // lets it go above.
  const int healed = combatant.hp + amount;
  combatant.hp = static_cast<std::int16_t>(game_->parameters().healing_above_max_hp
                                               ? std::min(healed, 10000)
                                               : std::min(max_hp(target), healed));
}

// Ruling "Knocked out": a knocked-out combatant leaves the field; a wizard's conjuration goes with
// it (no one controls it any more).
void SpellweaversState::knock_out(int combatant) {
  data_.combatants[combatant] = Combatant{};
  if (combatant < kMaxWizards)
    for (int k = 0; k < kConjurationSlots; ++k)
      data_.combatants[conjuration_slot(combatant, k)] = Combatant{};
  check_victory();
}

void SpellweaversState::check_victory() {
  std::array<bool, 2> standing{};
  for (int w = 0; w < data_.num_wizards; ++w)
    if (present(w)) standing[game_->wizard(w).side] = true;
  if (standing[0] && standing[1]) return;
  end_game(standing[0] ? 0 : standing[1] ? 1 : -1);
}

void SpellweaversState::end_game(int winner) {
  data_.phase = Phase::kGameOver;
  data_.winner = static_cast<std::int8_t>(winner);
  data_.cast = CastInProgress{};  // a spell that ended the battle resolves no further
  data_.step = Step::kDecision;
}

// Ruling "Victory": after `turn_limit` rounds the side whose wizards have more HP left wins
// ("hp-left"), or the battle is a draw ("draw").
void SpellweaversState::end_game_by_round_limit() {
  if (game_->parameters().turn_limit_tiebreak == TurnLimitTiebreak::kDraw) {
    end_game(-1);
    return;
  }
  std::array<int, 2> hp{};
  for (int w = 0; w < data_.num_wizards; ++w)
    if (present(w)) hp[game_->wizard(w).side] += data_.combatants[w].hp;
  end_game(hp[0] > hp[1] ? 0 : hp[1] > hp[0] ? 1 : -1);
}

std::vector<double> SpellweaversState::returns() const {
  if (data_.phase != Phase::kGameOver || data_.winner < 0) return {0.0, 0.0};
  return data_.winner == 0 ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
}

std::vector<UnitStatus> SpellweaversState::unit_statuses() const {
  std::vector<UnitStatus> out;
  for (int w = 0; w < data_.num_wizards; ++w) {
    const GameWizard& wizard = game_->wizard(w);
    out.push_back(UnitStatus{.name = wizard.wizard.name,
                             .side = wizard.side,
                             .points = 0,
                             .wounds = std::max<int>(0, data_.combatants[w].hp),
                             .max_wounds = game_->parameters().wizard_max_hp,
                             .alive = present(w),
                             .role = "wizard"});
  }
  return out;
}

int SpellweaversState::acting_unit() const {
  if (data_.phase != Phase::kPlay || data_.actor < 0) return -1;
  return owner_of(data_.actor);  // a conjuration's damage counts for its summoner
}

void SpellweaversState::check_consistency() const {
  const grid::Board& board = game_->board();
  grid::CellSet seen;
  for (int c = 0; c < kMaxCombatants; ++c) {
    if (!present(c)) continue;
    const Combatant& combatant = data_.combatants[c];
    if (owner_of(c) >= data_.num_wizards)
      throw InvariantError(fmt::format("combatant {} belongs to no wizard", c));
    if (!board.contains(combatant.cell))
      throw InvariantError(fmt::format("combatant {} is off the board", c));
    if (board.at(combatant.cell).flags & grid::kBlocksMove)
      throw InvariantError(fmt::format("combatant {} stands in stone", c));
    const int index = grid::cell_index(combatant.cell);
    if (seen[index]) throw InvariantError(fmt::format("two combatants share square {}", index));
    seen.set(index);
    const int hp_ceiling = game_->parameters().healing_above_max_hp ? 10000 : max_hp(c);
    if (combatant.hp <= 0 || combatant.hp > hp_ceiling)
      throw InvariantError(fmt::format("combatant {} has {} HP", c, combatant.hp));
    if (combatant.mp < 0 || combatant.mp > game_->parameters().wizard_max_mp)
      throw InvariantError(fmt::format("combatant {} has {} MP", c, combatant.mp));
    if (combatant.conditions & ~0x1f)
      throw InvariantError(fmt::format("combatant {} has unknown conditions", c));
    const bool wizard_slot = c < kMaxWizards;
    if (wizard_slot != (combatant.kind == CombatantKind::kWizard))
      throw InvariantError(fmt::format("combatant {} is of the wrong kind for its slot", c));
  }
  for (int w = data_.num_wizards; w < kMaxWizards; ++w)
    if (present(w)) throw InvariantError("a wizard slot past the wizards is used");
  for (int index = 0; index < grid::kMaxCells; ++index)
    if (data_.terrain[index] > 1 + static_cast<int>(TerrainCondition::kWall) ||
        (data_.terrain[index] && !board.contains(grid::cell_at(index))))
      throw InvariantError(fmt::format("bad terrain condition at square {}", index));
  if (data_.phase == Phase::kPlay) {
    if (data_.actor < 0 || data_.actor >= kMaxCombatants || !present(data_.actor))
      throw InvariantError("the combatant to act is not on the field");
    if (data_.actions_left < 0 || data_.actions_left > game_->parameters().actions_per_turn)
      throw InvariantError("actions left out of range");
    if (data_.order_pos < 0 || data_.order_pos >= data_.num_wizards)
      throw InvariantError("turn order position out of range");
  }
  if (data_.phase == Phase::kInitiative &&
      (data_.pending.target < 0 || data_.pending.target >= data_.num_wizards))
    throw InvariantError("initiative roll for no wizard");
  if (data_.step == Step::kRoll && (data_.pending.dice <= 0 || data_.pending.dice > 100))
    throw InvariantError("a roll of no dice");
  // The turn order is a permutation of the wizards (once initiative is rolled).
  std::uint32_t seen_wizards = 0;
  for (int w = 0; data_.phase != Phase::kInitiative && w < data_.num_wizards; ++w) {
    const int wizard = data_.order[w];
    if (wizard < 0 || wizard >= data_.num_wizards || (seen_wizards >> wizard & 1u))
      throw InvariantError("the turn order is not one turn for each wizard");
    seen_wizards |= 1u << wizard;
  }
  // A spell being resolved names a spell of its caster, and only a spell's steps wait on it.
  const CastInProgress& cast = data_.cast;
  const bool casting = cast.caster >= 0;
  if (casting) {
    if (cast.caster >= data_.num_wizards || data_.phase != Phase::kPlay)
      throw InvariantError("a spell cast by no wizard");
    const auto& spells = game_->wizard(cast.caster).spells;
    if (cast.spell < 0 || cast.spell >= static_cast<int>(spells.size()))
      throw InvariantError("a spell the caster does not know");
    const int effects = static_cast<int>(spells[cast.spell].spell.effects.size());
    if (cast.next_effect < 0 || cast.next_effect >= effects)
      throw InvariantError("a spell's next effect out of range");
    if (cast.actions < 0 || cast.actions > 2 || cast.orientation < 0 ||
        cast.orientation >= kAreaOrientations)
      throw InvariantError("a spell's actions or orientation out of range");
    if (cast.next_combatant < 0 || cast.next_combatant > kMaxCombatants)
      throw InvariantError("a spell's next combatant out of range");
  }
  if (data_.step == Step::kPlacement &&
      (cast.caster != data_.actor || cast.next_effect != 0 || cast.next_combatant != 0 ||
       cast.rolled || cast.shifted != 0 || cast.affected.any() || !data_.cast_this_turn))
    throw InvariantError("a spell waiting for its placement has started resolving");
  const RollPurpose purpose = data_.pending.purpose;
  const bool spell_step =
      data_.step == Step::kShift || data_.step == Step::kPlacement ||
      (data_.step == Step::kRoll &&
       (purpose == RollPurpose::kSpellDamage || purpose == RollPurpose::kSpellHealing ||
        purpose == RollPurpose::kBurningOnShift)) ||
      (data_.step == Step::kRemovalRoll && data_.pending.when == RemovalWhen::kApplied);
  if (data_.phase == Phase::kPlay && spell_step != casting)
    throw InvariantError(casting ? "a spell being resolved outside its steps"
                                 : "a spell's step with no spell being resolved");
  if (data_.step == Step::kRoll && purpose == RollPurpose::kNone)
    throw InvariantError("a roll for nothing");
  if ((data_.step == Step::kShift || data_.step == Step::kRemovalRoll) &&
      (data_.pending.target < 0 || !present(data_.pending.target)))
    throw InvariantError("a Shift or removal roll for a combatant not on the field");
  if (data_.step == Step::kRemovalRoll && data_.pending.condition == StatusCondition::kDispel)
    throw InvariantError("a removal roll for Dispel");
  if (data_.phase == Phase::kGameOver && data_.winner < -1)
    throw InvariantError("a winner out of range");
  if ((data_.step == Step::kRemovalRoll || data_.step == Step::kRoll) &&
      (data_.pending.target < 0 || data_.pending.target >= kMaxCombatants))
    throw InvariantError("a roll for no combatant");
}

}  // namespace warband::spellweavers
