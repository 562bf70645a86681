#include "core/builder.h"

#include <algorithm>

#include "core/error.h"

namespace warband {

BuilderRegistry& BuilderRegistry::instance() {
  static BuilderRegistry registry;
  return registry;
}

void BuilderRegistry::add(BuilderHooks hooks) {
  WB_CHECK(!hooks.ruleset.empty());
  auto existing = std::find_if(hooks_.begin(), hooks_.end(),
                               [&](const BuilderHooks& h) { return h.ruleset == hooks.ruleset; });
  if (existing == hooks_.end()) {
    hooks_.push_back(BuilderHooks{hooks.ruleset, hooks.summary, {}, {}});
    existing = hooks_.end() - 1;
  } else if (existing->summary.empty()) {
    existing->summary = hooks.summary;
  }
  for (DocumentKind& document : hooks.documents) {
    WB_CHECK(!document.kind.empty());
    WB_CHECK(existing->find_document(document.kind) == nullptr);
    existing->documents.push_back(std::move(document));
  }
  for (BuildOperation& operation : hooks.operations) {
    WB_CHECK(!operation.name.empty());
    WB_CHECK(static_cast<bool>(operation.run));
    // One document at most, and it says its kind; another document read says its kind too.
    int documents = 0;
    for (const BuildOption& option : operation.options) {
      if (option.takes == BuildTakes::kDocument) ++documents;
      if (option.takes == BuildTakes::kOtherDocument) WB_CHECK(!option.kind.empty());
    }
    WB_CHECK(documents <= 1);
    WB_CHECK((documents == 1) == !operation.kind.empty());
    WB_CHECK(!operation.creates || documents == 1);
    for (const BuildOperation& other : existing->operations)
      if (other.name == operation.name)
        fail_check(__FILE__, __LINE__,
                   fmt::format("builder for '{}': operation '{}' registered twice", hooks.ruleset,
                               operation.name));
    for (std::size_t i = 0; i < operation.options.size(); ++i) {
      const std::string& name = operation.options[i].name;
      // --json and --help are the command's own.
      if (name == "json" || name == "help")
        fail_check(__FILE__, __LINE__,
                   fmt::format("builder for '{}': option --{} of '{}' is the command's own",
                               hooks.ruleset, name, operation.name));
      for (std::size_t j = 0; j < i; ++j)
        WB_CHECK(operation.options[j].name != name);
    }
    existing->operations.push_back(std::move(operation));
  }
}

const DocumentKind* BuilderHooks::find_document(const std::string& kind) const {
  for (const DocumentKind& document : documents)
    if (document.kind == kind) return &document;
  return nullptr;
}

const BuilderHooks& BuilderRegistry::find(const std::string& ruleset) const {
  for (const BuilderHooks& hooks : hooks_)
    if (hooks.ruleset == ruleset) return hooks;
  const std::vector<std::string> known = rulesets();
  throw InputError("",
                   fmt::format("no builder for ruleset '{}'; rulesets with a builder: {}", ruleset,
                               known.empty() ? "none" : fmt::format("{}", fmt::join(known, ", "))));
}

std::vector<std::string> BuilderRegistry::rulesets() const {
  std::vector<std::string> names;
  for (const BuilderHooks& hooks : hooks_)
    names.push_back(hooks.ruleset);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace warband
