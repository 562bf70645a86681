// Warband list rules: points and legality, in one place for the engine, the builder and the CLI.
// Seed 000: "A standard game of AtomsPast is 1500 points"; "Deck's must have 50 cards"; "Spells
// have a Knowledge value which tells you how many copies of that Spell you can include"; "Your
// Kon's Spell can be any Spell in your deck".
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "rulesets/atomspast/content.h"

namespace warband::atomspast {

int warband_points(const WarbandDef& warband, const Content& content) {
  long total = 0;
  for (const WarbandUnit& entry : warband.units) {
    if (const UnitProfile* unit = content.find_unit(entry.profile))
      total += static_cast<long>(unit->points) * entry.count;
  }
  total += content.parameters.kon_points_surcharge;
  return static_cast<int>(total);
}

std::vector<std::string> validate_warband(const WarbandDef& warband, const Content& content) {
  std::vector<std::string> problems;
  const Parameters& rules = content.parameters;

  // Custom units' weapons: known ones, at most one melee and one ranged (ruling "Weapons").
  for (const UnitProfile& custom : warband.custom_units) {
    UnitProfile unit = custom;
    for (std::string& problem : apply_weapons(unit, content.weapons))
      problems.push_back(std::move(problem));
  }

  // Units.
  for (const WarbandUnit& entry : warband.units) {
    if (!content.find_unit(entry.profile))
      problems.push_back(
          fmt::format("Unknown unit '{}': no unit profile has this id.", entry.profile));
    if (entry.count < 1)
      problems.push_back(
          fmt::format("'{}' is listed {} times: a listed unit needs a count of at least 1.",
                      entry.profile, entry.count));
  }
  const int points = warband_points(warband, content);
  if (points > warband.points_limit)
    problems.push_back(fmt::format("The warband costs {} points, {} over its limit of {}.", points,
                                   points - warband.points_limit, warband.points_limit));

  // The Kon: one model, chosen among the warband's units.
  const UnitProfile* kon_unit =
      warband.kon_profile.empty() ? nullptr : content.find_unit(warband.kon_profile);
  if (warband.kon_profile.empty()) {
    problems.push_back("No Kon chosen: pick one of the warband's units as its Kon.");
  } else if (!kon_unit) {
    problems.push_back(
        fmt::format("Unknown Kon unit '{}': no unit profile has this id.", warband.kon_profile));
  } else {
    bool listed = false;
    for (const WarbandUnit& entry : warband.units)
      listed = listed || (entry.profile == warband.kon_profile && entry.count > 0);
    if (!listed)
      problems.push_back(fmt::format(
          "The Kon is a {}, but the warband has no {}: the Kon must be one of its units.",
          kon_unit->name, kon_unit->name));
  }

  // The Spell Deck.
  int cards = 0;
  std::map<std::string, int> copies;
  for (const auto& [id, count] : warband.deck) {
    cards += count;
    copies[id] += count;
  }
  if (cards != rules.deck_size)
    problems.push_back(fmt::format("The Spell Deck has {} cards; it must have exactly {}.", cards,
                                   rules.deck_size));
  for (const auto& [id, count] : copies) {
    const SpellCard* spell = content.find_spell(id);
    if (!spell) {
      problems.push_back(fmt::format("Unknown spell '{}' in the Spell Deck.", id));
      continue;
    }
    if (count > spell->knowledge)
      problems.push_back(
          fmt::format("{}: {} copies in the Spell Deck, but its Knowledge allows at most {}.",
                      spell->name, count, spell->knowledge));
    if (count < 1)
      problems.push_back(
          fmt::format("{}: {} copies in the Spell Deck; list at least 1 or leave "
                      "it out.",
                      spell->name, count));
  }

  // The Kon Spell: a card of the deck, cast at twice its Power Level.
  const SpellCard* kon_spell =
      warband.kon_spell.empty() ? nullptr : content.find_spell(warband.kon_spell);
  if (warband.kon_spell.empty()) {
    problems.push_back("No Kon Spell chosen: pick a spell of the Spell Deck for the Kon.");
  } else if (!kon_spell) {
    problems.push_back(
        fmt::format("Unknown Kon Spell '{}': no spell card has this id.", warband.kon_spell));
  } else {
    if (copies[warband.kon_spell] < 1)
      problems.push_back(fmt::format(
          "The Kon Spell {} is not in the Spell Deck: the Kon's copy is taken from the deck.",
          kon_spell->name));
    const int level = warband.kon_power_level;
    if (level < 1 || level > rules.max_power_level) {
      problems.push_back(fmt::format("The Kon Spell's Power Level is {}; it must be from 1 to {}.",
                                     level, rules.max_power_level));
    } else if (2 * level < kon_spell->acti) {
      // X = 2 x Power Level - AcTi must not be negative, or the spell could never be cast.
      problems.push_back(fmt::format(
          "Power Level {} is too low for {} (AcTi {}): it casts at {}, below the AcTi, so X "
          "would be {}. Choose at least Power Level {}.",
          level, kon_spell->name, kon_spell->acti, 2 * level, 2 * level - kon_spell->acti,
          (kon_spell->acti + 1) / 2));
    }
  }
  return problems;
}

std::vector<std::string> warband_warnings(const WarbandDef& warband, const Content& content) {
  std::vector<std::string> warnings;
  if (warband.faction.empty()) return warnings;
  for (const WarbandUnit& entry : warband.units) {
    // A custom profile is the player's own miniature: it takes the list's faction, whatever it is.
    const bool custom = std::any_of(warband.custom_units.begin(), warband.custom_units.end(),
                                    [&](const UnitProfile& u) { return u.id == entry.profile; });
    const UnitProfile* unit = content.find_unit(entry.profile);
    if (custom || !unit || unit->faction.empty() || unit->faction == warband.faction) continue;
    warnings.push_back(fmt::format(
        "{} is {}, not {}: allowed (the seed sets no faction restriction), but outside the "
        "list's faction.",
        unit->name, unit->faction, warband.faction));
  }
  return warnings;
}

}  // namespace warband::atomspast
