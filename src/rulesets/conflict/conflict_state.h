// A Conflict game in progress (seed 003, "Game Flow"): rounds begun by an initiative flip,
// alternating activations, passing, Exhaust tokens, Strides spent leg by leg, maneuvers, attacks
// resolved with the luck deck, conditions, wounds and victory. A flat value: fixed-size arrays,
// no heap, so that bots copy it cheaply; the table and the characters stay in the ConflictGame.
//
// A choice is staged, so that legal actions stay a short finite sorted list: the model to
// activate (or a pass), then what it does (Move, a maneuver, an attack on a target, end), and for
// a move each leg's destination from tabletop::reach (or a climb, standing up, stopping).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/tabletop.h"
#include "core/tabletop_move.h"
#include "rulesets/conflict/conflict_game.h"

namespace warband::conflict {

// An action: (kind << 44) | (model << 36) | payload (a point, a piece, a maneuver, an attack and
// target, a card): at most 48 bits, so that a browser's JSON numbers (exact to 2^53) carry it,
// and sorting lists a model's moves in table order (x, then y).
enum class ActionKind : std::uint8_t {
  kCard,           // chance: a card of the luck deck
  kPass,           // seed: "the active player may choose to pass their activation"
  kActivate,       // the model to activate
  kMove,           // the Move action: legs follow
  kManeuver,       // payload: Maneuver (and a condition for Shake)
  kAttack,         // payload: attack index << 8 | target model
  kEndActivation,  // done with this model
  kMoveTo,         // a leg's destination: payload pack_point
  kClimb,          // climb onto a piece: payload the piece
  kStandUp,        // a prone model stands (1 Stride)
  kStopMoving,     // end the legs with Strides left
  kFallProne,      // "A model may fall prone at any time" (in its activation)
};
inline constexpr int kKindShift = 44;
inline constexpr int kModelShift = 36;
inline constexpr Action encode_action(ActionKind kind, int model, std::uint64_t payload) {
  return static_cast<Action>((static_cast<std::uint64_t>(kind) << kKindShift) |
                             (static_cast<std::uint64_t>(model) << kModelShift) | payload);
}
inline constexpr ActionKind kind_of(Action action) {
  return static_cast<ActionKind>(static_cast<std::uint64_t>(action) >> kKindShift);
}
inline constexpr int model_of(Action action) {
  return static_cast<int>((static_cast<std::uint64_t>(action) >> kModelShift) & 63);
}
inline constexpr std::uint64_t payload_of(Action action) {
  return static_cast<std::uint64_t>(action) & ((std::uint64_t{1} << kModelShift) - 1);
}
// A destination as a payload: core's pack_point (x and y in 18 bits each).
using tabletop::pack_point;
using tabletop::unpack_point;

// The maneuvers the engine plays (seed "Maneuvers"), in the order they are listed.
enum class Maneuver : std::uint8_t {
  kCharge,
  kRun,
  kDisengage,
  kTakeCover,
  kFocusedAttack,
  kBrace,
  kShake,  // payload: kShake + 16 * (condition + 1)
  kShift,
  kThrowModel,  // payload: kThrowModel | target << 8 | the ActionSlot it costs << 16
  kAid,         // payload: kAid | friend << 8 | enemy << 16
};
inline constexpr int kManeuverCount = 10;
std::string maneuver_name(Maneuver maneuver);

// The seed's five temporary conditions, Reduced Resistance once per attack type: EffectKind's
// first seven values.
inline constexpr int kConditionCount = 7;
enum Condition : std::uint8_t {
  kSlow,
  kWeak,
  kHindered,
  kDamageOverTime,
  kReducedPhysical,
  kReducedEnergy,
  kReducedPsyche,
};
// Exhaust tokens, one count per action.
enum ActionSlot : std::uint8_t { kMoveSlot, kManeuverSlot, kAttackSlot };

enum class Stage : std::uint8_t {
  kInitiative,   // chance: Red's two cards, then Blue's
  kChooseModel,  // the player picks a model or passes
  kActivation,   // the active model's actions
  kMoving,       // a leg of a Move, Run, Charge, Disengage or Shift
  kAttackCards,  // chance: the attacker's two cards, then two for each target
  kOver,
};
enum class LegKind : std::uint8_t { kMove, kRun, kCharge, kDisengage, kShift };

struct ModelState {
  tabletop::Point at;
  std::int16_t facing = 0;
  std::int16_t wounds = 0;
  std::int8_t on_piece = -1;  // the piece it stands on top of, or -1 on the ground
  bool out = false;           // knocked out
  bool activated = false;     // this round
  bool prone = false;
  bool ran = false;             // Run: +1 Defense until its next activation
  bool braced = false;          // Brace: one size larger against pushes
  bool took_cover = false;      // Take Cover: one cover step until it moves or activates
  bool charging = false;        // Charge: +1 and a push on its first attack
  std::uint8_t focus = 0;       // Focused Attack: +2 on the next attack
  std::int8_t aid_target = -1;  // Aid: the enemy its next attack gets aid_bonus against
  std::uint8_t aid_bonus = 0;
  std::array<std::uint8_t, 3> exhaust{};
  std::array<std::uint8_t, kConditionCount> conditions{};
  friend bool operator==(const ModelState&, const ModelState&) = default;
};

struct StateData {
  Stage stage = Stage::kInitiative;
  std::int8_t round = 1;
  std::int8_t player = 0;      // to decide
  std::int8_t initiative = 0;  // who had it this round
  std::int8_t active = -1;     // the active model
  std::int8_t strides_left = 0;
  LegKind leg = LegKind::kMove;
  std::int8_t winner = -1;     // 0, 1, or 2 for a draw, once over
  std::int8_t end_reason = 0;  // EndReason
  // The cards of the flip being made (initiative: 4; an attack: the attacker's 2, the target's 2).
  std::array<std::int8_t, 4> cards{-1, -1, -1, -1};
  std::int8_t card_count = 0;
  // The attack being resolved.
  std::int8_t attack = -1;
  std::array<std::int8_t, kMaxGameModels> targets{};
  std::int8_t target_count = 0;
  std::int8_t target_pos = 0;
  std::int8_t last_damage = -1;  // the last target's damage, for the log
  std::array<ModelState, kMaxGameModels> models{};
  friend bool operator==(const StateData&, const StateData&) = default;
};

enum class EndReason : std::uint8_t { kNone, kEliminated, kZoneControl, kZoneTied };

// The models on the table as core's geometry sees them: the standing ones, with their indexes.
struct Scene {
  std::array<tabletop::Model, kMaxGameModels> models{};
  std::array<std::int8_t, kMaxGameModels> index{};  // scene slot -> game model
  std::array<std::int8_t, kMaxGameModels> slot{};   // game model -> scene slot, -1 when out
  int count = 0;
  tabletop::Models span() const { return {models.data(), static_cast<std::size_t>(count)}; }
};

// What an attack on a target adds up to, for the engine, the log and the tests.
struct AttackOdds {
  int attack = 0;   // Attack Skill + Strength + bonuses
  int defense = 0;  // Defense + Resistance + bonuses
  int cover = 0;    // 0 none, 1 partial, 2 full
  bool flanking = false;
  bool high_ground = false;
};

class ConflictState : public State {
 public:
  explicit ConflictState(std::shared_ptr<const ConflictGame> game);

