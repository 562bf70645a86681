#include "core/registry.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "core/error.h"
#include "core/text.h"

namespace warband {
namespace {

// ". Did you mean 'NAME'?" for a near miss of a registered ruleset's name, or "".
std::string name_hint(std::string_view name, const std::vector<std::string>& known) {
  return did_you_mean(name, std::vector<std::string_view>(known.begin(), known.end()));
}

// "odds" in "no odds for ruleset 'x'; rulesets with odds: ..."
struct CapabilityWords {
  const char* missing;  // "no odds for ruleset"
  const char* having;   // "rulesets with odds"
};

CapabilityWords words(Capability capability) {
  switch (capability) {
    case Capability::kGame:
      return {"no game for ruleset", "rulesets with a game"};
    case Capability::kOdds:
      return {"no odds for ruleset", "rulesets with odds"};
    case Capability::kBuilder:
      return {"no builder for ruleset", "rulesets with a builder"};
    case Capability::kBalance:
      return {"no balance support for ruleset", "rulesets with it"};
  }
  return {"", ""};
}

void check_unique_options(const std::string& owner, const std::vector<std::string>& names,
                          const std::vector<std::string_view>& reserved) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (std::find(reserved.begin(), reserved.end(), names[i]) != reserved.end())
      fail_check(__FILE__, __LINE__,
                 fmt::format("{}: option --{} is the command's own", owner, names[i]));
    for (std::size_t j = 0; j < i; ++j)
      if (names[j] == names[i])
        fail_check(__FILE__, __LINE__,
                   fmt::format("{}: option --{} declared twice", owner, names[i]));
  }
}

void check_declarations(const Ruleset& ruleset) {
  WB_CHECK(!ruleset.name.empty());
  WB_CHECK(!ruleset.title.empty());
  for (std::size_t i = 0; i < ruleset.parameters.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      WB_CHECK(ruleset.parameters[i].name != ruleset.parameters[j].name);
  if (ruleset.odds) {
    WB_CHECK(static_cast<bool>(ruleset.odds->compute));
    std::vector<std::string> names;
    for (const OddsOption& option : ruleset.odds->options)
      names.push_back(option.name);
    check_unique_options(fmt::format("odds for '{}'", ruleset.name), names,
                         {kReservedOddsOptions.begin(), kReservedOddsOptions.end()});
  }
  if (ruleset.builder) {
    const BuilderHooks& builder = *ruleset.builder;
    for (std::size_t i = 0; i < builder.documents.size(); ++i) {
      WB_CHECK(!builder.documents[i].kind.empty());
      for (std::size_t j = 0; j < i; ++j)
        WB_CHECK(builder.documents[j].kind != builder.documents[i].kind);
    }
    const std::vector<BuildOperation>& operations = builder.operations;
    for (std::size_t i = 0; i < operations.size(); ++i) {
      const BuildOperation& operation = operations[i];
      WB_CHECK(!operation.name.empty());
      WB_CHECK(static_cast<bool>(operation.run));
      for (std::size_t j = 0; j < i; ++j)
        if (operations[j].name == operation.name)
          fail_check(__FILE__, __LINE__,
                     fmt::format("builder for '{}': operation '{}' declared twice", ruleset.name,
                                 operation.name));
      // One document at most, of a declared kind; another document read says its kind too.
      int documents = 0;
      for (const BuildOption& option : operation.options) {
        if (option.takes == BuildTakes::kDocument) ++documents;
        if (option.takes == BuildTakes::kOtherDocument)
          WB_CHECK(builder.find_document(option.kind) != nullptr);
      }
      WB_CHECK(documents <= 1);
      WB_CHECK((documents == 1) == !operation.kind.empty());
      WB_CHECK(operation.kind.empty() || builder.find_document(operation.kind) != nullptr);
      WB_CHECK(!operation.creates || documents == 1);
      std::vector<std::string> names;
      for (const BuildOption& option : operation.options)
        names.push_back(option.name);
      check_unique_options(
          fmt::format("builder for '{}', operation '{}'", ruleset.name, operation.name), names,
          {"json", "help", "content"});
    }
  }
  if (ruleset.balance)
    WB_CHECK(ruleset.balance->catalog && ruleset.balance->points_limit &&
             ruleset.balance->random_setup && ruleset.balance->apply_overrides);
}

}  // namespace

