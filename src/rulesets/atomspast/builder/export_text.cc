#include "rulesets/atomspast/builder/export_text.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/markup.h"
#include "rulesets/atomspast/builder/rules_terms.h"
#include "rulesets/atomspast/builder/unit_cards.h"
#include "rulesets/atomspast/builder/warband_file.h"

namespace warband::atomspast::builder {
namespace {

// Markdown table cells: a '|' or a line break would end the cell.
std::string cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n' || c == '\r')
      out += ' ';
    else
      out += c;
  }
  return out;
}

std::string keywords_of(const UnitProfile& unit) {
  return unit.keywords.empty() ? "-" : fmt::format("{}", fmt::join(unit.keywords, ", "));
}

std::string spell_name(const Content& content, const std::string& id) {
  const SpellCard* spell = content.find_spell(id);
  return spell ? spell->name : id;
}

// The weapons the listed units carry, each once, in the order the list first shows them, with the
// names of the units carrying it.
std::vector<std::pair<const Weapon*, std::vector<std::string>>> list_weapons(
    const WarbandDef& warband, const Content& content) {
  std::vector<std::pair<const Weapon*, std::vector<std::string>>> weapons;
  for (const WarbandUnit& entry : warband.units) {
    const UnitProfile* unit = find_profile(warband, content, entry.profile);
    if (!unit) continue;
    for (const Weapon* weapon : carried_weapons(*unit, content)) {
      auto found = std::find_if(weapons.begin(), weapons.end(),
                                [&](const auto& item) { return item.first == weapon; });
      if (found == weapons.end()) found = weapons.insert(weapons.end(), {weapon, {}});
      found->second.push_back(unit->name);
    }
  }
  return weapons;
}

std::string words_or_dash(const std::vector<std::string>& words) {
  return words.empty() ? "-" : fmt::format("{}", fmt::join(words, ", "));
}

}  // namespace

std::string attack_words(const AttackProfile& attack) {
  if (attack.dice <= 0 && attack.range <= 0) return "none";
  return fmt::format("[S{}/D{}] Range {}", attack.skill, attack.dice, attack.range);
}

std::string warband_markdown(const WarbandDef& warband, const Content& content) {
  const Content priced = content_with_custom_units(warband, content);
  const int points = warband_points(warband, priced);
  const std::vector<std::string> problems = validate_warband(warband, priced);
  std::string out = fmt::format("# {}\n\n", cell(warband.name));
  if (!warband.faction.empty()) out += fmt::format("Faction: {}  \n", cell(warband.faction));
  out += fmt::format("Points: {} of {}  \n", points, warband.points_limit);
  out += fmt::format("Content version: {}\n\n", content_version(content));

  out += "## Kon\n\n";
  if (const UnitProfile* kon = find_profile(warband, content, warband.kon_profile)) {
    out += fmt::format("{}, casting {} at Power Level {} (Cast Result {}).\n\n", cell(kon->name),
                       cell(spell_name(content, warband.kon_spell)), warband.kon_power_level,
                       2 * warband.kon_power_level);
  } else {
    out += "None chosen.\n\n";
  }

  out += "## Units\n\n";
  out +=
      "| Unit | Count | Move | Melee | Ranged | Wounds | Shield | Base | Keywords | Points each "
      "| Points |\n";
  out += "|---|---:|---:|---|---|---:|---:|---|---|---:|---:|\n";
  int models = 0;
  for (const WarbandUnit& entry : warband.units) {
    const UnitProfile* unit = find_profile(warband, content, entry.profile);
    if (!unit) {
      out += fmt::format("| {} (unknown) | {} | | | | | | | | | |\n", cell(entry.profile),
                         entry.count);
      continue;
    }
    models += entry.count;
    out +=
        fmt::format("| {}{} | {} | {} | {} | {} | {} | {} | {}x{} | {} | {} | {} |\n",
                    cell(unit->name), entry.profile == warband.kon_profile ? " (Kon)" : "",
                    entry.count, unit->move, attack_words(unit->melee), attack_words(unit->ranged),
                    unit->wounds, unit->shield, unit->base.w, unit->base.h,
                    cell(keywords_of(*unit)), unit->points, unit->points * entry.count);
  }
  out += fmt::format("| **Total** | {} | | | | | | | | | **{}** |\n\n", models, points);

  const auto weapons = list_weapons(warband, content);
  if (!weapons.empty()) {
    out += "## Weapons\n\n";
    out += "| Weapon | Kind | Attack | Keywords | Carried by | Text |\n";
    out += "|---|---|---|---|---|---|\n";
    for (const auto& [weapon, carriers] : weapons)
      out += fmt::format("| {} | {} | {} | {} | {} | {} |\n", cell(weapon->name),
                         attack_kind_name(weapon->kind), attack_words(weapon->attack),
                         cell(words_or_dash(weapon->keywords)), cell(words_or_dash(carriers)),
                         cell(weapon->text));
    out += "\n";
  }

  out += fmt::format("## Spell Deck ({} cards)\n\n", deck_cards(warband));
  out += "| Spell | Copies | AcTi | Knowledge |\n|---|---:|---:|---:|\n";
  for (const auto& [id, copies] : sorted_deck(warband)) {
    const SpellCard* spell = content.find_spell(id);
    out += spell ? fmt::format("| {} | {} | {} | {} |\n", cell(spell->name), copies, spell->acti,
                               spell->knowledge)
                 : fmt::format("| {} (unknown) | {} | | |\n", cell(id), copies);
  }
  out += "\n## Rules terms\n\n";
  out += "From the rules (`warband rules atomspast TERM` prints the whole rule):\n\n";
  for (const RulesTerm& term : builder_rules_terms())
    out += fmt::format("- **{}** (`{}`): {}\n", term.title, term.anchor, term.definition);
  out += "\n";
  if (problems.empty()) {
    out += "Legal: yes.\n";
  } else {
    out += "## Not legal yet\n\n";
    for (const std::string& problem : problems)
      out += fmt::format("- {}\n", problem);
  }
  return out;
}