  int current_player() const override;
  std::vector<Action> legal_actions() const override;
  void legal_actions_into(std::vector<Action>& out) const override;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  void apply(Action action) override;
  std::vector<double> returns() const override;
  std::string end_reason() const override;
  std::unique_ptr<State> clone() const override { return std::make_unique<ConflictState>(*this); }
  nlohmann::json to_json() const override;                       // state_json.cc
  nlohmann::json view(int) const override { return to_json(); }  // nothing is hidden
  std::string action_to_string(Action action) const override;    // state_text.cc
  std::string to_string() const override;                        // state_text.cc
  nlohmann::json table_view(int viewer) const override;          // state_table_view.cc
  nlohmann::json action_view(Action action) const override;      // state_table_view.cc
  void check_consistency() const override;                       // state_json.cc
  std::vector<double> evaluate() const override;                 // state_heuristics.cc
  std::vector<UnitStatus> unit_statuses() const override;
  int acting_unit() const override { return data_.active; }
  const Game& game() const override { return *game_; }

  const ConflictGame& conflict() const { return *game_; }
  const StateData& data() const { return data_; }
  StateData& mutable_data() { return data_; }
  // Reads a save back (ConflictGame::state_from_json); InputError naming the field.
  void load_json(const nlohmann::json& json);

