// What the rulesets' builders declare (core/builder.h) holds together: every operation's document
// kind is one its ruleset declares, and each kind names an operation that creates it.
#include <gtest/gtest.h>

#include "core/builder.h"

namespace warband {
namespace {

TEST(BuilderDeclarations, KindsAndOperationsAgree) {
  const BuilderRegistry& registry = BuilderRegistry::instance();
  ASSERT_FALSE(registry.rulesets().empty());
  for (const std::string& ruleset : registry.rulesets()) {
    const BuilderHooks& hooks = registry.find(ruleset);
    for (const BuildOperation& operation : hooks.operations) {
      if (!operation.kind.empty())
        EXPECT_NE(hooks.find_document(operation.kind), nullptr) << ruleset << " " << operation.name;
      for (const BuildOption& option : operation.options)
        if (option.takes == BuildTakes::kOtherDocument)
          EXPECT_NE(hooks.find_document(option.kind), nullptr) << ruleset << " " << option.name;
    }
    for (const DocumentKind& document : hooks.documents) {
      EXPECT_FALSE(document.title.empty()) << ruleset << " " << document.kind;
      EXPECT_FALSE(document.suffix.empty()) << ruleset << " " << document.kind;
      const BuildOperation* creator = nullptr;
      for (const BuildOperation& operation : hooks.operations)
        if (operation.name == document.created_by) creator = &operation;
      ASSERT_NE(creator, nullptr) << ruleset << " " << document.kind;
      EXPECT_TRUE(creator->creates) << ruleset << " " << creator->name;
      EXPECT_EQ(creator->kind, document.kind) << ruleset << " " << creator->name;
    }
  }
}

TEST(BuilderDeclarations, TheRulesetsDeclareTheirDocuments) {
  const BuilderRegistry& registry = BuilderRegistry::instance();
  EXPECT_NE(registry.find("atomspast").find_document("warband"), nullptr);
  EXPECT_NE(registry.find("atomspast").find_document("collection"), nullptr);
  EXPECT_NE(registry.find("spellweavers").find_document("wizard"), nullptr);
  EXPECT_EQ(registry.find("spellweavers").find_document("warband"), nullptr);
}

}  // namespace
}  // namespace warband