std::string warband_html(const WarbandDef& warband, const Content& content) {
  const Content priced = content_with_custom_units(warband, content);
  const int points = warband_points(warband, priced);
  const std::vector<std::string> problems = validate_warband(warband, priced);
  std::string out;
  out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += fmt::format("<title>{} - AtomsPast Warband List</title>\n", escape_markup(warband.name));
  out += R"(<style>
body { font-family: Georgia, serif; margin: 1.5em; color: #111; }
h1 { margin-bottom: 0.2em; }
.summary { margin-top: 0; color: #333; }
.cards { display: flex; flex-wrap: wrap; gap: 0.8em; }
.card { border: 2px solid #333; border-radius: 8px; padding: 0.6em 0.8em; width: 17em;
        break-inside: avoid; page-break-inside: avoid; }
.card h3 { margin: 0 0 0.3em 0; font-size: 1.05em; }
.card .count { float: right; font-weight: bold; }
.card table { border-collapse: collapse; width: 100%; font-size: 0.9em; }
.card td { border-top: 1px solid #ccc; padding: 1px 3px; }
.keywords { font-style: italic; font-size: 0.85em; margin: 0.3em 0; }
.weapons { font-size: 0.85em; margin: 0.3em 0; padding-left: 1.1em; }
.text { font-size: 0.85em; margin: 0.3em 0 0 0; }
.kon { border-color: #7a1; border-width: 3px; }
table.deck { border-collapse: collapse; font-size: 0.9em; }
table.deck td, table.deck th { border: 1px solid #999; padding: 2px 5px; vertical-align: top; }
.problems { color: #a00; }
@media print { body { margin: 0.5cm; } .card { width: 30%; } }
</style>
</head>
<body>
)";
  out += fmt::format("<h1>{}</h1>\n", escape_markup(warband.name));
  out += fmt::format("<p class=\"summary\">{}{} of {} points &middot; content version {}</p>\n",
                     warband.faction.empty() ? "" : escape_markup(warband.faction) + " &middot; ",
                     points, warband.points_limit, escape_markup(content_version(content)));

  out += "<h2>Kon</h2>\n";
  const UnitProfile* kon = find_profile(warband, content, warband.kon_profile);
  const SpellCard* kon_spell = content.find_spell(warband.kon_spell);
  if (kon) {
    out += fmt::format(
        "<p>{}, casting <strong>{}</strong> at Power Level {} (Cast Result {}).</p>\n",
        escape_markup(kon->name), escape_markup(kon_spell ? kon_spell->name : warband.kon_spell),
        warband.kon_power_level, 2 * warband.kon_power_level);
    if (kon_spell) out += fmt::format("<p class=\"text\">{}</p>\n", escape_markup(kon_spell->text));
  } else {
    out += "<p>None chosen.</p>\n";
  }

  out += "<h2>Units</h2>\n<div class=\"cards\">\n";
  for (const WarbandUnit& entry : warband.units) {
    const UnitProfile* unit = find_profile(warband, content, entry.profile);
    if (!unit) continue;
    const bool is_kon = entry.profile == warband.kon_profile;
    out += fmt::format("<div class=\"card{}\">\n", is_kon ? " kon" : "");
    out += fmt::format("<h3>{}{}<span class=\"count\">x{}</span></h3>\n", escape_markup(unit->name),
                       is_kon ? " (Kon)" : "", entry.count);
    out += "<table>\n";
    out += fmt::format("<tr><td>Move</td><td>{}</td></tr>\n", unit->move);
    out += fmt::format("<tr><td>Melee</td><td>{}</td></tr>\n", attack_words(unit->melee));
    out += fmt::format("<tr><td>Ranged</td><td>{}</td></tr>\n", attack_words(unit->ranged));
    out += fmt::format("<tr><td>Wounds</td><td>{}</td></tr>\n", unit->wounds);
    out += fmt::format("<tr><td>Shield</td><td>{}</td></tr>\n", unit->shield);
    out += fmt::format("<tr><td>Base</td><td>{}x{}</td></tr>\n", unit->base.w, unit->base.h);
    out += fmt::format("<tr><td>Points</td><td>{} each, {} in all</td></tr>\n", unit->points,
                       unit->points * entry.count);
    out += "</table>\n";
    const std::vector<const Weapon*> weapons = carried_weapons(*unit, content);
    if (!weapons.empty()) {
      out += "<ul class=\"weapons\">\n";
      for (const Weapon* weapon : weapons) {
        out += fmt::format("<li><strong>{}</strong> ({} {})", escape_markup(weapon->name),
                           attack_kind_name(weapon->kind),
                           escape_markup(attack_words(weapon->attack)));
        if (!weapon->keywords.empty())
          out += fmt::format(" <em>{}</em>", escape_markup(words_or_dash(weapon->keywords)));
        if (!weapon->text.empty()) out += fmt::format(": {}", escape_markup(weapon->text));
        out += "</li>\n";
      }
      out += "</ul>\n";
    }
    out += fmt::format("<p class=\"keywords\">{}</p>\n", escape_markup(keywords_of(*unit)));
    if (!unit->text.empty())
      out += fmt::format("<p class=\"text\">{}</p>\n", escape_markup(unit->text));
    out += "</div>\n";
  }
  out += "</div>\n";

  out += fmt::format("<h2>Spell Deck ({} cards)</h2>\n", deck_cards(warband));
  out +=
      "<table class=\"deck\">\n<tr><th>Spell</th><th>Copies</th><th>AcTi</th>"
      "<th>Knowledge</th><th>Text</th></tr>\n";
  for (const auto& [id, copies] : sorted_deck(warband)) {
    const SpellCard* spell = content.find_spell(id);
    if (!spell) continue;
    out += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                       escape_markup(spell->name), copies, spell->acti, spell->knowledge,
                       escape_markup(spell->text));
  }
  out += "</table>\n";
  out += fmt::format("<h2>Total: {} points</h2>\n", points);
  out += "<h2>Rules terms</h2>\n<dl class=\"terms\">\n";
  for (const RulesTerm& term : builder_rules_terms())
    out += fmt::format("<dt id=\"{}\">{}</dt><dd>{}</dd>\n", escape_markup(term.anchor),
                       escape_markup(term.title), escape_markup(term.definition));
  out += "</dl>\n";
  if (!problems.empty()) {
    out += "<div class=\"problems\"><h2>Not legal yet</h2>\n<ul>\n";
    for (const std::string& problem : problems)
      out += fmt::format("<li>{}</li>\n", escape_markup(problem));
    out += "</ul></div>\n";
  }
  out += "</body>\n</html>\n";
  return out;
}

}  // namespace warband::atomspast::builder
