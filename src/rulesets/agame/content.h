// A Game content (content/agame/*.toml): the rule parameters and the model profiles of seed 004.
// Loading throws InputError("file.toml:LINE", what) on any problem; see content_loader.cc.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace warband::agame {

// The most rounds parameters.toml and a setup's round_limit (`--set parameters.round_limit`) take.
inline constexpr int kMaxRoundLimit = 50;

struct Parameters {
  // Die size. Ruling "Ten-sided dice": the seed's 3+..10+ targets and its rolled 7 imply d10.
  int faces = 10;
  // The engine's numbers (ruling in docs/rulings/agame.md beside each), lengths in 1/100 inch.
  int movement_per_die = 300;    // "their movement rate (usually 3") per die"
  int base_per_size = 20;        // a base's diameter per point of Size (Size 6: 1.2")
  int deployment_depth = 600;    // each side's zone from its table edge
  int round_limit = 8;           // rounds before the standing models decide
  int move_lattice = 50;         // destinations offered every this far in x and y
  int rough_move = 150;          // the longest leg over rough terrain
  int prone_accuracy = 1;        // added to an attack's accuracy against a prone model
  int dying_rounds = 1;          // whole rounds a Dying model lives after the one it fell in
  int cover_chance = 1;          // added to a ranged or magic attack's hit target in cover
  int high_ground_height = 200;  // how much higher an attacker stands for high ground
  int high_ground_accuracy = 1;  // added to an attack's accuracy from high ground
  int engaged_distance = 100;    // a model this near an enemy is in melee with it
  // Placed terrain and objectives (ruling "Placed terrain and objectives").
  int place_lattice = 200;      // a placed piece or objective stands on a lattice this fine
  int objective_spacing = 200;  // an objective is placed at least this far from another
  int objective_reach = 100;    // a model this near an objective (base edge) holds it
  int wall_thickness = 50;      // a placed wall is the card's length by this
  int wall_height = 200;        // a placed wall's height
  int hiding_size = 20;         // a placed wall's or cloud of cover's size: hides any model
  bool draft = true;            // the game opens with the card draft (decks, cards.toml)
};

enum class AttackKind { kMelee, kRanged, kMagic };
enum class Resistance { kArmor, kWill, kBody, kReflexes };
// "1 Target" / "Single", "Area Attack", "Wide Attack" (ruling "Area attacks are Wide").
enum class TargetKind { kSingle, kArea, kWide };
// What the attack's dice are taken from: attack and wild dice (step 4), attack dice only (Great
// Ramming Charge: "1-3 Attack"), or the model's defense dice (Far Mountain Strike).
enum class DicePool { kAttackAndWild, kAttack, kDefense };
// What a successful attack leaves on its target (ruling "Conditions").
enum class Condition { kNone, kProne, kCharmed };

const char* attack_kind_name(AttackKind kind);       // "melee"
const char* resistance_name(Resistance resistance);  // "armor"

struct Attack {
  std::string name;   // "Vicious Stab"
  std::string range;  // as printed: "2\"", "Special"
  AttackKind kind = AttackKind::kMelee;
  int chance = 0;  // N+
  Resistance versus = Resistance::kArmor;
  int cost = 0;           // dice paid before rolling
  std::string cost_dice;  // "attack", "movement", "defense", "wild"; empty when cost is 0
  int min_dice = 0;       // allocation
  int max_dice = 0;       // allocation; 0 with special_allocation: as many as the pool holds
  bool special_allocation = false;
  DicePool pool = DicePool::kAttackAndWild;
  TargetKind target = TargetKind::kSingle;
  int accuracy = 0;
  int power = 0;
  int damage = 0;
  int damage_vs_smaller = -1;  // Pound into the Ground: "0 (4 vs smaller size)"; -1 when none
  std::vector<std::string> keywords;  // tags, which also name the damage types
  std::string text;                   // rules text not modelled by the pipeline
  // What the engine plays besides the pipeline (docs/content/agame.md):
  int reach = 0;   // units, from `range` ("2\"" is 200; "Special" 0)
  int radius = 0;  // units: an Area attack hits every model this near its target
  int heal = 0;    // wounds the attacker heals when the attack is successful
  Condition condition = Condition::kNone;  // the target gains it when the attack is successful
  int move = 0;  // units the attacker moves first, through models (Great Ramming Charge)
  bool reaction_only = false;  // made only by a reaction (Far Mountain Strike)

