#include "core/ruleset_json.h"

#include <algorithm>

namespace warband {

nlohmann::json ruleset_json(const Ruleset& ruleset, bool has_rules) {
  nlohmann::json parameters = nlohmann::json::array();
  for (const ParameterSpec& spec : ruleset.parameters)
    parameters.push_back(spec.to_json());
  nlohmann::json documents = nlohmann::json::array();
  if (ruleset.builder)
    for (const DocumentKind& kind : ruleset.builder->documents) {
      // The operations on documents of the kind, so that a front end opens a kind in a page
      // that knows them, or in its generic one.
      nlohmann::json operations = nlohmann::json::array();
      for (const BuildOperation& operation : ruleset.builder->operations)
        if (operation.kind == kind.kind) operations.push_back(operation.name);
      documents.push_back({{"kind", kind.kind},
                           {"title", kind.title},
                           {"summary", kind.summary},
                           {"suffix", kind.suffix},
                           {"created_by", kind.created_by},
                           {"plays_as_side", kind.plays_as_side},
                           {"operations", std::move(operations)}});
    }
  nlohmann::json odds_example = nullptr;
  if (ruleset.odds) odds_example = ruleset.hints.odds_example;  // {} is a query with no options
  return {{"name", ruleset.name},
          {"title", ruleset.title},
          {"summary", ruleset.summary},
          {"playable", ruleset.playable()},
          {"builder", ruleset.builder.has_value()},
          {"odds", ruleset.odds.has_value()},
          {"balance", ruleset.balance.has_value()},
          // Priced by a formula (balance_hooks.h): its balance run has its own standard budget.
          {"balance_formula", ruleset.balance.has_value() && ruleset.balance->formula_terms},
          {"rules", has_rules},
          {"parameters", std::move(parameters)},
          {"table_kind", ruleset.hints.table_kind},
          {"suggested_first", ruleset.hints.suggested_first},
          {"odds_example", std::move(odds_example)},
          // The what-ifs a balance run takes, in the ruleset's own paths (empty without balance).
          {"what_if_paths", ruleset.balance ? ruleset.hints.what_if_paths : std::string()},
          {"what_if_examples",
           ruleset.balance ? ruleset.hints.what_if_examples : std::vector<std::string>()},
          {"default_map", ruleset.hints.default_map.empty()
                              ? nlohmann::json(nullptr)
                              : nlohmann::json(ruleset.hints.default_map)},
          {"documents", std::move(documents)}};
}

nlohmann::json rulesets_json(const std::vector<Doc>& docs) {
  nlohmann::json list = nlohmann::json::array();
  for (const Ruleset* ruleset : Registry::instance().all()) {
    const bool has_rules = std::any_of(docs.begin(), docs.end(), [&](const Doc& doc) {
      return doc.kind == "rules" && doc.ruleset == ruleset->name;
    });
    list.push_back(ruleset_json(*ruleset, has_rules));
  }
  return list;
}

}  // namespace warband
