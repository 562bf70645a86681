// Everything A Game's builder reads from a content folder (content/agame/): the profiles and
// parameters, the cards and their values, the draft's numbers, the warband rules, the points
// formula and the experience rules. The documents (decks, warbands, campaigns) are checked against
// it.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "rulesets/agame/card_values.h"
#include "rulesets/agame/cards.h"
#include "rulesets/agame/content.h"
#include "rulesets/agame/draft.h"
#include "rulesets/agame/experience.h"
#include "rulesets/agame/model_cost.h"
#include "rulesets/agame/warband_rules.h"

namespace warband::agame {

struct BuildRules {
  std::string folder;  // the agame content folder
  Content content;
  std::vector<Card> cards;
  std::map<std::string, int> card_values;  // card_values.toml: id -> points (card_values.h)
  DraftRules draft;
  WarbandRules warband;
  CostFormula costs;
  ExperienceRules experience;

  int faces() const { return content.parameters.faces; }
  // The profile of that name (content.h's loose match); nullptr when none.
  const Model* find_profile(const std::string& name) const;
};

// Reads `folder`; `costs_path` replaces its costs.toml when not empty. InputError on a problem.
BuildRules load_build_rules(const std::string& folder, const std::string& costs_path = "");
// The same with `folder`'s content already read (load_content(folder)): a game set up reads it
// once, not once more for its cards.
BuildRules load_build_rules(const std::string& folder, Content content);
// The built-in content's, read once (tests; the program reads folder_files.h, which sees edits).
const BuildRules& content_build_rules();
std::string content_agame_folder();

// The shipped example documents of a content folder: decks/ and warbands/.
std::string decks_folder_of(const std::string& agame_folder);
std::string warbands_folder_of(const std::string& agame_folder);

}  // namespace warband::agame
