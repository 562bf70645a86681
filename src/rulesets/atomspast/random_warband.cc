#include "rulesets/atomspast/random_warband.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <vector>

#include "core/error.h"
#include "rulesets/atomspast/atomspast_game.h"

namespace warband::atomspast {
namespace {

// Units: drawn uniformly among those (of `allowed`, when not empty) that still fit, until none
// does (or the side is full).
std::vector<WarbandUnit> draw_units(const Content& content, int budget,
                                    const std::vector<const UnitProfile*>& allowed, Rng& rng) {
  std::map<std::string, int> counts;
  std::vector<std::string> order;  // first drawn first, so the list reads as it was drawn
  int left = budget;
  for (int drawn = 0; drawn < kMaxUnitsPerSide; ++drawn) {
    std::vector<const UnitProfile*> fitting;
    for (const UnitProfile& unit : content.units)
      if (unit.points > 0 && unit.points <= left &&
          (allowed.empty() || std::find(allowed.begin(), allowed.end(), &unit) != allowed.end()))
        fitting.push_back(&unit);
    if (fitting.empty()) break;
    const UnitProfile* unit = rng.pick(fitting);
    if (counts[unit->id]++ == 0) order.push_back(unit->id);
    left -= unit->points;
  }
  std::vector<WarbandUnit> units;
  for (const std::string& id : order)
    units.push_back({.profile = id, .count = counts[id]});
  return units;
}

// The deck: spells in a random order, each with 1 to Knowledge copies, until the deck is full.
std::vector<std::pair<std::string, int>> draw_deck(const Content& content, Rng& rng) {
  const int size = content.parameters.deck_size;
  std::vector<const SpellCard*> spells;
  int room = 0;
  for (const SpellCard& spell : content.spells) {
    spells.push_back(&spell);
    room += spell.knowledge;
  }
  if (room < size)
    throw InputError(content.dir, fmt::format("the spells' Knowledge allows {} cards in all, fewer "
                                              "than a deck's {}: no random deck can be built",
                                              room, size));
  for (std::size_t i = spells.size(); i > 1; --i)  // Fisher-Yates with our own Rng
    std::swap(spells[i - 1], spells[rng.below(i)]);
  std::map<std::string, int> copies;
  int cards = 0;
  // Pass over the shuffled spells adding 1..Knowledge copies, then top up in order if short.
  for (const SpellCard* spell : spells) {
    if (cards == size) break;
    const int want = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(spell->knowledge)));
    const int take = std::min(want, size - cards);
    copies[spell->id] = take;
    cards += take;
  }
  for (const SpellCard* spell : spells) {
    if (cards == size) break;
    const int take = std::min(spell->knowledge - copies[spell->id], size - cards);
    copies[spell->id] += take;
    cards += take;
  }
  std::vector<std::pair<std::string, int>> deck;
  for (const auto& [id, count] : copies)
    if (count > 0) deck.emplace_back(id, count);
  return deck;
}

// `count` distinct priced profiles of the catalog, at random (all of them when fewer).
std::vector<const UnitProfile*> pick_profiles(const Content& content, int count, Rng& rng) {
  std::vector<const UnitProfile*> priced;
  for (const UnitProfile& unit : content.units)
    if (unit.points > 0) priced.push_back(&unit);
  for (std::size_t i = priced.size(); i > 1; --i)  // Fisher-Yates with our own Rng
    std::swap(priced[i - 1], priced[rng.below(i)]);
  if (static_cast<int>(priced.size()) > count) priced.resize(static_cast<std::size_t>(count));
  return priced;
}

