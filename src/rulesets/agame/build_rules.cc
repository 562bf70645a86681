#include "rulesets/agame/build_rules.h"

#include <mutex>
#include <optional>
#include <utility>

#include "core/error.h"
#include "core/registry.h"

namespace warband::agame {

const Model* BuildRules::find_profile(const std::string& name) const {
  try {
    return &content.find_model(name, "");
  } catch (const InputError&) {
    return nullptr;
  }
}

namespace {

BuildRules build_rules_from(const std::string& folder, Content content,
                            const std::string& costs_path) {
  BuildRules rules;
  rules.folder = folder;
  rules.content = std::move(content);
  rules.cards = load_cards(folder + "/cards.toml");
  rules.card_values = load_card_values(folder + "/card_values.toml", rules.cards);
  rules.draft = load_draft_rules(folder + "/draft.toml");
  rules.warband = load_warband_rules(folder + "/warband.toml");
  rules.costs = load_cost_formula(costs_path.empty() ? folder + "/costs.toml" : costs_path);
  price_profiles(rules.costs, rules.content.models, rules.faces());
  rules.experience = load_experience_rules(folder + "/experience.toml");
  return rules;
}

}  // namespace

BuildRules load_build_rules(const std::string& folder, const std::string& costs_path) {
  return build_rules_from(folder, load_content(folder), costs_path);
}

BuildRules load_build_rules(const std::string& folder, Content content) {
  return build_rules_from(folder, std::move(content), "");
}

std::string content_agame_folder() {
  return default_content_dir() + "/agame";
}

const BuildRules& content_build_rules() {
  static std::mutex mutex;
  static std::optional<BuildRules> loaded;
  std::lock_guard lock(mutex);
  if (!loaded) loaded = load_build_rules(content_agame_folder());
  return *loaded;
}

std::string decks_folder_of(const std::string& agame_folder) {
  return agame_folder + "/decks";
}

std::string warbands_folder_of(const std::string& agame_folder) {
  return agame_folder + "/warbands";
}

}  // namespace warband::agame
