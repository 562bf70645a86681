// The AtomsPast game state: a flat value (fixed-size arrays, no owning pointers) so that bots
// can copy it cheaply. The turn structure of seed 000: set-up (dice-off, draw and place, deploy),
// then each player's turn of Spell Phase -> Kon Phase -> Battlefield Phase, players alternating.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/card_deck.h"
#include "core/game.h"
#include "core/grid.h"
#include "core/skill_roll.h"
#include "core/unit_health.h"
#include "rulesets/atomspast/action_codes.h"
#include "rulesets/atomspast/atomspast_game.h"
#include "rulesets/atomspast/terrain.h"

namespace warband::atomspast {

inline constexpr int kMaxHand = 12;
inline constexpr int kMaxZone = 10;
inline constexpr int kMaxLasting = 24;
inline constexpr int kMaxSlots = 4;
inline constexpr int kMaxRollFaces = kSkillRollShownFaces;

enum class Phase : std::uint8_t {
  kDiceOff,      // chance: who goes first
  kSetupPlace,   // each player draws five and places up to `setup_places` spells
  kDeploy,       // the dice-off winner deploys every unit, in the order they choose, then the other
  kSpellPhase,   // draw to five, then Place / Channel / Cast
  kKonPhase,     // Downtick the Kon's AcTi's, then one Kon Action
  kBattlefield,  // Downtick, then units act one at a time
  kEffects,      // the Battlefield Phase's Additional Effects step
  kGameOver,
  // Numbered after kGameOver so that saves keep their phase numbers.
  kSpellEffects,  // the Spell Phase's Additional Effects step
  kKonEffects,    // the Kon Phase's Additional Effects step
};

// What the current step is waiting for, inside a phase.
enum class Step : std::uint8_t {
  kPhase,         // the phase's own decision (or automatic progress)
  kDraw,          // chance: drawing cards
  kChannelRoll,   // chance: the Channel dice
  kChannelExtra,  // decision: which spell takes a remaining Downtick
  kCastRoll,      // chance: the Cast dice
  kSpellTarget,   // decision: a target for the spell's next slot
  kDestination,   // decision: where the moving unit goes
  kDangerRoll,    // chance: Dangerous Terrain dice for the move just made
  kAttackTarget,  // decision: what the attacking unit attacks
  kAttackRoll,    // chance: attack dice
  kDamageRoll,    // chance: a spell's damage dice
  kDeployPlace,   // decision: where the unit chosen to deploy next (`deploy_next`) goes
  kAttackLine,    // decision: which side of a corner the attack's line of sight is drawn on
};

enum class UnitActionKind : std::uint8_t {
  kNone,
  kMove,
  kRun,
  kMeleeAttack,
  kRangedAttack,
  kCharge,
  kFreeMove,          // granted by a spell: no AcTi
  kFreeMeleeAttack,   // granted by a spell: no AcTi
  kFreeRangedAttack,  // granted by a spell: no AcTi
};

struct UnitState {
  grid::Placement placement;
  std::int8_t acti = 0;
  std::int8_t wounds = 0;
  std::int8_t max_wounds = 0;
  bool alive = true;
  bool deployed = false;
  // "a cumulative -1 to their Move stat for turn": Move lost to Difficult Terrain this turn.
  std::int8_t move_lost = 0;
  // Alterations to the profile's stats (permanent and lasting ones alike), by Stat.
  std::array<std::int8_t, kStatCount> stat_changes{};
  friend bool operator==(const UnitState&, const UnitState&) = default;
};

// A unit's effective stat: its profile's plus its alterations, never below 0. Inline: the rules
// and the bots' evaluate() ask for stats at nearly every step.
inline int effective_stat(const UnitProfile& profile, const UnitState& state, Stat which) {
  int base = 0;
  switch (which) {
    case Stat::kMove:
      base = profile.move;
      break;
    case Stat::kMeleeSkill:
      base = profile.melee.skill;
      break;
    case Stat::kMeleeDice:
      base = profile.melee.dice;
      break;
    case Stat::kMeleeRange:
      base = profile.melee.range;
      break;
    case Stat::kRangedSkill:
      base = profile.ranged.skill;
      break;
    case Stat::kRangedDice:
      base = profile.ranged.dice;
      break;
    case Stat::kRangedRange:
      base = profile.ranged.range;
      break;
    case Stat::kShield:
      base = profile.shield;
      break;
    case Stat::kWounds:
      return state.max_wounds;
  }
  int change = state.stat_changes[static_cast<int>(which)];
  if (which == Stat::kMove) change -= state.move_lost;  // Difficult Terrain, this turn
  return std::max(0, base + change);
}

// How far a footprint reaches from its anchor space: its width and height less one each.
inline int anchor_extent(grid::Footprint base) {
  return base.w + base.h - 2;
}

// The Manhattan distance between two anchors less how far each footprint reaches from its anchor
// (`extent_a`, `extent_b`): never more than the Range between the units (Higher Ground only adds),
// and free to compute. range_lower_bound's, and evaluate()'s once a pair of units.
inline int range_lower_bound_between(grid::Cell a, int extent_a, grid::Cell b, int extent_b) {
  return grid::manhattan(a, b) - extent_a - extent_b;
}

struct ZoneCard {
  std::int8_t spell = -1;  // game spell index
  std::int8_t acti = 0;
  std::int8_t boost = 0;
  friend bool operator==(const ZoneCard&, const ZoneCard&) = default;
};

struct PlayerState {
  CardDeck deck;  // spell counts (core/card_deck.h): the order is hidden and random
  std::array<std::uint8_t, kMaxGameSpells> discard{};
  std::array<std::int8_t, kMaxHand> hand{};
  std::int8_t hand_size = 0;
  std::array<ZoneCard, kMaxZone> zone{};
  std::int8_t zone_size = 0;
  std::int8_t kon_spell_acti = 0;
  std::int16_t points_destroyed = 0;  // enemy points this player has destroyed
  friend bool operator==(const PlayerState&, const PlayerState&) = default;
};

// An effect that lasts: a temporary alteration to undo, or an effect repeating each turn.
struct LastingEffect {
  std::int8_t owner = 0;
  std::int8_t spell = 0;   // game spell index
  std::int8_t effect = 0;  // index into the spell's effects
  std::int8_t unit = 0;    // target unit
  std::int8_t x = 0;
  std::int8_t turns_left = 0;
  std::int8_t amount = 0;  // for a temporary alteration: how much to undo
  bool repeats = false;    // true: repeats each turn; false: a temporary alteration
  friend bool operator==(const LastingEffect&, const LastingEffect&) = default;
};

// The spell being resolved (from the Casting Zone, the Kon, or a repeating effect).
struct SpellContext {
  bool active = false;
  bool from_kon = false;
  bool repeating = false;  // resolving one repeating effect of `lasting_index`
  std::int8_t spell = -1;
  std::int8_t x = 0;
  std::array<std::int8_t, kMaxSlots> targets{-1, -1, -1, -1};
  std::int8_t targets_chosen = 0;
  std::int8_t next_effect = 0;
  std::int8_t effect_end = 0;        // resolve effects [next_effect, effect_end)
  std::int8_t pending_unit = -1;     // the unit a damage roll in progress will hit
  std::uint8_t destroyed_slots = 0;  // bit per slot: destroyed by this spell
  friend bool operator==(const SpellContext&, const SpellContext&) = default;
};

// The unit action being resolved (a Battlefield or Kon Action, or one a spell grants).
struct ActionContext {
  UnitActionKind kind = UnitActionKind::kNone;
  std::int8_t actor = -1;
  std::int8_t target = -1;
  std::int8_t partner = -1;  // Combined Attack
  std::int8_t budget = 0;    // spaces of movement
  std::int8_t skill_bonus = 0;
  std::int8_t dice_bonus = 0;
  bool optional = false;  // a spell's "may"
  friend bool operator==(const ActionContext&, const ActionContext&) = default;
};

// Dice being rolled one chance node at a time, each die counting its face if at most the skill,
// else 1 ([S/D]): core's SkillRoll, whose fields and JSON are the ones saved states always had.
using RollContext = SkillRoll;

struct StateData {
  Phase phase = Phase::kDiceOff;
  Step step = Step::kPhase;
  std::int8_t first_player = 0;
  std::int8_t active = 0;   // whose turn (or set-up step) it is
  std::int16_t round = 0;   // 1-based once turns begin
  std::int8_t winner = -1;  // at kGameOver: 0, 1, or -1 for a draw
  std::int8_t setup_placed = 0;
  std::int8_t places_used = 0;
  std::int8_t channels_used = 0;
  std::int8_t casts_used = 0;
  std::int8_t kon_action_taken = 0;
  std::int8_t draws_left = 0;
  std::int8_t extra_downticks_left = 0;
  std::uint16_t extra_given = 0;  // bit per zone slot that already took a remaining Downtick
  std::int8_t deploy_next = 0;    // the unit being deployed (at Step::kDeployPlace)
  std::int8_t effects_next = 0;   // next lasting effect to resolve at Additional Effects
  std::int8_t cast_slot = -1;     // the zone slot being cast
  std::int8_t danger = 0;         // Dangerous X total of the move just made
  std::int8_t num_units = 0;
  std::int8_t num_lasting = 0;
  std::array<UnitState, kMaxUnits> units{};
  std::array<PlayerState, 2> players{};
  std::array<LastingEffect, kMaxLasting> lasting{};
  SpellContext spell;
  ActionContext action;
  RollContext roll;
  friend bool operator==(const StateData&, const StateData&) = default;
};

class AtomsPastState : public State, public UnitHealthView {
 public:
  explicit AtomsPastState(std::shared_ptr<const AtomsPastGame> game);

