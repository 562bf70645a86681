// An A Game in progress (seed 004, "Model Activation", "Combat structure"), as
// docs/rulings/agame.md rules it: rounds of alternating activations; an activation is one ability
// from the card plus movement dice spent for 3" each; attacks roll through the pipeline one die at
// a time (attack dice, then the defender's chosen dodge dice, then a save die per hit left);
// triggered reactions after an attack on a model; Prone, Dying, Mistform, Charmed, Unmovable;
// victory. A flat value: fixed-size arrays, no heap, so that bots copy it cheaply.
//
// A choice is staged, so that legal actions stay a short finite sorted list: the model to
// activate, then what it does (move, an attack on a target, an ability, end), then a leg's
// destination or the attack's dice; the defender chooses its dodge dice after seeing the hits.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/json_fields.h"
#include "core/tabletop.h"
#include "core/tabletop_move.h"
#include "core/unit_health.h"
#include "rulesets/agame/agame_game.h"

namespace warband::agame {

// An action: (kind << 44) | (model << 36) | payload: at most 48 bits, so that a browser's JSON
// numbers (exact to 2^53) carry it, and a model's destinations sort in table order (x, then y).
enum class ActionKind : std::uint8_t {
  kDie,            // chance: a die's face, payload 1..faces
  kActivate,       // the model to activate
  kMove,           // spend a movement die: a leg of up to 3" follows
  kStandUp,        // a prone model spends a movement die to stand
  kAttack,         // payload: attack << 8 | target (kNoTarget: every model in reach, or a charge)
  kAbility,        // payload: ability << 8 | friend (kNoTarget: itself)
  kEndActivation,  // done with this model
  kMoveTo,         // a leg's destination: payload tabletop::pack_point
  kStopMoving,     // a leg not taken (its die is spent)
  kAllocate,       // the attacker's dice for the attack: payload the count
  kDodge,          // the defender's dodge dice: payload the count
  kReact,          // a triggered reaction: payload the ability
  kDecline,        // no reaction
  kDraftChoice,    // the draft's burn or pick: payload the index into the table of cards
  kPlayCard,       // a held card played: payload the hand slot, model the model it is played on
  kKeepCards,      // no card played now
  kPlace,          // where a card's terrain or objective goes: payload tabletop::pack_point, model
                   // 1 for a wall turned a quarter (agame_placing.cc)
};
inline constexpr int kKindShift = 44;
inline constexpr int kModelShift = 36;
inline constexpr int kNoTarget = 255;
inline constexpr Action encode_action(ActionKind kind, int model, std::uint64_t payload) {
  return static_cast<Action>((static_cast<std::uint64_t>(kind) << kKindShift) |
                             (static_cast<std::uint64_t>(model) << kModelShift) | payload);
}
inline constexpr ActionKind kind_of(Action action) {
  return static_cast<ActionKind>(static_cast<std::uint64_t>(action) >> kKindShift);
}
inline constexpr int model_of(Action action) {
  return static_cast<int>((static_cast<std::uint64_t>(action) >> kModelShift) & 255);
}
inline constexpr std::uint64_t payload_of(Action action) {
  return static_cast<std::uint64_t>(action) & ((std::uint64_t{1} << kModelShift) - 1);
}

enum class Stage : std::uint8_t {
  kChooseModel,   // the player picks a model to activate
  kActivation,    // the active model's options
  kMoving,        // a leg's destination
  kAllocate,      // the attacker picks its dice
  kRoll,          // chance: the strike's next die
  kDodge,         // the defender picks its dodge dice
  kReaction,      // the defender may react
  kReactionRoll,  // chance: a reaction's roll (Turn to Mist's 3+)
  kShuffle,       // chance: the next card of a deck's shuffle
  kRollOff,       // chance: who is the draft's first player
  kDraft,         // the draft's burn or pick (draft.h)
  kCardReaction,  // the model's side may play cards at a moment of an attack (agame_cards.cc)
  kSetupCards,    // after the draft: the player may play a setup card (agame_placing.cc)
  kPlacing,       // where the card just played puts its terrain or objective
  kOver,
};
// kSprint: a card's move (Sprint), a step of the card's length.
enum class LegKind : std::uint8_t { kStep, kCharge, kBlink, kSprint };
enum class Phase : std::uint8_t { kAttack, kDodge, kSave };

// The moments at which a side may play cards (docs/rulings/agame.md, "Cards in play" and "Cards
// at the roll"): an activation's start, and within an attack (stage kCardReaction).
enum class CardMoment : std::uint8_t {
  kNone,
  kActivation,   // `activation`: the start of the model's activation
  kAttackRoll,   // `before_roll`, the attacker's: its dice allocated, before they are rolled
  kAttacked,     // reaction to `attacked`: the target's, before the attack dice on it
  kHit,          // reaction to `hit`: the target's, the hits rolled, before the dodge
  kDefenseRoll,  // `before_roll`, the defender's: before its dodge dice (and saves)
  kRerolls,      // `after_roll`: the roller's, its dice of the strike's phase rolled
  kWounded,      // reaction to `wounded`: the target's, its wounds dealt
  kAllDodged,    // reaction to `all_dodged`: the target's, every hit on it dodged
  kDying,        // reaction to `dying`: the target's, fallen Dying, before victory is checked
  kEnemyMoved,   // reaction to `enemy_moved`: any of the side's models near the active model's
                 // move's end (card_model: the first of them)
  kSetup,        // `setup`: after the draft, before the first activation
};

// A card's terrain or objective on the table (ruling "Placed terrain and objectives").
struct Placed {
  std::int8_t card = -1;  // index into the game's cards
  std::int8_t side = -1;
  tabletop::Point at;
  bool turned = false;  // a wall turned a quarter
  friend bool operator==(const Placed&, const Placed&) = default;
};
inline constexpr int kMaxPlaced = kMaxHand;  // beyond, no placing card is offered

struct ModelState {
  tabletop::Point at;  // no facing: A Game has none (ruling "Facing")
  std::int8_t wounds = 0;
  // Pools left this round (ruling "Dice pools refresh each round").
  std::int8_t attack_dice = 0;
  std::int8_t defense_dice = 0;
  std::int8_t wild_dice = 0;
  std::int8_t movement_dice = 0;
  bool dead = false;            // removed from the table
  bool dying = false;           // 0 wounds: prone, out of action (ruling "Dying")
  std::int8_t dying_round = 0;  // the round it fell: it dies at the end of the next
  bool activated = false;       // this round
  bool prone = false;
  bool mistform = false;     // Turn to Mist
  bool mist_ending = false;  // its Mistform ends with this activation
  bool unmovable = false;    // The Mountain Does not Move: until its next activation
  bool charmed = false;      // Dominate Mind: its next activation is the enemy's
  // A card's until the end of this activation (ruling "Cards in play").
  bool pathfinder = false;        // Pathfinder: no rough terrain penalty
  bool sweeping = false;          // Sweeping Strike: its attacks are Wide
  std::int8_t card_accuracy = 0;  // War Cry: its attacks' accuracy
  friend bool operator==(const ModelState&, const ModelState&) = default;
};

// One attack being resolved, target by target (a Wide attack rolls anew for each).
struct Strike {
  std::int8_t attacker = -1;
  std::int8_t attack = -1;
  std::int8_t dice = 0;  // allocated
  std::array<std::int8_t, kMaxGameModels> targets{};
  std::int8_t target_count = 0;
  std::int8_t pos = 0;  // the target being resolved
  Phase phase = Phase::kAttack;
  std::int8_t to_roll = 0;  // dice of this phase
  std::int8_t rolled = 0;
  std::int8_t hits = 0;
  std::int8_t dodges = 0;
  std::int8_t saves = 0;
  // The attacker's cards (ruling "Cards at the roll"), for every target of the attack.
  std::int8_t extra_dice = 0;  // Battle Fury: rolled on top of the allocation
  std::int8_t accuracy = 0;    // Steady Hand
  std::int8_t power = 0;       // Crushing Blow
  std::int8_t damage = 0;      // Deadly Edge: per unsaved hit
  std::int8_t chance = 0;      // True Aim (-1: a 4+ becomes a 3+)
  // The defender's for the current target: Iron Guard's dodge dice (its Defense and saves change
  // LastRoll::needs directly).
  std::int8_t extra_dodge = 0;
  friend bool operator==(const Strike&, const Strike&) = default;
};

// The dice of the last target's roll, for the views and the log.
struct LastRoll {
  std::int8_t attacker = -1;
  std::int8_t target = -1;
  std::int8_t attack = -1;
  std::array<std::array<std::int8_t, kMaxDice>, 3> faces{};  // attack, dodge, save
  std::array<std::int8_t, 3> count{};
  // The N+ each phase's dice need, fixed when the roll began (a model knocked prone by it, or
  // moved since, does not change what its dice did); the cards played at the roll change them.
  std::array<std::int8_t, 3> needs{};
  bool cover = false;        // the hit target was raised by cover (ruling "Cover")
  bool high_ground = false;  // the attacker had high ground (ruling "High ground")
  std::int8_t wounds = -1;   // -1 while rolling
  friend bool operator==(const LastRoll&, const LastRoll&) = default;
};

// The draft's record and the hands it dealt. The decks' shuffled order, the roll-off and the
// choices made are all a draft is: the Draft (draft.h) is replayed from them.
struct DraftData {
  std::array<std::array<std::int8_t, kMaxDeck>, 2> decks{};  // card indexes, top card first
  std::array<std::int8_t, 2> shuffled{};                     // cards of each deck placed so far
  std::int8_t first = -1;                                    // the roll-off's winner
  std::int8_t choice_count = 0;
  std::array<std::int8_t, 3 * kMaxHand> choices{};  // indexes into the draft's table, in order
  // Once the draft is done: each hand's cards (indexes into the game's cards), and which were
  // played (bit i: hands[side][i]).
  std::array<std::array<std::int8_t, kMaxHand>, 2> hands{};
  std::array<std::int8_t, 2> hand_size{};
  std::array<std::uint16_t, 2> played{};
  friend bool operator==(const DraftData&, const DraftData&) = default;
};

struct StateData {
  Stage stage = Stage::kChooseModel;
  std::int8_t round = 1;
  std::int8_t player = 0;  // to decide
  std::int8_t active = -1;
  bool ability_used = false;  // "Use one ability on their card"
  LegKind leg = LegKind::kStep;
  tabletop::Point leg_start;    // a charge's start: it attacks what it passed through
  std::int32_t leg_budget = 0;  // units the leg may go (a step's is halved by rough terrain)
  std::int8_t winner = -1;      // 0, 1, or 2 for a draw, once over
  std::int8_t end_reason = 0;
  std::int8_t depth = 0;      // 1 while a counter (Far Mountain Strike) is resolved
  std::int8_t reactor = -1;   // the model reacting (kReaction, kReactionRoll)
  std::int8_t reaction = -1;  // its ability being rolled (kReactionRoll)
  std::array<Strike, 2> strikes{};
  LastRoll last;
  std::array<ModelState, kMaxGameModels> models{};
  DraftData draft;
  bool card_window = false;       // the active model's activation card may still be played
  std::int8_t dasher = -1;        // a model moving out of its turn (Dash for Cover), else -1
  std::int8_t placing_card = -1;  // the card whose piece is being placed (kPlacing)
  std::int8_t placing_side = -1;  // its player
  std::uint8_t setup_done = 0;    // bit per side: passed its setup cards
  std::int8_t card_model = -1;    // the model cards are played for (kCardReaction)
  CardMoment card_moment = CardMoment::kNone;  // the moment (kCardReaction)
  friend bool operator==(const StateData&, const StateData&) = default;
};

// What a saved state's "format" says (state_json.cc, state_hash.cc).
inline constexpr const char* kStateFormat = "agame-state";

enum class EndReason : std::uint8_t { kNone, kEliminated, kRoundLimit };

// The models on the table as core's geometry sees them: those not removed, with their indexes.
struct Scene {
  std::array<tabletop::Model, kMaxGameModels> models{};
  std::array<std::int8_t, kMaxGameModels> index{};  // scene slot -> game model
  std::array<std::int8_t, kMaxGameModels> slot{};   // game model -> scene slot, -1 when removed
  int count = 0;
  tabletop::Models span() const { return {models.data(), static_cast<std::size_t>(count)}; }
};

class AGameState : public State, public UnitHealthView {
 public:
  explicit AGameState(std::shared_ptr<const AGameGame> game);

