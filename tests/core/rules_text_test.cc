// Sections, anchors, topic lookup and search over Markdown rules texts.
#include "core/rules_text.h"

#include <gtest/gtest.h>

namespace warband::rules_text {
namespace {

constexpr std::string_view kDoc =
    "# The Rules\n"
    "Intro.\n"
    "## Kon's\n"
    "Kon text.\n"
    "### Kon Spells Power Level\n"
    "Power Level times 2 is the Cast Result.\n"
    "### Kon Actions\n"
    "Three actions.\n"
    "```\n"
    "# not a heading\n"
    "```\n"
    "## Spells\n"
    "Boost the spell. Boost it again.\n"
    "## Spells\n"
    "A second Spells heading.\n";

TEST(RulesText, SlugsAreGitHubs) {
  EXPECT_EQ(slug("Kon's"), "kons");
  EXPECT_EQ(slug("Unit's Attacking"), "units-attacking");
  EXPECT_EQ(slug("Rules of Thumb for Model Base/Grid Sizes"),
            "rules-of-thumb-for-model-basegrid-sizes");
  EXPECT_EQ(slug("Ranges written with .5"), "ranges-written-with-5");
  EXPECT_EQ(slug("Step cost and height"), "step-cost-and-height");
  EXPECT_EQ(slug("  A Game: rulings "), "a-game-rulings");
  EXPECT_EQ(slug("snake_case and-hyphens"), "snake_case-and-hyphens");
}

TEST(RulesText, SplitsByHeadingWithLevelsBodiesAndSubsections) {
  const std::vector<Section> sections = split_sections(kDoc);
  ASSERT_EQ(sections.size(), 6u);
  EXPECT_EQ(sections[0].title, "The Rules");
  EXPECT_EQ(sections[0].level, 1);
  EXPECT_EQ(sections[0].body, "Intro.\n");
  EXPECT_EQ(sections[1].anchor, "kons");
  EXPECT_EQ(sections[1].level, 2);
  EXPECT_EQ(sections[1].body, "Kon text.\n");
  // The full section runs over its subsections up to the next heading of its level.
  EXPECT_TRUE(sections[1].full.starts_with("## Kon's\n"));
  EXPECT_NE(sections[1].full.find("Three actions."), std::string_view::npos);
  EXPECT_EQ(sections[1].full.find("## Spells"), std::string_view::npos);
  EXPECT_EQ(sections[2].anchor, "kon-spells-power-level");
  EXPECT_EQ(sections[2].level, 3);
  // A '#' line inside a code fence is not a heading.
  EXPECT_NE(sections[3].body.find("# not a heading"), std::string_view::npos);
  // Duplicate headings are numbered as GitHub numbers them.
  EXPECT_EQ(sections[4].anchor, "spells");
  EXPECT_EQ(sections[5].anchor, "spells-1");
  EXPECT_EQ(sections[5].full, "## Spells\nA second Spells heading.\n");
}

TEST(RulesText, EmptyAndHeadinglessTextsHaveNoSections) {
  EXPECT_TRUE(split_sections("").empty());
  EXPECT_TRUE(split_sections("just text\n#hashtag is not a heading\n").empty());
}

TEST(RulesText, TopicByExactTitleOrAnchorCaseInsensitive) {
  const std::vector<Section> sections = split_sections(kDoc);
  EXPECT_EQ(find_topic(sections, "kon spells power level").index, 2);
  EXPECT_EQ(find_topic(sections, "KON-SPELLS-POWER-LEVEL").index, 2);
  EXPECT_EQ(find_topic(sections, "kons").index, 1);
  EXPECT_EQ(find_topic(sections, "Kon's").index, 1);
  EXPECT_EQ(find_topic(sections, "spells-1").index, 5);
}

TEST(RulesText, TopicByUniquePrefixOrSubstring) {
  const std::vector<Section> sections = split_sections(kDoc);
  EXPECT_EQ(find_topic(sections, "kon a").index, 3);        // prefix of "Kon Actions"
  EXPECT_EQ(find_topic(sections, "power level").index, 2);  // substring
  EXPECT_EQ(find_topic(sections, "the").index, 0);
}

TEST(RulesText, AmbiguousTopicListsItsCandidates) {
  const std::vector<Section> sections = split_sections(kDoc);
  const TopicLookup kon = find_topic(sections, "kon");
  EXPECT_FALSE(kon.found());
  EXPECT_EQ(kon.candidates, (std::vector<std::size_t>{1, 2, 3}));
  // Two headings say "Spells": their anchors tell them apart, so the slug picks the first.
  EXPECT_EQ(find_topic(sections, "spells").index, 4);
  EXPECT_EQ(find_topic(sections, "spells-1").index, 5);
  const TopicLookup spell = find_topic(sections, "spell");  // a prefix of both
  EXPECT_FALSE(spell.found());
  EXPECT_EQ(spell.candidates, (std::vector<std::size_t>{4, 5}));
  const TopicLookup none = find_topic(sections, "dragons");
  EXPECT_FALSE(none.found());
  EXPECT_TRUE(none.candidates.empty());
  EXPECT_FALSE(find_topic(sections, "  ").found());
}

TEST(RulesText, SearchNeedsEveryWordAndRanksTitlesFirst) {
  const std::vector<Doc> docs = {{"toy", "rules", kDoc},
                                 {"toy", "rulings", "# Rulings\n## Boost\nBoost is capped.\n"}};
  const std::vector<SearchHit> boost = search(docs, {"BOOST"});
  ASSERT_EQ(boost.size(), 2u);
  // The title match outranks the section with more occurrences.
  EXPECT_EQ(boost[0].kind, "rulings");
  EXPECT_EQ(boost[0].anchor, "boost");
  EXPECT_EQ(boost[0].title_matches, 1);
  EXPECT_EQ(boost[1].ruleset, "toy");
  EXPECT_EQ(boost[1].title, "Spells");
  EXPECT_EQ(boost[1].total_matches, 2);
  EXPECT_EQ(boost[1].snippet, "Boost the spell. Boost it again.");

  const std::vector<SearchHit> both = search(docs, {"power", "cast"});
  ASSERT_EQ(both.size(), 1u);
  EXPECT_EQ(both[0].anchor, "kon-spells-power-level");
  EXPECT_TRUE(search(docs, {"power", "dragon"}).empty());
  EXPECT_TRUE(search(docs, {}).empty());
}

TEST(RulesText, SnippetIsShortAndCentredOnTheMatch) {
  std::string long_body = "# Long\n";
  for (int i = 0; i < 40; ++i)
    long_body += "filler words here ";
  long_body += "the Downtick happens. ";
  for (int i = 0; i < 40; ++i)
    long_body += "more filler ";
  const std::vector<SearchHit> hits = search({{"toy", "rules", long_body}}, {"downtick"});
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_NE(hits[0].snippet.find("Downtick"), std::string::npos) << hits[0].snippet;
  EXPECT_TRUE(hits[0].snippet.starts_with("…")) << hits[0].snippet;
  EXPECT_TRUE(hits[0].snippet.ends_with("…")) << hits[0].snippet;
  EXPECT_LE(hits[0].snippet.size(), 130u);
}

TEST(RulesText, SnippetsAreFreeOfMarkdownMarks) {
  const std::vector<SearchHit> hits =
      search({{"toy", "rules",
               "# T\n> **Channel**: roll [S3/D4], see [Boosting](#boosting) and `5\\*X`.\n"}},
             {"channel"});
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].snippet, "Channel: roll [S3/D4], see Boosting and 5*X.");
}

TEST(RulesText, LinksAreFound) {
  const std::vector<Link> found =
      links("See [Boosting](#boosting) and (ruling: [Cast](../rulings/x.md#cast)); [not a link].");
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].text, "Boosting");
  EXPECT_EQ(found[0].target, "#boosting");
  EXPECT_EQ(found[1].text, "Cast");
  EXPECT_EQ(found[1].target, "../rulings/x.md#cast");
}

}  // namespace
}  // namespace warband::rules_text
