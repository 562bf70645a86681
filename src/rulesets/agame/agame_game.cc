// Building an A Game game from a setup: the content, the table, both lists and where each model
// deploys (ruling "Setup").
#include "rulesets/agame/agame_game.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <optional>

#include "core/content_files.h"
#include "core/error.h"
#include "core/file_io.h"
#include "core/registry.h"
#include "core/tabletop_deploy.h"
#include "core/tabletop_file.h"
#include "core/tabletop_text.h"
#include "rulesets/agame/agame_state.h"
#include "rulesets/agame/build_rules.h"
#include "rulesets/agame/deck_file.h"
#include "rulesets/agame/dice_pools.h"
#include "rulesets/agame/folder_files.h"
#include "rulesets/agame/game_points.h"
#include "rulesets/agame/warband_file.h"

namespace warband::agame {
namespace {

// A side as the game plays it: its name and each model's profile (with a warband's advances) and
// name.
struct Side {
  std::string name;
  std::vector<Model> models;
  std::vector<std::string> model_names;
  int points_limit = 0;  // a warband document's own limit; 0 for a list
  // By model: its index in the folder's content.models when it is that profile as the content
  // has it (a list's, a profile name's), else -1 (a warband document's, which may be changed).
  std::vector<int> profiles;
};

// The index of `model`, one of `content`'s models.
int profile_index(const Content& content, const Model& model) {
  return static_cast<int>(&model - content.models.data());
}

// A warband document as a side, refused with every builder problem (warband.toml, the points
// limit, experience) when it breaks the rules (ruling "Setup from warband documents").
Side warband_side(const Warband& warband, const std::vector<std::string>& problems,
                  const BuildRules& rules, const std::string& where) {
  if (!problems.empty())
    throw InputError(where, fmt::format("warband \"{}\" breaks the builder's rules: {}",
                                        warband.name, fmt::join(problems, "; ")));
  Side side{warband.name, {}, {}, warband.points_limit};
  for (const WarbandModel& entry : warband.models) {
    side.models.push_back(*model_of(entry, rules));
    side.model_names.push_back(entry.label());
  }
  return side;
}

// A side: a list id of lists.toml, a shipped warband's id or a *.warband.toml file, the warband
// inline as its JSON export, or an array of profile names.
Side side_of(const FolderFiles& files, const std::string& root, const nlohmann::json& given,
             const std::string& where) {
  const Content& content = files.content;
  if (given.is_string()) {
    const std::string id = given.get<std::string>();
    for (const Content::List& list : content.lists)
      if (list.id == id) {
        Side side{list.name, {}, list.models};
        for (const std::string& name : list.models) {
          const Model& model = content.find_model(name, where);
          side.models.push_back(model);
          side.profiles.push_back(profile_index(content, model));
        }
        return side;
      }
    const std::string folder = warbands_folder_of(root);
    const std::vector<std::string> warbands = content_ids(folder, ".warband.toml");
    const bool is_file = id.find('/') != std::string::npos || id.ends_with(".toml");
    if (!is_file && std::find(warbands.begin(), warbands.end(), id) == warbands.end()) {
      std::vector<std::string> lists;
      for (const Content::List& list : content.lists)
        lists.push_back(list.id);
      throw InputError(where, fmt::format("unknown list or warband '{}'; lists: {}; warbands: {}",
                                          id, fmt::join(lists, ", "), fmt::join(warbands, ", ")));
    }
    const std::string path = resolve_content_file(given, folder, ".warband.toml", "warband", where);
    const BuildRules& rules = files.build_rules();
    const WarbandRead read = read_warband_toml(read_text_file(path), path);
    return warband_side(read.warband, all_warband_problems(read, rules), rules, where);
  }
  if (given.is_object()) {
    const BuildRules& rules = files.build_rules();
    const Warband warband = warband_from_json(given, where);
    return warband_side(warband, warband_problems(warband, rules), rules, where);
  }
  if (!given.is_array())
    throw InputError(where,
                     "expected a list id, a warband id or file, a warband's JSON or an array of "
                     "profile names");
  Side side;
  for (std::size_t i = 0; i < given.size(); ++i) {
    if (!given[i].is_string())
      throw InputError(fmt::format("{}[{}]", where, i), "expected a profile name");
    const std::string& name = given[i].get_ref<const std::string&>();
    const Model* found = content.model_named(name);  // the place named only when it is not
    const Model& model = found ? *found : content.find_model(name, fmt::format("{}[{}]", where, i));
    side.models.push_back(model);
    side.profiles.push_back(profile_index(content, model));
    side.model_names.push_back(side.models.back().name);
  }
  side.name = fmt::format("{} models", side.models.size());
  return side;
}

// A shipped file's id as resolve_content_file reads it: a name with no '/' and no .toml, or null.
const std::string* shipped_id(const nlohmann::json& given) {
  const std::string* name = given.get_ptr<const std::string*>();
  return name != nullptr && name->find('/') == std::string::npos && !name->ends_with(".toml")
             ? name
             : nullptr;
}

// A side's deck: a shipped deck's id (the folder's, read once), a *.deck.toml file or the deck
// inline as its JSON export, refused with every builder problem (ruling "The draft's decks").
Deck deck_of(const FolderFiles& files, const BuildRules& rules, const nlohmann::json& given,
             const std::string& where) {
  if (const std::string* id = shipped_id(given)) {
    if (const auto shipped = files.decks.find(*id); shipped != files.decks.end()) {
      const ShippedDeck& read = shipped->second;
      if (!read.problems.empty())
        throw InputError(where, fmt::format("deck \"{}\" breaks the builder's rules: {}",
                                            read.deck.name, fmt::join(read.problems, "; ")));
      return read.deck;
    }
  }
  Deck deck;
  if (given.is_object()) {
    deck = deck_from_json(given, where);
  } else if (given.is_string()) {
    const std::string path =
        resolve_content_file(given, decks_folder_of(rules.folder), ".deck.toml", "deck", where);
    const DeckRead read = read_deck_toml(read_text_file(path), path);
    const std::vector<std::string> problems = all_deck_problems(read, rules);
    if (!problems.empty())
      throw InputError(where, fmt::format("deck \"{}\" breaks the builder's rules: {}",
                                          read.deck.name, fmt::join(problems, "; ")));
    return read.deck;
  } else {
    throw InputError(where, "expected a deck id, a *.deck.toml file or a deck's JSON");
  }
  const std::vector<std::string> problems = deck_problems(deck, rules);
  if (!problems.empty())
    throw InputError(where, fmt::format("deck \"{}\" breaks the builder's rules: {}", deck.name,
                                        fmt::join(problems, "; ")));
  return deck;
}

void check_pool(const Model& model, int dice, std::string_view pool, const std::string& where) {
  if (dice > kMaxDice)
    throw InputError(where, fmt::format("'{}' has {} {} dice; the engine plays at most {}",
                                        model.name, dice, pool, kMaxDice));
}

// Ruling "Points in play": each side within the game's points limit and the sides within its gap.
// A content folder without the builder's costs.toml and warband.toml (a test's, a variant's) has
// no points to check.
void check_side_points(const nlohmann::json& setup, const FolderFiles& files, int faces,
                       const std::array<Side, 2>& sides) {
  const PointsFiles* points = files.points_files();
  if (points == nullptr) return;
  const CostFormula& costs = points->costs;
  const PointsRule rule =
      points_rule(setup, points->warband, {sides[0].points_limit, sides[1].points_limit});
  // A profile as the content has it, at the content's faces, costs what the folder priced once.
  const bool priced_once = faces == files.content.parameters.faces &&
                           files.checked_points.size() == files.content.models.size();
  std::array<int, 2> side_totals{};
  for (int side = 0; side < 2; ++side) {
    const Side& given = sides[side];
    for (std::size_t m = 0; m < given.models.size(); ++m) {
      const int profile = m < given.profiles.size() ? given.profiles[m] : -1;
      side_totals[side] += priced_once && profile >= 0
                               ? files.checked_points[profile]
                               : model_points(given.models[m], costs, faces);
    }
  }
  check_points(side_totals, {sides[0].name, sides[1].name}, rule);
}

}  // namespace

nlohmann::json setup_choices(const std::string& content_dir) {
  const std::string root = (content_dir.empty() ? default_content_dir() : content_dir) + "/agame";
  nlohmann::json maps = nlohmann::json::array();
  for (const std::string& id : content_ids(root + "/tables", ".table.toml")) {
    const tabletop::TableDocument table =
        tabletop::read_table_document(root + "/tables/" + id + ".table.toml");
    maps.push_back({{"id", id},
                    {"name", table.name},
                    {"width", tabletop::inches_text(table.table.width)},
                    {"depth", tabletop::inches_text(table.table.depth)}});
  }
  nlohmann::json warbands = nlohmann::json::array();
  for (const Content::List& list : folder_files(root)->content.lists)
    warbands.push_back({{"id", list.id},
                        {"name", list.name},
                        {"description", fmt::format("{} models", list.models.size())},
                        {"characters", list.models.size()}});
  const std::string folder = warbands_folder_of(root);
  for (const std::string& id : content_ids(folder, ".warband.toml")) {
    const std::string path = folder + "/" + id + ".warband.toml";
    const Warband warband = parse_warband_toml(read_text_file(path), path);
    warbands.push_back({{"id", id},
                        {"name", warband.name},
                        {"description", warband.description},
                        {"characters", warband.models.size()}});
  }
  nlohmann::json decks = nlohmann::json::array();
  const std::string deck_folder = decks_folder_of(root);
  for (const std::string& id : content_ids(deck_folder, ".deck.toml")) {
    const std::string path = deck_folder + "/" + id + ".deck.toml";
    const Deck deck = parse_deck_toml(read_text_file(path), path);
    decks.push_back({{"id", id}, {"name", deck.name}, {"description", deck.description}});
  }
  return {{"maps", maps}, {"warbands", warbands}, {"decks", decks}};
}

AGameGame::AGameGame(const nlohmann::json& setup) : setup_(setup) {
  if (!setup_.is_object()) throw InputError("setup", "expected an object");
  const std::string root = setup_folder(setup_);
  const std::shared_ptr<const FolderFiles> files = folder_files(root);
  content_ = std::shared_ptr<const Content>(files, &files->content);
  const Parameters& p = content_->parameters;
  round_limit_ = p.round_limit;
  if (setup_.contains("parameters") && setup_["parameters"].contains("round_limit")) {
    const nlohmann::json& limit = setup_["parameters"]["round_limit"];
    if (!limit.is_number_integer() || limit.get<int>() < 0 || limit.get<int>() > 50)
      throw InputError("setup.parameters.round_limit", "expected a whole number from 0 to 50");
    if (limit.get<int>() > 0) round_limit_ = limit.get<int>();
  }

  draft_on_ = p.draft;
  if (setup_.contains("parameters") && setup_["parameters"].contains("draft")) {
    const nlohmann::json& draft = setup_["parameters"]["draft"];
    if (draft.is_boolean()) {
      draft_on_ = draft.get<bool>();
    } else if (draft.is_number_integer() && (draft.get<int>() == 0 || draft.get<int>() == 1)) {
      draft_on_ = draft.get<int>() == 1;
    } else {
      throw InputError("setup.parameters.draft", "expected 0 (no draft, no cards) or 1");
    }
  }
  if (draft_on_) take_decks(*files, files->build_rules());

  const nlohmann::json table_id = setup_.value("map", nlohmann::json(kDefaultTable));
  // A shipped table is the folder's, read once; a file of the player's is read here.
  const std::string* table_name = shipped_id(table_id);
  const auto shipped =
      table_name != nullptr ? files->tables.find(*table_name) : files->tables.end();
  std::optional<tabletop::TableDocument> read;
  if (shipped == files->tables.end())
    read = tabletop::read_table_document(
        resolve_content_file(table_id, root + "/tables", ".table.toml", "table", "setup.map"));
  const tabletop::TableDocument& document = read ? *read : shipped->second;
  table_ = document.table;
  table_name_ = document.name;
  piece_names_ = document.piece_names;

  nlohmann::json sides = nlohmann::json::array();
  for (std::size_t i = 0; i < 2 && i < content_->lists.size(); ++i)
    sides.push_back(content_->lists[i].id);
  if (setup_.contains("warbands")) sides = setup_["warbands"];
  if (!sides.is_array() || sides.size() != 2)
    throw InputError("setup.warbands", "expected two warbands, Red's and Blue's");
  std::array<Side, 2> given_sides;
  for (int side = 0; side < 2; ++side)
    given_sides[side] = side_of(*files, root, sides[side], fmt::format("setup.warbands[{}]", side));
  for (int side = 0; side < 2; ++side) {
    const std::string where = fmt::format("setup.warbands[{}]", side);
    const Side& given = given_sides[side];
    warband_names_[side] = given.name;
    const std::size_t count = given.models.size();
    if (static_cast<int>(count) < kMinModelsPerSide || static_cast<int>(count) > kMaxModelsPerSide)
      throw InputError(where, fmt::format("a warband has {} to {} models (\"3 to 10 model "
                                          "skirmish\"), this one {}",
                                          kMinModelsPerSide, kMaxModelsPerSide, count));
    int number = 0;
    for (std::size_t i = 0; i < count; ++i) {
      GameModel model;
      model.profile = given.models[i];
      model.name = given.model_names[i];
      const Model& m = model.profile;
      for (const PoolName& pool : kPoolNames)
        check_pool(m, dice_in(m, pool.pool), pool.name, where);
      model.side = side;
      model.label = fmt::format("{}{}", side == 0 ? 'R' : 'B', ++number);
      model.diameter = std::max(50, m.size * p.base_per_size);
      models_.push_back(std::move(model));
    }
  }
  check_side_points(setup_, *files, p.faces, given_sides);
  // Red's zone along y = 0, Blue's along the far edge, each model in list order.
  std::vector<tabletop::PlacedBase> placed;
  for (GameModel& model : models_) {
    if (!tabletop::deploy_spot(table_, p.deployment_depth, model.side == 1, model.diameter, placed,
                               model.start))
      throw InputError("setup.warbands",
                       fmt::format("{} ({}) does not fit in the {}\" deployment zone", model.label,
                                   model.profile.name, tabletop::inches_text(p.deployment_depth)));
    placed.push_back({model.start, model.diameter});
  }

  info_.ruleset = "agame";
  info_.title = "A Game";
  info_.num_players = 2;
  // Per target of a strike: its attack, dodge and save dice, the dodge choice, a reaction and its
  // roll, and a counter's own dice; per activation: the activation, its legs and ability, a
  // strike on every model and the end; per round every model once.
  const int per_target = 3 * kMaxDice + 3 + (3 * kMaxDice + 2);
  const int per_activation = 4 + 2 * 2 * kMaxDice + kMaxGameModels * per_target;
  // The draft: each deck's shuffle, the roll-off, three choices a round; then a card played at
  // most once each, with its own dice.
  const int draft = 2 * kMaxDeck + 1 + 3 * kMaxHand + 2 * kMaxHand * (4 + 2 * kMaxDice);
  info_.max_game_length = round_limit_ * (model_count() * per_activation + 4) + 16 + draft;
}

void AGameGame::take_decks(const FolderFiles& files, const BuildRules& rules) {
  draft_rules_ = rules.draft;
  cards_ = rules.cards;
  if (draft_rules_.deck_size > kMaxDeck || draft_rules_.rounds > kMaxHand || cards_.size() > 127)
    throw InputError("draft.toml", fmt::format("the engine plays decks of at most {} cards, at "
                                               "most {} rounds and 127 kinds of card",
                                               kMaxDeck, kMaxHand));
  nlohmann::json given = nlohmann::json::array();
  const std::vector<std::string>& shipped = files.deck_ids;
  for (std::size_t i = 0; i < 2 && i < shipped.size(); ++i)
    given.push_back(shipped[i]);
  if (setup_.contains("decks")) given = setup_["decks"];
  if (!given.is_array() || given.size() != 2)
    throw InputError("setup.decks", "expected two decks, Red's and Blue's");
  for (int side = 0; side < 2; ++side) {
    const Deck deck = deck_of(files, rules, given[side], fmt::format("setup.decks[{}]", side));
    deck_names_[side] = deck.name;
    for (const std::string& id : deck.cards)
      decks_[side].push_back(static_cast<int>(find_card(cards_, id) - cards_.data()));
  }
}

std::unique_ptr<State> AGameGame::new_initial_state() const {
  return std::make_unique<AGameState>(shared_from_this());
}

}  // namespace warband::agame
