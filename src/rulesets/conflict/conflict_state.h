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
#include "core/unit_health.h"
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
  kAttackPiece,    // an attack on reinforced terrain: payload attack index << 8 | piece
  kDeploy,         // the model's place in its deployment zone: payload pack_point
  kStayStanding,   // the declared target of an attack does not fall prone
  // "Use Any Ability Actions": payload the model's ability action (GameModel::actions) << 8 |
  // its target model. The last kind a 48-bit action has room for.
  kUseAbility,
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
  // payload: kThrowTerrain | piece << 8 | the ActionSlot it costs << 16 | aim << 18, the aim a
  // model, or kAimPiece + a piece
  kThrowTerrain,
  kInteract,  // payload: kInteract | objective << 8
};
inline constexpr int kManeuverCount = 12;
inline constexpr int kAimPiece = 64;
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
  kDeploy,  // before the first round: the player places its next model
  // An attack's declared target may fall prone before the cards ("at any time"): its player
  // chooses kFallProne or kStayStanding.
  kReaction,
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
  std::uint8_t guard = 0;           // a Guard ability: + Defense until its next activation
  std::uint8_t abilities_used = 0;  // its ability actions used this activation, a bit each
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
  // The attack being resolved is on this reinforced piece (the attacker's two cards only).
  std::int8_t target_piece = -1;
  // The flip is the target's defense against a thrown piece of this size (its two cards only).
  std::int8_t impact = 0;
  // The flip is the active model's ability action of this index against targets[0], who resists.
  std::int8_t ability = -1;
  // Terrain that fights back: the pieces destroyed (they leave the table), reinforced ones' wounds.
  tabletop::PieceMask destroyed = 0;
  std::array<std::int8_t, tabletop::kMaxPieces> piece_wounds{};
  // The table's objectives (ruling "Objectives and Interact"): the side holding each (-1: none),
  // the model carrying it (-1: on the table) and where it lies when not carried.
  std::array<std::int8_t, tabletop::kMaxTableObjectives> objective_owner{};
  std::array<std::int8_t, tabletop::kMaxTableObjectives> objective_carrier{};
  std::array<tabletop::Point, tabletop::kMaxTableObjectives> objective_at{};
  // Models of each side on the table, in warband order (all of them once deployment is over).
  std::array<std::int8_t, 2> deployed{};
  std::array<ModelState, kMaxGameModels> models{};
  friend bool operator==(const StateData&, const StateData&) = default;
};

// What a saved state's "format" says (state_json.cc, state_hash.cc).
inline constexpr const char* kStateFormat = "conflict-state";

enum class EndReason : std::uint8_t {
  kNone,
  kEliminated,
  kZoneControl,
  kZoneTied,
  kObjectives,  // a table with objectives: the higher score at the round limit
  kObjectivesTied,
};

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

class ConflictState : public State, public UnitHealthView {
 public:
  explicit ConflictState(std::shared_ptr<const ConflictGame> game);

