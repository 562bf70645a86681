// A Game's experience (content/agame/experience.toml, the project's proposal): what a model gains
// after a game of a campaign, and the advances that change its profile's numbers.
#pragma once

#include <string>
#include <vector>

#include "rulesets/agame/content.h"

namespace warband::agame {

// The profile numbers an advance may change.
const std::vector<std::string_view>& advance_field_keys();  // "wounds", "attack_dice", ...

struct Advance {
  std::string id;         // "tough"
  std::string name;       // "Tough"
  std::size_t field = 0;  // index into advance_field_keys()
  int by = 0;             // +1 die or wound; -1: a defense or resistance one better
  int best = 1;           // a target number never goes below this
};

struct ExperienceRules {
  int played = 1;
  int survived = 1;
  int took_out = 1;
  int won = 1;
  int advance_every = 3;
  int advances_max = 3;
  int limit_per_game = 0;  // points a warband's limit grows by for each game it plays
  std::vector<Advance> advances;

  const Advance* find(const std::string& id) const;
  // Advances earned by `experience` (capped at advances_max).
  int advances_earned(int experience) const;
};

// InputError("experience.toml:LINE", what) on a problem.
ExperienceRules load_experience_rules(const std::string& path);

// The profile with the advances applied, in order (an unknown id is skipped: a problem of the
// warband's, not the profile's).
Model advanced(const Model& profile, const std::vector<std::string>& advances,
               const ExperienceRules& rules);

}  // namespace warband::agame
