// The Spellweavers state (seed 002, "COMBAT RULES"): a flat value (fixed-size arrays, no heap) so
// that bots copy it cheaply. Combatants take turns of `actions_per_turn` actions; a wizard's
// conjurations take theirs right after it. Dice are chance nodes: a roll of Xd6 summed is one
// node whose outcomes are the totals.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/grid.h"
#include "rulesets/spellweavers/action_codes.h"
#include "rulesets/spellweavers/spell_area.h"
#include "rulesets/spellweavers/spellweavers_game.h"

namespace warband::spellweavers {

enum class CombatantKind : std::uint8_t { kNone, kWizard, kGrizzlyBear, kAnnoyingImp };

// The seed's conjurations. Grizzly Bear: "HP: 15. Movement: 3. Innate Attack "Maul": Deal 3d6
// damage"; Annoying Imps: "Quantity: 3. HP: 1. Movement: 3. Innate Attack "Jab": Deal 1 damage".
inline constexpr int kBearHp = 15;
inline constexpr int kBearMaulDice = 3;
inline constexpr int kImpHp = 1;
inline constexpr int kImpCount = 3;
inline constexpr int kImpJabDamage = 1;
inline constexpr int kConjurationMove = 3;
// The longest move the engine walks (the move_squares parameter's ceiling).
inline constexpr int kMaxMoveSteps = 20;

// One bit per lasting status condition (Dispel acts at once and is never held).
inline std::uint8_t condition_bit(StatusCondition condition) {
  return static_cast<std::uint8_t>(1u << static_cast<int>(condition));
}

struct Combatant {
  grid::Cell cell;
  std::int16_t hp = 0;
  std::int16_t mp = 0;
  CombatantKind kind = CombatantKind::kNone;  // kNone: an empty slot (knocked out, or never)
  std::uint8_t conditions = 0;                // condition_bit()s
  bool defending = false;
  friend bool operator==(const Combatant&, const Combatant&) = default;
};

enum class Phase : std::uint8_t { kInitiative, kPlay, kGameOver };

// What the state waits for.
enum class Step : std::uint8_t {
  kDecision,     // the actor's next action
  kRoll,         // chance: a total of `roll.dice` dice (see RollPurpose)
  kRemovalRoll,  // chance: a d6 to remove `pending.condition` from `pending.target`
  kInitiative,   // chance: the initiative die of wizard `pending.target`
  kShift,        // decision: where the spell's Shift moves `pending.target`
  kPlacement,    // decision: where the committed spell `cast.spell` is dropped (paid for already)
};

enum class RollPurpose : std::uint8_t {
  kNone,
  kStrike,          // Staff Strike or Maul on `pending.target`
  kBurningAtStart,  // Burning: "they take 1d6 damage", the actor starting its turn there
  kBurningOnMove,   // the same for each Burning square the actor's move entered
  kSpellDamage,     // the spell's Damage, rolled once for every affected combatant
  kSpellHealing,
  kBurningOnShift,  // Burning, on the combatant a Shift put there
};

// Why a removal roll is made: when the condition is applied, or at the end of the turn (then
// Poison and Regenerate act on the roll's result).
enum class RemovalWhen : std::uint8_t { kApplied, kTurnEnd };

struct Pending {
  RollPurpose purpose = RollPurpose::kNone;
  std::int8_t dice = 0;
  std::int8_t target = -1;
  StatusCondition condition = StatusCondition::kPoison;
  RemovalWhen when = RemovalWhen::kApplied;
  std::int16_t last_total = 0;  // the last roll's result, for the log and the view
  friend bool operator==(const Pending&, const Pending&) = default;
};

// The spell being placed (Step::kPlacement: caster, spell and actions set, paid for) or resolved:
// its effects one after another over the affected squares.
struct CastInProgress {
  std::int8_t caster = -1;  // -1: none
  std::int8_t spell = -1;
  std::int8_t actions = 0;
  std::int8_t orientation = 0;
  std::int8_t next_effect = 0;
  std::int8_t next_combatant = 0;  // the scan over combatants for the current effect
  bool rolled = false;             // the current effect's dice are rolled (pending.last_total)
  std::uint32_t shifted = 0;       // a bit per combatant the current Shift has placed
  grid::Cell anchor;
  grid::CellSet affected;
  friend bool operator==(const CastInProgress&, const CastInProgress&) = default;
};

struct StateData {
  Phase phase = Phase::kInitiative;
  Step step = Step::kDecision;
  std::int16_t round = 0;   // 1-based once turns begin
  std::int8_t winner = -1;  // at kGameOver: 0, 1, or -1 for a draw
  std::int8_t num_wizards = 0;
  std::array<std::int8_t, kMaxWizards> order{};       // the wizards in turn order
  std::array<std::int8_t, kMaxWizards> initiative{};  // each wizard's initiative die
  std::int8_t order_pos = 0;                          // whose activation: order[order_pos]
  std::int8_t actor = -1;                             // the combatant taking its turn
  std::int8_t actions_left = 0;
  bool cast_this_turn = false;     // "You cannot cast more than one spell in a single turn"
  std::int8_t end_rolls_next = 0;  // the next condition rolled for at the end of the turn
  std::array<Combatant, kMaxCombatants> combatants{};
  // The terrain condition on each square (cell_index): 0 none, else 1 + TerrainCondition.
  std::array<std::uint8_t, grid::kMaxCells> terrain{};
  Pending pending;
  CastInProgress cast;
  friend bool operator==(const StateData&, const StateData&) = default;
};

// What a saved state's "format" says (state_json.cc, state_hash.cc).
inline constexpr const char* kStateFormat = "spellweavers-state";

class SpellweaversState : public State {
 public:
  explicit SpellweaversState(std::shared_ptr<const SpellweaversGame> game);

