#include "rulesets/atomspast/builder/list_view.h"

#include <fmt/format.h>

#include "rulesets/atomspast/builder/build_args.h"
#include "rulesets/atomspast/builder/export_text.h"
#include "rulesets/atomspast/builder/warband_file.h"

namespace warband::atomspast::builder {

BuildResult list_view(const WarbandDef& warband, const Content& content,
                      const std::string& headline) {
  const Content priced = content_with_custom_units(warband, content);
  const int points = warband_points(warband, priced);
  const std::vector<std::string> problems = validate_warband(warband, priced);
  const std::vector<std::string> warnings = warband_warnings(warband, priced);
  BuildResult result;
  std::string& out = result.text;
  if (!headline.empty()) out += headline + "\n";
  out += fmt::format("{}{}: {} of {} points\n", warband.name,
                     warband.faction.empty() ? "" : " (" + warband.faction + ")", points,
                     warband.points_limit);
  nlohmann::json units = nlohmann::json::array();
  for (const WarbandUnit& entry : warband.units) {
    const UnitProfile* unit = find_profile(warband, content, entry.profile);
    const int each = unit ? unit->points : 0;
    out += fmt::format(
        "  {:>2} x {:<24} {:>5} each {:>6}{}{}\n", entry.count,
        unit ? unit->name : entry.profile + " (unknown)", each, each * entry.count,
        entry.profile == warband.kon_profile ? "  Kon" : "",
        unit && warband.custom_units.end() !=
                    std::find_if(warband.custom_units.begin(), warband.custom_units.end(),
                                 [&](const UnitProfile& u) { return u.id == unit->id; })
            ? "  (custom)"
            : "");
    units.push_back({{"unit", entry.profile},
                     {"name", unit ? unit->name : entry.profile},
                     {"count", entry.count},
                     {"points_each", each},
                     {"points", each * entry.count}});
  }
  out += fmt::format("  {:>2}   {:<24} {:>5}      {:>6}\n", "", "Total", "", points);
  int cards = 0;
  for (const auto& [id, copies] : warband.deck)
    cards += copies;
  const SpellCard* kon_spell = content.find_spell(warband.kon_spell);
  const UnitProfile* kon = find_profile(warband, content, warband.kon_profile);
  out += fmt::format(
      "Kon: {}{}\n", kon ? kon->name : "none",
      kon_spell ? fmt::format(", {} at Power Level {}", kon_spell->name, warband.kon_power_level)
                : "");
  out += fmt::format("Spell Deck: {} cards\n", cards);
  if (problems.empty()) {
    out += "Legal.\n";
  } else {
    out += fmt::format("Not legal yet ({} problem{}):\n", problems.size(),
                       problems.size() == 1 ? "" : "s");
    for (const std::string& problem : problems)
      out += "  - " + problem + "\n";
  }
  for (const std::string& warning : warnings)
    out += "Warning: " + warning + "\n";
  result.json = {{"name", warband.name},
                 {"faction", warband.faction},
                 {"points", points},
                 {"points_limit", warband.points_limit},
                 {"units", units},
                 {"kon",
                  {{"unit", warband.kon_profile},
                   {"spell", warband.kon_spell},
                   {"power_level", warband.kon_power_level}}},
                 {"deck_cards", cards},
                 {"deck_size", content.parameters.deck_size},
                 {"legal", problems.empty()},
                 {"problems", problems},
                 {"warnings", warnings},
                 {"content_version", content_version(content)}};
  return result;
}

BuildOutput saved_list(const BuildDocument& document, const WarbandDef& warband,
                       const Content& content, const std::string& what) {
  BuildOutput output{list_view(warband, content, what + " Saved " + document.name + ".")};
  output.json["file"] = document.name;
  output.save(0, list_text(warband, content));
  return output;
}

}  // namespace warband::atomspast::builder
