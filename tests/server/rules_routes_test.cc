// GET /api/rules, /api/rules/{ruleset}, /api/rules/search: the embedded texts, rendered.
#include <gtest/gtest.h>

#include <map>
#include <regex>

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
  // GitHub's tables (cmark-gfm's table extension): a '|' in a cell is written "\|", even in code.
  const std::string markdown =
      "##### Claw\n"
      "| Name | Range | Cost |\n"
      "|---|:---:|--:|\n"
      "| `a\\|b` | 2\" | **3** |\n"
      "| [Kon](#kon) | 1 |\n\n"
      "| not | a table |\n| just | text |\n\n"
      "Cost | 4 | is prose.\n\n"
      "* **Odds:**\n"
      "  | Sum | Ways |\n"
      "  |:----|:-----|\n"
      "  | 7   | 4    |\n";
  const std::string html = markdown_to_html(markdown);
  EXPECT_NE(html.find("<table>\n<thead>\n<tr>\n<th>Name</th>\n<th align=\"center\">Range</th>\n"
                      "<th align=\"right\">Cost</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
                      "<td><code>a|b</code></td>\n<td align=\"center\">2&quot;</td>\n"
                      "<td align=\"right\"><strong>3</strong></td>\n</tr>\n<tr>\n"
                      "<td><a href=\"#kon\">Kon</a></td>\n<td align=\"center\">1</td>\n"
                      "<td align=\"right\"></td>\n</tr>\n</tbody>\n</table>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<h5 id=\"claw\">Claw</h5>"), std::string::npos) << html;
  EXPECT_NE(html.find("<p>| not | a table |\n| just | text |</p>"), std::string::npos) << html;
  EXPECT_NE(html.find("<p>Cost | 4 | is prose.</p>"), std::string::npos) << html;
  // A table right under a list item's line (the Conflict rules' odds), which the hand-written
  // converter before cmark-gfm left as text.
  EXPECT_NE(html.find("<th align=\"left\">Sum</th>"), std::string::npos) << html;
  EXPECT_NE(html.find("<td align=\"left\">7</td>"), std::string::npos) << html;
}

TEST(MarkdownHtml, GithubStrikethroughAndBareLinks) {
  const std::string html = markdown_to_html(
      "~~old cost~~ new cost, see www.example.com or https://example.com/rules.\n\n"
      "[bad](javascript:alert(1)) <img src=x onerror=alert(1)>\n");
  EXPECT_NE(html.find("<del>old cost</del>"), std::string::npos) << html;
  EXPECT_NE(html.find("<a href=\"http://www.example.com\">www.example.com</a>"), std::string::npos)
      << html;
  EXPECT_NE(html.find("<a href=\"https://example.com/rules\">https://example.com/rules</a>."),
            std::string::npos)
      << html;
  EXPECT_EQ(html.find("javascript:"), std::string::npos) << html;  // safe mode
  EXPECT_EQ(html.find("<img"), std::string::npos) << html;
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

// Every link of every served rules and rulings page opens: an app page whose text the server
// answers (200), its anchor a heading there, or a web address. A project file the server does not
// serve (../sim.md) is its text without a link.
TEST(RulesRoutes, EveryLinkOfAServedPageAnswers) {
  TestServer server;
  const Reply list = server.client().get("/api/rules");
  ASSERT_EQ(list.status, 200);
  const std::regex href_pattern(R"re(<a href="([^"]*)")re");
  const std::regex app_page(R"(#/(rules|rulings)/([a-z0-9_-]+)(?:/(.+))?)");
  std::map<std::string, Reply> served;  // by ruleset
  const auto page = [&](const std::string& ruleset) -> const Reply& {
    if (!served.count(ruleset))
      served.emplace(ruleset, server.client().get("/api/rules/" + ruleset));
    return served.at(ruleset);
  };
  int app_links = 0;
  for (const nlohmann::json& entry : list.json) {
    const std::string ruleset = entry["ruleset"];
    ASSERT_EQ(page(ruleset).status, 200) << ruleset;
    for (const std::string field : {"html", "rulings_html"}) {
      const std::string html = page(ruleset).json[field];
      for (std::sregex_iterator link(html.begin(), html.end(), href_pattern), end; link != end;
           ++link) {
        const std::string href = (*link)[1];
        const std::string where = ruleset + " " + field + ": " + href;
        if (href.starts_with("https://") || href.starts_with("http://")) continue;
        std::smatch parts;
        ASSERT_TRUE(std::regex_match(href, parts, app_page)) << where;
        const Reply& target = page(parts[2]);
        ASSERT_EQ(target.status, 200) << where;
        if (parts[3].matched) {
          const std::string target_html =
              target.json[parts[1] == "rules" ? "html" : "rulings_html"];
          EXPECT_NE(target_html.find(" id=\"" + parts[3].str() + "\""), std::string::npos) << where;
        }
        ++app_links;
      }
    }
  }
  EXPECT_GT(app_links, 150);
  const std::string conflict = page("conflict").json["html"];
  EXPECT_NE(conflict.find("(docs/sim.md, &quot;Balance of Conflict"), std::string::npos);
  EXPECT_NE(conflict.find("the content files)"), std::string::npos);
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
