// Building a Spellweavers game from a setup: the wizards of each side (content ids, wizard files or
// wizard objects), the battlefield and parameter overrides.
#include "rulesets/spellweavers/spellweavers_game.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <memory>
#include <string_view>

#include "core/content_root.h"
#include "core/error.h"
#include "core/folder_cache.h"
#include "core/registry.h"
#include "rulesets/spellweavers/spellweavers_state.h"
#include "rulesets/spellweavers/wizard_file.h"

namespace warband::spellweavers {
namespace {

// A content root's maps, read once and again only when a file under its spellweavers folder
// changes (core/folder_cache.h): a running server's next game plays a saved file, and a sweep's
// games read the folder as it was when the sweep began.
constexpr std::string_view kFolder = "/spellweavers";

std::shared_ptr<const std::vector<BattleMap>> root_maps(const std::string& root) {
  static FolderCache<std::vector<BattleMap>> cache([](const std::string& folder) {
    return load_battle_maps(folder.substr(0, folder.size() - kFolder.size()));
  });
  return cache.get(root + std::string(kFolder));
}

bool looks_like_path(const std::string& name) {
  return name.find('/') != std::string::npos || name.ends_with(".toml");
}

Wizard read_wizard(const nlohmann::json& given, const std::string& root, const std::string& where) {
  if (given.is_object()) return wizard_from_json(given, where);
  if (!given.is_string())
    throw InputError(where, "expected a wizard id, a wizard file or a wizard object");
  const std::string name = given.get<std::string>();
  if (looks_like_path(name)) return load_wizard_file(name);
  const std::vector<std::string> known = content_wizard_ids(root);
  if (std::find(known.begin(), known.end(), name) == known.end())
    throw InputError(
        where, fmt::format("unknown wizard '{}'; known wizards: {}", name, fmt::join(known, ", ")));
  return load_wizard_file(content_wizards_dir(root) + "/" + name + ".wizard.toml");
}

// One side: a wizard, "id,id" (several wizards from the command line), or an array of wizards.
std::vector<Wizard> read_side(const nlohmann::json& given, const std::string& root,
                              const std::string& where) {
  std::vector<Wizard> wizards;
  if (given.is_array()) {
    for (std::size_t i = 0; i < given.size(); ++i)
      wizards.push_back(read_wizard(given[i], root, fmt::format("{}[{}]", where, i)));
  } else if (given.is_string() && given.get<std::string>().find(',') != std::string::npos) {
    std::string text = given.get<std::string>();
    std::size_t start = 0;
    while (start <= text.size()) {
      const std::size_t comma = std::min(text.find(',', start), text.size());
      wizards.push_back(read_wizard(text.substr(start, comma - start), root, where));
      start = comma + 1;
    }
  } else {
    wizards.push_back(read_wizard(given, root, where));
  }
  if (wizards.empty()) throw InputError(where, "a side needs at least one wizard");
  return wizards;
}

GameSpell game_spell(const Spell& spell, const TalentChoice& talent, const Parameters& parameters) {
  GameSpell out;
  out.spell = spell;
  const int power = spell_power(spell).power;
  for (int actions = 0; actions <= 2; ++actions) {
    if (!may_cast_with(power, spell.snapcast, actions, parameters)) continue;
    const CastCost cost = cast_cost(spell, &talent, actions, parameters);
    if (cost.allowed) out.mp_cost[actions] = cost.mp_cost;
  }
  for (const Effect& effect : spell.effects) {
    if (effect.kind == EffectKind::kDamage) out.damage_dice = effect.amount;
    if (effect.kind == EffectKind::kHealing) out.healing_dice = effect.amount;
  }
  return out;
}

// Red's and Blue's wizards when the setup names none: the content's first `per_side` ids, then
// the next ones (wrapping round a short list).
nlohmann::json default_sides(const std::string& root, int per_side) {
  const std::vector<std::string> ids = content_wizard_ids(root);
  if (ids.empty()) throw InputError(content_wizards_dir(root), "the content has no wizards");
  nlohmann::json sides = nlohmann::json::array();
  for (int side = 0; side < 2; ++side) {
    nlohmann::json wizards = nlohmann::json::array();
    for (int i = 0; i < per_side; ++i)
      wizards.push_back(ids[(side * per_side + i) % ids.size()]);
    sides.push_back(wizards);
  }
  return sides;
}

}  // namespace

int SpellweaversGame::round_limit() const {
  // turn_limit 0 ("no limit") still ends a battle after kNoLimitRounds, so that every game ends.
  return parameters_.turn_limit > 0 ? parameters_.turn_limit : kNoLimitRounds;
}

nlohmann::json setup_choices(const std::string& content_dir) {
  const std::string root = content_dir.empty() ? default_content_dir() : content_dir;
  nlohmann::json maps = nlohmann::json::array();
  for (const BattleMap& map : *root_maps(root))
    maps.push_back({{"id", map.id},
                    {"name", map.name},
                    {"description", map.description},
                    {"width", map.board.width()},
                    {"height", map.board.height()}});
  nlohmann::json warbands = nlohmann::json::array();
  const Parameters parameters = root_parameters(root);
  for (const std::string& id : content_wizard_ids(root)) {
    const Wizard wizard = load_wizard_file(content_wizards_dir(root) + "/" + id + ".wizard.toml");
    const std::vector<std::string> problems = wizard_problems(wizard, parameters);
    warbands.push_back({{"id", id},
                        {"name", wizard.name},
                        {"description", wizard.description},
                        {"talent", talent_name(wizard.talent.talent)},
                        {"spells", wizard.spells.size()},
                        {"legal", problems.empty()},
                        {"problems", problems}});
  }
  return {{"maps", maps}, {"warbands", warbands}};
}

SpellweaversGame::SpellweaversGame(const nlohmann::json& setup) : setup_(setup) {
  if (!setup_.is_object()) {
    if (!setup_.is_null()) throw InputError("setup", "expected a JSON object");
    setup_ = nlohmann::json::object();
  }
  const std::string root = setup_content_root(setup_);
  parameters_ = root_parameters(root);
  if (setup_.contains("parameters")) apply_parameter_overrides(setup_["parameters"], parameters_);
  for (int remove : {parameters_.poison_remove, parameters_.slow_remove, parameters_.stun_remove,
                     parameters_.regenerate_remove, parameters_.protection_remove})
    if (remove > parameters_.die_faces)
      throw InputError("setup.parameters",
                       fmt::format("a remove value ({}) is above die_faces ({}): the condition "
                                   "could never be removed",
                                   remove, parameters_.die_faces));

  // The map: the content's, by id (the default map when none is named).
  const std::shared_ptr<const std::vector<BattleMap>> held_maps = root_maps(root);
  const std::vector<BattleMap>& maps = *held_maps;
  if (maps.empty()) throw InputError(root + "/spellweavers/maps", "the content has no maps");
  std::string map_id = kDefaultMap;
  if (setup_.contains("map")) {
    if (!setup_["map"].is_string()) throw InputError("setup.map", "expected a string");
    map_id = setup_["map"].get<std::string>();
  }
  const auto map =
      std::find_if(maps.begin(), maps.end(), [&](const BattleMap& m) { return m.id == map_id; });
  if (map == maps.end()) {
    std::vector<std::string> known;
    for (const BattleMap& m : maps)
      known.push_back(m.id);
    throw InputError("setup.map", fmt::format("unknown map '{}'; known maps: {}", map_id,
                                              fmt::join(known, ", ")));
  }
  map_ = *map;

  // The wizards: Red's, then Blue's. Without a setup's, the content's first wizards_per_side
  // wizards (by id) for Red and the next ones for Blue.
  nlohmann::json given = default_sides(root, parameters_.wizards_per_side);
  if (setup_.contains("warbands")) {
    given = setup_["warbands"];
    if (!given.is_array() || given.size() != 2)
      throw InputError("setup.warbands",
                       "expected two sides, Red's then Blue's: each a wizard id, a wizard file, "
                       "a wizard object or an array of them");
  }
  for (int side = 0; side < 2; ++side) {
    const std::string where = fmt::format("setup.warbands[{}]", side);
    const std::vector<Wizard> wizards = read_side(given[side], root, where);
    if (static_cast<int>(wizards.size()) > kMaxWizardsPerSide)
      throw InputError(where, fmt::format("{} wizards; a side fields at most {}", wizards.size(),
                                          kMaxWizardsPerSide));
    if (wizards.size() > map_.deployment[side].size())
      throw InputError(where, fmt::format("{} wizards, but the map '{}' has {} start squares for "
                                          "this side",
                                          wizards.size(), map_.id, map_.deployment[side].size()));
    for (std::size_t i = 0; i < wizards.size(); ++i) {
      const Wizard& wizard = wizards[i];
      const std::vector<std::string> problems = wizard_problems(wizard, parameters_);
      if (!problems.empty())
        throw InputError(where, fmt::format("wizard '{}' is not legal: {}", wizard.name,
                                            fmt::join(problems, "; ")));
      if (static_cast<int>(wizard.spells.size()) > kMaxSpellsPerWizard)
        throw InputError(
            where, fmt::format("wizard '{}' has {} spells; a game holds at most {}", wizard.name,
                               wizard.spells.size(), kMaxSpellsPerWizard));
      if (static_cast<int>(wizards_.size()) >= kMaxWizards)
        throw InputError("setup.warbands",
                         fmt::format("a game holds at most {} wizards", kMaxWizards));
      GameWizard entry;
      entry.wizard = wizard;
      entry.side = side;
      entry.label = fmt::format("{}{}", side == 0 ? 'R' : 'B', i + 1);
      for (const Spell& spell : wizard.spells) {
        entry.spells.push_back(game_spell(spell, wizard.talent, parameters_));
        const GameSpell& added = entry.spells.back();
        int cheapest = -1;
        for (const int cost : added.mp_cost)
          if (cost >= 0 && (cheapest < 0 || cost < cheapest)) cheapest = cost;
        if (added.damage_dice == 0 || cheapest < 0) continue;
        const int range =
            range_squares(spell.range) < 0 ? kUnlimitedRange : range_squares(spell.range);
        if (range > entry.attack.range) entry.attack = AttackReach{range, cheapest};
      }
      wizards_.push_back(std::move(entry));
    }
  }

  info_.ruleset = "spellweavers";
  info_.title = "Spellweavers";
  info_.num_players = 2;
  // A generous bound: every combatant's turn of each round, each with its rolls and a spell's
  // removal rolls on every combatant.
  constexpr int kAppliesPerTurn = 400;
  info_.max_game_length = kMaxWizards + round_limit() * kMaxCombatants * kAppliesPerTurn;
}

std::unique_ptr<State> SpellweaversGame::new_initial_state() const {
  return std::make_unique<SpellweaversState>(shared_from_this());
}

std::unique_ptr<State> SpellweaversGame::state_from_json(const nlohmann::json& json) const {
  auto state = std::make_unique<SpellweaversState>(shared_from_this());
  state->load_json(json);
  return state;
}

}  // namespace warband::spellweavers
