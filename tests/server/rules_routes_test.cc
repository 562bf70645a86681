// GET /api/rules, /api/rules/{ruleset}, /api/rules/search: the embedded texts, rendered.
#include <gtest/gtest.h>

#include "core/docs.h"
#include "core/rules_text.h"
#include "server/markdown_html.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/test_server.h"

namespace warband::server {
namespace {

using testing::Reply;
using testing::TestServer;

TEST(MarkdownHtml, HeadingsCarryTheCliAnchors) {
  const std::string markdown =
      "# Rules of Play\n\nIntro with <script>alert(1)</script> inline.\n\n"
      "## Kon Spells: Power Level\n\nText.\n\n```\n# not a heading\n```\n\n"
      "## Kon Spells: Power Level\n\nAgain.\n\n### A \"quoted\" & <odd> title\n";
  const std::string html = markdown_to_html(markdown);
  EXPECT_NE(html.find("<h1 id=\"rules-of-play\">Rules of Play</h1>"), std::string::npos) << html;
  EXPECT_NE(html.find("<h2 id=\"kon-spells-power-level\">"), std::string::npos) << html;
  EXPECT_NE(html.find("<h2 id=\"kon-spells-power-level-1\">"), std::string::npos) << html;
  EXPECT_NE(html.find("<h3 id=\"" + rules_text::slug("A \"quoted\" & <odd> title") + "\">"),
            std::string::npos)
      << html;
  EXPECT_EQ(html.find("data-sourcepos"), std::string::npos) << html;
  EXPECT_EQ(html.find("<script>"), std::string::npos) << html;  // raw HTML is left out
  EXPECT_NE(html.find("<pre><code># not a heading"), std::string::npos) << html;
  EXPECT_NE(html.find("<p>Text.</p>"), std::string::npos) << html;
}

TEST(MarkdownHtml, GithubTablesBecomeTables) {
  // CommonMark has no tables: cmark left these as paragraphs of "| a | b |" text.
  const std::string markdown =
      "##### Claw\n"
      "| Name | Range | Cost |\n"
      "|---|:---:|--:|\n"
      "| `a|b` | 2\" | **3** |\n"
      "| [Kon](#kon) | 1 |\n\n"
      "| not | a table |\n| just | text |\n\n"
      "Cost | 4 | is prose.\n";
  const std::string html = markdown_to_html(markdown);
  EXPECT_NE(html.find("<table>\n<thead>\n<tr><th>Name</th><th align=\"center\">Range</th>"
                      "<th align=\"right\">Cost</th></tr>\n</thead>\n<tbody>\n"
                      "<tr><td><code>a|b</code></td><td align=\"center\">2&quot;</td>"
                      "<td align=\"right\"><strong>3</strong></td></tr>\n"
                      "<tr><td><a href=\"#kon\">Kon</a></td><td align=\"center\">1</td>"
                      "<td align=\"right\"></td></tr>\n</tbody>\n</table>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<h5 id=\"claw\">Claw</h5>"), std::string::npos) << html;
  EXPECT_NE(html.find("<p>| not | a table |\n| just | text |</p>"), std::string::npos) << html;
  EXPECT_NE(html.find("<p>Cost | 4 | is prose.</p>"), std::string::npos) << html;
}

TEST(MarkdownHtml, NoEmbeddedTextShowsATableAsText) {
  for (const Doc& doc : embedded_docs()) {
    const std::string html = markdown_to_html(doc.markdown);
    EXPECT_EQ(html.find("|---"), std::string::npos) << doc.kind << "/" << doc.ruleset;
  }
}

TEST(MarkdownHtml, EveryEmbeddedHeadingGetsItsAnchor) {
  for (const Doc& doc : embedded_docs()) {
    const std::string html = markdown_to_html(doc.markdown);
    for (const rules_text::Section& section : rules_text::split_sections(doc.markdown))
      EXPECT_NE(html.find(" id=\"" + section.anchor + "\""), std::string::npos)
          << doc.kind << "/" << doc.ruleset << ": " << section.anchor;
  }
}

TEST(RulesRoutes, ListsEveryRulesetWithItsTopics) {
  TestServer server;
  const Reply reply = server.client().get("/api/rules");
  ASSERT_EQ(reply.status, 200) << reply.body;
  std::map<std::string, nlohmann::json> by_ruleset;
  for (const nlohmann::json& entry : reply.json)
    by_ruleset[entry["ruleset"]] = entry;
  ASSERT_TRUE(by_ruleset.count("atomspast"));
  EXPECT_EQ(by_ruleset["atomspast"]["title"], "AtomsPast");
  EXPECT_EQ(by_ruleset["conflict"]["title"], "Conflict");
  EXPECT_EQ(by_ruleset["agame"]["title"], "A Game");
  const nlohmann::json& topics = by_ruleset["atomspast"]["topics"];
  ASSERT_GT(topics.size(), 10u);
  bool found_kon = false;
  for (const nlohmann::json& topic : topics)
    found_kon = found_kon || topic["title"] == "Kon";
  EXPECT_TRUE(found_kon);
}

TEST(RulesRoutes, OneRulesetsTextsRenderedWithAnchors) {
  TestServer server;
  const Reply reply = server.client().get("/api/rules/atomspast");
  ASSERT_EQ(reply.status, 200) << reply.body.substr(0, 300);
  EXPECT_EQ(reply.json["ruleset"], "atomspast");
  EXPECT_EQ(reply.json["title"], "AtomsPast");
  const std::string markdown = reply.json["markdown"];
  const std::string html = reply.json["html"];
  EXPECT_EQ(markdown.rfind("# AtomsPast Rules", 0), 0u);
  EXPECT_NE(html.find("<h1 id=\"atomspast-rules\">AtomsPast Rules</h1>"), std::string::npos);
  // The CLI's anchor for each section is an id in the HTML.
  const cli::Ran toc = cli::warband({"rules", "atomspast", "--json"});
  const nlohmann::json contents = nlohmann::json::parse(toc.out);
  for (const nlohmann::json& section : contents["sections"])
    EXPECT_NE(html.find(" id=\"" + section["anchor"].get<std::string>() + "\""), std::string::npos)
        << section["anchor"];
  EXPECT_EQ(reply.json["rulings_markdown"].get<std::string>().rfind("# AtomsPast: rulings", 0), 0u);
  EXPECT_NE(reply.json["rulings_html"].get<std::string>().find("<h1 id=\"atomspast-rulings\">"),
            std::string::npos);
}

TEST(RulesRoutes, UnknownRulesetIs404) {
  TestServer server;
  const Reply reply = server.client().get("/api/rules/nosuch");
  EXPECT_EQ(reply.status, 404);
  EXPECT_EQ(reply.json["error"]["where"], "path");
  EXPECT_NE(reply.json["error"]["what"].get<std::string>().find("atomspast"), std::string::npos);
}

TEST(RulesRoutes, SearchIsTheCliSearch) {
  TestServer server;
  const Reply reply = server.client().get("/api/rules/search?q=boost%20cast");
  ASSERT_EQ(reply.status, 200) << reply.body;
  const cli::Ran ran = cli::warband({"rules", "--search", "boost", "cast", "--json"});
  const nlohmann::json expected = nlohmann::json::parse(ran.out);
  ASSERT_EQ(reply.json.size(), expected.size());
  ASSERT_FALSE(expected.empty());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(reply.json[i]["ruleset"], expected[i]["ruleset"]);
    EXPECT_EQ(reply.json[i]["anchor"], expected[i]["anchor"]);
    EXPECT_EQ(reply.json[i]["title"], expected[i]["title"]);
    EXPECT_EQ(reply.json[i]["snippet"], expected[i]["snippet"]);
  }
  EXPECT_TRUE(server.client().get("/api/rules/search?q=zzqqxxnothing").json.empty());
}

TEST(RulesRoutes, SearchNeedsWords) {
  TestServer server;
  for (const char* path :
       {"/api/rules/search", "/api/rules/search?q=", "/api/rules/search?q=%20"}) {
    const Reply reply = server.client().get(path);
    EXPECT_EQ(reply.status, 400) << path;
    EXPECT_EQ(reply.json["error"]["where"], "query.q") << path;
  }
}

}  // namespace
}  // namespace warband::server
