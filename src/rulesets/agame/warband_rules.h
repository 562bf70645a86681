// A Game's warband building rules (content/agame/warband.toml, the project's proposal): how many
// models, the classes and their limits, the default points limit.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "rulesets/agame/content.h"

namespace warband::agame {

struct WarbandRules {
  int models_min = 3;
  int models_max = 10;
  int points_limit = 250;
  // The most two sides' points may differ by in a game (ruling "Points in play"); 0: any.
  int points_gap = 0;
  int same_profile_max = 3;
  std::vector<std::string> classes;                // "Defender", "Brute", "Support", "Attacker"
  std::map<std::string, std::string> class_alias;  // "Fighter" -> "Attacker"
  std::map<std::string, std::string> class_of;     // a profile printing no class -> its class
  std::map<std::string, int> class_max;            // "Brute" -> 3

  // The model's class among `classes`: its printed class through class_alias, else class_of;
  // "" when neither gives one of the classes.
  std::string class_of_model(const Model& model) const;
};

// InputError("warband.toml:LINE", what) on a problem.
WarbandRules load_warband_rules(const std::string& path);

}  // namespace warband::agame
