// content/agame's files (content.h): the input's first line names the file ("parameters.toml",
// "profiles.toml", "lists.toml", or one of the builder's: "cards.toml", "card_values.toml",
// "draft.toml", "costs.toml", "warband.toml", "experience.toml"), the rest is its text. A file is
// refused with InputError, or read; each attack of the profiles read then gives its dice bounds, as
// the odds query asks them, and each profile a price by the shipped formula; lists are read against
// the shipped profiles, and a costs file's [units] overrides against them.
#include <set>

#include "core/registry.h"
#include "fuzz/support/fuzz_support.h"
#include "rulesets/agame/build_rules.h"
#include "rulesets/agame/content.h"

using namespace warband;
using namespace warband::agame;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto [name, text] = fuzz::split_first_line(fuzz::input_text(data, size));
  static const std::set<std::string_view> kFiles = {
      "parameters.toml", "profiles.toml", "lists.toml",   "cards.toml",     "card_values.toml",
      "draft.toml",      "costs.toml",    "warband.toml", "experience.toml"};
  if (!kFiles.contains(name)) return 0;
  const std::string path = fuzz::ScratchFolder::instance().write(std::string(name), text);
  if (name == "cards.toml") {
    fuzz::read_or_refuse([&] { return load_cards(path).size(); });
    return 0;
  }
  if (name == "card_values.toml") {
    static const std::vector<Card> shipped =
        load_cards(default_content_dir() + "/agame/cards.toml");
    fuzz::read_or_refuse([&] { return load_card_values(path, shipped).size(); });
    return 0;
  }
  if (name == "draft.toml") {
    fuzz::read_or_refuse([&] { return load_draft_rules(path).rounds; });
    return 0;
  }
  if (name == "costs.toml") {
    // Its [units] overrides matched to the shipped profiles too (an unknown id is refused).
    static const std::vector<Model> profiles =
        load_profiles(default_content_dir() + "/agame/profiles.toml");
    fuzz::read_or_refuse([&] {
      CostFormula costs = load_cost_formula(path);
      price_profiles(costs, profiles, 10);  // parameters.toml's faces
      return costs.price_overrides.size();
    });
    return 0;
  }
  if (name == "warband.toml") {
    fuzz::read_or_refuse([&] { return load_warband_rules(path).models_max; });
    return 0;
  }
  if (name == "experience.toml") {
    fuzz::read_or_refuse([&] { return load_experience_rules(path).advances.size(); });
    return 0;
  }
  if (name == "parameters.toml") {
    fuzz::read_or_refuse([&] { return load_parameters(path); });
    return 0;
  }
  if (name == "lists.toml") {
    static const std::vector<Model> shipped =
        load_profiles(default_content_dir() + "/agame/profiles.toml");
    fuzz::read_or_refuse([&] { return load_lists(path, shipped).size(); });
    return 0;
  }
  fuzz::read_or_refuse([&] {
    const std::vector<Model> models = load_profiles(path);
    for (const Model& model : models)
      for (const Attack& attack : model.attacks) {
        model.fewest_dice(attack);
        model.most_dice(attack);
      }
    for (const Model& model : models)
      model_points(model, content_cost_formula(), 10);
    return models.size();
  });
  return 0;
}
