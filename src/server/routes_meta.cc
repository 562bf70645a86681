// GET /api/health and GET /api/rulesets: what this server is and which rulesets it offers.
#include <httplib.h>

#include <set>

#include "core/docs.h"
#include "core/registry.h"
#include "core/ruleset_json.h"
#include "server/api.h"
#include "server/store.h"

namespace warband::server {
namespace {

// Every registered ruleset (core/ruleset_json.h), with the maps and warbands a new game may use.
nlohmann::json rulesets_json(const std::string& content_dir) {
  std::set<std::string, std::less<>> with_rules;
  for (const Doc& doc : embedded_docs())
    if (doc.kind == "rules") with_rules.emplace(doc.ruleset);

  nlohmann::json list = nlohmann::json::array();
  for (const Ruleset* ruleset : Registry::instance().all()) {
    nlohmann::json entry = ruleset_json(*ruleset, with_rules.count(ruleset->name) > 0);
    if (ruleset->playable() && ruleset->setup_choices) {
      const nlohmann::json choices = ruleset->setup_choices(content_dir);
      entry["maps"] = choices.value("maps", nlohmann::json::array());
      entry["warbands"] = choices.value("warbands", nlohmann::json::array());
    }
    list.push_back(std::move(entry));
  }
  return list;
}

}  // namespace

void add_meta_routes(httplib::Server& server, ServerContext& context) {
  server.Get("/api/health", json_endpoint([&context](const httplib::Request&) {
               return nlohmann::json{{"ok", true},
                                     {"version", WARBAND_VERSION},
                                     {"db", context.store.path()},
                                     {"schema", context.store.schema_version()}};
             }));
  server.Get("/api/rulesets", json_endpoint([&context](const httplib::Request&) {
               return rulesets_json(context.content_dir);
             }));
}

}  // namespace warband::server
