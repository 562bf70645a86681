// Building an AtomsPast game from a setup (content folder, two warbands, a map, parameter
// overrides), and registering the ruleset.
#include "rulesets/atomspast/atomspast_game.h"

#include <fmt/format.h>

#include <map>

#include "core/content_root.h"
#include "core/error.h"
#include "core/registry.h"
#include "rulesets/atomspast/atomspast_state.h"
#include "rulesets/atomspast/builder/warband_file.h"
#include "rulesets/atomspast/content_files/content_files.h"
#include "rulesets/atomspast/loaded_content.h"
#include "rulesets/atomspast/parameter_table.h"

namespace warband::atomspast {
namespace {

std::string setup_string(const nlohmann::json& setup, const char* key,
                         const std::string& fallback) {
  if (!setup.contains(key)) return fallback;
  if (!setup[key].is_string()) throw InputError(std::string("setup.") + key, "expected a string");
  return setup[key].get<std::string>();
}

// As high as a unit's points may be set (content_overrides.cc).
constexpr std::int64_t kMaxMaterialPoints = 100000;

// The setup's "material_points" (optional): unit id -> the points the bots weigh it at.
std::map<std::string, int> material_points(const nlohmann::json& setup, const Content& content) {
  std::map<std::string, int> points;
  if (!setup.contains("material_points")) return points;
  const nlohmann::json& given = setup["material_points"];
  if (!given.is_object())
    throw InputError("setup.material_points", "expected an object of unit id: points");
  for (const auto& [id, value] : given.items()) {
    const std::string where = "setup.material_points." + id;
    if (!content.find_unit(id)) throw InputError(where, "no unit profile has this id");
    if (!value.is_number_integer() || value.get<std::int64_t>() < 0 ||
        value.get<std::int64_t>() > kMaxMaterialPoints)
      throw InputError(where,
                       fmt::format("expected whole points from 0 to {}", kMaxMaterialPoints));
    points[id] = value.get<int>();
  }
  return points;
}

bool looks_like_path(const std::string& name) {
  return name.find('/') != std::string::npos || name.ends_with(".toml");
}

std::shared_ptr<const LoadedContent> setup_folder(const nlohmann::json& setup) {
  return loaded_content(setup_content_root(setup) + "/atomspast");
}

std::shared_ptr<const Content> content_of(const nlohmann::json& setup,
                                          const LoadedContent& folder) {
  const nlohmann::json none;
  return folder.with_overrides(setup.contains("content_overrides") ? setup["content_overrides"]
                                                                   : none);
}

}  // namespace

std::shared_ptr<const Content> setup_content(const nlohmann::json& setup) {
  return content_of(setup, *setup_folder(setup));
}

// A player's own profiles (the builder's [[custom]]) join the catalog for this game only, so that
// the roster, the rules and the records treat them like catalog units.
void AtomsPastGame::add_custom_units() {
  if (warbands_[0].custom_units.empty() && warbands_[1].custom_units.empty()) return;
  auto combined = std::make_shared<Content>(*content_);
  for (const WarbandDef& warband : warbands_)
    for (const UnitProfile& unit : warband.custom_units) {
      if (const UnitProfile* taken = combined->find_unit(unit.id)) {
        const bool same = taken->name == unit.name && taken->move == unit.move &&
                          taken->wounds == unit.wounds && taken->points == unit.points;
        if (!same)
          throw InputError("warband '" + warband.name + "'",
                           fmt::format("its custom unit '{}' has the id of another profile in "
                                       "this game: rename one of them",
                                       unit.id));
        continue;
      }
      combined->units.push_back(unit);
    }
  content_ = std::move(combined);
}

AtomsPastGame::AtomsPastGame(const nlohmann::json& setup) : setup_(setup) {
  if (!setup_.is_object()) {
    if (!setup_.is_null()) throw InputError("setup", "expected a JSON object");
    setup_ = nlohmann::json::object();
  }
  const std::shared_ptr<const LoadedContent> folder = setup_folder(setup_);
  content_ = content_of(setup_, *folder);
  // A setup's recorded overrides may set the bots' weights (content_overrides.h).
  content_files::check_heuristic_shares(content_->heuristics, "setup.content_overrides");
  parameters_ = content_->parameters;
  if (setup_.contains("parameters")) apply_parameter_overrides(setup_["parameters"], parameters_);

  // Warbands: content ids ("toms_orcs"), paths to a player's own warband file, or the warband
  // itself as a JSON object (the builder's JSON twin of a warband file; balance draws these).
  nlohmann::json given = kDefaultWarbands;
  if (setup_.contains("warbands")) {
    given = setup_["warbands"];
    const auto usable = [](const nlohmann::json& w) { return w.is_string() || w.is_object(); };
    if (!given.is_array() || given.size() != 2 || !usable(given[0]) || !usable(given[1]))
      throw InputError("setup.warbands",
                       "expected two warband names, files or warband objects, red then blue");
  }
  for (int side = 0; side < 2; ++side) {
    if (given[side].is_object()) {
      warbands_[side] = builder::parse_warband_json(
          given[side].dump(), fmt::format("setup.warbands[{}]", side), *content_);
      continue;
    }
    const std::string name = given[side].get<std::string>();
    if (looks_like_path(name)) {
      warbands_[side] = load_warband_file(name, *content_);
    } else if (const WarbandDef* found = content_->find_warband(name)) {
      warbands_[side] = *found;
    } else {
      std::vector<std::string> known;
      for (const auto& warband : content_->warbands)
        known.push_back(warband.id);
      throw InputError("setup.warbands", fmt::format("unknown warband '{}'; known warbands: {}",
                                                     name, fmt::join(known, ", ")));
    }
  }
  add_custom_units();
  for (int side = 0; side < 2; ++side) {
    const WarbandDef& warband = warbands_[side];
    const auto problems = validate_warband(warband, *content_);
    // A content file names itself, so that a designer whose change priced a sample list over its
    // limit knows which file to open (in the message: a server words a `where` as a field).
    if (!problems.empty())
      throw InputError(
          "warband '" + warband.name + "'",
          fmt::format("not a legal warband{}: {}",
                      warband.source.empty() ? std::string()
                                             : fmt::format(" (its file: {})", warband.source),
                      fmt::join(problems, "; ")));
  }

  if (content_->maps.empty()) throw InputError(content_->dir, "the content has no maps");
  const std::string map_id = setup_string(setup_, "map", content_->maps.front().id);
  const MapDef* map = content_->find_map(map_id);
  if (!map) {
    std::vector<std::string> known;
    for (const auto& m : content_->maps)
      known.push_back(m.id);
    throw InputError("setup.map", fmt::format("unknown map '{}'; known maps: {}", map_id,
                                              fmt::join(known, ", ")));
  }
  map_ = folder->finalized_map(map->id);

  // The roster: each side's Kon first, then its other units (the order the units are listed in;
  // each player deploys them in the order they choose).
  const std::map<std::string, int> material = material_points(setup_, *content_);
  for (int side = 0; side < 2; ++side) {
    const WarbandDef& warband = warbands_[side];
    std::vector<const UnitProfile*> units;
    bool kon_taken = false;
    const UnitProfile* kon = content_->find_unit(warband.kon_profile);
    for (const auto& entry : warband.units)
      for (int i = 0; i < entry.count; ++i) {
        const UnitProfile* profile = content_->find_unit(entry.profile);
        if (profile == kon && !kon_taken) {
          kon_taken = true;
          continue;
        }
        units.push_back(profile);
      }
    units.insert(units.begin(), kon);
    if (static_cast<int>(units.size()) > kMaxUnitsPerSide)
      throw InputError("warband '" + warband.name + "'",
                       fmt::format("has {} units; a game holds at most {} a side", units.size(),
                                   kMaxUnitsPerSide));
    for (std::size_t i = 0; i < units.size(); ++i) {
      RosterEntry entry;
      entry.side = side;
      entry.profile = units[i];
      entry.is_kon = i == 0;
      const auto weighed = material.find(units[i]->id);
      entry.material = weighed == material.end() ? units[i]->points : weighed->second;
      fmt::format_to_n(entry.label, sizeof(entry.label) - 1, "{}{}", side == 0 ? 'R' : 'B', i + 1);
      if (entry.is_kon) kon_units_[side] = static_cast<int>(roster_.size());
      roster_.push_back(entry);
    }
  }

  // The spells of both decks, by a small local index; the Kon's copy leaves the deck ("take that
  // Spell Card and remove it from your deck").
  std::map<int, int> local_index;
  for (int side = 0; side < 2; ++side) {
    decks_[side].assign(kMaxGameSpells, 0);
    for (const auto& [spell_id, copies] : warbands_[side].deck) {
      const int content_index = content_->spell_index(spell_id);
      auto [it, added] = local_index.emplace(content_index, static_cast<int>(spells_.size()));
      if (added) {
        if (static_cast<int>(spells_.size()) >= kMaxGameSpells)
          throw InputError(
              "setup.warbands",
              fmt::format("the two decks hold more than {} different spells", kMaxGameSpells));
        GameSpell spell;
        spell.card = &content_->spells[content_index];
        spells_.push_back(std::move(spell));
      }
      decks_[side][it->second] += copies;
    }
    const int kon_spell = local_index.at(content_->spell_index(warbands_[side].kon_spell));
    kon_spells_[side] = kon_spell;
    --decks_[side][kon_spell];
  }
  for (auto& spell : spells_) {
    const SpellCard& card = *spell.card;
    if (static_cast<int>(card.targets.size()) > kMaxSlots)
      throw InputError("spell '" + card.id + "'",
                       fmt::format("a spell names at most {} targets", kMaxSlots));
    auto slot_named = [&](const std::string& name) {
      for (std::size_t i = 0; i < card.targets.size(); ++i)
        if (card.targets[i].name == name) return static_cast<int>(i);
      return -1;
    };
    for (const auto& slot : card.targets)
      spell.slot_near.push_back(slot.near.empty() ? -1 : slot_named(slot.near));
    for (const auto& effect : card.effects) {
      spell.effect_slot.push_back(effect.target.empty() ? -1 : slot_named(effect.target));
      GameSpell::When when = GameSpell::kAlways;
      int when_slot = -1;
      if (effect.when.starts_with("destroyed:")) {
        when = GameSpell::kIfDestroyed;
        when_slot = slot_named(effect.when.substr(10));
      } else if (effect.when.starts_with("survived:")) {
        when = GameSpell::kIfSurvived;
        when_slot = slot_named(effect.when.substr(9));
      }
      if (when != GameSpell::kAlways && when_slot < 0)
        throw InputError("spell '" + card.id + "'", "'when' names no target slot: " + effect.when);
      spell.effect_when.push_back(when);
      spell.effect_when_slot.push_back(when_slot);
    }
  }

  info_.ruleset = "atomspast";
  info_.title = "AtomsPast";
  info_.num_players = 2;
  // A generous bound: set-up, then per player turn every draw, roll and unit action.
  constexpr int kApplyBoundPerTurn = 16000;
  info_.max_game_length = 1000 + parameters_.turn_limit * 2 * kApplyBoundPerTurn;
}

DeployZone AtomsPastGame::deploy_zone(int side) const {
  // "Tom deploys all of his Units up to Range 3 from his board edge": the `deploy_depth` rows (or
  // columns) nearest it. Red has the north (west) edge, Blue the south (east).
  const int depth = parameters_.deploy_depth;
  const int width = map_.board.width(), height = map_.board.height();
  if (map_.west_east)
    return side == 0 ? DeployZone{0, 0, depth - 1, height - 1}
                     : DeployZone{width - depth, 0, width - 1, height - 1};
  return side == 0 ? DeployZone{0, 0, width - 1, depth - 1}
                   : DeployZone{0, height - depth, width - 1, height - 1};
}

std::unique_ptr<State> AtomsPastGame::new_initial_state() const {
  return std::make_unique<AtomsPastState>(shared_from_this());
}

std::unique_ptr<State> AtomsPastGame::state_from_json(const nlohmann::json& json) const {
  auto state = std::make_unique<AtomsPastState>(shared_from_this());
  state->load_json(json);
  return state;
}

}  // namespace warband::atomspast
