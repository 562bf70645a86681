// Spells (seed 000, "Spells", "Spell Rules", "Casting a Spell", "Boosting", "Kon Spells Power
// Level"): the hand, the Casting Zone, Channel and Cast, and the effect vocabulary spells are
// written in (content.h, EffectKind).
#include <algorithm>
#include <bit>
#include <cstdint>

#include "core/error.h"
#include "rulesets/atomspast/atomspast_state.h"
#include "rulesets/atomspast/half_ranges.h"

namespace warband::atomspast {

void AtomsPastState::draw_card(int spell) {
  auto& player = data_.players[data_.active];
  WB_CHECK(spell >= 0 && spell < kMaxGameSpells && player.deck.has(spell));
  WB_CHECK(player.hand_size < kMaxHand);
  player.deck.remove(spell);
  player.hand[player.hand_size++] = static_cast<std::int8_t>(spell);
  --data_.draws_left;
}

void AtomsPastState::place_spell(int spell) {
  // "Place a Spell into your Casting Zone and place dice representing it's AcTi level."
  auto& player = data_.players[data_.active];
  auto* end = player.hand.begin() + player.hand_size;
  auto* card = std::find(player.hand.begin(), end, static_cast<std::int8_t>(spell));
  WB_CHECK(card != end && player.zone_size < kMaxZone);
  std::copy(card + 1, end, card);
  --player.hand_size;
  player.zone[player.zone_size++] = ZoneCard{static_cast<std::int8_t>(spell),
                                             static_cast<std::int8_t>(game_->spell(spell).acti), 0};
}

void AtomsPastState::downtick_zone_card(ZoneCard& card, int times) {
  // Boosting: "when an effect would Downtick a Spell that is already at AcTi 0 ... a Boosted dice
  // is placed next to the Spell". No limit to how high a card is Boosted.
  for (int i = 0; i < times; ++i) {
    if (card.acti > 0)
      --card.acti;
    else if (card.boost < 120)
      ++card.boost;
  }
}

void AtomsPastState::finish_channel_roll() {
  // "evenly distributes the value of the roll among the Spells ... placed in their casting zone";
  // each remaining Downtick goes to a different spell of the player's choice (ruling).
  auto& player = data_.players[data_.active];
  const int spells = player.zone_size;
  WB_CHECK(spells > 0);
  const int each = data_.roll.total / spells;
  for (int slot = 0; slot < spells; ++slot)
    downtick_zone_card(player.zone[slot], each);
  data_.extra_downticks_left = static_cast<std::int8_t>(data_.roll.total % spells);
  data_.extra_given = 0;
  data_.step = data_.extra_downticks_left > 0 ? Step::kChannelExtra : Step::kPhase;
}

void AtomsPastState::start_cast_from_zone(int slot) {
  WB_CHECK(slot >= 0 && slot < data_.players[data_.active].zone_size);
  data_.cast_slot = static_cast<std::int8_t>(slot);
  start_roll(game_->parameters().cast_skill, game_->parameters().cast_dice, Step::kCastRoll);
}

namespace {

void begin_spell(SpellContext& context, int spell, int x, bool from_kon, int effect_count) {
  context = SpellContext{};
  context.active = true;
  context.from_kon = from_kon;
  context.spell = static_cast<std::int8_t>(spell);
  context.x = static_cast<std::int8_t>(std::clamp(x, 0, 120));
  context.effect_end = static_cast<std::int8_t>(effect_count);
}

}  // namespace

void AtomsPastState::finish_cast_roll() {
  // "roll your Skill dice [S3/D4] and subtract the AcTi the Spell had remaining. If there is more
  // than zero AcTi remaining the Spell fails." Boost adds to the result.
  auto& player = data_.players[data_.active];
  const ZoneCard card = player.zone[data_.cast_slot];
  const int result = data_.roll.total + card.boost - card.acti;
  data_.step = Step::kPhase;
  if (result < 0) return;  // failed: the card stays as it was (ruling)
  std::copy(player.zone.begin() + data_.cast_slot + 1, player.zone.begin() + player.zone_size,
            player.zone.begin() + data_.cast_slot);
  --player.zone_size;
  ++player.discard[card.spell];
  const SpellCard& spell = game_->spell(card.spell);
  begin_spell(data_.spell, card.spell, result, false, static_cast<int>(spell.effects.size()));
  if (!spell.targets.empty())
    data_.step = Step::kSpellTarget;
  else
    run_spell_effects();
}

void AtomsPastState::start_kon_cast() {
  // "uses the Power Level times 2 as the Cast Result"; X = Cast Result - the spell's AcTi; the
  // Kon Spell's AcTi returns to the Power Level.
  const int side = data_.active;
  const int spell = game_->kon_spell(side);
  const int power = game_->kon_power_level(side);
  const SpellCard& card = game_->spell(spell);
  data_.players[side].kon_spell_acti = static_cast<std::int8_t>(power);
  begin_spell(data_.spell, spell, 2 * power - card.acti, true,
              static_cast<int>(card.effects.size()));
  if (!card.targets.empty())
    data_.step = Step::kSpellTarget;
  else
    run_spell_effects();
}

// ---------------------------------------------------------------------------------------------
// Targets.

bool AtomsPastState::fits_target_slot(int caster, int spell, int slot,
                                      const std::array<std::int8_t, kMaxSlots>& chosen,
                                      int unit) const {
  if (!on_board(unit)) return false;
  const TargetSlot& target = game_->spell(spell).targets[slot];
  if (target.side == TargetSide::kFriendly && side_of(unit) != caster) return false;
  if (target.side == TargetSide::kEnemy && side_of(unit) == caster) return false;
  if (!target.allow_kon && is_kon(unit)) return false;
  for (int i = 0; i < slot; ++i)
    if (chosen[i] == unit) return false;  // each slot names a different unit (ruling)
  const int near_slot = game_->game_spell(spell).slot_near[slot];
  const int near = near_slot >= 0 ? chosen[near_slot] : -1;
  if (near < 0) return true;
  // Most pairs are far apart: turned away by their bases' boxes before any space is listed.
  if (!may_be_within_range_halves(game_->board(), footprint(near), data_.units[near].placement,
                                  footprint(unit), data_.units[unit].placement,
                                  target.within_halves))
    return false;
  grid::FootprintCells cells, near_cells;
  cells_of(near, near_cells);
  cells_of(unit, cells);
  return within_range_halves(game_->board(), near_cells, cells, target.within_halves);
}

void AtomsPastState::target_candidates(int caster, int spell, int slot,
                                       const std::array<std::int8_t, kMaxSlots>& chosen,
                                       std::vector<int>& out) const {
  out.clear();
  for (int unit = 0; unit < data_.num_units; ++unit)
    if (fits_target_slot(caster, spell, slot, chosen, unit)) out.push_back(unit);
}

namespace {

static_assert(kMaxUnits <= 64, "a unit set is one 64-bit word");

// What each target slot of a spell takes, as unit sets: fits_target_slot's tests of the unit
// alone (on the board, the side, the Kon) made once per question instead of once per partial
// choice; the slot's `near` test is left to fill_slots, which knows the units chosen before.
struct SlotSets {
  int count = 0;
  std::array<std::uint64_t, kMaxSlots> allowed{};
  std::array<int, kMaxSlots> near{};    // the slot this one must be near, or -1
  std::array<int, kMaxSlots> halves{};  // within how many half spaces of it
};

// The units on the board by side, and the Kons among them: what slot_sets_of reads of the board,
// worked out once per board.
struct UnitSides {
  std::array<std::uint64_t, 2> by_side{};
  std::uint64_t kons = 0;
};

void unit_sides_of(const AtomsPastState& state, UnitSides& out) {
  out = UnitSides{};
  for (int unit = 0; unit < state.data().num_units; ++unit) {
    // No branch per unit: which units stand is not foreseeable.
    const std::uint64_t bit = std::uint64_t{state.on_board(unit)} << unit;
    out.by_side[state.side_of(unit)] |= bit;
    out.kons |= state.is_kon(unit) ? bit : 0;
  }
}

void slot_sets_of(const AtomsPastState& state, int caster, int spell, const UnitSides& sides,
                  SlotSets& out) {
  const auto& game = state.atomspast();
  const auto& targets = game.spell(spell).targets;
  out.count = static_cast<int>(targets.size());
  const std::uint64_t friendly = caster == 0 || caster == 1 ? sides.by_side[caster] : 0;
  const std::uint64_t enemy = (sides.by_side[0] | sides.by_side[1]) & ~friendly;
  const std::uint64_t kons = sides.kons;
  for (int slot = 0; slot < std::min(out.count, kMaxSlots); ++slot) {
    const TargetSlot& target = targets[slot];
    std::uint64_t allowed = friendly | enemy;
    if (target.side == TargetSide::kFriendly) allowed = friendly;
    if (target.side == TargetSide::kEnemy) allowed = enemy;
    if (!target.allow_kon) allowed &= ~kons;
    out.allowed[slot] = allowed;
    out.near[slot] = game.game_spell(spell).slot_near[slot];
    out.halves[slot] = target.within_halves;
  }
}

// slots_fillable's search from `slot` on, `taken` holding the units chosen before it: depth
// first over the candidates in unit order, stopping at the first full choice.
bool fill_slots(const AtomsPastState& state, const SlotSets& sets, int slot,
                std::array<std::int8_t, kMaxSlots>& chosen, std::uint64_t taken) {
  if (slot >= sets.count) return true;
  if (slot >= kMaxSlots) return false;  // the game refuses such spells when it is built
  const int near = sets.near[slot] >= 0 ? chosen[sets.near[slot]] : -1;
  const auto& board = state.atomspast().board();
  const auto& units = state.data().units;
  grid::FootprintCells near_cells, cells;
  BaseBox near_box;
  if (near >= 0) {
    state.cells_of(near, near_cells);
    near_box = base_box(state.footprint(near), units[near].placement);
  }
  std::uint64_t candidates = sets.allowed[slot] & ~taken;
  if (near >= 0) {
    // Most pairs are far apart: turned away by their bases' boxes before any space is listed,
    // all at once and without a branch per unit (which of them pass is not foreseeable).
    std::uint64_t near_enough = 0;
    for (std::uint64_t left = candidates; left != 0; left &= left - 1) {
      const int unit = std::countr_zero(left);
      const bool may = boxes_may_be_within_halves(
          board, near_box, base_box(state.footprint(unit), units[unit].placement),
          sets.halves[slot]);
      near_enough |= std::uint64_t{may} << unit;
    }
    candidates = near_enough;
  }
  for (; candidates != 0; candidates &= candidates - 1) {
    const int unit = std::countr_zero(candidates);
    if (near >= 0) {
      state.cells_of(unit, cells);
      if (!within_range_halves(board, near_cells, cells, sets.halves[slot])) continue;
    }
    chosen[slot] = static_cast<std::int8_t>(unit);
    const bool ok = fill_slots(state, sets, slot + 1, chosen, taken | (std::uint64_t{1} << unit));
    chosen[slot] = -1;
    if (ok) return true;
  }
  return false;
}

}  // namespace

bool AtomsPastState::slots_fillable(int caster, int spell, int slot,
                                    std::array<std::int8_t, kMaxSlots>& chosen) const {
  if (slot >= static_cast<int>(game_->spell(spell).targets.size())) return true;
  if (slot >= kMaxSlots) return false;  // the game refuses such spells when it is built
  // Asked at every Spell Phase decision for every spell in the zone: no list is built, and the
  // candidates are unit sets (fits_target_slot's tests, made once).
  UnitSides sides;
  unit_sides_of(*this, sides);
  SlotSets sets;
  slot_sets_of(*this, caster, spell, sides, sets);
  std::uint64_t taken = 0;
  for (int i = 0; i < slot; ++i)
    if (chosen[i] >= 0) taken |= std::uint64_t{1} << chosen[i];
  return fill_slots(*this, sets, slot, chosen, taken);
}

namespace {

// Whether a spell's targets can all be chosen depends only on the game and on where its units
// stand (fits_target_slot reads nothing else), so the answers are kept per thread for the last
// such board: a Spell Phase's decisions, between which units seldom move, work each spell's
// answer out once. The game is watched, not held (as the kept movement search's).
struct KeptTargetAnswers {
  const AtomsPastGame* game_address = nullptr;
  std::weak_ptr<const AtomsPastGame> game;
  int num_units = -1;
  std::array<std::int16_t, kMaxUnits> where{};  // placement index, or -1 when off the board
  std::array<std::array<std::int8_t, kMaxGameSpells>, 2> known{};  // 0 not asked, 1 yes, 2 no
  UnitSides sides;  // that board's units by side: each answer's slot sets start from them
};

}  // namespace

bool AtomsPastState::spell_targets_exist(int spell, int caster) const {
  // Ruling: a spell is offered for Cast only when every target it names can be chosen.
  if (caster < 0 || caster > 1 || spell < 0 || spell >= kMaxGameSpells) {
    std::array<std::int8_t, kMaxSlots> chosen{-1, -1, -1, -1};
    return slots_fillable(caster, spell, 0, chosen);
  }
  thread_local KeptTargetAnswers kept;
  // A live game at the kept address is the kept game; one that has gone can no longer match.
  bool same =
      kept.game_address == game_.get() && !kept.game.expired() && kept.num_units == data_.num_units;
  std::array<std::int16_t, kMaxUnits> where;
  for (int unit = 0; unit < data_.num_units; ++unit) {
    where[unit] =
        on_board(unit)
            ? static_cast<std::int16_t>(grid::placement_index(data_.units[unit].placement))
            : std::int16_t{-1};
    same &= where[unit] == kept.where[unit];  // no branch per unit
  }
  if (!same) {
    kept.game_address = game_.get();
    kept.game = game_;
    kept.num_units = data_.num_units;
    std::copy(where.begin(), where.begin() + data_.num_units, kept.where.begin());
    for (auto& side : kept.known)
      side.fill(0);
    unit_sides_of(*this, kept.sides);
  }
  std::int8_t& answer = kept.known[caster][spell];
  if (answer == 0) {
    // slots_fillable from the first slot, with the board's sides already known.
    SlotSets sets;
    slot_sets_of(*this, caster, spell, kept.sides, sets);
    std::array<std::int8_t, kMaxSlots> chosen{-1, -1, -1, -1};
    answer = fill_slots(*this, sets, 0, chosen, 0) ? 1 : 2;
  }
  return answer == 1;
}

// ---------------------------------------------------------------------------------------------
// Effects.

bool AtomsPastState::effect_applies(int index) const {
  // "If the target Friendly Unit was destroyed by the damage it took with this Spell, then ..."
  const GameSpell& spell = game_->game_spell(data_.spell.spell);
  const int slot = spell.effect_when_slot[index];
  switch (spell.effect_when[index]) {
    case GameSpell::kAlways:
      return true;
    case GameSpell::kIfDestroyed:
      return (data_.spell.destroyed_slots >> slot) & 1;
    case GameSpell::kIfSurvived:
      return !((data_.spell.destroyed_slots >> slot) & 1);
  }
  return true;
}

void AtomsPastState::run_spell_effects() {
  auto& context = data_.spell;
  const SpellCard& card = game_->spell(context.spell);
  const GameSpell& spell = game_->game_spell(context.spell);
  const int x = context.x;
  while (context.next_effect < context.effect_end) {
    if (data_.phase == Phase::kGameOver) return;
    const int index = context.next_effect++;
    const Effect& effect = card.effects[index];
    if (!effect_applies(index)) continue;
    const int slot = spell.effect_slot[index];
    const int unit = slot >= 0 ? context.targets[slot] : -1;
    if (slot >= 0 && (unit < 0 || !on_board(unit))) continue;  // its target is gone
    if (!context.repeating && effect.every_turn.eval(x) > 0) {
      schedule_repeat(index, unit, effect.every_turn.eval(x));
      continue;
    }
    const int amount = effect.amount.eval(x);
    switch (effect.kind) {
      case EffectKind::kAlter: {
        // "altered" is permanent; `turns` makes a lasting alteration that runs down.
        auto& state = data_.units[unit];
        const int stat_index = static_cast<int>(effect.stat);
        state.stat_changes[stat_index] =
            static_cast<std::int8_t>(std::clamp(state.stat_changes[stat_index] + amount, -60, 60));
        if (effect.stat == Stat::kWounds) {
          state.max_wounds =
              static_cast<std::int8_t>(std::clamp(state.max_wounds + amount, 1, 120));
          state.wounds =
              static_cast<std::int8_t>(std::clamp(state.wounds + amount, 0, int{state.max_wounds}));
          if (state.wounds == 0) {
            destroy_unit(unit, data_.active);  // spells act on their caster's turn
            continue;
          }
        }
        if (effect.turns > 0 && data_.num_lasting < kMaxLasting) {
          LastingEffect lasting;
          lasting.owner = data_.active;
          lasting.spell = context.spell;
          lasting.effect = static_cast<std::int8_t>(index);
          lasting.unit = static_cast<std::int8_t>(unit);
          lasting.x = context.x;
          lasting.turns_left = static_cast<std::int8_t>(std::min(effect.turns, 100));
          lasting.amount = static_cast<std::int8_t>(std::clamp(amount, -60, 60));
          lasting.repeats = false;
          data_.lasting[data_.num_lasting++] = lasting;
        }
        continue;
      }
      case EffectKind::kHeal: {
        auto& state = data_.units[unit];
        state.wounds = static_cast<std::int8_t>(
            std::clamp(state.wounds + std::max(0, amount), 0, int{state.max_wounds}));
        continue;
      }
      case EffectKind::kActi: {
        auto& state = data_.units[unit];
        state.acti = static_cast<std::int8_t>(std::clamp(state.acti + amount, 0, 60));
        continue;
      }
      case EffectKind::kChannel: {
        auto& player = data_.players[data_.active];
        for (int i = 0; i < player.zone_size; ++i)
          downtick_zone_card(player.zone[i], std::max(0, amount));
        continue;
      }
      case EffectKind::kDraw:
        if (amount <= 0) continue;
        data_.draws_left = static_cast<std::int8_t>(std::min(amount, kMaxHand));
        data_.step = Step::kDraw;
        return;
      case EffectKind::kDamage:
        context.pending_unit = static_cast<std::int8_t>(unit);
        start_roll(effect.skill.eval(x), effect.dice.eval(x), Step::kDamageRoll);
        return;
      case EffectKind::kAttack: {
        const AttackKind kind = effect.attack_kind;
        const int skill_bonus = effect.skill.eval(x);
        data_.action = ActionContext{};
        data_.action.kind = kind == AttackKind::kMelee ? UnitActionKind::kFreeMeleeAttack
                                                       : UnitActionKind::kFreeRangedAttack;
        data_.action.actor = static_cast<std::int8_t>(unit);
        data_.action.skill_bonus = static_cast<std::int8_t>(std::clamp(skill_bonus, -20, 20));
        data_.action.dice_bonus =
            static_cast<std::int8_t>(std::clamp(effect.dice.eval(x), -20, 60));
        data_.action.optional = effect.optional;
        if (!any_attack_target(unit, kind)) {
          data_.action = ActionContext{};
          continue;  // nothing in reach: the granted attack is lost
        }
        data_.step = Step::kAttackTarget;
        return;
      }
      case EffectKind::kMove:
        if (amount <= 0 || !has_move_destination(unit, amount, 1)) continue;
        data_.action = ActionContext{};
        data_.action.kind = UnitActionKind::kFreeMove;
        data_.action.actor = static_cast<std::int8_t>(unit);
        data_.action.budget = static_cast<std::int8_t>(std::min(amount, 60));
        data_.action.optional = effect.optional;
        data_.step = Step::kDestination;
        return;
    }
  }
  finish_spell();
}

void AtomsPastState::finish_spell() {
  if (data_.spell.repeating) {
    auto& lasting = data_.lasting[data_.effects_next];
    if (--lasting.turns_left <= 0) {
      std::copy(data_.lasting.begin() + data_.effects_next + 1,
                data_.lasting.begin() + data_.num_lasting,
                data_.lasting.begin() + data_.effects_next);
      --data_.num_lasting;
    } else {
      ++data_.effects_next;
    }
  }
  data_.spell = SpellContext{};
  data_.step = Step::kPhase;
}

void AtomsPastState::schedule_repeat(int effect_index, int unit, int turns) {
  if (data_.num_lasting >= kMaxLasting) return;
  LastingEffect lasting;
  lasting.owner = data_.active;
  lasting.spell = data_.spell.spell;
  lasting.effect = static_cast<std::int8_t>(effect_index);
  lasting.unit = static_cast<std::int8_t>(unit);
  lasting.x = data_.spell.x;
  lasting.turns_left = static_cast<std::int8_t>(std::min(turns, 100));
  lasting.repeats = true;
  data_.lasting[data_.num_lasting++] = lasting;
}

void AtomsPastState::start_repeating_effect(int lasting_index) {
  const LastingEffect& lasting = data_.lasting[lasting_index];
  if (lasting.unit >= 0 && !on_board(lasting.unit)) {
    // Its target is gone: the effect ends.
    std::copy(data_.lasting.begin() + lasting_index + 1, data_.lasting.begin() + data_.num_lasting,
              data_.lasting.begin() + lasting_index);
    --data_.num_lasting;
    return;
  }
  auto& context = data_.spell;
  begin_spell(context, lasting.spell, lasting.x, false, lasting.effect + 1);
  context.repeating = true;
  context.next_effect = lasting.effect;
  const int slot = game_->game_spell(lasting.spell).effect_slot[lasting.effect];
  if (slot >= 0) context.targets[slot] = lasting.unit;
  context.targets_chosen = static_cast<std::int8_t>(game_->spell(lasting.spell).targets.size());
  run_spell_effects();
}

void AtomsPastState::expire_lasting_effects(int owner) {
  int kept = 0;
  for (int i = 0; i < data_.num_lasting; ++i) {
    LastingEffect lasting = data_.lasting[i];
    if (!lasting.repeats && lasting.owner == owner && --lasting.turns_left <= 0) {
      auto& unit = data_.units[lasting.unit];
      const Effect& effect = game_->spell(lasting.spell).effects[lasting.effect];
      const int stat_index = static_cast<int>(effect.stat);
      unit.stat_changes[stat_index] =
          static_cast<std::int8_t>(unit.stat_changes[stat_index] - lasting.amount);
      if (effect.stat == Stat::kWounds) {
        // Undoing a lasting wounds alteration never destroys the unit (ruling).
        unit.max_wounds = static_cast<std::int8_t>(std::max(1, unit.max_wounds - lasting.amount));
        unit.wounds = static_cast<std::int8_t>(
            std::clamp(int{unit.wounds}, unit.alive ? 1 : 0, int{unit.max_wounds}));
      }
      continue;
    }
    data_.lasting[kept++] = lasting;
  }
  data_.num_lasting = static_cast<std::int8_t>(kept);
}

}  // namespace warband::atomspast
