// A registered ruleset described as data, the same for `warband rulesets --json` and the server's
// GET /api/rulesets: what it is, what it can do, its parameters and the hints a front end needs.
#pragma once

#include <nlohmann/json.hpp>

#include <vector>

#include "core/docs.h"
#include "core/registry.h"

namespace warband {

// {"name", "title", "summary", "playable", "builder", "odds", "balance", "rules", "parameters",
//  "table_kind", "odds_example", "default_map", "documents"}. `has_rules`: the build embeds its
// rules text (core/docs.h).
nlohmann::json ruleset_json(const Ruleset& ruleset, bool has_rules);

// Every registered ruleset in registration order, as ruleset_json, "rules" true for those `docs`
// (the build's embedded_docs()) hold a rules text of.
nlohmann::json rulesets_json(const std::vector<Doc>& docs);

}  // namespace warband