// Every budget from `low` to the limit is drawn sooner or later: one that fits no unit would fail
// a run games in, so it fails every draw, naming the option that allowed it.
void check_lowest_budget(const Content& content, int points_limit, int low) {
  const UnitProfile* cheapest = nullptr;
  for (const UnitProfile& unit : content.units)
    if (unit.points > 0 && (cheapest == nullptr || unit.points < cheapest->points))
      cheapest = &unit;
  const int surcharge = content.parameters.kon_points_surcharge;
  if (cheapest != nullptr && cheapest->points + surcharge <= low) return;
  const std::string cheapest_text =
      cheapest == nullptr
          ? std::string("the catalog has no priced unit")
          : fmt::format(
                "the cheapest, {}, costs {}{}", cheapest->name, cheapest->points,
                surcharge != 0 ? fmt::format(" and the Kon {} more", surcharge) : std::string());
  if (cheapest == nullptr || cheapest->points + surcharge > points_limit)
    throw InputError("--points", fmt::format("no unit of the catalog fits {} points ({})",
                                             points_limit, cheapest_text));
  throw InputError("--spread", fmt::format("a side's budget may be drawn as low as {} points ({} "
                                           "- {}), where no unit of the catalog fits ({}): a "
                                           "smaller --spread",
                                           low, points_limit, points_limit - low, cheapest_text));
}

}  // namespace

WarbandDef random_warband(const Content& content, int points_limit, int spread, Rng& rng) {
  return random_warband(content, points_limit, spread, 0, rng);
}

WarbandDef random_warband(const Content& content, int points_limit, int spread, int profiles,
                          Rng& rng) {
  WarbandDef warband;
  warband.id = "random";
  warband.name = "Random warband";
  warband.points_limit = points_limit;
  const int low = std::max(0, points_limit - std::max(0, spread));
  check_lowest_budget(content, points_limit, low);
  const int budget =
      low + static_cast<int>(rng.below(static_cast<std::uint64_t>(points_limit - low + 1)));
  const std::vector<const UnitProfile*> allowed =
      profiles > 0 ? pick_profiles(content, profiles, rng) : std::vector<const UnitProfile*>{};
  warband.units =
      draw_units(content, budget - content.parameters.kon_points_surcharge, allowed, rng);
  if (warband.units.empty())
    throw InputError("--points", fmt::format("no unit of the catalog fits {} points", budget));
  warband.kon_profile = warband.units[rng.below(warband.units.size())].profile;
  warband.deck = draw_deck(content, rng);
  // The Kon's spell: any of the deck that some Power Level can cast (2 x level >= AcTi).
  std::vector<const SpellCard*> castable;
  for (const auto& [id, count] : warband.deck)
    if (const SpellCard* card = content.find_spell(id);
        card && card->acti <= 2 * content.parameters.max_power_level)
      castable.push_back(card);
  if (castable.empty()) castable.push_back(content.find_spell(warband.deck.front().first));
  const SpellCard& spell = *rng.pick(castable);
  warband.kon_spell = spell.id;
  // Any Power Level that casts it, up to the maximum.
  const int min_level = std::max(1, (spell.acti + 1) / 2);
  const int max_level = std::max(min_level, content.parameters.max_power_level);
  warband.kon_power_level =
      min_level +
      static_cast<int>(rng.below(static_cast<std::uint64_t>(max_level - min_level + 1)));
  const std::vector<std::string> problems = validate_warband(warband, content);
  if (!problems.empty())
    throw InputError("random warband", fmt::format("the content cannot make a legal warband: {}",
                                                   fmt::join(problems, "; ")));
  return warband;
}

nlohmann::json warband_json(const WarbandDef& warband) {
  nlohmann::json doc = {{"id", warband.id},
                        {"name", warband.name},
                        {"points_limit", warband.points_limit},
                        {"kon",
                         {{"unit", warband.kon_profile},
                          {"spell", warband.kon_spell},
                          {"power_level", warband.kon_power_level}}}};
  doc["units"] = nlohmann::json::array();
  for (const WarbandUnit& entry : warband.units)
    doc["units"].push_back({{"unit", entry.profile}, {"count", entry.count}});
  doc["deck"] = nlohmann::json::object();
  for (const auto& [spell, count] : warband.deck)
    doc["deck"][spell] = count;
  return doc;
}

}  // namespace warband::atomspast
