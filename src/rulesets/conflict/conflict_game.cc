// Building a Conflict game from a setup: the engine's numbers, the table, both warbands and where
// each model deploys.
#include "rulesets/conflict/conflict_game.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>

#include "core/content_files.h"
#include "core/content_root.h"
#include "core/error.h"
#include "core/file_io.h"
#include "core/folder_cache.h"
#include "core/registry.h"
#include "core/tabletop_deploy.h"
#include "core/tabletop_file.h"
#include "core/tabletop_text.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "rulesets/conflict/character_cost.h"
#include "rulesets/conflict/conflict_state.h"
#include "rulesets/conflict/warband_file.h"

namespace warband::conflict {
namespace {

// Inches to the hundredth, from `low` to `high`, as units.
int read_units(const TomlFields& f, std::string_view key, double low, double high) {
  const toml::node& node = f.require(key, "a number of inches");
  std::optional<double> value;
  if (const auto* i = node.as_integer()) value = static_cast<double>(i->get());
  if (const auto* d = node.as_floating_point()) value = d->get();
  const double scaled = value ? *value * tabletop::kUnitsPerInch : 0;
  if (!value || !std::isfinite(*value) || *value < low || *value > high ||
      std::abs(scaled - std::round(scaled)) > 1e-6)
    f.fail(node, fmt::format("'{}' must be inches from {} to {} (at most two decimals), got {}",
                             key, low, high, describe_toml_value(node)));
  return static_cast<int>(std::lround(scaled));
}

// Places a side's models in its zone, in warband order, with core's deploy_spot: a line facing
// the enemy (docs/rulings/conflict.md, "Deployment").
void deploy(std::vector<GameModel>& models, int side, const tabletop::Table& table, int depth,
            const std::string& where) {
  for (GameModel& model : models) {
    if (model.side != side) continue;
    std::vector<tabletop::PlacedBase> placed;
    for (const GameModel& other : models)
      if (&other != &model && other.start_facing >= 0)
        placed.push_back({other.start, other.diameter});
    if (!tabletop::deploy_spot(table, depth, side == 1, model.diameter, placed, model.start))
      throw InputError(where,
                       fmt::format("{} ({}) does not fit in the {}\" deployment zone", model.label,
                                   model.character.name, tabletop::inches_text(depth)));
    model.start_facing = side == 0 ? tabletop::kTurn / 4 : 3 * tabletop::kTurn / 4;
  }
}

// The folder's game.toml and its creation rules (sizes, abilities, costs), read once and again
// only when a file under the folder changes (core/folder_cache.h): a balance run builds two games a
// drawn pair, a conformance run or an undo one per replay.
struct FolderRules {
  EngineRules engine;
  CreationRules creation;
  // The folder's tables by id, each parsed once too (parsing a table was a twentieth of a
  // random-bot balance run). One that does not read is left out: the game naming it reads it
  // itself and says why.
  std::map<std::string, tabletop::TableDocument, std::less<>> tables;
};

std::shared_ptr<const FolderRules> rules_of_folder(const std::string& conflict) {
  static FolderCache<FolderRules> cache([](const std::string& folder) {
    FolderRules rules{load_engine_rules(folder + "/game.toml"), load_creation_rules(folder), {}};
    for (const std::string& id : content_ids(folder + "/tables", ".table.toml")) {
      try {
        rules.tables.emplace(
            id, tabletop::read_table_document(folder + "/tables/" + id + ".table.toml"));
      } catch (const InputError&) {
      }
    }
    return rules;
  });
  return cache.get(conflict);
}

// The table `setup` names (its "map", the default table without one): a shipped table's id (a
// name with no '/' and no .toml, as resolve_content_file reads it) is the folder's parsed table; a
// file of the player's is read here, into `read`. `path` gets the file's path, for errors.
const tabletop::TableDocument& setup_table(const nlohmann::json& setup, const std::string& conflict,
                                           const FolderRules& folder_rules,
                                           std::optional<tabletop::TableDocument>& read,
                                           std::string& path) {
  const nlohmann::json table_id = setup.value("map", nlohmann::json(kDefaultTable));
  const std::string* table_name = table_id.get_ptr<const std::string*>();
  const auto shipped = table_name != nullptr && table_name->find('/') == std::string::npos &&
                               !table_name->ends_with(".toml")
                           ? folder_rules.tables.find(*table_name)
                           : folder_rules.tables.end();
  if (shipped != folder_rules.tables.end()) {
    path = conflict + "/tables/" + shipped->first + ".table.toml";
    return shipped->second;
  }
  path = resolve_content_file(table_id, conflict + "/tables", ".table.toml", "table", "setup.map");
  read = tabletop::read_table_document(path);
  return *read;
}

// Side `side`'s model `number` (from 0), not yet deployed. InputError at `path` for a character
// that cannot play: a size off the Size Category table, no attack, an ability not in
// abilities.toml.
GameModel game_model(const Character& character, int side, int number,
                     const CreationRules& creation, const std::string& path) {
  const SizeCategory* size = creation.find_size(character.size);
  if (size == nullptr)
    throw InputError(path, fmt::format("'{}' has size {}, not in the Size Category table",
                                       character.name, character.size));
  if (character.attacks.empty())
    throw InputError(path, fmt::format("'{}' has no attack", character.name));
  GameModel model;
  model.character = character;
  model.side = side;
  model.number = number;
  model.label = fmt::format("{}{}", side == 0 ? 'R' : 'B', number + 1);
  model.points = character_points(character, creation.costs);
  model.diameter = size->base_hundredths;
  model.strides = size->strides + character.extra_strides;
  model.attack_reach = size->attack_reach_hundredths;
  model.influence = size->influence_hundredths;
  for (const std::string& id : character.abilities) {
    const Ability* ability = creation.find_ability(id);
    if (ability == nullptr)
      throw InputError(path,
                       fmt::format("'{}' has the ability '{}', not in abilities.toml; "
                                   "known: {}",
                                   character.name, id, fmt::join(creation.ability_ids(), ", ")));
    merge_ability_play(model.play, ability->play);
    if (ability->acts) model.actions.push_back({ability->name, ability->action});
  }
  if (static_cast<int>(model.actions.size()) > kMaxAbilityActions)
    throw InputError(path, fmt::format("'{}' has {} ability actions; at most {} play",
                                       character.name, model.actions.size(), kMaxAbilityActions));
  model.start_facing = -1;  // not placed yet
  return model;
}

}  // namespace

void check_sides_deploy(const nlohmann::json& setup,
                        const std::array<std::vector<const Character*>, 2>& sides) {
  const std::string conflict = setup_content_root(setup) + "/conflict";
  const std::shared_ptr<const FolderRules> folder_rules = rules_of_folder(conflict);
  std::optional<tabletop::TableDocument> read;
  std::string table_path;
  const tabletop::TableDocument& document =
      setup_table(setup, conflict, *folder_rules, read, table_path);
  std::vector<GameModel> models;
  for (int side = 0; side < 2; ++side) {
    const std::string where = fmt::format("setup.warbands[{}]", side);
    if (sides[side].empty()) throw InputError(where, "a warband needs a character");
    if (static_cast<int>(sides[side].size()) > kMaxModelsPerSide)
      throw InputError(where, fmt::format("at most {} characters play", kMaxModelsPerSide));
    for (std::size_t c = 0; c < sides[side].size(); ++c)
      models.push_back(
          game_model(*sides[side][c], side, static_cast<int>(c), folder_rules->creation, where));
  }
  for (int side = 0; side < 2; ++side)
    deploy(models, side, document.table, folder_rules->engine.deployment_depth, "setup.warbands");
}

EngineRules load_engine_rules(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  const TomlFields f(path, root);
  f.check_keys({"round_limit", "deployment_depth", "objective_radius", "move_lattice",
                "rear_arc_degrees", "climb_reach", "climb_inset", "push_per_size", "push_minimum",
                "reinforced_wounds_per_size", "reinforced_resistance_per_size",
                "impact_damage_per_size", "objective_marker", "zone_points"});
  EngineRules rules;
  rules.round_limit = f.integer("round_limit", 1, kMaxRoundLimit);
  rules.deployment_depth = read_units(f, "deployment_depth", 1, 50);
  rules.objective_radius = read_units(f, "objective_radius", 0, 50);
  rules.move_lattice = read_units(f, "move_lattice", 0.25, 6);
  rules.rear_arc = f.integer("rear_arc_degrees", 1, 360) * 10;
  rules.climb_reach = read_units(f, "climb_reach", 0, 6);
  rules.climb_inset = read_units(f, "climb_inset", 0, 1);
  rules.push_per_size = read_units(f, "push_per_size", 0, 12);
  rules.push_minimum = read_units(f, "push_minimum", 0, 12);
  rules.reinforced_wounds_per_size = f.integer("reinforced_wounds_per_size", 1, 10);
  rules.reinforced_resistance_per_size = f.integer("reinforced_resistance_per_size", 0, 10);
  rules.impact_damage_per_size = f.integer("impact_damage_per_size", 0, 10);
  rules.objective_marker = read_units(f, "objective_marker", 0, 12);
  rules.zone_points = f.integer("zone_points", 0, 100);
  return rules;
}

nlohmann::json setup_choices(const std::string& content_dir) {
  const std::string root = content_dir.empty() ? default_content_dir() : content_dir;
  const std::string conflict = root + "/conflict";
  nlohmann::json maps = nlohmann::json::array();
  for (const std::string& id : content_ids(conflict + "/tables", ".table.toml")) {
    const tabletop::TableDocument table =
        tabletop::read_table_document(conflict + "/tables/" + id + ".table.toml");
    maps.push_back({{"id", id},
                    {"name", table.name},
                    {"width", tabletop::inches_text(table.table.width)},
                    {"depth", tabletop::inches_text(table.table.depth)}});
  }
  nlohmann::json warbands = nlohmann::json::array();
  int defaults_held = 0;
  for (const std::string& id : content_ids(conflict + "/warbands", ".warband.toml")) {
    defaults_held += std::ranges::count(kDefaultWarbands, id);
    const std::string path = conflict + "/warbands/" + id + ".warband.toml";
    const Warband warband =
        parse_warband_toml(read_text_file(path), path, characters_folder_of(conflict));
    warbands.push_back({{"id", id},
                        {"name", warband.name},
                        {"description", warband.description},
                        {"characters", warband.characters.size()}});
  }
  nlohmann::json choices = {{"maps", maps}, {"warbands", warbands}};
  if (defaults_held == 2) choices["default_warbands"] = kDefaultWarbands;
  return choices;
}

ConflictGame::ConflictGame(const nlohmann::json& setup) : setup_(setup) {
  if (!setup_.is_object()) throw InputError("setup", "expected an object");
  const std::string root = setup_content_root(setup_);
  const std::string conflict = root + "/conflict";
  const std::shared_ptr<const FolderRules> folder_rules = rules_of_folder(conflict);
  rules_ = folder_rules->engine;
  creation_ = folder_rules->creation;
  round_limit_ = rules_.round_limit;
  if (setup_.contains("parameters") && setup_["parameters"].contains("round_limit")) {
    const int limit = setup_["parameters"]["round_limit"].get<int>();
    if (limit > 0) round_limit_ = limit;
  }
  if (setup_.contains("parameters") && setup_["parameters"].contains("automatic_deployment")) {
    const nlohmann::json& value = setup_["parameters"]["automatic_deployment"];
    if (!value.is_boolean())
      throw InputError("setup.parameters.automatic_deployment", "expected true or false");
    automatic_deployment_ = value.get<bool>();
  }

  std::optional<tabletop::TableDocument> read;
  std::string table_path;
  const tabletop::TableDocument& document =
      setup_table(setup_, conflict, *folder_rules, read, table_path);
  for (const tabletop::TableObjective& objective : document.objectives) {
    static const std::vector<std::string> kKinds = {"seize", "activate", "carry"};
    const auto kind = std::find(kKinds.begin(), kKinds.end(), objective.kind);
    if (kind == kKinds.end())
      throw InputError(table_path,
                       fmt::format("objective '{}': kind '{}' is not one of {}", objective.name,
                                   objective.kind, fmt::join(kKinds, ", ")));
    objectives_.push_back({objective.name, objective.at,
                           static_cast<ObjectiveKind>(kind - kKinds.begin()), objective.points});
  }
  table_ = document.table;
  table_name_ = document.name;
  piece_names_ = document.piece_names;

  // Read where they stand: a balance run's sides hold every character whole, and copying them was
  // a twentieth of its run.
  const nlohmann::json default_sides = kDefaultWarbands;
  const nlohmann::json* given_sides = &default_sides;
  if (const auto found = setup_.find("warbands"); found != setup_.end()) {
    given_sides = &*found;
    if (!given_sides->is_array() || given_sides->size() != 2)
      throw InputError("setup.warbands", "expected two warbands, Red's and Blue's");
  }
  const nlohmann::json& sides = *given_sides;
  for (int side = 0; side < 2; ++side) {
    const std::string where = fmt::format("setup.warbands[{}]", side);
    // A warband's id or file, or the warband itself as its JSON export (the balance runs' random
    // warbands, so that their setups replay without files).
    const bool inline_warband = sides[side].is_object();
    const std::string path = inline_warband
                                 ? where
                                 : resolve_content_file(sides[side], conflict + "/warbands",
                                                        ".warband.toml", "warband", where);
    const Warband warband =
        inline_warband
            ? warband_from_json(sides[side], where, characters_folder_of(conflict))
            : parse_warband_toml(read_text_file(path), path, characters_folder_of(conflict));
    // No game plays what the builder refuses (a character over its size's Wounds, a warband over
    // its points limit), every problem with its file and line. A side given whole (a balance
    // run's, drawn at the prices under test) may cost more than its limit by the formula.
    Warband checked = warband;
    if (inline_warband)
      checked.points_limit =
          std::max(checked.points_limit, warband_points(warband, creation_.costs));
    const std::vector<std::string> problems =
        inline_warband ? warband_problems(checked, creation_)
                       : all_warband_problems(read_warband_toml(read_text_file(path), path,
                                                                characters_folder_of(conflict)),
                                              creation_);
    if (!problems.empty())
      throw InputError(path, fmt::format("'{}' is not a legal warband: {}", warband.name,
                                         fmt::join(problems, "; ")));
    warband_names_[side] = warband.name;
    if (warband.characters.empty()) throw InputError(path, "a warband needs a character");
    if (static_cast<int>(warband.characters.size()) > kMaxModelsPerSide)
      throw InputError(path, fmt::format("at most {} characters play", kMaxModelsPerSide));
    int number = 0;
    for (const WarbandEntry& entry : warband.characters)
      models_.push_back(game_model(entry.character, side, number++, creation_, path));
    side_sizes_[side] = number;
  }
  for (int side = 0; side < 2; ++side)
    deploy(models_, side, table_, rules_.deployment_depth, "setup.warbands");

  info_.ruleset = "conflict";
  info_.title = "Conflict";
  info_.num_players = 2;
  // Per activation: the activation, each leg costing a Stride (Run doubles them), climbs and
  // stand-ups, one maneuver, an attack's cards (two, then two a target) and the end; per round
  // every model once, passes and the initiative cards.
  int most_strides = 0;
  int most_ability_actions = 0;  // each a decision and, resisted, four cards
  for (const GameModel& model : models_) {
    most_strides = std::max(most_strides, model.strides);
    most_ability_actions = std::max(most_ability_actions, static_cast<int>(model.actions.size()));
  }
  const int per_activation =
      8 + 4 * most_strides + 2 + 2 + 2 * kMaxGameModels + 5 * most_ability_actions;
  info_.max_game_length =
      round_limit_ * (model_count() * (per_activation + 1) + 4) + 16 + model_count();
}

std::unique_ptr<State> ConflictGame::new_initial_state() const {
  return std::make_unique<ConflictState>(shared_from_this());
}

}  // namespace warband::conflict
