#include "mpi/round_wire.h"

#include <cmath>

#include "core/error.h"
#include "core/json_fields.h"

namespace warband::mpi {
namespace {

// nlohmann writes a NaN or an infinity as null: refuse it rather than send another number.
double finite(double value, const char* what) {
  if (!std::isfinite(value))
    throw InputError("games", fmt::format("{} is not a finite number", what));
  return value;
}

}  // namespace

nlohmann::json round_settings_json(const balance::BalanceSettings& settings) {
  nlohmann::json overrides = nlohmann::json::array();
  for (const auto& [path, value] : settings.overrides)
    overrides.push_back({path, value});
  return {{"ruleset", settings.ruleset},
          {"base_setup", settings.base_setup},
          {"overrides", overrides},
          {"bot", settings.bot},
          {"seed", settings.seed},
          {"games", settings.games},
          {"threads", settings.threads},
          {"points", settings.points},
          {"spread", settings.spread},
          {"random_warbands", settings.random_warbands},
          {"mirrored", settings.mirrored},
          {"profiles", settings.profiles},
          {"lists", balance::lists_name(settings.lists)},
          {"luck", settings.luck},
          {"first_game", settings.first_game},
          {"price_jitter", settings.price_jitter},
          {"outcome", balance::outcome_name(settings.outcome)}};
}

balance::BalanceSettings round_settings_from_json(const nlohmann::json& json) {
  const JsonFields fields(json, "round");
  balance::BalanceSettings settings;
  settings.ruleset = fields.string("ruleset");
  settings.base_setup = fields.value("base_setup");
  for (const nlohmann::json& set : fields.value("overrides"))
    settings.overrides.emplace_back(set.at(0).get<std::string>(), set.at(1).get<std::string>());
  settings.bot = fields.string("bot");
  settings.seed = fields.value("seed").get<std::uint64_t>();
  settings.games = fields.integer("games", 0);
  settings.threads = static_cast<int>(fields.integer("threads", 1, 4096));
  settings.points = static_cast<int>(fields.integer("points"));
  settings.spread = static_cast<int>(fields.integer("spread"));
  settings.random_warbands = fields.boolean("random_warbands");
  settings.mirrored = fields.boolean("mirrored");
  settings.profiles = static_cast<int>(fields.integer("profiles"));
  settings.lists = balance::parse_lists(fields.string("lists"), "round.lists");
  settings.luck = fields.boolean("luck");
  settings.first_game = fields.integer("first_game", 0);
  settings.price_jitter = static_cast<int>(fields.integer("price_jitter", 0));
  settings.outcome = balance::parse_outcome(fields.string("outcome"), "round.outcome");
  return settings;
}

nlohmann::json games_json(const std::vector<sim::GameResult>& games) {
  nlohmann::json list = nlohmann::json::array();
  for (const sim::GameResult& game : games) {
    nlohmann::json units = nlohmann::json::array();
    for (const sim::UnitResult& unit : game.units)
      units.push_back({unit.name, unit.side, unit.points, unit.role, unit.damage_dealt,
                       unit.damage_taken, unit.kills, unit.points_killed, unit.survived,
                       unit.max_wounds, unit.wounds});
    nlohmann::json returns = nlohmann::json::array();
    for (double value : game.returns)
      returns.push_back(finite(value, "a game's return"));
    list.push_back(
        {{"index", game.index},
         {"seed", game.seed},
         {"winner", game.winner},
         {"returns", returns},
         {"applies", game.applies},
         {"decisions", game.decisions},
         {"finished", game.finished},
         {"final_hash", game.final_hash},
         {"units", units},
         {"luck", finite(game.luck, "a game's luck")},
         {"margin_luck", finite(game.margin_luck, "a game's margin luck")},
         // By name: an id is one process's.
         {"cards", {sim::card_names(game.cards[0]), sim::card_names(game.cards[1])}},
         {"ending", game.ending},
         {"endings", std::vector<std::string>(game.endings.begin(), game.endings.end())}});
  }
  return list;
}

std::vector<sim::GameResult> games_from_json(const nlohmann::json& json) {
  if (!json.is_array()) throw InputError("games", "expected an array of games");
  std::vector<sim::GameResult> games;
  games.reserve(json.size());
  for (const nlohmann::json& item : json) {
    const JsonFields fields(item, fmt::format("games[{}]", games.size()));
    sim::GameResult game;
    game.index = fields.integer("index", 0);
    game.seed = fields.value("seed").get<std::uint64_t>();
    game.winner = static_cast<int>(fields.integer("winner", -1, 1));
    game.returns = fields.value("returns").get<std::vector<double>>();
    game.applies = static_cast<int>(fields.integer("applies", 0));
    game.decisions = static_cast<int>(fields.integer("decisions", 0));
    game.finished = fields.boolean("finished");
    game.final_hash = fields.value("final_hash").get<std::uint64_t>();
    for (const nlohmann::json& unit : fields.value("units"))
      game.units.push_back({.name = unit.at(0).get<std::string>(),
                            .side = unit.at(1).get<int>(),
                            .points = unit.at(2).get<int>(),
                            .role = unit.at(3).get<std::string>(),
                            .damage_dealt = unit.at(4).get<int>(),
                            .damage_taken = unit.at(5).get<int>(),
                            .kills = unit.at(6).get<int>(),
                            .points_killed = unit.at(7).get<int>(),
                            .survived = unit.at(8).get<bool>(),
                            .max_wounds = unit.at(9).get<int>(),
                            .wounds = unit.at(10).get<int>()});
    game.luck = fields.number("luck");
    game.margin_luck = fields.number("margin_luck");
    const auto cards = fields.value("cards").get<std::array<std::vector<std::string>, 2>>();
    for (int side = 0; side < 2; ++side)
      game.cards[side] = sim::card_ids(cards[side]);
    game.endings = sim::lasting_endings(fields.value("endings").get<std::vector<std::string>>());
    game.ending = static_cast<int>(
        fields.integer("ending", -1, static_cast<std::int64_t>(game.endings.size()) - 1));
    games.push_back(std::move(game));
  }
  return games;
}

}  // namespace warband::mpi