  int current_player() const override;
  std::vector<Action> legal_actions() const override;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  void chance_outcomes_into(std::vector<ChanceOutcome>& out) const override;
  void apply(Action action) override;
  std::vector<double> returns() const override;
  std::unique_ptr<State> clone() const override { return std::make_unique<AtomsPastState>(*this); }
  nlohmann::json to_json() const override;
  // State::hash()'s value, FNV-1a over to_json().dump(), with that text written straight into
  // the digest instead of built as a JSON tree and a string (state_json.cc): a sweep hashes
  // every game's end.
  std::uint64_t hash() const override;
  // The text hash() digests, for the test that proves it is to_json().dump() byte for byte.
  std::string hash_text() const;
  nlohmann::json view(int player) const override;
  std::string action_to_string(Action action) const override;
  std::string to_string() const override;
  // A side sees its own hand and the other's as a count, and the other side's draws unnamed
  // (state_text.cc); kSeesPublic sees no hand.
  std::string to_string_for(int viewer) const override;
  std::string to_string_fitting(int viewer, int columns) const override;
  std::string action_to_string_for(int viewer, Action action) const override;
  // Whose Kon fell and to what, or the turn limit's score (state_text.cc).
  std::string end_reason() const override;
  // end_reason() as one of AtomsPastGame::endings() (state_text.cc).
  int ending() const override;
  // The table as data for graphical front ends (state_table_view.cc, docs/api.md "Table views").
  nlohmann::json table_view(int viewer) const override;
  nlohmann::json action_view(Action action) const override;
  void check_consistency() const override;
  // Bots' heuristics (state_heuristics.cc).
  std::vector<double> evaluate() const override;
  std::unique_ptr<State> determinize(int player, Rng& rng) const override;
  std::vector<UnitStatus> unit_statuses() const override;
  void unit_health_into(std::vector<UnitHealth>& out) const override;
  bool unit_health_differs(const std::vector<UnitHealth>& seen) const override;
  int acting_unit() const override;
  const Game& game() const override { return *game_; }