  int current_player() const override;
  std::vector<Action> legal_actions() const override;
  void legal_actions_into(std::vector<Action>& out) const override;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  void apply(Action action) override;
  std::vector<double> returns() const override;
  std::string end_reason() const override;
  // The EndReason as one of AGameGame::endings().
  int ending() const override;
  std::unique_ptr<State> clone() const override { return std::make_unique<AGameState>(*this); }
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
  std::vector<double> evaluate() const override;                 // state_heuristics.cc
  std::vector<UnitStatus> unit_statuses() const override;
  // The simulator's per-apply view: unit_statuses()' wounds and life, no names copied.
  void unit_health_into(std::vector<UnitHealth>& out) const override;
  bool unit_health_differs(const std::vector<UnitHealth>& seen) const override;
  int acting_unit() const override { return data_.active; }
  const Game& game() const override { return *game_; }

  const AGameGame& agame() const { return *game_; }
  const StateData& data() const { return data_; }
  StateData& mutable_data() { return data_; }
  void load_json(const nlohmann::json& json);

  // ---- the rules' queries, public for the text, the views, the bots and the tests ----
  Scene scene() const;
  tabletop::Model model_geometry(int model) const;
  // Standing: on the table and not Dying.
  bool standing(int model) const;
  int standing_count(int side) const;
  int unactivated(int side) const;
  // Who plays the model's activation: the enemy while it is Charmed (ruling "Dominate Mind").
  int controller(int model) const;
  // The dice an attack may roll now: fewest and most from the pools left (0, 0 when it cannot);
  // `cost_paid` once it is declared (its cost already taken from the pools).
  int fewest_dice(int model, int attack, bool cost_paid = false) const;
  int most_dice(int model, int attack, bool cost_paid = false) const;
  // Dice the defender may roll to dodge: defense and wild dice left.
  int dodge_dice_left(int model) const;
  // Whether the attack may be made on `target` now (kNoTarget: a Wide, reach-area or charge).
  bool may_attack(int attacker, int attack, int target) const;
  // The models an attack declared on `target` hits, in the order they are resolved.
  int strike_targets(int attacker, int attack, int target,
                     std::array<std::int8_t, kMaxGameModels>& out) const;
  // Whether at least one of the 5 sight lines from viewer to target is clear of terrain that
  // hides the target (a piece of its Size or larger; ruling "Line of sight").
  bool in_sight(const Scene& scene, int viewer, int target) const;
  // ---- where an attack is made from and at (attack_position.cc) ----
  // The pieces that hide the target from the viewer: those of its Size or larger (a prone model
  // half its Size), but not the ones under either's centre (ruling "Line of sight").
  tabletop::PieceMask hiding_pieces(int viewer, int target) const;
  // The sight lines (of tabletop::kSightLines) from viewer to target that no hiding piece crosses.
  int clear_sight(const Scene& scene, int viewer, int target) const;
  // Ruling "Cover": the hit target's rise for a ranged or magic attack on a partly hidden target
  // (some, not all, of its sight lines hidden): cover_chance, else 0.
  int cover_against(int attacker, int attack, int target) const;
  // The height the model stands at: that of the piece under its centre, 0 off terrain (units).
  int standing_height(int model) const;
  // Ruling "High ground": the attacker stands high_ground_height or more above the target.
  bool high_ground(int attacker, int target) const;
  // Ruling "Ranged attacks into melee": the target is in melee with (within engaged_distance of)
  // a standing friend of the attacker's controller, the attacker aside.
  bool in_melee_with_friend(int attacker, int target) const;
  // Whether that refuses the attack: a ranged or magic attack aimed at one model (an Area attack
  // with a radius is the player's risk: its blast takes friends as well).
  bool refused_into_melee(int attacker, int attack, int target) const;
  // The hit target of the strike's current target: the chance, raised by cover when the attack is
  // aimed at it (not a model caught by an Area attack's blast).
  int hit_target_against(const Strike& strike) const;

