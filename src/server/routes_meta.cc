// GET /api/health and GET /api/rulesets: what this server is and which rulesets it offers.
#include <httplib.h>

#include "core/docs.h"
#include "core/registry.h"
#include "core/ruleset_json.h"
#include "server/api.h"
#include "server/store.h"

namespace warband::server {
namespace {

// Every registered ruleset (core/ruleset_json.h), with the maps and warbands a new game may use.
nlohmann::json rulesets_json(const std::string& content_dir) {
  nlohmann::json list = rulesets_json(embedded_docs());  // in the registry's order
  const auto& rulesets = Registry::instance().all();
  for (std::size_t i = 0; i < rulesets.size(); ++i) {
    const Ruleset* ruleset = rulesets[i];
    nlohmann::json& entry = list[i];
    if (!ruleset->playable() || !ruleset->setup_choices) continue;
    const nlohmann::json choices = ruleset->setup_choices(content_dir);
    entry["maps"] = choices.value("maps", nlohmann::json::array());
    entry["warbands"] = choices.value("warbands", nlohmann::json::array());
    // The warbands `warband play` plays when none is given: a new-game form starts on them.
    entry["default_warbands"] = choices.value("default_warbands", nlohmann::json());
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
