// heuristics.toml: the weights of the bots' evaluate(), tuned from self-play and kept as data.
#include <fmt/format.h>

#include <cmath>
#include <optional>

#include "core/error.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "rulesets/atomspast/content_files/content_files.h"

namespace warband::atomspast::content_files {

const std::vector<HeuristicField>& heuristic_fields() {
  using H = HeuristicWeights;
  static const std::vector<HeuristicField> fields = {
      {"material", &H::material, 0, 1},
      {"kon", &H::kon, 0, 1},
      {"position", &H::position, 0, 1},
      {"kon_safety", &H::kon_safety, 0, 1},
      {"spells", &H::spells, 0, 1},
      {"threat", &H::threat, 0, 1},
      {"kon_hunt", &H::kon_hunt, 0, 1},
      {"kon_kill", &H::kon_kill, 0, 1},
      {"kon_guard", &H::kon_guard, 0, 1},
      {"endgame", &H::endgame, 0, 1},
      {"endgame_rounds", &H::endgame_rounds, 1, 100},
      {"endgame_lead", &H::endgame_lead, 1, 10000},
      {"kon_material_factor", &H::kon_material_factor, 0, 20},
      {"safe_margin", &H::safe_margin, 1, 20},
  };
  return fields;
}

void check_heuristic_shares(const HeuristicWeights& w, const std::string& where) {
  const double sum = w.material + w.kon + w.position + w.kon_safety + w.spells + w.threat +
                     w.kon_hunt + w.kon_kill + w.kon_guard;
  if (sum > 1 + 1e-9)
    throw InputError(where, fmt::format("material + kon + position + kon_safety + spells + threat "
                                        "+ kon_hunt + kon_kill + kon_guard is {:g}: "
                                        "they must sum to at most 1, so that no position is "
                                        "valued above a won game",
                                        sum));
}

HeuristicWeights load_heuristics(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  const TomlFields top(path, root);
  top.check_keys({"heuristics"});
  const TomlFields f(path, top.table("heuristics", "a [heuristics] table"), "heuristics");
  std::vector<std::string_view> keys;
  for (const HeuristicField& field : heuristic_fields())
    keys.push_back(field.key);
  f.check_keys(keys);
  HeuristicWeights weights;
  for (const HeuristicField& field : heuristic_fields()) {
    const toml::node* node = f.find(field.key);
    if (!node) continue;  // the default in content.h
    const std::optional<double> number =
        node->is_integer() || node->is_floating_point() ? node->value<double>() : std::nullopt;
    if (!number || !std::isfinite(*number) || *number < field.low || *number > field.high)
      f.fail(*node, fmt::format("'{}' must be a number from {:g} to {:g}", field.key, field.low,
                                field.high));
    weights.*field.value = *number;
  }
  check_heuristic_shares(weights, path);
  return weights;
}

}  // namespace warband::atomspast::content_files
