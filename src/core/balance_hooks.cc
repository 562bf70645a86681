#include "core/balance_hooks.h"

#include <algorithm>

#include "core/error.h"

namespace warband {

BalanceRegistry& BalanceRegistry::instance() {
  static BalanceRegistry registry;
  return registry;
}

void BalanceRegistry::add(BalanceHooks hooks) {
  WB_CHECK(!hooks.ruleset.empty());
  WB_CHECK(hooks.catalog && hooks.points_limit && hooks.random_setup && hooks.apply_overrides);
  for (const BalanceHooks& other : hooks_)
    if (other.ruleset == hooks.ruleset)
      fail_check(__FILE__, __LINE__,
                 fmt::format("balance hooks for '{}' registered twice", hooks.ruleset));
  hooks_.push_back(std::move(hooks));
}

const BalanceHooks& BalanceRegistry::find(const std::string& ruleset) const {
  for (const BalanceHooks& hooks : hooks_)
    if (hooks.ruleset == ruleset) return hooks;
  const std::vector<std::string> known = rulesets();
  throw InputError("",
                   fmt::format("no balance support for ruleset '{}'; rulesets with it: {}", ruleset,
                               known.empty() ? "none" : fmt::format("{}", fmt::join(known, ", "))));
}

std::vector<std::string> BalanceRegistry::rulesets() const {
  std::vector<std::string> names;
  for (const BalanceHooks& hooks : hooks_)
    names.push_back(hooks.ruleset);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace warband
