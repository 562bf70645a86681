// GET /api/rules, /api/rules/{ruleset} and /api/rules/search?q=: the embedded rules and rulings
// texts (core/docs.h), rendered to HTML, and the CLI's `rules --search`.
#include <fmt/format.h>
#include <httplib.h>

#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <sstream>

#include "core/docs.h"
#include "core/registry.h"
#include "core/rules_text.h"
#include "server/api.h"
#include "server/markdown_html.h"

namespace warband::server {
namespace {

const Doc* find_doc(std::string_view ruleset, std::string_view kind) {
  for (const Doc& doc : embedded_docs())
    if (doc.ruleset == ruleset && doc.kind == kind) return &doc;
  return nullptr;
}

// The ruleset's name as people write it: its registered title, else (a text with no ruleset in
// this build) the rulings' title before its colon, else the rules' first heading, else the id.
std::string ruleset_title(std::string_view ruleset) {
  for (const Ruleset* registered : Registry::instance().all())
    if (registered->name == ruleset) return registered->title;
  if (const Doc* rulings = find_doc(ruleset, "rulings")) {
    const std::vector<rules_text::Section> sections = rules_text::split_sections(rulings->markdown);
    if (!sections.empty()) {
      const std::string& title = sections.front().title;
      if (const auto colon = title.find(':'); colon != std::string::npos)
        return title.substr(0, colon);
    }
  }
  if (const Doc* rules = find_doc(ruleset, "rules")) {
    const std::vector<rules_text::Section> sections = rules_text::split_sections(rules->markdown);
    if (!sections.empty()) return sections.front().title;
  }
  return std::string(ruleset);
}

// A link of `ruleset`'s `kind` text ("rules" or "rulings") as the browser app opens it: "#anchor"
// and "../rulings/RULESET.md#anchor" become the app's pages ("#/rulings/RULESET/anchor"), a web
// address stays. Any other (a project file such as ../sim.md, which the server does not serve):
// nullopt, its text without a link.
std::optional<std::string> app_link(std::string_view url, std::string_view ruleset,
                                    std::string_view kind) {
  static const std::regex kWebAddress("^[A-Za-z][A-Za-z0-9+.-]*:.*");
  static const std::regex kRulesFile(
      R"(^(?:\.\./)*(?:docs/)?(rules|rulings)/([a-z0-9_-]+)\.md(?:#(.*))?$)");
  const std::string address(url);
  if (std::regex_match(address, kWebAddress)) return address;
  if (address.starts_with('#')) return fmt::format("#/{}/{}/{}", kind, ruleset, address.substr(1));
  std::smatch file;
  if (!std::regex_match(address, file, kRulesFile) ||
      find_doc(file[2].str(), file[1].str()) == nullptr)
    return std::nullopt;
  std::string link = fmt::format("#/{}/{}", file[1].str(), file[2].str());
  if (file[3].length() > 0) link += "/" + file[3].str();
  return link;
}

std::string page_html(std::string_view markdown, std::string_view ruleset, std::string_view kind) {
  return markdown_to_html(
      markdown, [ruleset, kind](std::string_view url) { return app_link(url, ruleset, kind); });
}

nlohmann::json rules_list() {
  nlohmann::json list = nlohmann::json::array();
  for (const Doc& doc : embedded_docs()) {
    if (doc.kind != "rules") continue;
    nlohmann::json topics = nlohmann::json::array();
    for (const rules_text::Section& section : rules_text::split_sections(doc.markdown))
      topics.push_back(
          {{"anchor", section.anchor}, {"title", section.title}, {"level", section.level}});
    list.push_back({{"ruleset", doc.ruleset},
                    {"title", ruleset_title(doc.ruleset)},
                    {"topics", std::move(topics)}});
  }
  return list;
}

nlohmann::json rules_of(const std::string& ruleset) {
  const Doc* rules = find_doc(ruleset, "rules");
  if (rules == nullptr) {
    std::string known;
    for (const Doc& doc : embedded_docs())
      if (doc.kind == "rules") known += (known.empty() ? "" : ", ") + std::string(doc.ruleset);
    throw ApiError(404, "path", "no rules text for '" + ruleset + "'; rulesets with one: " + known);
  }
  const Doc* rulings = find_doc(ruleset, "rulings");
  const std::string_view rulings_markdown = rulings != nullptr ? rulings->markdown : "";
  return {{"ruleset", ruleset},
          {"title", ruleset_title(ruleset)},
          {"markdown", rules->markdown},
          {"html", page_html(rules->markdown, ruleset, "rules")},
          {"rulings_markdown", rulings_markdown},
          {"rulings_html", page_html(rulings_markdown, ruleset, "rulings")}};
}

nlohmann::json search(const httplib::Request& request) {
  std::vector<std::string> words;
  std::istringstream query(request.get_param_value("q"));
  for (std::string word; query >> word;)
    words.push_back(word);
  if (words.empty()) throw ApiError(400, "query.q", "is required: the words to search for");
  nlohmann::json hits = nlohmann::json::array();
  for (const rules_text::SearchHit& hit : rules_text::search(embedded_docs(), words))
    hits.push_back({{"ruleset", hit.ruleset},
                    {"kind", hit.kind},
                    {"anchor", hit.anchor},
                    {"title", hit.title},
                    {"snippet", hit.snippet}});
  return hits;
}

}  // namespace

void add_rules_routes(httplib::Server& server, ServerContext&) {
  // The texts are fixed and rendering is pure: every answer is computed once, at start.
  auto list = std::make_shared<const std::string>(rules_list().dump());
  auto texts = std::make_shared<std::map<std::string, std::string, std::less<>>>();
  for (const Doc& doc : embedded_docs())
    if (doc.kind == "rules")
      texts->emplace(std::string(doc.ruleset), rules_of(std::string(doc.ruleset)).dump());

  server.Get("/api/rules", [list](const httplib::Request&, httplib::Response& response) {
    response.set_content(*list, "application/json");
  });
  server.Get("/api/rules/search", json_endpoint(search));
  server.Get(R"(/api/rules/([^/]+))",
             [texts](const httplib::Request& request, httplib::Response& response) {
               const auto found = texts->find(request.matches[1].str());
               if (found != texts->end()) {
                 response.set_content(found->second, "application/json");
                 return;
               }
               json_endpoint([](const httplib::Request& unknown) {
                 return rules_of(unknown.matches[1]);  // throws the 404 naming the known ones
               })(request, response);
             });
}

}  // namespace warband::server