  int current_player() const override;
  std::vector<Action> legal_actions() const override;
  void legal_actions_into(std::vector<Action>& out) const override;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  void apply(Action action) override;
  std::vector<double> returns() const override;
  std::string end_reason() const override;
  // The EndReason as one of ConflictGame::endings() (a tie is the same ending, drawn).
  int ending() const override;
  std::unique_ptr<State> clone() const override { return std::make_unique<ConflictState>(*this); }
  nlohmann::json to_json() const override;  // state_json.cc
  // State::hash()'s value, FNV-1a over to_json().dump(), with that text written straight into
  // the digest instead of built as JSON (state_hash.cc): a sweep hashes every game's end, the
  // conformance suite every sampled state.
  std::uint64_t hash() const override;
  // The text hash() digests, for the test that proves it is to_json().dump() byte for byte.
  std::string hash_text() const;
  nlohmann::json view(int) const override { return to_json(); }  // nothing is hidden
  std::string action_to_string(Action action) const override;    // state_text.cc
  std::string to_string() const override;                        // state_text.cc
  nlohmann::json table_view(int viewer) const override;          // state_table_view.cc
  nlohmann::json action_view(Action action) const override;      // state_table_view.cc
  void check_consistency() const override;                       // state_json.cc
  // An attack's sight lines and cover for its action view (state_table_view.cc).
  void add_sight_view(int attacker, int attack, int target, nlohmann::json& view) const;
  std::vector<double> evaluate() const override;  // state_heuristics.cc
  std::vector<UnitStatus> unit_statuses() const override;
  // The simulator's per-apply view: unit_statuses()' wounds and life, no names copied.
  void unit_health_into(std::vector<UnitHealth>& out) const override;
  bool unit_health_differs(const std::vector<UnitHealth>& seen) const override;
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
  int standing(int side) const;  // models not knocked out
  // Whether the model has been placed on the table (deployment by the players).
  bool placed(int model) const {
    return game_->model(model).number < data_.deployed[game_->model(model).side];
  }
  // The model the player places next, or -1 when deployment is over.
  int next_to_deploy() const;
  // Where a model may deploy: a free spot in its side's zone, base wholly within it.
  bool may_deploy_at(int model, tabletop::Point at) const;
  // The zone a side deploys in: [low, high] corners, units.
  void deployment_zone(int side, tabletop::Point& low, tabletop::Point& high) const;
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
  // The pieces that hide the target from the viewer (those at least its cover size, but not the
  // ones either stands on): a sight line crossing one of them is blocked.
  tabletop::PieceMask sight_hiding(int viewer, int target) const;
  // Where a model would stand on top of a piece it climbs, or false when it cannot.
  bool climb_point(int model, int piece, tabletop::Point& out) const;
  int climb_cost(int model, int piece) const;
  // Falling (ruling "Falling"): max(1, size categories fallen) + model size / 2.
  static int falling_damage(int height_sizes, int model_size);
  // Throw (Model): "Range = (Your Size - Target Size - 1) inches", units; 0 when it cannot be
  // thrown (not two sizes smaller, Brace counting one larger).
  int throw_range(int thrower, int target) const;
  // The size a model counts as against pushes and throws: its own, Brace's and its abilities'.
  int size_against_push(int model) const;
  // Terrain this size or larger stops the model's legs; smaller it steps over for a Stride.
  int blocking_size(int model) const;
  // Strides a Disengage costs the model: half max Strides, or its ability's.
  int disengage_cost(int model) const;
  // Reinforced terrain (ruling "Terrain that fights back"): its wounds when whole, its Physical
  // and Energy Resistance; whether a model's attack may hit the piece (in range, Physical or
  // Energy, the piece reinforced and standing).
  int piece_max_wounds(int piece) const;
  int piece_resistance(int piece) const;
  bool may_attack_piece(int attacker, int attack, int piece) const;
  // The pieces still on the table.
  tabletop::PieceMask standing_pieces() const { return ~data_.destroyed; }
  // Throw (Terrain): "Range = (Your Size - Terrain Size - 1) inches", units; 0 when the model
  // cannot throw the piece (not two sizes smaller, out of reach, fixed, or carrying a model).
  int throw_terrain_range(int thrower, int piece) const;
  // Whether a thrown piece reaches the aim (a model, or kAimPiece + a piece) from where it lies.
  bool throw_reaches(int thrower, int piece, int aim) const;
  // Objectives: where one is (its carrier's place when carried), whether the model may Interact
  // with it now, and each side's score at the round limit (objectives held, the zone).
  tabletop::Point objective_position(int objective) const;
  bool may_interact(int model, int objective) const;
  int interact_cost(int model) const { return game_->model(model).play.interact_strides; }
  void objective_scores(int (&score)[2]) const;
  // The side whose Influence holds the centre zone (more models in it), or -1.
  int zone_holder() const;
  // "Use Any Ability Actions" (ruling "Ability actions"): whether the model may use its ability
  // action `index` on `target` now (unused this activation, what it costs not exhausted, the
  // target in range and sight and the effect doing something), and the two sides' totals before
  // the cards of a resisted one.
  bool may_use_ability(int model, int index, int target) const;
  int ability_flip_attack(int user, int index) const;
  int ability_flip_defense(int user, int index, int target) const;
  // Push distance (units) of an attacker's push on a target, 0 when it cannot push it.
  int push_distance(int attacker, int target) const;
  // The model's name with its label: "R2 Knight Captain".
  std::string model_name(int model) const;

 private:
  void start_round();
  void deploy(int model, tabletop::Point at);
  void end_reaction();  // the target has chosen: the attack's cards
  void deployments_into(std::vector<Action>& out) const;
  void after_initiative();
  void activate(int model);
  void end_activation();
  // The next player to choose a model, or the next round.
  void next_turn();
  void do_maneuver(int model, int payload);
  void declare_attack(int attacker, int attack, int target);
  void resolve_target();
  void apply_damage(int model, int damage);
  // Returns what stopped a throw short: a model, kAimPiece + a piece, or -1 (nothing).
  int push(int attacker, int target, int distance);
  void finish_flip();  // the attack or impact is over: back to the activation
  void resolve_piece_attack();
  void resolve_impact();
  void use_ability(int model, int index, int target);
  void ability_effect(int user, int index, int target);
  void resolve_ability();
  // The attacker's bonuses against a piece (its Resistance is the defense), and a target's
  // defense bonuses against a thrown piece's impact: what resolve_piece_attack and resolve_impact
  // add to the flipped cards.
  int piece_attack_bonus() const;
  int impact_defense_bonus(int target) const;
  // " → 9 against 5: 4 damage to R7" for the card `card` that completes a flip; "" otherwise.
  std::string flip_result(int card) const;
  void throw_terrain(int thrower, int piece, int aim);
  // A thrown object of `size` hits a piece (Terrain Interaction).
  void impact_piece(int piece, int size);
  void damage_piece(int piece, int damage);
  // The piece leaves the table; the models on it fall.
  void destroy_piece(int piece);
  int flip_cards() const { return data_.target_piece >= 0 || data_.impact > 0 ? 2 : 4; }
  void check_victory();
  void finish_by_zone();
  void move_leg(tabletop::Point to);
  void maneuvers_into(std::vector<Action>& out) const;
  void attacks_into(std::vector<Action>& out) const;
  void legs_into(std::vector<Action>& out) const;
  void abilities_into(std::vector<Action>& out) const;

  std::shared_ptr<const ConflictGame> game_;
  StateData data_;
};

// Why a Conflict attack target is listed in the order it is (ricochet chains, areas, lines):
// the targets of an attack, in the order they are resolved.
int attack_targets(const ConflictState& state, int attacker, int attack, int target,
                   std::array<std::int8_t, kMaxGameModels>& out);

}  // namespace warband::conflict
