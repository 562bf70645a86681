// A Game's model points (the project's proposal, content/agame/costs.toml): a model's price from
// its profile's numbers, term by term, so that a player sees how it is made and a designer what one
// edited number changes. The terms are exact; the price rounds their sum half up, once, at the end.
// Every number of costs.toml also gets the points it puts into the price (ModelCost::numbers), so
// that `warband balance agame` can fit each number's value per point (cost_terms.h).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "rulesets/agame/content.h"

namespace warband::agame {

struct CostFormula {
  double size_points = 0;
  double attack_die = 0;
  double defense_die = 0;
  double wild_die = 0;
  double movement_die = 0;
  double wound_points = 0;
  double dodge_points = 0;
  double save_points = 0;
  double resistant_points = 0;
  double vulnerable_points = 0;
  double other_attack_share = 0;
  double reaction_share = 0;  // an attack only a reaction makes (Far Mountain Strike)
  double hit_points = 0;
  double accuracy_step = 0;
  double power_step = 0;
  double vs_smaller_share = 0;
  double range_points = 0;
  double radius_points = 0;   // per inch of an Area attack's radius
  double heal_points = 0;     // per wound healed (an attack's heal, a heal ability's amount)
  double move_points = 0;     // per inch an attack or ability moves the model
  double special_points = 0;  // an attack's rules text that no engine field plays
  double cost_points = 0;
  double ability_range_points = 0;  // per inch of an ability's range
  double inspire_points = 0;        // per wild die an ability gives a friend
  double single = 1;                // target multipliers
  double area = 1;
  double wide = 1;
  std::map<std::string, double> condition_points;  // "prone", "charmed"
  std::map<std::string, double> ability_points;    // by effect: "none", "mistform", ...
  // costs.toml's [units]: a profile's price set by hand (`elven_archer = { override = 82 }`, what
  // `warband balance agame --reprice` writes) in place of the formula's; a model of the profile
  // advanced in a campaign costs it plus what its advances add by the formula.
  struct PriceOverride {
    std::string where;  // "costs.toml:LINE"
    int points = 0;
    int shift = 0;  // points less the profile's formula price (price_profiles sets it)
  };
  std::map<std::string, PriceOverride> price_overrides;  // by profile_unit_id
};

// A profile's id as `--set units.ID.points` and costs.toml's [units] name it: its name in lower
// case, each run of other characters one '_' ("Elven Archer" -> "elven_archer").
std::string profile_unit_id(const std::string& name);

// Reads costs.toml; InputError("costs.toml:LINE", what) on a problem. Its [units] overrides price
// nothing until price_profiles matches them to the profiles.
CostFormula load_cost_formula(const std::string& path);
// Matches `costs`' [units] overrides to `profiles` (the content's, dice of `faces` sides): an id
// naming no profile is an InputError at its line.
void price_profiles(CostFormula& costs, const std::vector<Model>& profiles, int faces);
const CostFormula& content_cost_formula();

// The keys of [condition_points] and [ability_points]: every condition an attack may leave and
// every ability effect (content.h), each priced.
const std::vector<std::string>& condition_keys();  // "prone", "charmed"
const std::vector<std::string>& effect_keys();     // "none", "mistform", ... "move"

struct CostTerm {
  std::string term;     // "dice", "toughness", "attack 'Vicious Stab'", "ability 'Blink'"
  std::string formula;  // the numbers as multiplied: "3 x (3 + 2 x 1.3 + 2 x 1.9)"
  double points = 0;
};

// How an attack counts towards its model's price: the best attack whole, each other at
// other_attack_share, an attack only a reaction makes at reaction_share.
enum class AttackRole { kBest, kOther, kReaction };

struct ModelCost {
  std::vector<CostTerm> terms;
  double exact = 0;
  int formula_points = 0;   // exact rounded half up
  int points = 0;           // formula_points, or with its profile's costs.toml [units] override
  std::string override_id;  // that override's profile id; "" when none
  // The points each costs.toml number puts in, by id ("hit_points", "ability_points:mistform",
  // "target_multiplier:wide" for a multiplier's bonus over 1); they add up to `exact`.
  std::map<std::string, double> numbers;
  // The points of the best attack, the other attacks, the reaction attacks and the rest
  // ("best_attack", "other_attacks", "reaction_attacks", "not_an_attack"); they add up to `exact`.
  std::map<std::string, double> roles;
};

// Whether a ModelCost writes its terms (their names and formulas in words). Omitted, it holds the
// same numbers, roles, exact and points, and no terms: writing the words was most of a price, and
// a balance run prices every profile several times a game.
enum class CostWords { kWritten, kOmitted };

// `faces`: the dice's sides (parameters.toml), for each N+ chance.
ModelCost model_cost(const Model& model, const CostFormula& formula, int faces,
                     CostWords words = CostWords::kWritten);
int model_points(const Model& model, const CostFormula& formula, int faces);
// One attack's value before its role's share (the terms' parts).
double attack_value(const Model& model, const Attack& attack, const CostFormula& formula,
                    int faces);
// One ability's value.
double ability_value(const Ability& ability, const CostFormula& formula, int faces);

// "12.25", "4", "0.5".
std::string points_text(double points);

}  // namespace warband::agame