  // The dodge and save targets of an attack on a model (prone and high ground: +1 accuracy each).
  int dodge_target_against(int attacker, int attack, int target) const;
  int save_target_against(int attacker, int attack, int target) const;
  // The wounds `unsaved` hits of the attack cause the target: damage (Pound into the Ground's
  // against a smaller model), Vulnerable +1, Resistant -1, none against Mistform unless Fire,
  // Arcane or Radiant.
  // `extra_damage`: Deadly Edge's, per unsaved hit.
  int wounds_caused(int attacker, int attack, int target, int unsaved, int extra_damage = 0) const;
  // The reactions the target may make now (ability indexes), after an attack on it.
  int reactions(int target, std::array<std::int8_t, 4>& out) const;
  std::string model_name(int model) const;
  const Strike& strike() const { return data_.strikes[data_.depth]; }
  // The draft being played (stage kDraft), else nullptr.
  const Draft* draft() const { return draft_.get(); }
  // Whether the side still holds the card of hand slot `slot`, unplayed.
  bool holds(int side, int slot) const;
  // The draft and the hands for the views (agame_draft.cc): {"step", "round", "to_choose",
  // "table": [{"index", "card", "name", "text", "deck"}], "hands": [[{"slot", "card", "name",
  // "text", "timing", "played"}], ...]}; null when the game has no draft.
  nlohmann::json cards_view() const;
  // The draft and the hands in words, for to_string().
  std::string cards_text() const;
  // A kPlayCard or kKeepCards action in words (agame_cards.cc).
  std::string card_action_text(Action action) const;
  // The table with the pieces the cards placed (the game's own until a card places one).
  const tabletop::Table& table() const { return table_ ? *table_ : game_->table(); }
  // The cards' terrain and objectives on the table, in the order placed.
  std::span<const Placed> placed() const {
    return placed_ ? std::span<const Placed>(*placed_) : std::span<const Placed>();
  }
  // The names of table()'s pieces, in its order (the placed ones by their card's name).
  std::vector<std::string> piece_names() const;
  // ---- placed terrain and objectives (agame_placing.cc) ----
  // The piece a placed card's terrain makes; objectives make none (nullopt).
  std::optional<tabletop::Piece> placed_piece(const Placed& placed) const;
  // The side holding the objective: a standing model of its within objective_reach, none of the
  // other's (-1: nobody).
  int objective_holder(const Placed& objective) const;
  // Victory points of the objectives the side holds.
  int objective_points(int side) const;
  // ---- the cards in play (agame_cards.cc) ----
  // Whether the card of the side's hand slot may be played on `model` now, at that timing: held,
  // of the engine's effects, and changing something.
  bool card_playable(int side, int slot, int model, CardMoment moment) const;
  bool has_card_for(int model, CardMoment moment) const;

