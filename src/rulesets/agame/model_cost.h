// A Game's model points (the project's proposal, content/agame/costs.toml): a model's price from
// its profile's numbers, term by term, so that a player sees how it is made and a designer what one
// edited number changes. The terms are exact; the price rounds their sum half up, once, at the end.
#pragma once

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
  double ability_points = 0;
  double hit_points = 0;
  double accuracy_step = 0;
  double power_step = 0;
  double vs_smaller_share = 0;
  double range_points = 0;
  int special_range_inches = 0;
  double special_points = 0;
  double cost_points = 0;
  double single = 1;  // target multipliers
  double area = 1;
  double wide = 1;
};

// Reads costs.toml; InputError("costs.toml:LINE", what) on a problem.
CostFormula load_cost_formula(const std::string& path);
const CostFormula& content_cost_formula();

struct CostTerm {
  std::string term;     // "dice", "toughness", "attack 'Vicious Stab'"
  std::string formula;  // the numbers as multiplied: "3 x (3 + 2 x 1.3 + 2 x 1.9)"
  double points = 0;
};

struct ModelCost {
  std::vector<CostTerm> terms;
  double exact = 0;
  int points = 0;  // exact rounded half up
};

// `faces`: the dice's sides (parameters.toml), for each N+ chance.
ModelCost model_cost(const Model& model, const CostFormula& formula, int faces);
int model_points(const Model& model, const CostFormula& formula, int faces);
// One attack's value before the best/other share (the terms' parts).
double attack_value(const Model& model, const Attack& attack, const CostFormula& formula,
                    int faces);
// The inches of a printed range: 2 for "2\"", the formula's special_range_inches for "Special".
int range_inches(const std::string& range, const CostFormula& formula);

// "12.25", "4", "0.5".
std::string points_text(double points);

}  // namespace warband::agame
