#include "core/retired_actions.h"

#include <map>
#include <utility>

namespace warband {
namespace {

// Filled by static registrars before main; read only afterwards.
std::map<std::string, RetiredActionReason, std::less<>>& reasons() {
  static std::map<std::string, RetiredActionReason, std::less<>> by_ruleset;
  return by_ruleset;
}

}  // namespace

RetiredActionsRegistrar::RetiredActionsRegistrar(std::string ruleset, RetiredActionReason reason) {
  reasons().emplace(std::move(ruleset), std::move(reason));
}

std::string retired_action_reason(std::string_view ruleset, Action action) {
  const auto found = reasons().find(ruleset);
  return found == reasons().end() ? "" : found->second(action);
}

}  // namespace warband