 private:
  void start_round();
  void activate(int model);
  void end_activation();
  void next_turn();
  void declare_attack(int attacker, int attack, int target);
  void begin_target();
  void after_die(int face);
  void finish_target();
  void next_target();
  void end_strike();
  void use_ability(int model, int ability, int target);
  void react(int ability);
  void apply_wounds(int model, int wounds);
  void check_victory();
  void finish_by_rounds();
  // end_reason()'s sentence for a game decided at the round limit, with its counts.
  std::string round_limit_result(const std::string& winner) const;
  void pay(int model, const std::string& dice, int cost);
  void move_to(tabletop::Point to);
  void legs_into(std::vector<Action>& out) const;
  void activation_into(std::vector<Action>& out) const;
  // ---- the draft (agame_draft.cc) ----
  void shuffle_card(int pick);
  void start_draft();
  void draft_choice(int index);
  void finish_draft();
  // Replays data_.draft's record into draft_ (a save's draft is checked by replaying it).
  void replay_draft();
  bool effect_does_something(const CardEffect& effect, int model, CardMoment moment) const;
  void cards_into(std::vector<Action>& out, int model, CardMoment moment) const;
  void play_card(int model, int slot);
  // The model whose leg is chosen (stage kMoving): a dashing target, else the active model.
  int mover() const { return data_.dasher >= 0 ? data_.dasher : data_.active; }
  // A dash ended (Dash for Cover): the attack on the model goes on, or is lost out of reach.
  void after_dash();
  // The current target's N+ for each phase, worked out from where the models stand now.
  void set_needs();
  // A card played on `model` at the open window's moment (stage kCardReaction).
  void play_moment_card(int model, int slot);
  // Opens Overwatch's window when an enemy of the active model holds a card for its move's end.
  bool open_move_window();
  // Opens the moment's window for the model when its side holds a card playable then.
  bool open_card_window(int model, CardMoment moment);
  void close_card_window();
  void end_of_dice();        // a phase's dice are rolled: the re-roll cards, then end_of_phase()
  void end_of_phase();       // to the next phase, the hits' reactions, or the target's end
  void before_dodge();       // the hits are known: the defender's cards, then after_hits()
  void after_hits();         // to the dodge, the saves or the end
  void after_fall();         // the target's fall settled: victory, then the `wounded` cards
  void after_wounds();       // the wounds are dealt: the `all_dodged` cards, then the reactions
  void ability_reactions();  // the target's own reactions, or the next target
  // The attack a counter-attack card makes on `enemy` (ruling "Counter-attack cards"): the first of
  // the model's attacks, in its profile's order, that reaches and sees it; -1 when none does.
  int counter_attack_of(int model, int enemy) const;
  // The current phase's failed dice (misses, dodges or saves not made) a re-roll could turn.
  int rerollable() const;
  // Whether the model's own side plays it now (not Charmed): only then its side's cards serve it.
  bool plays_own(int model) const { return controller(model) == game_->model(model).side; }
  // ---- setup cards and placing (agame_placing.cc) ----
  void start_setup();  // after the draft: the setup cards, in turn, then round 1
  void setup_step();   // the next side with a setup card to play, or round 1
  // The spots where the side may place the card's terrain or objective now (`first_only`: the
  // first found, to know there is one).
  void placements_into(std::vector<Action>& out, int card, int side, bool first_only = false) const;
  void place(tabletop::Point at, bool turned);
  void add_placed(const Placed& placed);    // placed_ gains it, and table_ its piece
  void add_to_table(const Placed& placed);  // table_ gains its piece
  void hazard_bites(int model);             // a model ending its activation on hazardous ground
  // The done draft's hands into data_.draft.hands; draft_ dropped.
  void finish_hands();
  nlohmann::json draft_json() const;          // state_json.cc
  void load_draft(const JsonFields& fields);  // state_json.cc

  std::shared_ptr<const AGameGame> game_;
  StateData data_;
  // The last roll ended after the last decision: the board (to_string) shows it this once, not
  // again at every later board. Not in data_: it is what was shown, not the game (neither its
  // hash nor its JSON holds it; a state read from JSON shows no finished roll). Here it takes the
  // padding after data_: the state stays 936 bytes.
  bool roll_just_ended_ = false;
  // The draft in play, shared between copies: a choice makes a new one (copy on write).
  std::shared_ptr<const Draft> draft_;
  // The table once a card placed a piece, shared between copies as draft_; null: the game's.
  std::shared_ptr<const tabletop::Table> table_;
  // placed()'s pieces, shared as table_ (null: none). Not in data_: a bot copies the state per
  // node, and with them inline (256 bytes) an AGameState passed the 1,032 bytes glibc's
  // per-thread cache serves, which took a copy from 27 to 47 ns (bench/agame_bench.cc).
  std::shared_ptr<const std::vector<Placed>> placed_;
};

}  // namespace warband::agame