  // Fills `out` with the legal actions without allocating when `out` has capacity (hot path).
  void legal_actions_into(std::vector<Action>& out) const override;
  // The legal actions of one unit at the Battlefield (or Kon) Phase decision.
  void unit_actions_into(int unit, std::vector<Action>& out) const;

  const StateData& data() const { return data_; }
  StateData& mutable_data() { return data_; }
  const AtomsPastGame& atomspast() const { return *game_; }

  // Effective stats: the profile plus alterations.
  int stat(int unit, Stat which) const {
    return effective_stat(*game_->roster()[unit].profile, data_.units[unit], which);
  }
  int side_of(int unit) const { return game_->roster()[unit].side; }
  bool is_kon(int unit) const { return game_->roster()[unit].is_kon; }
  bool on_board(int unit) const { return data_.units[unit].alive && data_.units[unit].deployed; }
  grid::Footprint footprint(int unit) const { return game_->roster()[unit].profile->base; }
  // Inline: every range, sight and occupancy check starts here.
  void cells_of(int unit, grid::FootprintCells& out) const {
    grid::covered_cells(footprint(unit), data_.units[unit].placement, out);
  }
  // Spaces covered by units on the board, optionally leaving one or two units out.
  grid::CellSet occupied(int except_a = -1, int except_b = -1) const;
  grid::CellSet occupied_by_side(int side, int except = -1) const;

