// Rulesets register themselves by name (see WARBAND_REGISTER_RULESET); apps build games through
// the registry alone and never include a ruleset's headers.
#pragma once

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"

namespace warband {

struct RulesetEntry {
  std::string name;
  std::string summary;
  // Builds a Game from a setup document: {"content_dir": ..., "warbands": [...], "map": ...,
  // "parameters": {...}}. Every field is optional; defaults come from the ruleset's content.
  // Bad settings throw InputError.
  std::function<std::shared_ptr<const Game>(const nlohmann::json& setup)> make_game;
  // What a new-game form may offer, read from a content folder ("" = the built-in content):
  // {"maps": [{"id", "name"}], "warbands": [{"id", "name", "points"}]}. Optional.
  std::function<nlohmann::json(const std::string& content_dir)> setup_choices;
};

class Registry {
 public:
  static Registry& instance();
  void add(RulesetEntry entry);
  // Throws InputError listing the known rulesets when `name` is not one of them.
  const RulesetEntry& find(const std::string& name) const;
  std::vector<std::string> names() const;  // sorted

 private:
  std::vector<RulesetEntry> entries_;
};

std::shared_ptr<const Game> make_game(const std::string& ruleset, const nlohmann::json& setup);

// The content folder: $WARBAND_CONTENT if set, else the source tree's content/ baked in at build.
std::string default_content_dir();

struct RulesetRegistrar {
  explicit RulesetRegistrar(RulesetEntry entry) { Registry::instance().add(std::move(entry)); }
};

}  // namespace warband