  bool hits_many() const { return target != TargetKind::kSingle; }
};

// What an ability does, as data (docs/content/agame.md, "Abilities").
enum class Effect { kNone, kMistform, kUnmovable, kCounter, kHeal, kInspire, kMove };
enum class Trigger { kActivation, kAfterAttacked, kAllDodged };

struct Ability {
  std::string name;
  std::string text;
  Effect effect = Effect::kNone;
  int cost = 0;
  std::string cost_dice;  // as Attack::cost_dice
  Trigger trigger = Trigger::kActivation;
  int chance = 0;   // N+ to succeed; 0: no roll
  int amount = 0;   // wounds healed, wild dice given, units moved (move: inches in the file)
  int range = 0;    // units: how near the friend it helps
  int attack = -1;  // counter: the index of the attack it makes in the model's attacks
  bool movement_ability = false;  // in place of a move, not the activation's one ability
};

struct Model {
  std::string name;  // "Vampire Swordfighter"
  std::string model_class;
  int size = 0;
  int wounds = 0;
  int attack_dice = 0;
  int defense_dice = 0;
  int wild_dice = 0;
  int movement_dice = 0;
  int melee_defense = 0;
  int ranged_defense = 0;
  int magic_defense = 0;
  int armor = 0;
  int will = 0;
  int body = 0;
  int reflexes = 0;
  std::vector<std::string> vulnerable_to;  // damage types: +1 wound per successful attack
  std::vector<std::string> resistant_to;   // damage types: -1 wound per successful attack
  std::vector<Attack> attacks;
  std::vector<Ability> abilities;

  int defense_against(AttackKind kind) const;
  int resistance(Resistance resistance) const;
  // "Attacker chooses how many dice they will roll for the attack from their selection of
  // attack and wild dice", less a cost paid in those dice.
  int dice_available(const Attack& attack) const;
  // The fewest and most dice the attack may roll: its allocation within what is available.
  int fewest_dice(const Attack& attack) const;
  int most_dice(const Attack& attack) const;
  // Step 10: the defender rolls defense and wild dice to dodge.
  int dodge_dice_available() const { return defense_dice + wild_dice; }
  // Finds an attack by name (case, spaces and hyphens ignored); throws InputError(where, ...)
  // listing this model's attacks.
  const Attack& find_attack(const std::string& name, const std::string& where) const;
};

struct Content {
  std::string dir;
  Parameters parameters;
  std::vector<Model> models;
  // content/agame/lists.toml: the warband lists a game may be set up with.
  struct List {
    std::string id;
    std::string name;
    std::vector<std::string> models;
  };
  std::vector<List> lists;

  // By name, ignoring case, spaces, hyphens and a leading "The" ("the great ram of shamborga");
  // throws InputError(where, ...) listing the known models.
  const Model& find_model(const std::string& name, const std::string& where) const;
  // The same, or null: for a caller that names the place only when it is not found.
  const Model* model_named(std::string_view name) const;
};

// Reads `dir`/parameters.toml, `dir`/profiles.toml and `dir`/lists.toml (when there).
Content load_content(const std::string& dir);
Parameters load_parameters(const std::string& path);
std::vector<Model> load_profiles(const std::string& path);
// Each list's models must be known profiles.
std::vector<Content::List> load_lists(const std::string& path, const std::vector<Model>& models);

// Whether an attack with these keywords is of a damage type in `types` (case-insensitive).
bool has_damage_type(const std::vector<std::string>& keywords,
                     const std::vector<std::string>& types);

}  // namespace warband::agame
