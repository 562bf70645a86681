#include "rulesets/agame/folder_files.h"

#include <filesystem>

#include "core/content_files.h"
#include "core/content_root.h"
#include "core/error.h"
#include "core/file_io.h"
#include "core/folder_cache.h"
#include "rulesets/agame/cost_terms.h"
#include "rulesets/agame/model_cost.h"

namespace warband::agame {
namespace {

FolderFiles load_folder_files(const std::string& folder) {
  FolderFiles files;
  files.content = load_content(folder);
  try {
    files.rules = load_build_rules(folder, files.content);
    for (const Model& model : files.rules->content.models) {
      const CostFormula& costs = files.rules->costs;
      const int faces = files.rules->faces();
      files.profile_points.push_back(model_points(model, costs, faces));
      files.profile_term_points.push_back(model_term_points(model, costs, faces));
      files.profile_exact_points.push_back(
          model_cost(model, costs, faces, CostWords::kOmitted).exact);
    }
  } catch (...) {  // kept, not swallowed: build_rules() throws it
    files.rules_error = std::current_exception();
  }
  if (std::filesystem::exists(folder + "/costs.toml") &&
      std::filesystem::exists(folder + "/warband.toml")) {
    try {
      files.points = PointsFiles{load_cost_formula(folder + "/costs.toml"),
                                 load_warband_rules(folder + "/warband.toml")};
      price_profiles(files.points->costs, files.content.models, files.content.parameters.faces);
    } catch (...) {  // kept, not swallowed: points_files() throws it
      files.points_error = std::current_exception();
    }
  }
  if (files.points) {
    try {
      for (const Model& model : files.content.models)
        files.checked_points.push_back(
            model_points(model, files.points->costs, files.content.parameters.faces));
    } catch (...) {  // the game prices the models it plays, and throws what is wrong with one
      files.checked_points.clear();
    }
  }
  for (const std::string& id : content_ids(folder + "/tables", ".table.toml")) {
    try {
      files.tables.emplace(id,
                           tabletop::read_table_document(folder + "/tables/" + id + ".table.toml"));
    } catch (const InputError&) {  // left out: a game naming it reads it, and says what is wrong
    }
  }
  const std::string deck_folder = decks_folder_of(folder);
  files.deck_ids = content_ids(deck_folder, ".deck.toml");
  if (files.rules) {
    for (const std::string& id : files.deck_ids) {
      try {
        const std::string path = deck_folder + "/" + id + ".deck.toml";
        DeckRead read = read_deck_toml(read_text_file(path), path);
        std::vector<std::string> problems = all_deck_problems(read, *files.rules);
        files.decks.emplace(id, ShippedDeck{std::move(read.deck), std::move(problems)});
      } catch (const InputError&) {  // as a table
      }
    }
  }
  return files;
}

}  // namespace

const BuildRules& FolderFiles::build_rules() const {
  if (rules_error) std::rethrow_exception(rules_error);
  return *rules;
}

const PointsFiles* FolderFiles::points_files() const {
  if (points_error) std::rethrow_exception(points_error);
  return points ? &*points : nullptr;
}

std::string setup_folder(const nlohmann::json& setup) {
  return setup_content_root(setup) + "/agame";
}

std::shared_ptr<const FolderFiles> folder_files(const std::string& folder) {
  static FolderCache<FolderFiles> cache(load_folder_files);
  return cache.get(folder);
}

}  // namespace warband::agame
