// What A Game reads of a content folder (content/agame/), read once and again only when a file
// under it changes (core/folder_cache.h; within a sweep, as it was when the sweep began): the
// game, the builder and the balance hooks all read a folder through it, so that a designer's saved
// file reaches the next game, builder request and balance run of a running server alike.
#pragma once

#include <exception>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/tabletop_file.h"
#include "rulesets/agame/build_rules.h"
#include "rulesets/agame/content.h"
#include "rulesets/agame/deck_file.h"
#include "rulesets/agame/model_cost.h"
#include "rulesets/agame/warband_rules.h"

namespace warband::agame {

// The builder's costs.toml and warband.toml, which a game's points check reads.
struct PointsFiles {
  CostFormula costs;
  WarbandRules warband;
};

// A shipped deck as read, with every builder problem it has (all_deck_problems under the folder's
// rules): a game refuses one with problems, naming its own setup field.
struct ShippedDeck {
  Deck deck;
  std::vector<std::string> problems;
};

// The content, the builder's rules (cards, draft, warband limits, costs, experience: for the draft
// and for sides given as warbands) and the points files. A folder may lack the last two or hold
// them broken and still play (a test's, a variant's), so their error is kept and thrown only where
// they are needed.
struct FolderFiles {
  Content content;
  std::optional<BuildRules> rules;
  std::exception_ptr rules_error;
  // Each profile's formula price (model_points of rules->content.models, in order), priced once:
  // a balance run reads them several times a drawn pair.
  std::vector<int> profile_points;
  // Each profile's points per cost term (model_term_points) and exact cost (model_cost's) under
  // the same rules, worked out once: the balance run's formula fit priced each drawn model term
  // by term again, a twelfth of its run.
  std::vector<std::vector<double>> profile_term_points;
  std::vector<double> profile_exact_points;
  std::optional<PointsFiles> points;  // when costs.toml and warband.toml are both there
  std::exception_ptr points_error;
  // Each profile's price as a game's points check counts it (model_points of content.models with
  // the points files' costs at the content's faces), priced once: pricing each model of both
  // sides was a fourteenth of a balance run. Empty without points files, or when a profile does
  // not price (the game then prices its models itself, and says what is wrong).
  std::vector<int> checked_points;
  // The shipped tables (tables/*.table.toml) and decks (decks/*.deck.toml) by id, read once: each
  // game read its table and both decks' TOML again, a sixth of a balance run. One that does not
  // read is left out (a deck also without the builder's rules): a game naming it reads the file
  // itself and says what is wrong.
  std::map<std::string, tabletop::TableDocument> tables;
  std::vector<std::string> deck_ids;  // every *.deck.toml's, sorted, read or not
  std::map<std::string, ShippedDeck> decks;

  // Throws the folder's error reading the builder's files, if any.
  const BuildRules& build_rules() const;
  // Null when the folder has no points to check; throws the error reading them, if any.
  const PointsFiles* points_files() const;
};

// The agame folder a setup plays: its "content_dir"'s agame/, the built-in content's when it names
// none (or ""). InputError at setup.content_dir when that is not a string.
std::string setup_folder(const nlohmann::json& setup);

// The agame folder `folder`'s files (parsing the TOML was most of building a game: a balance run
// builds two games a drawn pair, a conformance run or an undo one per replay).
std::shared_ptr<const FolderFiles> folder_files(const std::string& folder);

}  // namespace warband::agame
