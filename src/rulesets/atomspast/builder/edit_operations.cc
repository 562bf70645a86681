// The builder operations that edit a warband document: new, add (catalog or custom profile),
// remove, set, set-kon, deck. Each reads the document's text, changes the list, gives its new
// text and shows the list.
#include <fmt/format.h>

#include <algorithm>

#include "core/builder.h"
#include "core/error.h"
#include "core/input_limits.h"
#include "rulesets/atomspast/atomspast_ruleset.h"
#include "rulesets/atomspast/builder/build_args.h"
#include "rulesets/atomspast/builder/collection.h"
#include "rulesets/atomspast/builder/list_view.h"
#include "rulesets/atomspast/builder/warband_file.h"
#include "rulesets/atomspast/stat_ranges.h"

namespace warband::atomspast::builder {
namespace {

BuildOutput run_new(const BuildInput& input) {
  const BuildArgs& args = input.args;
  const BuildDocument& document = document_arg(input, "the warband file to create");
  const Content content = content_arg(input);
  if (document.text && !has_arg(args, "force"))
    throw InputError(document.name,
                     "already exists: choose another file, or give --force to replace it");
  WarbandDef warband;
  warband.name = required_arg(args, "name", "the warband's name, such as \"Tom's Orcs\"");
  warband.id = id_from_name(warband.name);
  warband.faction = optional_arg(args, "faction");
  warband.points_limit = int_arg(args, "points-limit", 1, 1000000, content.parameters.points_limit);
  return saved_list(document, warband, content, fmt::format("New warband '{}'.", warband.name));
}
// The seed's "Rules of Thumb for Model Base/Grid Sizes": Infantry 1 space, Cavalry 2 length-wise,
// Large 2 or 4 (we suggest 4: 2x2), Huge 4 or 6 (we suggest 6: 2x3). --base overrides.
std::string base_for_size(const BuildArgs& args) {
  const std::string size = optional_arg(args, "size", "infantry");
  if (size == "infantry") return "1x1";
  if (size == "cavalry") return "1x2";
  if (size == "large") return "2x2";
  if (size == "huge") return "2x3";
  throw InputError("--size",
                   fmt::format("must be infantry, cavalry, large or huge, got '{}'", size));
}

// A custom profile from its options: its attacks from --weapon ids or inline --melee/--ranged;
// priced by the formula.
UnitProfile custom_profile(const BuildArgs& args, const WarbandDef& warband,
                           const Content& content) {
  UnitProfile unit;
  unit.name = required_arg(args, "custom", "the custom unit's name");
  unit.id = id_from_name(unit.name);
  if (content.find_unit(unit.id))
    throw InputError("--custom", fmt::format("'{}' is the id of a catalog unit ({}): add it with "
                                             "--unit {}, or name the custom unit otherwise",
                                             unit.id, content.find_unit(unit.id)->name, unit.id));
  unit.faction = warband.faction.empty() ? "Custom" : warband.faction;
  unit.move = required_int_arg(args, "move", kMoveRange.min, kMoveRange.max);
  unit.weapons = list_arg(args, "weapon");
  check_list_size(unit.weapons.size(), kMaxUnitWeapons, "--weapon", "weapons");
  if (!unit.weapons.empty()) {
    // Its attacks come from its weapons (ruling "Weapons"): not also from --melee/--ranged.
    for (const char* inline_attack : {"melee", "ranged"})
      if (has_arg(args, inline_attack))
        throw InputError(fmt::format("--{}", inline_attack),
                         "give either --weapon (the unit's attacks come from its weapons) or "
                         "--melee/--ranged, not both");
    const std::vector<std::string> problems = apply_weapons(unit, content.weapons);
    if (!problems.empty()) throw InputError("--weapon", problems.front());
  } else {
    if (!has_arg(args, "melee"))
      throw InputError("--melee",
                       "missing: give SKILL/DICE/RANGE such as 3/4/1, or --weapon ID (`warband "
                       "build atomspast weapons` lists them)");
    unit.melee = attack_arg(args, "melee");
    unit.ranged = attack_arg(args, "ranged");
  }
  unit.wounds = required_int_arg(args, "wounds", kWoundsRange.min, kWoundsRange.max);
  unit.shield = int_arg(args, "shield", kShieldRange.min, kShieldRange.max, 0);
  unit.base = parse_base_text(optional_arg(args, "base", base_for_size(args)), "--base");
  std::string words = optional_arg(args, "keywords");
  std::size_t start = 0;
  while (start < words.size()) {
    const std::size_t comma = std::min(words.find(',', start), words.size());
    std::string word = words.substr(start, comma - start);
    word.erase(0, word.find_first_not_of(' '));
    word.erase(word.find_last_not_of(' ') + 1);
    if (!word.empty()) unit.keywords.push_back(word);
    start = comma + 1;
  }
  check_list_size(unit.keywords.size(), kMaxUnitKeywords, "--keywords", "keywords");
  unit.text = optional_arg(args, "text");
  unit.points = price_unit(unit, content.points).points;
  return unit;
}

BuildOutput run_add(const BuildInput& input) {
  const BuildArgs& args = input.args;
  const BuildDocument& document = document_arg(input, "the warband file");
  const Content content = content_arg(input);
  WarbandDef warband = load_list(document, content);
  const int count = int_arg(args, "count", 1, 100, 1);
  std::string id;
  if (has_arg(args, "custom")) {
    if (has_arg(args, "unit"))
      throw InputError("--unit", "give either --unit (a catalog unit) or --custom (a new profile)");
    UnitProfile unit = custom_profile(args, warband, content);
    id = unit.id;
    auto same = [&](const UnitProfile& u) { return u.id == id; };
    const auto existing =
        std::find_if(warband.custom_units.begin(), warband.custom_units.end(), same);
    if (existing != warband.custom_units.end())
      *existing = unit;  // the same name again: the profile as now given
    else if (warband.custom_units.size() >= kMaxCustomUnits)
      // The file must read back: a list holds at most kMaxCustomUnits profiles.
      throw InputError("--custom", fmt::format("the list has {} custom profiles, as many as a "
                                               "warband file may hold",
                                               warband.custom_units.size()));
    else
      warband.custom_units.push_back(unit);
  } else {
    id = required_arg(args, "unit", "a unit id such as orc_warrior (or --custom NAME)");
    if (!find_profile(warband, content, id)) {
      std::vector<std::string> known;
      for (const UnitProfile& unit : content.units)
        known.push_back(unit.id);
      throw InputError("--unit",
                       fmt::format("unknown unit '{}'; units: {}", id, fmt::join(known, ", ")));
    }
  }
  bool listed = false;
  for (WarbandUnit& entry : warband.units)
    if (entry.profile == id) {
      entry.count = std::min(100, entry.count + count);
      listed = true;
    }
  if (!listed) warband.units.push_back({id, count, -1});
  const UnitProfile* unit = find_profile(warband, content, id);
  return saved_list(
      document, warband, content,
      fmt::format("Added {} x {} ({} points each).", count, unit->name, unit->points));
}

BuildOutput run_remove(const BuildInput& input) {
  const BuildArgs& args = input.args;
  const BuildDocument& document = document_arg(input, "the warband file");
  const Content content = content_arg(input);
  WarbandDef warband = load_list(document, content);
  const std::string id = required_arg(args, "unit", "the id of a unit of the warband");
  const auto entry = std::find_if(warband.units.begin(), warband.units.end(),
                                  [&](const WarbandUnit& u) { return u.profile == id; });
  if (entry == warband.units.end())
    throw InputError("--unit", fmt::format("the warband has no '{}'", id));
  const int count = int_arg(args, "count", 1, 100, 1);
  const int removed = std::min(count, entry->count);
  entry->count -= removed;
  if (entry->count <= 0) warband.units.erase(entry);
  return saved_list(document, warband, content, fmt::format("Removed {} x {}.", removed, id));
}

// The list's own fields. Its id stays: games and collections that name the list still find it.
BuildOutput run_set(const BuildInput& input) {
  const BuildArgs& args = input.args;
  const BuildDocument& document = document_arg(input, "the warband file");
  const Content content = content_arg(input);
  WarbandDef warband = load_list(document, content);
  if (!has_arg(args, "name") && !has_arg(args, "points-limit") && !has_arg(args, "faction"))
    throw InputError("--name", "give at least one of --name, --points-limit, --faction");
  if (has_arg(args, "name")) warband.name = required_arg(args, "name", "the warband's new name");
  warband.points_limit = int_arg(args, "points-limit", 1, 1000000, warband.points_limit);
  if (has_arg(args, "faction")) warband.faction = optional_arg(args, "faction");
  return saved_list(document, warband, content, "Warband set.");
}

BuildOutput run_set_kon(const BuildInput& input) {
  const BuildArgs& args = input.args;
  const BuildDocument& document = document_arg(input, "the warband file");
  const Content content = content_arg(input);
  WarbandDef warband = load_list(document, content);
  if (!has_arg(args, "unit") && !has_arg(args, "spell") && !has_arg(args, "power-level"))
    throw InputError("--unit", "give at least one of --unit, --spell, --power-level");
  if (has_arg(args, "unit")) {
    const std::string id = required_arg(args, "unit", "a unit id");
    if (!find_profile(warband, content, id))
      throw InputError("--unit", fmt::format("unknown unit '{}'", id));
    warband.kon_profile = id;
  }
  if (has_arg(args, "spell")) {
    const std::string id = required_arg(args, "spell", "a spell id");
    if (!content.find_spell(id))
      throw InputError("--spell", fmt::format("unknown spell '{}': no spell card has this id", id));
    warband.kon_spell = id;
  }
  // validate_warband says whether the level suits the spell; here only a sane number.
  warband.kon_power_level =
      int_arg(args, "power-level", 1, content.parameters.max_power_level, warband.kon_power_level);
  return saved_list(document, warband, content, "Kon set.");
}

BuildOutput run_deck(const BuildInput& input) {
  const BuildArgs& args = input.args;
  const BuildDocument& document = document_arg(input, "the warband file");
  const Content content = content_arg(input);
  WarbandDef warband = load_list(document, content);
  const std::string id = required_arg(args, "spell", "a spell id such as grafted_strike");
  const SpellCard* spell = content.find_spell(id);
  if (!spell) throw InputError("--spell", fmt::format("unknown spell '{}'", id));
  const int count = required_int_arg(args, "count", 0, content.parameters.deck_size);
  std::erase_if(warband.deck, [&](const auto& entry) { return entry.first == id; });
  if (count > 0) warband.deck.emplace_back(id, count);
  return saved_list(document, warband, content,
                    fmt::format("{}: {} cop{} (Knowledge {}).", spell->name, count,
                                count == 1 ? "y" : "ies", spell->knowledge));
}

}  // namespace

std::vector<BuildOperation> edit_operations() {
  return {
      {"new",
       "Create a warband file",
       {file_option("The warband file to create (TOML)"),
        {"name", "The warband's name"},
        {"points-limit", "Points limit (default 1500)"},
        {"faction", "Faction (default none)"},
        {"force", "Replace FILE if it exists", BuildTakes::kFlag}},
       run_new,
       "warband",
       true},
      {"add",
       "Add units: a catalog unit (--unit) or a custom profile (--custom NAME and its stats)",
       {file_option(),
        {"unit", "A catalog unit id, such as orc_warrior"},
        {"count", "How many (default 1)"},
        {"custom", "Name of a custom profile to build and add instead of --unit"},
        {"move", "Custom: Move"},
        {"weapon",
         "Custom: a weapon id it carries (give --weapon twice for a melee and a ranged one; "
         "`weapons` lists them); instead of --melee/--ranged",
         BuildTakes::kValue, true},
        {"melee", "Custom: melee SKILL/DICE/RANGE, such as 3/4/1 (when no --weapon)"},
        {"ranged", "Custom: ranged SKILL/DICE/RANGE (default 0/0/0: none)"},
        {"wounds", "Custom: wounds"},
        {"shield", "Custom: shield (default 0)"},
        {"size",
         "Custom: infantry, cavalry, large or huge: the base by the rules of thumb "
         "(1x1, 1x2, 2x2, 2x3; default infantry)"},
        {"base", "Custom: base WxH in grid spaces (overrides --size)"},
        {"keywords", "Custom: keywords, comma-separated (Infantry,Orc)"},
        {"text", "Custom: the unit card's text"}},
       run_add,
       "warband"},
      {"remove",
       "Remove units",
       {file_option(), {"unit", "The unit id"}, {"count", "How many (default 1)"}},
       run_remove,
       "warband"},
      {"set",
       "Change the warband's name, points limit or faction",
       {file_option(),
        {"name", "The new name (the warband's id stays)"},
        {"points-limit", "The new points limit"},
        {"faction", "The new faction (empty: none)"}},
       run_set,
       "warband"},
      {"set-kon",
       "Choose the Kon, its spell and the spell's Power Level",
       {file_option(),
        {"unit", "The Kon's unit id (one of the warband's units)"},
        {"spell", "The Kon Spell's id (a spell of the deck)"},
        {"power-level", "The Kon Spell's Power Level (1 to 10)"}},
       run_set_kon,
       "warband"},
      {"deck",
       "Set how many copies of a spell the Spell Deck holds (0 removes it)",
       {file_option(), {"spell", "The spell id"}, {"count", "Copies"}},
       run_deck,
       "warband"},
  };
}

}  // namespace warband::atomspast::builder