  // Read back from JSON (used by AtomsPastGame::state_from_json).
  void load_json(const nlohmann::json& json);

 private:
  // Runs automatic steps until the state is at a decision, chance or terminal node.
  void advance();
  void begin_turn(int player);
  void begin_kon_phase();
  void begin_battlefield_phase();
  void end_spell_phase();
  void end_battlefield_phase();
  // The Additional Effects step of the current phase: resolves the active player's repeating
  // effects due in this phase; returns true when none is left.
  bool resolve_additional_effects(EffectPhase phase);
  void finish_turn();
  void end_game(int winner);
  void end_game_by_turn_limit();

  // Phase decisions.
  void spell_phase_actions(std::vector<Action>& out) const;
  void kon_phase_actions(std::vector<Action>& out) const;
  void battlefield_actions(std::vector<Action>& out) const;
  // Deployment: which unit deploys next (the player's choice), then where.
  void deploy_unit_actions(std::vector<Action>& out) const;
  void deploy_actions(std::vector<Action>& out) const;
  // Calls `fn(placement)` for each legal placement of `unit` in its side's zone, until it returns
  // false: the spaces are free and standable, and while the side's Kon waits, room is left for it.
  // What the placement checks of one side's deployment share: the spaces taken, the zone and
  // whether the Kon waits (atomspast_state.cc), worked out once per list.
  struct DeployRoom;
  void deploy_room(int side, DeployRoom& out) const;
  template <typename Fn>
  void for_each_deploy_placement(int unit, const DeployRoom& room, Fn&& fn) const;
  void apply_decision(Action action);
  void apply_chance(Action action);

  // Cards and spells (spell_casting.cc).
  void draw_card(int spell);
  void place_spell(int spell);
  void downtick_zone_card(ZoneCard& card, int times);
  void start_cast_from_zone(int slot);
  void start_kon_cast();
  void finish_cast_roll();
  void finish_channel_roll();
  bool spell_targets_exist(int spell, int caster) const;
  // Whether `unit` may fill target slot `slot` of `spell`, the slots before it holding `chosen`.
  bool fits_target_slot(int caster, int spell, int slot,
                        const std::array<std::int8_t, kMaxSlots>& chosen, int unit) const;
  void target_candidates(int caster, int spell, int slot,
                         const std::array<std::int8_t, kMaxSlots>& chosen,
                         std::vector<int>& out) const;
  bool slots_fillable(int caster, int spell, int slot,
                      std::array<std::int8_t, kMaxSlots>& chosen) const;
  void run_spell_effects();  // resolves effects until one needs a node, or the spell ends
  void finish_spell();
  bool effect_applies(int effect_index) const;
  void schedule_repeat(int effect_index, int unit, int turns);
  void start_repeating_effect(int lasting_index);
  void expire_lasting_effects(int owner);

