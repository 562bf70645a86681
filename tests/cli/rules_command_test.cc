// `warband rules` in-process on the embedded docs, and the docs' own links: every in-document
// anchor and every rulings anchor a rules text points to must be a heading that exists.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <set>
#include <sstream>

#include "cli/app.h"
#include "cli/command.h"
#include "core/docs.h"
#include "core/rules_text.h"
#include "tests/support/in_process_cli.h"

namespace warband::cli {
namespace {

const Doc* find_doc(std::string_view ruleset, std::string_view kind) {
  for (const Doc& doc : embedded_docs())
    if (doc.ruleset == ruleset && doc.kind == kind) return &doc;
  return nullptr;
}

std::set<std::string> anchors_of(const Doc& doc) {
  std::set<std::string> anchors;
  for (const auto& section : rules_text::split_sections(doc.markdown))
    anchors.insert(section.anchor);
  return anchors;
}

TEST(RulesDocs, EveryRulesetHasRulesAndRulingsEmbedded) {
  for (const char* ruleset : {"atomspast", "spellweavers", "conflict", "agame"}) {
    for (const char* kind : {"rules", "rulings"}) {
      const Doc* doc = find_doc(ruleset, kind);
      ASSERT_NE(doc, nullptr) << ruleset << " " << kind;
      EXPECT_GT(doc->markdown.size(), 1000u) << ruleset << " " << kind;
      EXPECT_GT(rules_text::split_sections(doc->markdown).size(), 5u) << ruleset << " " << kind;
    }
  }
}

TEST(RulesDocs, EveryLinkResolvesToAHeading) {
  std::size_t checked = 0;
  for (const Doc& doc : embedded_docs()) {
    const std::set<std::string> own = anchors_of(doc);
    for (const rules_text::Link& link : rules_text::links(doc.markdown)) {
      const std::string where = std::string(doc.kind) + "/" + std::string(doc.ruleset) + ".md: [" +
                                link.text + "](" + link.target + ")";
      const std::size_t hash = link.target.find('#');
      const std::string file = link.target.substr(0, hash);
      const std::string anchor = hash == std::string::npos ? "" : link.target.substr(hash + 1);
      if (file.empty()) {
        EXPECT_TRUE(own.contains(anchor)) << where;
        ++checked;
        continue;
      }
      // Links to another embedded doc: ../rulings/x.md or ../rules/x.md (or x.md beside it).
      const bool to_rulings = file.starts_with("../rulings/");
      const bool to_rules = file.starts_with("../rules/");
      const bool beside = file.find('/') == std::string::npos && file.ends_with(".md");
      if (!to_rulings && !to_rules && !beside) continue;  // a source file or a web page
      const std::string name = file.substr(file.rfind('/') + 1);
      const std::string ruleset = name.substr(0, name.size() - 3);
      const std::string kind = to_rulings ? "rulings" : to_rules ? "rules" : std::string(doc.kind);
      const Doc* target = find_doc(ruleset, kind);
      if (!target && beside) continue;  // e.g. a file the project only refers to
      ASSERT_NE(target, nullptr) << where;
      if (!anchor.empty()) {
        EXPECT_TRUE(anchors_of(*target).contains(anchor)) << where;
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 100u);
}

TEST(RulesDocs, NoPlaceholderLinksAreLeftInTheRules) {
  for (const Doc& doc : embedded_docs()) {
    if (doc.kind != "rules") continue;
    const std::string text(doc.markdown);
    EXPECT_EQ(text.find("[link"), std::string::npos) << doc.ruleset;
    EXPECT_EQ(text.find("[Link"), std::string::npos) << doc.ruleset;
  }
}

TEST(RulesCommand, SectionPrintsTheGraftedStrikeExample) {
  const Ran ran = warband({"rules", "atomspast", "Kon Spells Power Level"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_TRUE(ran.out.starts_with("Kon Spells Power Level\n~~~~~~~~~~~~~~~~~~~~~~\n")) << ran.out;
  EXPECT_NE(ran.out.find("Example: Grafted Strike has an AcTi of 6"), std::string::npos) << ran.out;
  // Links render as "text (anchor)"; the rulings link names the ruling.
  EXPECT_NE(ran.out.find("Grafted Strike has AcTi 6 (rulings: grafted-strike-has-acti-6)"),
            std::string::npos)
      << ran.out;
  EXPECT_EQ(ran.out.find("]("), std::string::npos) << ran.out;
  // It stops before the next section of its level.
  EXPECT_EQ(ran.out.find("The Kon Phase"), std::string::npos) << ran.out;
}

TEST(RulesCommand, SectionIncludesItsSubsectionsAndListsAreIndented) {
  const Ran ran = warband({"rules", "atomspast", "kon rules"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_NE(ran.out.find("Picking a Kon\n"), std::string::npos);
  EXPECT_NE(ran.out.find("Kon Spells Power Level\n"), std::string::npos);
  EXPECT_NE(ran.out.find("  • The Power Level you pick does not change"), std::string::npos)
      << ran.out;
}

TEST(RulesCommand, TopicMayBeSeveralWordsOrAnAnchor) {
  const Ran words = warband({"rules", "atomspast", "casting", "a", "spell"});
  ASSERT_EQ(words.code, kExitOk) << words.err;
  EXPECT_TRUE(words.out.starts_with("Casting a Spell\n")) << words.out;
  const Ran anchor = warband({"rules", "atomspast", "casting-a-spell"});
  EXPECT_EQ(anchor.out, words.out);
}

TEST(RulesCommand, ContentsListsEveryHeadingWithItsAnchor) {
  const Ran ran = warband({"rules", "atomspast"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_NE(ran.out.find("      Boosting  (boosting)\n"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("  Glossary  (glossary)\n"), std::string::npos) << ran.out;
  const Ran as_json = warband({"rules", "atomspast", "--json"});
  ASSERT_EQ(as_json.code, kExitOk);
  const auto parsed = nlohmann::json::parse(as_json.out);
  EXPECT_EQ(parsed["ruleset"], "atomspast");
  EXPECT_EQ(parsed["sections"][0]["title"], "AtomsPast Rules");
}

TEST(RulesCommand, RulingsAreShownWithTheFlag) {
  const Ran ran = warband({"rules", "atomspast", "grafted strike has acti 6", "--rulings"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_NE(ran.out.find("Ruling: AcTi 6."), std::string::npos) << ran.out;
  const Ran as_json = warband({"rules", "agame", "ten-sided dice", "--rulings", "--json"});
  ASSERT_EQ(as_json.code, kExitOk) << as_json.err;
  EXPECT_EQ(nlohmann::json::parse(as_json.out)["anchor"], "ten-sided-dice");
}

TEST(RulesCommand, SearchFindsBoostingInAtomsPast) {
  const Ran ran = warband({"rules", "--search", "boost"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_NE(ran.out.find("atomspast · Boosting · "), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("warband rules atomspast boosting\n"), std::string::npos) << ran.out;
  const Ran as_json = warband({"rules", "--search", "boost", "--json"});
  ASSERT_EQ(as_json.code, kExitOk);
  const auto hits = nlohmann::json::parse(as_json.out);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0]["anchor"], "boosting");  // "Boost" in the title ranks it first
}

TEST(RulesCommand, SearchNeedsEveryWord) {
  const Ran ran = warband({"rules", "--search", "Grafted", "Strike", "Power"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_NE(ran.out.find("atomspast · Kon Spells Power Level · "), std::string::npos) << ran.out;
  const Ran none = warband({"rules", "--search", "xylophone"});
  EXPECT_EQ(none.code, kExitOk);
  EXPECT_NE(none.out.find("No section holds every word"), std::string::npos);
}

TEST(RulesCommand, UnknownRulesetListsTheChoices) {
  const Ran ran = warband({"rules", "chess"});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_NE(ran.err.find("error: chess: no rules text for this ruleset"), std::string::npos)
      << ran.err;
  EXPECT_NE(ran.err.find("agame, atomspast, conflict, spellweavers"), std::string::npos) << ran.err;
}

TEST(RulesCommand, UnknownOrAmbiguousTopicSaysWhatFits) {
  const Ran unknown = warband({"rules", "atomspast", "dragons and unicorns"});
  EXPECT_EQ(unknown.code, kExitBadInput);
  EXPECT_NE(unknown.err.find("no section fits; run `warband rules atomspast` without a topic"),
            std::string::npos)
      << unknown.err;
  const Ran ambiguous = warband({"rules", "atomspast", "kon a"});
  EXPECT_EQ(ambiguous.code, kExitBadInput);
  EXPECT_NE(ambiguous.err.find("it fits several sections"), std::string::npos) << ambiguous.err;
  EXPECT_NE(ambiguous.err.find("Kon Actions  (kon-actions)"), std::string::npos) << ambiguous.err;
  EXPECT_NE(ambiguous.err.find("Kon Action  (kon-action)"), std::string::npos) << ambiguous.err;
}

TEST(RulesCommand, GlossaryTermsHaveAnchorsThatLinkToTheirRules) {
  const Ran acti = warband({"rules", "atomspast", "acti"});
  ASSERT_EQ(acti.code, kExitOk) << acti.err;
  EXPECT_TRUE(acti.out.starts_with("AcTi\n")) << acti.out;
  EXPECT_NE(acti.out.find("Activation Timers (activation-timers)"), std::string::npos) << acti.out;
  // A term sharing a rule's title: the plain slug is the rule, "-1" the glossary term.
  const Ran range = warband({"rules", "atomspast", "range-1"});
  ASSERT_EQ(range.code, kExitOk) << range.err;
  EXPECT_NE(range.out.find("See Range (range)"), std::string::npos) << range.out;
  const Doc* rules = find_doc("atomspast", "rules");
  ASSERT_NE(rules, nullptr);
  const std::set<std::string> anchors = anchors_of(*rules);
  for (const char* term :
       {"acti", "downtick", "knowledge", "kon", "kon-spell", "power-level", "boost", "casting-zone",
        "channel", "cast-result", "skill-roll-sd", "altered", "higher-ground"})
    EXPECT_TRUE(anchors.contains(term)) << term;
}

}  // namespace
}  // namespace warband::cli
