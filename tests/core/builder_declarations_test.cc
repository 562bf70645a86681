// What the rulesets' builders declare (core/builder.h) holds together: every operation's document
// kind is one its ruleset declares, and each kind names an operation that creates it.
#include <gtest/gtest.h>

#include "core/registry.h"

namespace warband {
namespace {

TEST(BuilderDeclarations, KindsAndOperationsAgree) {
  const std::vector<std::string> rulesets = Registry::instance().names(Capability::kBuilder);
  ASSERT_FALSE(rulesets.empty());
  for (const std::string& ruleset : rulesets) {
    const BuilderHooks& hooks = find_builder(ruleset);
    for (const BuildOperation& operation : hooks.operations) {
      if (!operation.kind.empty()) {
        EXPECT_NE(hooks.find_document(operation.kind), nullptr) << ruleset << " " << operation.name;
      }
      for (const BuildOption& option : operation.options) {
        if (option.takes == BuildTakes::kOtherDocument) {
          EXPECT_NE(hooks.find_document(option.kind), nullptr) << ruleset << " " << option.name;
        }
      }
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
  EXPECT_NE(find_builder("atomspast").find_document("warband"), nullptr);
  EXPECT_NE(find_builder("atomspast").find_document("collection"), nullptr);
  EXPECT_NE(find_builder("spellweavers").find_document("wizard"), nullptr);
  EXPECT_EQ(find_builder("spellweavers").find_document("warband"), nullptr);
}

}  // namespace
}  // namespace warband