  // Unit actions (unit_actions.cc).
  bool charge_target_in_sight(int unit, int target) const;
  bool is_engaged(int unit) const;
  // `scale`: what a point of Move lost to Difficult Terrain costs this move (2 for a Run).
  void compute_move_reach(int unit, int budget, int scale, grid::Reach& out) const;
  // The same search, kept: the thread's last one is given again when the game and the whole
  // query are the same (a ready unit's Charge reach at each Battlefield decision until something
  // moves, then its Charge's destinations). Valid until the next call on this thread.
  const grid::Reach& move_reach(int unit, int budget, int scale) const;
  bool has_move_destination(int unit, int budget, int scale) const;
  // The units on the board, by side, and the boxes their bases cover: worked out once for the
  // checks of every unit that may act at a decision (unit_actions.cc).
  struct StandingUnits;
  void standing_units(StandingUnits& out) const;
  void unit_actions_into(int unit, const StandingUnits& standing, std::vector<Action>& out) const;
  bool has_move_destination(int unit, int budget, int scale, const StandingUnits& standing) const;
  void destination_actions(std::vector<Action>& out) const;
  // The placements the mover passes through to a kDestination action's placement, the start
  // and the destination included (for drawing the move; a search of its own).
  std::vector<grid::Placement> destination_route(Action action) const;
  void attack_target_actions(std::vector<Action>& out) const;
  void start_unit_action(UnitActionKind kind, int unit, int target);
  void move_unit_to(int placement_index, int danger, int move_lost);
  void after_move();
  void start_attack(int target, int partner);
  void finish_attack_roll();
  void finish_unit_action();
  void pay_acti(int unit, int cost);
  // Whether `attacker` may attack `target` now (weapon, line of sight, range); fills the best
  // line (the shortest Range, then the least Skill lost).
  bool attack_possible(int attacker, int target, AttackKind kind, Sight* sight_out) const;
  // What the line's terrain and heights cost an attack of this kind (the parameters).
  LineWeights line_weights(AttackKind kind) const;
  // The lines the attacking player may choose between (seed, Line of Sight: "the Player in
  // control of the Attacking Unit chooses one side"): the best line, then, when it passes a
  // corner and its other side is clear too and costs the attack a different Skill, that side.
  // Returns how many (0 when the attack is not possible, else 1 or 2).
  int attack_lines(int attacker, int target, AttackKind kind, std::array<Sight, 2>& out) const;
  void attack_line_actions(std::vector<Action>& out) const;
  void start_attack_roll(const Sight& sight);
  // The line a kAttackLine action names, judged (false when it is not one of attack_lines).
  bool attack_line_of(Action action, Sight& out) const;
  bool charge_destination_ok(int unit, int placement_index, int target,
                             const grid::FootprintCells& target_cells,
                             const grid::CellSet& blockers) const;
  grid::MoveQuery move_query(int unit, int budget, int scale) const;
  AttackKind current_attack_kind() const;
  bool any_attack_target(int attacker, AttackKind kind) const;
  void combined_partners(int attacker, int target, AttackKind kind, std::vector<int>& out) const;
  void attack_modifiers(int attacker, int target, AttackKind kind, int partner, const Sight& sight,
                        int& skill, int& dice) const;
  bool is_outnumbered(int unit) const;
  bool is_flanked(int unit) const;
  bool in_melee_range(int attacker, int target) const;
  int range_lower_bound(int a, int b) const;

  // The board in words as `viewer` sees it (to_string and to_string_for; state_text.cc), laid
  // out to `columns` (0: the roomy layout).
  std::string text_for(int viewer, int columns = 0) const;

  // The table view's parts (state_table_view.cc).
  std::string decision_prompt() const;
  // A unit's `reach`, `sight` and `targets` at the current decision, from `legal` (its actions).
  void add_unit_options(int unit, const std::vector<Action>& legal, nlohmann::json& out) const;

  // Damage (shared by attacks, spells and Dangerous Terrain).
  void start_roll(int skill, int dice, Step step);
  // Deals damage after the Shield; returns true if the unit was destroyed.
  // `by_side`: the side whose attack or spell dealt it (the active one), or -1 for a unit's own
  // harm (Dangerous Terrain on its Move). Only the opponent's kills count for the turn limit.
  bool deal_damage(int unit, int amount, bool shield_applies, int by_side);
  void destroy_unit(int unit, int by_side);

  std::shared_ptr<const AtomsPastGame> game_;
  StateData data_;
};

// The phase in words, as the rules name it: "Spell Phase", "Kon Phase: Additional Effects".
const char* phase_name(Phase phase);
// What the roll of `step` is for ("Attack", "Channel"), or nullptr when `step` rolls no dice.
const char* roll_purpose(Step step);
// The turn being played, counted as the rules count turns (each player's turn is one: Red's
// first turn is 1, Blue's that follows is 2), or 0 before the first turn begins.
int turn_number(const StateData& data);

// "R2 Orc Warrior", "B1 Elf Riflemen (Kon)".
std::string unit_name(const AtomsPastGame& game, int unit);
// Where the line from a to b on `side` passes its corners, against its other side: "north",
// "south", "west" or "east" for a line more across than down or more down than across,
// "north-east" and the like for a perfect diagonal. `corners` (when given): how many it passes.
std::string corner_side_name(grid::Cell a, grid::Cell b, int side, int* corners = nullptr);

// [S/D]: what one die of face `face` adds to a roll at skill `skill` is core's skill_die_value
// (core/skill_roll.h).

}  // namespace warband::atomspast