bool has(const Ruleset& ruleset, Capability capability) {
  switch (capability) {
    case Capability::kGame:
      return ruleset.playable();
    case Capability::kOdds:
      return ruleset.odds.has_value();
    case Capability::kBuilder:
      return ruleset.builder.has_value();
    case Capability::kBalance:
      return ruleset.balance.has_value();
  }
  return false;
}

Registry& Registry::instance() {
  static Registry registry;
  return registry;
}

void Registry::add(Ruleset ruleset) {
  check_declarations(ruleset);
  for (const Ruleset& other : rulesets_)
    if (other.name == ruleset.name)
      fail_check(__FILE__, __LINE__, fmt::format("ruleset '{}' registered twice", ruleset.name));
  rulesets_.push_back(std::move(ruleset));
}

const Ruleset& Registry::find(std::string_view name) const {
  for (const Ruleset& ruleset : rulesets_)
    if (ruleset.name == name) return ruleset;
  const std::vector<std::string> known = names();
  throw InputError("", fmt::format("unknown ruleset '{}'; known rulesets: {}{}", name,
                                   fmt::join(known, ", "), name_hint(name, known)));
}

const Ruleset& Registry::find(std::string_view name, Capability capability) const {
  for (const Ruleset& ruleset : rulesets_)
    if (ruleset.name == name && has(ruleset, capability)) return ruleset;
  const std::vector<std::string> known = names(capability);
  const CapabilityWords text = words(capability);
  const bool exists = std::any_of(rulesets_.begin(), rulesets_.end(),
                                  [&](const Ruleset& ruleset) { return ruleset.name == name; });
  throw InputError(
      "",
      fmt::format("{} '{}'; {}: {}{}", exists ? text.missing : "unknown ruleset", name, text.having,
                  known.empty() ? "none" : fmt::format("{}", fmt::join(known, ", ")),
                  exists ? "" : name_hint(name, known)));
}

std::vector<std::string> Registry::names() const {
  std::vector<std::string> result;
  for (const Ruleset& ruleset : rulesets_)
    result.push_back(ruleset.name);
  std::sort(result.begin(), result.end());
  return result;
}

std::vector<std::string> Registry::names(Capability capability) const {
  std::vector<std::string> result;
  for (const Ruleset& ruleset : rulesets_)
    if (has(ruleset, capability)) result.push_back(ruleset.name);
  std::sort(result.begin(), result.end());
  return result;
}

std::vector<const Ruleset*> Registry::all() const {
  std::vector<const Ruleset*> result;
  for (const Ruleset& ruleset : rulesets_)
    result.push_back(&ruleset);
  std::sort(result.begin(), result.end(),
            [](const Ruleset* a, const Ruleset* b) { return a->name < b->name; });
  return result;
}

const OddsQuery& find_odds(std::string_view ruleset) {
  return *Registry::instance().find(ruleset, Capability::kOdds).odds;
}

const BuilderHooks& find_builder(std::string_view ruleset) {
  return *Registry::instance().find(ruleset, Capability::kBuilder).builder;
}

const BalanceHooks& find_balance(std::string_view ruleset) {
  return *Registry::instance().find(ruleset, Capability::kBalance).balance;
}

std::shared_ptr<const Game> make_game(const std::string& ruleset, const nlohmann::json& setup) {
  const Ruleset& entry = Registry::instance().find(ruleset, Capability::kGame);
  check_parameters(entry.parameters, setup);
  return entry.make_game(setup);
}

namespace {
// use_content_dir()'s folder; "" when none was given.
std::string& chosen_content_dir() {
  static std::string dir;
  return dir;
}
}  // namespace

std::string use_content_dir(const std::string& dir) {
  return std::exchange(chosen_content_dir(), dir);
}

std::string default_content_dir() {
  if (!chosen_content_dir().empty()) return chosen_content_dir();
  if (const char* env = std::getenv("WARBAND_CONTENT"); env && *env) return env;
  return WARBAND_CONTENT_DIR;
}

}  // namespace warband