  // ---- the rules' queries, public for the text, the views, the bots and the tests ----
  Scene scene() const;
  tabletop::Model model_geometry(int model) const;
  int standing(int side) const;     // models not knocked out
  int unactivated(int side) const;  // standing models yet to activate this round
  // Strides a model has at the start of its activation: its own less Slow (at least 1).
  int max_strides(int model) const;
  // The size a model counts as for cover and sight (Prone: one smaller, at least 1).
  int cover_size(int model) const;
  // The leg's query for the active model (budget, friends passable, blocking terrain).
  tabletop::MoveQuery leg_query(const Scene& scene) const;
  // Strides a leg to `to` costs the active model, or -1 when it may not end there (engagement,
  // half on its piece, more Strides than it has).
  int leg_cost(const Scene& scene, tabletop::Point to) const;
  // Whether `target` is a legal target of the attacker's attack, and the sums if so.
  bool may_attack(int attacker, int attack, int target) const;
  AttackOdds attack_odds(int attacker, int attack, int target) const;
  // The number of sight lines (of 5) from viewer to target that terrain does not hide.
  int clear_sight(const Scene& scene, int viewer, int target) const;
  // Where a model would stand on top of a piece it climbs, or false when it cannot.
  bool climb_point(int model, int piece, tabletop::Point& out) const;
  int climb_cost(int model, int piece) const;
  // Falling (ruling "Falling"): max(1, size categories fallen) + model size / 2.
  static int falling_damage(int height_sizes, int model_size);
  // Throw (Model): "Range = (Your Size - Target Size - 1) inches", units; 0 when it cannot be
  // thrown (not two sizes smaller, Brace counting one larger).
  int throw_range(int thrower, int target) const;
  // Push distance (units) of an attacker's push on a target, 0 when it cannot push it.
  int push_distance(int attacker, int target) const;
  // The model's name with its label: "R2 Knight Captain".
  std::string model_name(int model) const;

 private:
  void start_round();
  void after_initiative();
  void activate(int model);
  void end_activation();
  // The next player to choose a model, or the next round.
  void next_turn();
  void do_maneuver(int model, int payload);
  void declare_attack(int attacker, int attack, int target);
  void resolve_target();
  void apply_damage(int model, int damage);
  void push(int attacker, int target, int distance);
  void check_victory();
  void finish_by_zone();
  void move_leg(tabletop::Point to);
  void maneuvers_into(std::vector<Action>& out) const;
  void attacks_into(std::vector<Action>& out) const;
  void legs_into(std::vector<Action>& out) const;

  std::shared_ptr<const ConflictGame> game_;
  StateData data_;
};

// Why a Conflict attack target is listed in the order it is (ricochet chains, areas, lines):
// the targets of an attack, in the order they are resolved.
int attack_targets(const ConflictState& state, int attacker, int attack, int target,
                   std::array<std::int8_t, kMaxGameModels>& out);

}  // namespace warband::conflict
