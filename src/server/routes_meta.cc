// GET /api/health and GET /api/rulesets: what this server is and which rulesets it offers.
#include <httplib.h>

#include <algorithm>
#include <set>

#include "core/balance_hooks.h"
#include "core/builder.h"
#include "core/docs.h"
#include "core/odds.h"
#include "core/registry.h"
#include "server/api.h"
#include "server/store.h"

namespace warband::server {
namespace {

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Every ruleset any registry knows (a ruleset may have odds and no game yet), with what it offers.
nlohmann::json rulesets_json(const std::string& content_dir) {
  const Registry& games = Registry::instance();
  const std::vector<std::string> playable = games.names();
  const std::vector<std::string> builders = BuilderRegistry::instance().rulesets();
  const std::vector<std::string> odds = OddsRegistry::instance().rulesets();
  const std::vector<std::string> balance = BalanceRegistry::instance().rulesets();
  std::set<std::string> with_rules;
  for (const Doc& doc : embedded_docs())
    if (doc.kind == "rules") with_rules.emplace(doc.ruleset);

  std::set<std::string> names(playable.begin(), playable.end());
  names.insert(builders.begin(), builders.end());
  names.insert(odds.begin(), odds.end());

  nlohmann::json list = nlohmann::json::array();
  for (const std::string& name : names) {
    // The game's summary says what the ruleset is; a ruleset with no game yet borrows its
    // builder's or its odds' line.
    std::string summary;
    if (contains(playable, name))
      summary = games.find(name).summary;
    else if (contains(builders, name))
      summary = BuilderRegistry::instance().find(name).summary;
    else
      summary = OddsRegistry::instance().find(name).summary;
    nlohmann::json entry = {{"name", name},
                            {"summary", summary},
                            {"playable", contains(playable, name)},
                            {"builder", contains(builders, name)},
                            {"odds", contains(odds, name)},
                            {"balance", contains(balance, name)},
                            {"rules", with_rules.count(name) > 0}};
    if (contains(playable, name) && games.find(name).setup_choices) {
      const nlohmann::json choices = games.find(name).setup_choices(content_dir);
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
