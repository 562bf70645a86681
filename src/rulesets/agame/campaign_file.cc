#include "rulesets/agame/campaign_file.h"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <map>
#include <set>

#include "core/document_problems.h"
#include "core/error.h"
#include "core/input_limits.h"
#include "core/json_fields.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "rulesets/agame/document_text.h"

namespace warband::agame {
namespace {

constexpr const char* kCampaignFormat = "warband-agame-campaign";
constexpr int kCampaignFormatVersion = 1;

}  // namespace

GameOutcome game_outcome_from_json(const nlohmann::json& json, const std::string& where) {
  const JsonFields f(json, where);
  GameOutcome outcome;
  const JsonItems warbands = f.array("warbands");
  if (warbands.size() != 2)
    throw InputError(warbands.where(),
                     fmt::format("a game has 2 warbands, got {}", warbands.size()));
  for (std::size_t i = 0; i < warbands.size(); ++i)
    outcome.warbands.push_back(warbands.string(i));
  outcome.winner = f.optional_string("winner").value_or("");
  if (!outcome.winner.empty() && outcome.winner != outcome.warbands[0] &&
      outcome.winner != outcome.warbands[1])
    throw InputError(
        f.where_of("winner"),
        fmt::format("must be one of the game's warbands (\"{}\", \"{}\") or \"\" for "
                    "a draw, got \"{}\"",
                    outcome.warbands[0], outcome.warbands[1], outcome.winner.substr(0, 60)));
  const JsonItems models = f.array("models");
  check_list_size(models.size(), 2 * kMaxWarbandModels, models.where(), "models");
  for (std::size_t i = 0; i < models.size(); ++i) {
    const JsonFields item = models.object(i);
    GameOutcome::ModelOutcome model;
    model.warband = item.string("warband");
    if (model.warband != outcome.warbands[0] && model.warband != outcome.warbands[1])
      throw InputError(item.where_of("warband"),
                       fmt::format("\"{}\" did not play this game", model.warband.substr(0, 60)));
    model.model = item.string("model");
    model.took_out = static_cast<int>(item.optional_integer("took_out", 0, 100).value_or(0));
    model.dying = item.optional_boolean("dying").value_or(false);
    outcome.models.push_back(std::move(model));
  }
  return outcome;
}

CampaignRead read_campaign_toml(std::string_view text, const std::string& path) {
  const toml::table root = parse_toml_text(text, path);
  CampaignRead out;
  const TomlFields f(path, root);
  const ProblemCollector attempt(out.problems);
  attempt([&] { f.check_keys({"name", "description", "warbands", "games"}); });
  attempt([&] { out.campaign.name = f.string("name", "the campaign's name in quotes"); });
  attempt([&] { out.campaign.description = f.string_or("description", ""); });
  std::vector<const toml::table*> warbands;
  attempt([&] {
    warbands = f.tables_of("warbands", "[[warbands]] tables: a warband's fields");
    if (!warbands.empty())
      check_list_size(warbands.size(), kMaxCampaignWarbands, f.where(*f.find("warbands")),
                      "warbands");
  });
  if (warbands.size() > kMaxCampaignWarbands) warbands.clear();
  for (std::size_t i = 0; i < warbands.size(); ++i) {
    WarbandRead read;
    read_warband_fields(*warbands[i], path, fmt::format("warband #{}", i + 1), read);
    out.campaign.warbands.push_back(std::move(read.warband));
    out.lines.push_back(std::move(read.lines));
    for (std::string& problem : read.problems)
      out.problems.push_back(std::move(problem));
  }
  std::vector<const toml::table*> games;
  attempt([&] {
    games = f.tables_of("games", "[[games]] tables: winner = \"...\"");
    if (!games.empty())
      check_list_size(games.size(), kMaxCampaignGames, f.where(*f.find("games")), "games");
  });
  if (games.size() > kMaxCampaignGames) games.clear();
  for (std::size_t i = 0; i < games.size(); ++i) {
    const TomlFields g(path, *games[i], fmt::format("game #{}", i + 1));
    CampaignGame game;
    attempt([&] { g.check_keys({"winner", "summary"}); });
    attempt([&] { game.winner = g.string_or("winner", ""); });
    attempt([&] { game.summary = g.string_or("summary", ""); });
    out.campaign.games.push_back(std::move(game));
  }
  return out;
}

std::vector<std::string> campaign_problems(const Campaign& campaign, const BuildRules& rules,
                                           const std::vector<WarbandLines>& lines) {
  std::vector<std::string> problems;
  if (campaign.name.empty()) problems.push_back("the campaign needs a name");
  std::set<std::string> names;
  for (std::size_t i = 0; i < campaign.warbands.size(); ++i) {
    const Warband& warband = campaign.warbands[i];
    const WarbandLines none;
    const WarbandLines& where = i < lines.size() ? lines[i] : none;
    if (!names.insert(warband.name).second)
      problems.push_back(at(where.top, fmt::format("warband #{}: a second warband named \"{}\"",
                                                   i + 1, warband.name)));
    for (const std::string& problem : warband_problems(warband, rules, where))
      problems.push_back(where.top.empty()
                             ? fmt::format("warband #{} ({}): {}", i + 1, warband.name, problem)
                             : problem);
  }
  return problems;
}

std::vector<std::string> all_campaign_problems(const CampaignRead& read, const BuildRules& rules) {
  return all_problems(read.problems, campaign_problems(read.campaign, rules, read.lines));
}

Campaign parse_campaign_toml(std::string_view text, const std::string& path) {
  CampaignRead read = read_campaign_toml(text, path);
  refuse_problems(read.problems, path);
  return std::move(read.campaign);
}

Warband* find_warband(Campaign& campaign, const std::string& name) {
  for (Warband& warband : campaign.warbands)
    if (warband.name == name) return &warband;
  return nullptr;
}

std::vector<std::string> record_game(Campaign& campaign, const GameOutcome& outcome,
                                     const BuildRules& rules, const std::string& where) {
  const ExperienceRules& xp = rules.experience;
  // Check every name first, so that a wrong outcome changes nothing.
  std::vector<std::pair<WarbandModel*, const GameOutcome::ModelOutcome*>> gains;
  std::map<std::pair<std::string, std::string>, int> seen;  // nth mention of a label
  if (campaign.games.size() >= kMaxCampaignGames)
    throw InputError(where, fmt::format("the campaign already holds {} games", kMaxCampaignGames));
  for (const std::string& name : outcome.warbands)
    if (!find_warband(campaign, name))
      throw InputError(where,
                       fmt::format("the campaign has no warband \"{}\"", name.substr(0, 60)));
  for (const GameOutcome::ModelOutcome& model : outcome.models) {
    Warband& warband = *find_warband(campaign, model.warband);
    int nth = seen[{model.warband, model.model}]++;
    WarbandModel* found = nullptr;
    for (WarbandModel& entry : warband.models)
      if (entry.label() == model.model && nth-- == 0) {
        found = &entry;
        break;
      }
    if (!found)
      throw InputError(where, fmt::format("\"{}\" has no{} model \"{}\"", warband.name,
                                          seen[{model.warband, model.model}] > 1 ? " other" : "",
                                          model.model.substr(0, 60)));
    gains.emplace_back(found, &model);
  }
  std::vector<std::string> lines;
  for (const auto& [entry, model] : gains) {
    const int before = entry->experience;
    const int gained = xp.played + (model->dying ? 0 : xp.survived) +
                       xp.took_out * model->took_out +
                       (model->warband == outcome.winner ? xp.won : 0);
    entry->experience = std::min(10000, before + gained);
    const int earned = xp.advances_earned(entry->experience);
    const int open = earned - static_cast<int>(entry->advances.size());
    lines.push_back(fmt::format(
        "{} ({}): +{} experience, {} in all{}", entry->label(), model->warband, gained,
        entry->experience,
        open > 0 ? fmt::format("; {} advance{} to choose", open, open == 1 ? "" : "s") : ""));
  }
  // The advances bought with experience cost points: each game lets the limit grow.
  for (const std::string& name : outcome.warbands) {
    Warband& warband = *find_warband(campaign, name);
    warband.points_limit = std::min(kMaxPointsLimit, warband.points_limit + xp.limit_per_game);
  }
  campaign.games.push_back(
      {outcome.winner,
       outcome.winner.empty()
           ? fmt::format("{} and {} drew", outcome.warbands[0], outcome.warbands[1])
           : fmt::format("{} beat {}", outcome.winner,
                         outcome.winner == outcome.warbands[0] ? outcome.warbands[1]
                                                               : outcome.warbands[0])});
  return lines;
}

std::string campaign_to_toml(const Campaign& campaign) {
  std::string out =
      "# A Game campaign (seed 004): its warbands with their experience and the games played. "
      "`warband build agame campaign-record` adds a game.\n";
  out += fmt::format("name = {}\n", toml_quoted(campaign.name));
  if (!campaign.description.empty())
    out += fmt::format("description = {}\n", toml_quoted(campaign.description));
  for (const Warband& warband : campaign.warbands) {
    out += "\n[[warbands]]\n";
    out += warband_fields_toml(warband, "warbands.models");
  }
  for (const CampaignGame& game : campaign.games) {
    out += fmt::format("\n[[games]]\nwinner = {}\n", toml_quoted(game.winner));
    if (!game.summary.empty()) out += fmt::format("summary = {}\n", toml_quoted(game.summary));
  }
  return out;
}

nlohmann::json campaign_to_json(const Campaign& campaign, const BuildRules& rules) {
  nlohmann::json warbands = nlohmann::json::array();
  for (const Warband& warband : campaign.warbands)
    warbands.push_back(warband_to_json(warband, rules));
  nlohmann::json games = nlohmann::json::array();
  for (const CampaignGame& game : campaign.games)
    games.push_back({{"winner", game.winner}, {"summary", game.summary}});
  return {{"format", kCampaignFormat},
          {"version", kCampaignFormatVersion},
          {"name", campaign.name},
          {"description", campaign.description},
          {"warbands", warbands},
          {"games", games},
          {"problems", campaign_problems(campaign, rules)}};
}

Campaign campaign_from_json(const nlohmann::json& json, const std::string& where) {
  const JsonFields f(json, where);
  if (const nlohmann::json* format = f.find("format"); format && *format != kCampaignFormat)
    throw InputError(f.where_of("format"), fmt::format("expected \"{}\"", kCampaignFormat));
  if (const nlohmann::json* version = f.find("version");
      version && *version != kCampaignFormatVersion)
    throw InputError(f.where_of("version"),
                     fmt::format("this build reads version {}", kCampaignFormatVersion));
  Campaign campaign;
  campaign.name = f.string("name");
  campaign.description = f.optional_string("description").value_or("");
  if (const auto warbands = f.optional_array("warbands")) {
    check_list_size(warbands->size(), kMaxCampaignWarbands, warbands->where(), "warbands");
    for (std::size_t i = 0; i < warbands->size(); ++i)
      campaign.warbands.push_back(warband_from_json((*warbands)[i], warbands->where_of(i)));
  }
  if (const auto games = f.optional_array("games")) {
    check_list_size(games->size(), kMaxCampaignGames, games->where(), "games");
    for (std::size_t i = 0; i < games->size(); ++i) {
      const JsonFields game = games->object(i);
      campaign.games.push_back({game.optional_string("winner").value_or(""),
                                game.optional_string("summary").value_or("")});
    }
  }
  return campaign;
}

std::string campaign_to_markdown(const Campaign& campaign, const BuildRules& rules) {
  std::string out =
      fmt::format("# {}\n\n", campaign.name.empty() ? "(unnamed campaign)" : campaign.name);
  if (!campaign.description.empty()) out += fmt::format("*{}*\n\n", campaign.description);
  out += fmt::format("{} games played\n\n", campaign.games.size());
  for (const CampaignGame& game : campaign.games)
    out += fmt::format("- {}\n", game.summary.empty() ? game.winner : game.summary);
  for (const Warband& warband : campaign.warbands)
    out += "\n#" + warband_to_markdown(warband, rules);
  return out;
}

}  // namespace warband::agame
