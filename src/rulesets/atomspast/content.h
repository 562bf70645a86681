// AtomsPast content: what content/atomspast/*.toml holds, as loaded and checked.
// Code implements mechanics; data picks the numbers. A new spell, unit, map or warband needs no
// C++. Every number seed 000 leaves open is a named field of Parameters (parameters.toml).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "core/grid.h"
#include "rulesets/atomspast/points_formula.h"

namespace warband::atomspast {

// Every number the seed leaves open, and every rule value, by name (content/atomspast/
// parameters.toml; rulings in docs/rulings/atomspast.md).
struct Parameters {
  int deck_size = 50;  // "Deck's must have 50 cards"
  int hand_size = 5;   // draw step: "until they have five cards in hand"
  int cast_skill = 3;  // Cast roll [S3/D4]
  int cast_dice = 4;
  int channel_skill = 3;  // Channel roll [S3/D4]
  int channel_dice = 4;
  int places_per_spell_phase = 1;  // each Spell Action at most once a Spell Phase (ruling)
  int channels_per_spell_phase = 1;
  int casts_per_spell_phase = 1;
  int setup_places = 2;      // Pre-turn: "He picks two of those Spells to place"
  int max_power_level = 10;  // Kon Spell Power Level: 1..max
  int deploy_depth = 3;      // "deploys all of his Units up to Range 3 from his board edge"
  int move_acti = 2;
  int run_acti = 3;
  int attack_acti = 4;
  int charge_acti = 4;
  int charge_move_bonus = 1;
  int charge_dice_bonus = 1;
  int higher_ground_skill_bonus = 1;
  int light_cover_penalty = 1;
  int heavy_cover_penalty = 2;
  int obscuring_penalty = 1;  // per Obscuring space, ranged attacks only
  int outnumbered_skill_bonus = 1;
  int flanking_dice_bonus = 1;
  int combined_skill_bonus = 1;
  int combined_range_halves = 3;  // Range 1.5, kept in half spaces
  int dangerous_skill = 6;        // Dangerous Terrain X deals [S6/DX]
  bool shield_blocks_spell_damage = true;
  int turn_limit = 20;           // full rounds (both players) before the game is scored
  int points_limit = 1500;       // a standard game
  int kon_points_surcharge = 0;  // extra points a Kon costs (the seed counts none)
};

struct AttackProfile {
  int skill = 0;
  int dice = 0;
  int range = 0;
  bool present() const { return dice > 0 && range > 0; }
};

// Bounds on the lists a content file or a player's warband can make long (issue 14): a longer
// list is refused when read. Each is far above what a real profile or list holds (a unit carries
// at most one melee and one ranged weapon; content's units have a handful of keywords).
inline constexpr std::size_t kMaxUnitWeapons = 16;
inline constexpr std::size_t kMaxUnitKeywords = 32;
inline constexpr std::size_t kMaxCustomUnits = 64;  // a warband's [[custom]] profiles

struct UnitProfile {
  std::string id;    // "orc_warrior"
  std::string name;  // "Orc Warrior"
  std::string faction;
  int move = 0;
  AttackProfile melee;
  AttackProfile ranged;
  int wounds = 1;
  int shield = 0;  // damage blocked from each damage roll
  grid::Footprint base;
  std::vector<std::string> keywords;
  // Weapon ids (weapons.toml) the unit carries, at most one melee and one ranged: `melee` and
  // `ranged` above come from them. Empty for a profile with inline melee/ranged attacks.
  std::vector<std::string> weapons;
  int points = 0;
  std::string text;  // rules and flavour printed on the unit card
};

// An amount written in a spell: constant + X * x_num / x_den, rounded down ("3+X", "X/2", "2X").
struct Amount {
  int constant = 0;
  int x_num = 0;
  int x_den = 1;
  int eval(int x) const { return constant + (x * x_num) / x_den; }
};

enum class TargetSide { kFriendly, kEnemy, kAny };

// A unit the caster picks when the spell resolves.
struct TargetSlot {
  std::string name;  // referred to by effects and by other slots' `near`
  TargetSide side = TargetSide::kAny;
  std::string near;       // "" (anywhere), or a slot named earlier: must be within `within` of it
  int within_halves = 0;  // range in half spaces (Range 1.5 = 3)
  bool allow_kon = true;
};

enum class Stat {
  kMove,
  kMeleeSkill,
  kMeleeDice,
  kMeleeRange,
  kRangedSkill,
  kRangedDice,
  kRangedRange,
  kShield,
  kWounds,  // maximum and current wounds alike
};
inline constexpr int kStatCount = 9;

enum class EffectKind {
  kAlter,    // stat += amount; permanent ("altered") unless `turns` > 0
  kAttack,   // the target unit makes a free Melee/Ranged Attack with +skill/+dice
  kDamage,   // the target takes a [skill/dice] damage roll
  kHeal,     // the target regains `amount` wounds (not above its maximum)
  kMove,     // the target makes a free move of up to `amount` spaces
  kActi,     // the target's Unit AcTi changes by `amount` (never below 0)
  kDraw,     // the caster draws `amount` cards
  kChannel,  // every spell in the caster's Casting Zone is Downticked `amount` times
};

enum class AttackKind { kMelee, kRanged };

// The phase whose Additional Effects step a repeating effect resolves at (seed 000: the Spell,
// Kon and Battlefield Phases each end with one). Content: `phase = "spell" | "kon" |
// "battlefield"`.
enum class EffectPhase { kSpell, kKon, kBattlefield };

// A weapon of the catalog (weapons.toml): the attack a unit carrying it performs. Seed 000: "you
// will see what Attacks they can perform based on their Weapons and Keywords".
struct Weapon {
  std::string id;    // "cleaver"
  std::string name;  // "Cleaver"
  AttackKind kind = AttackKind::kMelee;
  AttackProfile attack;
  std::vector<std::string> keywords;  // labels for now, like unit keywords
  std::string text;                   // printed on the unit card
};

struct Effect {
  EffectKind kind = EffectKind::kDamage;
  std::string target;  // a slot name ("" for caster-wide effects: draw, channel)
  Stat stat = Stat::kMove;
  Amount amount;  // alter, heal, move, acti, draw, channel
  Amount skill;   // damage: skill; attack: skill bonus
  Amount dice;    // damage: dice; attack: dice bonus
  AttackKind attack_kind = AttackKind::kMelee;
  bool optional = false;  // "may": the caster may decline (attack, move)
  // "" always; "destroyed:SLOT" / "survived:SLOT": only if that slot's unit was / was not
  // destroyed by this spell so far.
  std::string when;
  int turns = 0;  // kAlter: lasts this many of the caster's turns (0 = permanent)
  // > 0: instead of resolving now, repeats at the Additional Effects step of the caster's next
  // `every_turn` phases of kind `phase` (Battlefield unless the content says otherwise), against
  // the same target (e.g. a lingering curse).
  Amount every_turn;
  EffectPhase phase = EffectPhase::kBattlefield;
};

struct SpellCard {
  std::string id;    // "grafted_strike"
  std::string name;  // "Grafted Strike"
  int acti = 0;
  int knowledge = 1;  // copies allowed in a deck
  std::string text;   // the card's rules text
  std::string flavour;
  std::vector<TargetSlot> targets;
  std::vector<Effect> effects;
};

struct MapDef {
  std::string id;
  std::string name;
  std::string description;
  grid::Board board;
  // Red (player 0) deploys along the north edge, Blue (player 1) along the south edge, each within
  // Parameters::deploy_depth rows, unless the map says "west-east".
  bool west_east = false;
  // The line of its file's `id` (0 when not read from a file), for an error naming a clash.
  int id_line = 0;
};

struct WarbandUnit {
  std::string profile;  // a UnitProfile id
  int count = 1;
  int saved_points = -1;  // the builder's note of one unit's points when saved; -1 when none
};

struct WarbandDef {
  std::string id;
  std::string name;
  std::string faction;
  int points_limit = 1500;
  std::vector<WarbandUnit> units;
  std::string kon_profile;  // the Kon is the first unit of this profile
  std::string kon_spell;    // a SpellCard id, in the deck
  int kon_power_level = 1;
  std::vector<std::pair<std::string, int>> deck;  // spell id, copies (Kon's copy included)
  // Built by the builder: profiles made for this warband's miniatures ([[custom]]), priced by the
  // points formula; units may refer to them by id. A game adds them to its own content.
  std::vector<UnitProfile> custom_units;
  std::string content_version;  // content_version() when the builder saved it; "" when unknown
  int saved_points = -1;        // the total when saved; -1 when unknown
  std::string source;           // the file it was read from, for messages; "" when built
};

// The bots' judgement of a position: the weights of AtomsPast's evaluate() (state_heuristics.cc),
// from heuristics.toml (optional: these defaults without it). The five shares sum to at most 1,
// so that no position is valued above a won game. docs/sim.md, "AtomsPast's heuristics".
struct HeuristicWeights {
  double material = 0.50;            // points left, by wounds left
  double kon = 0.30;                 // the Kon's wounds left: losing it loses the game
  double position = 0.10;            // attackers near the enemy, within their range
  double kon_safety = 0.06;          // the Kon out of the enemy's reach
  double spells = 0.04;              // spells nearly ready to cast
  double threat = 0.0;               // the enemy's expected damage next turn, in points
  double kon_hunt = 0.0;             // attackers near the enemy Kon
  double kon_kill = 0.0;             // a damage spell ready to destroy the enemy Kon
  double kon_guard = 0.0;            // a heal or Shield ready for the own Kon, as it is threatened
  double endgame = 0.0;              // near the turn limit, the share its score takes of the value
  double endgame_rounds = 5;         // the last rounds over which that share grows to `endgame`
  double endgame_lead = 100;         // the lead in points destroyed valued as a sure win
  double kon_material_factor = 3.0;  // the Kon counts this many times its points as material
  double safe_margin = 4;            // spaces of margin past which the Kon is as safe as it gets
};

struct Content {
  std::string dir;  // where it was loaded from
  Parameters parameters;
  HeuristicWeights heuristics;  // heuristics.toml
  std::vector<Weapon> weapons;  // weapons.toml; empty when the folder has none
  std::vector<UnitProfile> units;
  std::vector<SpellCard> spells;
  std::vector<MapDef> maps;
  std::vector<WarbandDef> warbands;
  PointsFormula points;  // points.toml; units' points are priced by it when present

