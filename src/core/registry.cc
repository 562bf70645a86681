#include "core/registry.h"

#include <algorithm>
#include <cstdlib>

#include "core/error.h"

namespace warband {

Registry& Registry::instance() {
  static Registry registry;
  return registry;
}

void Registry::add(RulesetEntry entry) {
  WB_CHECK(std::none_of(entries_.begin(), entries_.end(),
                        [&](const RulesetEntry& e) { return e.name == entry.name; }));
  entries_.push_back(std::move(entry));
}

const RulesetEntry& Registry::find(const std::string& name) const {
  for (const auto& entry : entries_)
    if (entry.name == name) return entry;
  throw InputError(
      "", fmt::format("unknown ruleset '{}'; known rulesets: {}", name, fmt::join(names(), ", ")));
}

std::vector<std::string> Registry::names() const {
  std::vector<std::string> result;
  for (const auto& entry : entries_)
    result.push_back(entry.name);
  std::sort(result.begin(), result.end());
  return result;
}

std::shared_ptr<const Game> make_game(const std::string& ruleset, const nlohmann::json& setup) {
  return Registry::instance().find(ruleset).make_game(setup);
}

std::string default_content_dir() {
  if (const char* env = std::getenv("WARBAND_CONTENT"); env && *env) return env;
  return WARBAND_CONTENT_DIR;
}

}  // namespace warband