  int current_player() const override;
  std::vector<Action> legal_actions() const override;
  void legal_actions_into(std::vector<Action>& out) const override;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  void apply(Action action) override;
  std::vector<double> returns() const override;
  std::string end_reason() const override;
  // end_reason() as one of SpellweaversGame::endings() (state_text.cc).
  int ending() const override;
  std::unique_ptr<State> clone() const override {
    return std::make_unique<SpellweaversState>(*this);
  }
  nlohmann::json to_json() const override;  // state_json.cc
  // State::hash()'s value, FNV-1a over to_json().dump(), with that text written straight into
  // the digest instead of built as JSON (state_hash.cc): a sweep hashes every game's end, the
  // conformance suite every sampled state.
  std::uint64_t hash() const override;
  // The text hash() digests, for the test that proves it is to_json().dump() byte for byte.
  std::string hash_text() const;
  nlohmann::json view(int) const override { return to_json(); }  // nothing is hidden
  std::string action_to_string(Action action) const override;
  std::string to_string() const override;
  nlohmann::json table_view(int viewer) const override;
  nlohmann::json action_view(Action action) const override;
  void check_consistency() const override;
  std::vector<double> evaluate() const override;  // state_heuristics.cc
  std::vector<UnitStatus> unit_statuses() const override;
  int acting_unit() const override;
  const Game& game() const override { return *game_; }

  const StateData& data() const { return data_; }
  StateData& mutable_data() { return data_; }
  const SpellweaversGame& spellweavers() const { return *game_; }

  // Read back from JSON (SpellweaversGame::state_from_json); InputError naming the field.
  void load_json(const nlohmann::json& json);

  // Who controls a combatant (its wizard's side), and which wizard it belongs to.
  int side_of(int combatant) const;
  static int owner_of(int combatant) {
    return combatant < kMaxWizards ? combatant : (combatant - kMaxWizards) / kConjurationSlots;
  }
  bool present(int combatant) const {
    return data_.combatants[combatant].kind != CombatantKind::kNone;
  }
  int max_hp(int combatant) const;
  // "R1 Ember the Red", "R1's Grizzly Bear", "R1's Annoying Imp 2".
  std::string combatant_name(int combatant) const;
  std::string label_of(int combatant) const;  // "R1", "R1b", "R1i2"
  TerrainCondition terrain_at(grid::Cell cell, bool& any) const;
  // Squares holding a combatant, optionally leaving one out.
  grid::CellSet occupied(int except = -1) const;
  // What blocks sight besides the board's stone: Wall and Dark squares.
  grid::CellSet sight_blockers() const;
  // Damage after Defend, Protection and Fortified (ruling "Reductions").
  int reduced_damage(int target, int damage) const;

 private:
  void start_game_turns();
  // Starts a combatant's turn; false when it ended with no node to stop at (a Stun, no roll).
  bool begin_turn(int combatant);
  bool turn_started();
  // After an action: the next decision, or the end of the turn.
  void after_action();
  // The end-of-turn removal rolls from the `from`th condition on; false when none is left.
  bool end_of_turn_rolls(int from);
  void next_combatant();
  void spend_action(int actions);
  void start_roll(RollPurpose purpose, int dice, int target);
  void apply_decision(Action action);
  void apply_chance(Action action);
  void move_actions(int mover, std::vector<Action>& out) const;
  void strike_actions(int striker, std::vector<Action>& out) const;
  void deal_damage(int target, int damage);
  void heal(int target, int amount);
  void knock_out(int combatant);
  void check_victory();
  void end_game(int winner);
  void end_game_by_round_limit();
  // Spell casting (spell_casting.cc). A cast is two decisions: the spell and its action count
  // (kCastSpell, one per castable pair), then where it lands (kPlacement, the spell's distinct
  // placements).
  void cast_actions(int caster, std::vector<Action>& out) const;
  void placement_actions(std::vector<Action>& out) const;
  bool zero_action_cast_possible() const;
  void commit_spell(int spell, int actions);
  void start_cast(AreaPlacement placement);
  void continue_cast();
  void shift_actions(std::vector<Action>& out) const;
  std::string cast_spell_to_string(int spell, int actions) const;
  std::string placement_to_string(AreaPlacement placement) const;
  // A cast as data in an action_view: the spell and its cost; a placement's squares.
  void add_cast_spell_view(int spell, int actions, nlohmann::json& view) const;
  void add_placement_view(AreaPlacement placement, nlohmann::json& view) const;
  void apply_shift(int cell_index);
  int shift_distance() const;
  void conjure(Conjuration conjuration);

  std::shared_ptr<const SpellweaversGame> game_;
  StateData data_;
};

// Names and board symbols (state_text.cc).
const char* terrain_condition_name(TerrainCondition condition);
char terrain_condition_symbol(TerrainCondition condition);
std::string conditions_text(std::uint8_t conditions);  // "Poison, Stun"

// The exact odds of the total of `dice` dice of `faces` faces, as chance outcomes (kRollTotal).
const std::vector<ChanceOutcome>& dice_total_outcomes(int dice, int faces);

}  // namespace warband::spellweavers