  const Weapon* find_weapon(const std::string& id) const;
  const UnitProfile* find_unit(const std::string& id) const;
  const SpellCard* find_spell(const std::string& id) const;
  const MapDef* find_map(const std::string& id) const;
  const WarbandDef* find_warband(const std::string& id) const;
  int spell_index(const std::string& id) const;  // -1 if none
};

// Loads content/atomspast from `dir`: parameters.toml, weapons.toml (optional), units.toml,
// spells.toml, points.toml (optional), maps/*.toml, warbands/*.toml. Throws InputError naming the
// file, the line and what is wrong.
Content load_content(const std::string& dir);

// Loads one more warband file (a player's own list) against loaded content.
WarbandDef load_warband_file(const std::string& path, const Content& content);
// The same from TOML text; `source` names it in errors ("list.toml", "list.json").
WarbandDef parse_warband_text(const std::string& text, const std::string& source,
                              const Content& content);

// Gives `unit` the attacks of its weapons (unit.weapons): returns every problem in a player's
// words (an unknown weapon, two melee or two ranged weapons), empty when there is none. A weapon
// that cannot be used (unknown, or a second one of a kind) adds nothing.
std::vector<std::string> apply_weapons(UnitProfile& unit, const std::vector<Weapon>& weapons);

// "melee" or "ranged".
const char* attack_kind_name(AttackKind kind);

// Checks a warband against the rules (50 cards, Knowledge limits, exactly one Kon, the Kon's
// spell in the deck, points within the limit, its custom units' weapons). Returns every problem, in
// words a player understands; empty when the warband is legal.
std::vector<std::string> validate_warband(const WarbandDef& warband, const Content& content);
int warband_points(const WarbandDef& warband, const Content& content);
// What is legal but worth a look (ruling "Warband faction"): a catalog unit of another faction
// than the list's. One sentence each; none makes the list illegal.
std::vector<std::string> warband_warnings(const WarbandDef& warband, const Content& content);

// A short hash of what changes play, prices or validates a list (units' stats, weapons and points,
// weapons' numbers, spells' numbers and effects, the points formula, the deck and points rules),
// and nothing else: names and flavour or rules text are left out, so that fixing a typo does not
// flag every saved list. A saved list that carries another version was made against other content.
std::string content_version(const Content& content);

}  // namespace warband::atomspast
