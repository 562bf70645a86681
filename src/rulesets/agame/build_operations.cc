#include "rulesets/agame/build_operations.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "core/build_args.h"
#include "core/document_kind_operations.h"
#include "core/error.h"
#include "core/file_io.h"
#include "core/input_limits.h"
#include "core/json_input.h"
#include "core/text.h"
#include "rulesets/agame/build_rules.h"
#include "rulesets/agame/campaign_file.h"
#include "rulesets/agame/deck_file.h"
#include "rulesets/agame/folder_files.h"
#include "rulesets/agame/game_outcome.h"
#include "rulesets/agame/warband_file.h"

namespace warband::agame {
namespace {

using build_args::flag;
using build_args::given;
using build_args::lines_of;
using build_args::required;

namespace fs = std::filesystem;

// The content root's agame folder when it has one, else the built-in one; --costs replaces its
// costs.toml. The rules are the program's data, not the user's document: read here.
BuildRules rules_of(const BuildInput& input) {
  std::string folder = content_agame_folder();
  if (!input.content_root.empty()) {
    std::error_code error;
    if (fs::is_directory(input.content_root + "/agame", error))
      folder = input.content_root + "/agame";
  }
  const std::string* costs = given(input.args, "costs");
  if (!costs) return folder_files(folder)->build_rules();  // read again when a file changes
  return load_build_rules(folder, *costs);
}

BuildOption costs_option() {
  return {"costs", "a costs file to price with (default: content/agame/costs.toml)",
          BuildTakes::kContent};
}

int whole_number(const std::string& text, const std::string& option, int low, int high) {
  const std::string where = "--" + option;
  const bool digits =
      !text.empty() && text.size() <= 6 &&
      std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  const int value = digits ? std::stoi(text) : -1;
  if (!digits || value < low || value > high)
    throw InputError(where, fmt::format("must be a whole number from {} to {}, got '{}'", low, high,
                                        text.substr(0, 40)));
  return value;
}

// A document's report: its summary, then every problem; exit 1 when there is one.
BuildOutput report(nlohmann::json json, std::string text, const std::vector<std::string>& problems,
                   const char* what) {
  BuildOutput result;
  result.json = std::move(json);
  result.json["problems"] = problems;
  result.text = std::move(text) + problems_text(problems, what);
  result.exit_code = problems.empty() ? 0 : 1;
  return result;
}

// --- the tables

BuildOutput cards_operation(const BuildInput& input) {
  const BuildRules rules = rules_of(input);
  BuildOutput result;
  result.json = nlohmann::json::array();
  std::string text = fmt::format("The draft cards ({} in cards.toml):\n", rules.cards.size());
  for (const Card& card : rules.cards) {
    std::string when(timing_keys()[static_cast<int>(card.timing)]);
    if (card.timing == CardTiming::kReaction)
      when += fmt::format(":{}", trigger_keys()[static_cast<int>(card.reaction_to)]);
    std::vector<std::string> effects;
    for (const CardEffect& effect : card.effects)
      effects.push_back(effect_words(effect));
    text += fmt::format("  {:<18} {:<20} {:<22} {}\n", card.id, card.name, when,
                        fmt::join(effects, "; "));
    result.json.push_back({{"id", card.id},
                           {"name", card.name},
                           {"timing", timing_keys()[static_cast<int>(card.timing)]},
                           {"reaction_to", trigger_keys()[static_cast<int>(card.reaction_to)]},
                           {"effects", effects},
                           {"text", card.text}});
  }
  result.text = std::move(text);
  return result;
}

BuildOutput profiles_operation(const BuildInput& input) {
  const BuildRules rules = rules_of(input);
  BuildOutput result;
  result.json = nlohmann::json::array();
  std::string text = "The profiles (profiles.toml), priced by costs.toml:\n";
  for (const Model& model : rules.content.models) {
    const std::string model_class = rules.warband.class_of_model(model);
    const int points = model_points(model, rules.costs, rules.faces());
    text += fmt::format("  {:<34} {:<9} {:>4} points\n", model.name,
                        model_class.empty() ? "?" : model_class, points);
    result.json.push_back({{"name", model.name}, {"class", model_class}, {"points", points}});
  }
  text += fmt::format(
      "A warband: {} to {} models, at most {} of a profile; a new one's limit: {} points.\n",
      rules.warband.models_min, rules.warband.models_max, rules.warband.same_profile_max,
      rules.warband.points_limit);
  result.text = std::move(text);
  return result;
}

std::vector<std::string> advances_given(const BuildArgs& args) {
  std::vector<std::string> advances;
  if (const std::string* v = given(args, "advance")) {
    advances = lines_of(*v);
    check_list_size(advances.size(), kMaxWarbandModels, "--advance", "advances");
    std::erase(advances, "");
  }
  return advances;
}

BuildOutput model_price_operation(const BuildInput& input) {
  const BuildRules rules = rules_of(input);
  const std::string& name = required(input.args, "profile", "\"Vampire Swordfighter\"");
  const Model& profile = rules.content.find_model(name, "--profile");
  const std::vector<std::string> advances = advances_given(input.args);
  for (const std::string& id : advances)
    if (!rules.experience.find(id)) {
      std::vector<std::string_view> ids;
      for (const Advance& advance : rules.experience.advances)
        ids.push_back(advance.id);
      throw InputError("--advance", fmt::format("no advance '{}' in experience.toml{}",
                                                id.substr(0, 60), did_you_mean(id, ids)));
    }
  const Model model = advanced(profile, advances, rules.experience);
  const ModelCost cost = model_cost(model, rules.costs, rules.faces());
  BuildOutput result;
  std::string text = fmt::format(
      "{}{}: {} points\n", model.name,
      advances.empty() ? "" : fmt::format(" ({})", fmt::join(advances, ", ")), cost.points);
  nlohmann::json terms = nlohmann::json::array();
  for (const CostTerm& term : cost.terms) {
    text += fmt::format("  {:<34} {:>8}  {}\n", term.term, points_text(term.points), term.formula);
    terms.push_back({{"term", term.term}, {"formula", term.formula}, {"points", term.points}});
  }
  text += fmt::format("  {:<34} {:>8}  rounded half up: {} points\n", "total",
                      points_text(cost.exact), cost.formula_points);
  if (!cost.override_id.empty())
    text += fmt::format("  {:<34} {:>8}  costs.toml [units] {}: in place of the formula's\n",
                        "override", cost.points, cost.override_id);
  result.text = std::move(text);
  result.json = {{"profile", model.name},
                 {"advances", advances},
                 {"terms", terms},
                 {"exact", cost.exact},
                 {"points", cost.points}};
  return result;
}

// --- decks

BuildOutput deck_summary(const Deck& deck, const BuildRules& rules, std::string heading,
                         const std::vector<std::string>& problems) {
  std::string text = std::move(heading);
  text += fmt::format("{}: {} of {} cards\n", deck.name.empty() ? "(unnamed)" : deck.name,
                      deck.cards.size(), rules.draft.deck_size);
  for (const std::string& id : deck.cards) {
    const Card* card = find_card(rules.cards, id);
    text += fmt::format("  {:<18} {}\n", id, card ? card->name : "?");
  }
  return report(deck_to_json(deck, rules), std::move(text), problems, "deck");
}

Deck build_deck_of(const BuildInput& input) {
  const BuildDocument& document = document_of(input, "iron_tricks.deck.toml");
  return parse_deck_toml(text_of(document), document.name);
}

std::vector<std::string> cards_given(const BuildArgs& args, const char* option) {
  std::vector<std::string> cards;
  if (const std::string* v = given(args, option)) {
    cards = lines_of(*v);
    check_list_size(cards.size(), kMaxDeckCards, fmt::format("--{}", option), "cards");
    std::erase(cards, "");
  }
  return cards;
}

BuildOutput deck_new_operation(const BuildInput& input) {
  const BuildRules rules = rules_of(input);
  const BuildDocument& document = document_of(input, "iron_tricks.deck.toml");
  Deck deck;
  deck.name = required(input.args, "name", "\"Iron Tricks\"");
  if (const std::string* v = given(input.args, "description")) deck.description = *v;
  deck.cards = cards_given(input.args, "card");
  refuse_overwrite(input, document);
  BuildOutput output =
      deck_summary(deck, rules, fmt::format("Wrote {}: add cards with deck-add.\n", document.name),
                   deck_problems(deck, rules));
  output.save(0, deck_to_toml(deck));
  return output;
}

BuildOutput deck_add_operation(const BuildInput& input) {
  const BuildRules rules = rules_of(input);
  Deck deck = build_deck_of(input);
  const std::vector<std::string> cards = cards_given(input.args, "card");
  if (cards.empty()) throw InputError("--card", "is required, e.g. --card parry");
  std::vector<std::string_view> ids;
  for (const Card& card : rules.cards)
    ids.push_back(card.id);
  for (const std::string& id : cards)
    if (!find_card(rules.cards, id))
      throw InputError("--card", fmt::format("no card '{}' in cards.toml{}", id.substr(0, 60),
                                             did_you_mean(id, ids)));
  if (deck.cards.size() + cards.size() > kMaxDeckCards)
    throw InputError(
        document_of(input, "").name,
        fmt::format("would hold {} cards, more than a file may", deck.cards.size() + cards.size()));
  deck.cards.insert(deck.cards.end(), cards.begin(), cards.end());
  BuildOutput output = deck_summary(
      deck, rules,
      fmt::format("Added {} to {}.\n", fmt::join(cards, ", "), document_of(input, "").name),
      deck_problems(deck, rules));
  output.save(0, deck_to_toml(deck));
  return output;
}

BuildOutput deck_remove_operation(const BuildInput& input) {
  const BuildRules rules = rules_of(input);
  Deck deck = build_deck_of(input);
  const std::string& id = required(input.args, "card", "parry");
  const auto found = std::find(deck.cards.begin(), deck.cards.end(), id);
  if (found == deck.cards.end())
    throw InputError("--card", fmt::format("{} holds no '{}'; its cards: {}", deck.name,
                                           id.substr(0, 60), fmt::join(deck.cards, ", ")));
  deck.cards.erase(found);  // one copy
  BuildOutput output = deck_summary(
      deck, rules, fmt::format("Removed {} from {}.\n", id, document_of(input, "").name),
      deck_problems(deck, rules));
  output.save(0, deck_to_toml(deck));
  return output;
}

// --- warbands

std::string warband_lines(const Warband& warband, const BuildRules& rules) {
  std::string text = fmt::format("{}: {} of {} points, {} model{}\n",
                                 warband.name.empty() ? "(unnamed)" : warband.name,
                                 warband_points(warband, rules), warband.points_limit,
                                 warband.models.size(), warband.models.size() == 1 ? "" : "s");
  for (const WarbandModel& entry : warband.models) {
    const Model* profile = rules.find_profile(entry.profile);
    text += fmt::format(
        "  {:<32} {:<9} {:>4}  {}{}\n", entry.label(),
        profile ? rules.warband.class_of_model(*profile) : "?", entry_points(entry, rules),
        entry.profile,
        entry.advances.empty() ? "" : fmt::format(" + {}", fmt::join(entry.advances, ", ")));
  }
  return text;
}

BuildOutput warband_summary(const Warband& warband, const BuildRules& rules, std::string heading,
                            const std::vector<std::string>& problems) {
  return report(warband_to_json(warband, rules), std::move(heading) + warband_lines(warband, rules),
                problems, "warband");
}

Warband warband_of(const BuildInput& input) {
  const BuildDocument& document = document_of(input, "night_court.warband.toml");
  return parse_warband_toml(text_of(document), document.name);
}

BuildOutput warband_new_operation(const BuildInput& input) {
  const BuildRules rules = rules_of(input);
  const BuildDocument& document = document_of(input, "night_court.warband.toml");
  Warband warband;
  warband.name = required(input.args, "name", "\"The Night Court\"");
  warband.points_limit = rules.warband.points_limit;
  if (const std::string* v = given(input.args, "points-limit"))
    warband.points_limit = whole_number(*v, "points-limit", 1, kMaxPointsLimit);
  if (const std::string* v = given(input.args, "description")) warband.description = *v;
  refuse_overwrite(input, document);
  BuildOutput output = warband_summary(
      warband, rules, fmt::format("Wrote {}: add models with warband-add.\n", document.name),
      warband_problems(warband, rules));
  output.save(0, warband_to_toml(warband));
  return output;
}

BuildOutput warband_add_operation(const BuildInput& input) {
  const BuildRules rules = rules_of(input);
  Warband warband = warband_of(input);
  WarbandModel entry;
  entry.profile =
      rules.content.find_model(required(input.args, "profile", "\"Dwarven Defender\""), "--profile")
          .name;
  if (const std::string* v = given(input.args, "name")) entry.name = *v;
  if (warband.models.size() >= kMaxWarbandModels)
    throw InputError(
        document_of(input, "").name,
        fmt::format("has {} models, as many as a file may hold", warband.models.size()));
  warband.models.push_back(entry);
  BuildOutput output = warband_summary(
      warband, rules, fmt::format("Added {} to {}.\n", entry.label(), document_of(input, "").name),
      warband_problems(warband, rules));
  output.save(0, warband_to_toml(warband));
  return output;
}

BuildOutput warband_remove_operation(const BuildInput& input) {
  const BuildRules rules = rules_of(input);
  Warband warband = warband_of(input);
  const std::string& name = required(input.args, "name", "\"Count Varn\"");
  const auto found = std::find_if(warband.models.begin(), warband.models.end(),
                                  [&](const WarbandModel& m) { return m.label() == name; });
  if (found == warband.models.end()) {
    std::vector<std::string> names;
    for (const WarbandModel& model : warband.models)
      names.push_back(model.label());
    throw InputError(
        "--name",
        fmt::format("{} has no model '{}'; its models: {}", warband.name, name.substr(0, 60),
                    names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "))));
  }
  warband.models.erase(found);  // the first of that name
  BuildOutput output = warband_summary(
      warband, rules, fmt::format("Removed {} from {}.\n", name, document_of(input, "").name),
      warband_problems(warband, rules));
  output.save(0, warband_to_toml(warband));
  return output;
}

// --- campaigns

BuildOutput campaign_summary(const Campaign& campaign, const BuildRules& rules, std::string heading,
                             const std::vector<std::string>& problems) {
  std::string text = std::move(heading);
  text += fmt::format("{}: {} warband{}, {} game{} played\n",
                      campaign.name.empty() ? "(unnamed)" : campaign.name, campaign.warbands.size(),
                      campaign.warbands.size() == 1 ? "" : "s", campaign.games.size(),
                      campaign.games.size() == 1 ? "" : "s");
  for (const Warband& warband : campaign.warbands) {
    text += warband_lines(warband, rules);
    for (const WarbandModel& entry : warband.models)
      if (entry.experience > 0)
        text += fmt::format("    {}: {} experience\n", entry.label(), entry.experience);
  }
  return report(campaign_to_json(campaign, rules), std::move(text), problems, "campaign");
}

Campaign campaign_of(const BuildInput& input) {
  const BuildDocument& document = document_of(input, "red_marches.campaign.toml");
  return parse_campaign_toml(text_of(document), document.name);
}

BuildOutput campaign_new_operation(const BuildInput& input) {
  const BuildRules rules = rules_of(input);
  const BuildDocument& document = document_of(input, "red_marches.campaign.toml");
  Campaign campaign;
  campaign.name = required(input.args, "name", "\"The Red Marches\"");
  if (const std::string* v = given(input.args, "description")) campaign.description = *v;
  refuse_overwrite(input, document);
  BuildOutput output = campaign_summary(
      campaign, rules,
      fmt::format("Wrote {}: add warbands with campaign-add-warband.\n", document.name),
      campaign_problems(campaign, rules));
  output.save(0, campaign_to_toml(campaign));
  return output;
}

BuildOutput campaign_add_warband_operation(const BuildInput& input) {
  const BuildRules rules = rules_of(input);
  Campaign campaign = campaign_of(input);
  const BuildDocument& from = text_option(input, "warband", "night_court.warband.toml");
  const Warband warband = parse_warband_toml(text_of(from), from.name);
  if (find_warband(campaign, warband.name))
    throw InputError("--warband", fmt::format("{} already has a warband named \"{}\"",
                                              campaign.name, warband.name));
  if (campaign.warbands.size() >= kMaxCampaignWarbands)
    throw InputError(
        document_of(input, "").name,
        fmt::format("has {} warbands, as many as a campaign may hold", campaign.warbands.size()));
  campaign.warbands.push_back(warband);
  BuildOutput output = campaign_summary(
      campaign, rules, fmt::format("Added {} to {}.\n", warband.name, document_of(input, "").name),
      campaign_problems(campaign, rules));
  output.save(0, campaign_to_toml(campaign));
  return output;
}

BuildOutput campaign_record_operation(const BuildInput& input) {
  const BuildRules rules = rules_of(input);
  Campaign campaign = campaign_of(input);
  // The outcome as its JSON, or the finished game's log it is taken from.
  const bool from_log = input.texts.contains("log");
  if (from_log == input.texts.contains("result"))
    throw InputError("--result",
                     "give the game's outcome (--result FILE) or its log (--log FILE), "
                     "one of them");
  const BuildDocument& result =
      text_option(input, from_log ? "log" : "result", "game1.result.json");
  const nlohmann::json given = parse_json(result.text.value_or(""), result.name);
  const GameOutcome outcome = from_log ? game_outcome_from_log(given, result.name)
                                       : game_outcome_from_json(given, result.name);
  const std::vector<std::string> gains = record_game(campaign, outcome, rules, result.name);
  std::string heading =
      fmt::format("Recorded game {}: {}.\n", campaign.games.size(), campaign.games.back().summary);
  for (const std::string& gain : gains)
    heading += "  " + gain + "\n";
  BuildOutput output =
      campaign_summary(campaign, rules, std::move(heading), campaign_problems(campaign, rules));
  output.json["gains"] = gains;
  output.save(0, campaign_to_toml(campaign));
  return output;
}

BuildOutput campaign_advance_operation(const BuildInput& input) {
  const BuildRules rules = rules_of(input);
  Campaign campaign = campaign_of(input);
  const std::string& name = required(input.args, "warband", "\"The Night Court\"");
  Warband* warband = find_warband(campaign, name);
  if (!warband)
    throw InputError("--warband",
                     fmt::format("no warband \"{}\" in {}", name.substr(0, 60), campaign.name));
  const std::string& model_name = required(input.args, "model", "\"Count Varn\"");
  const auto model = std::find_if(warband->models.begin(), warband->models.end(),
                                  [&](const WarbandModel& m) { return m.label() == model_name; });
  if (model == warband->models.end())
    throw InputError(
        "--model", fmt::format("{} has no model \"{}\"", warband->name, model_name.substr(0, 60)));
  const std::string& id = required(input.args, "advance", "tough");
  if (!rules.experience.find(id)) {
    std::vector<std::string_view> ids;
    for (const Advance& advance : rules.experience.advances)
      ids.push_back(advance.id);
    throw InputError("--advance", fmt::format("no advance '{}' in experience.toml{}",
                                              id.substr(0, 60), did_you_mean(id, ids)));
  }
  const int earned = rules.experience.advances_earned(model->experience);
  if (static_cast<int>(model->advances.size()) >= earned)
    throw InputError(
        "--advance",
        fmt::format(
            "{} has {} experience and {} advance{}: the next comes at {}", model->label(),
            model->experience, model->advances.size(), model->advances.size() == 1 ? "" : "s",
            (static_cast<int>(model->advances.size()) + 1) * rules.experience.advance_every));
  model->advances.push_back(id);
  BuildOutput output = campaign_summary(
      campaign, rules, fmt::format("{} of {} takes {}.\n", model->label(), warband->name, id),
      campaign_problems(campaign, rules));
  output.save(0, campaign_to_toml(campaign));
  return output;
}

// The validate, export and import operations of decks, warbands and campaigns.
DocumentKindOperations<Deck, BuildRules> deck_kind() {
  return {
      .kind = "deck",
      .suffix = ".deck.toml",
      .example = "iron_tricks",
      .content_options = {costs_option()},
      .export_summary = "a deck as Markdown (default, with each card's text), JSON or TOML",
      .rules = rules_of,
      .read_with_problems =
          [](const std::string& text, const std::string& name, const BuildRules& rules) {
            const DeckRead read = read_deck_toml(text, name);
            return DocumentWithProblems<Deck>{read.deck, all_deck_problems(read, rules)};
          },
      .parse = [](const std::string& text, const std::string& name,
                  const BuildRules&) { return parse_deck_toml(text, name); },
      .from_json = [](const nlohmann::json& json, const std::string& where,
                      const BuildRules&) { return deck_from_json(json, where); },
      .to_json = deck_to_json,
      .to_markdown = deck_to_markdown,
      .to_toml = deck_to_toml,
      .problems = [](const Deck& deck,
                     const BuildRules& rules) { return deck_problems(deck, rules); },
      .report = deck_summary,
  };
}

DocumentKindOperations<Warband, BuildRules> warband_kind() {
  return {
      .kind = "warband",
      .suffix = ".warband.toml",
      .example = "night_court",
      .content_options = {costs_option()},
      .validate_summary =
          "every problem with a warband file at once, with its line, and its "
          "points (exit 1 when there is a problem)",
      .rules = rules_of,
      .read_with_problems =
          [](const std::string& text, const std::string& name, const BuildRules& rules) {
            const WarbandRead read = read_warband_toml(text, name);
            return DocumentWithProblems<Warband>{read.warband, all_warband_problems(read, rules)};
          },
      .parse = [](const std::string& text, const std::string& name,
                  const BuildRules&) { return parse_warband_toml(text, name); },
      .from_json = [](const nlohmann::json& json, const std::string& where,
                      const BuildRules&) { return warband_from_json(json, where); },
      .to_json = warband_to_json,
      .to_markdown = warband_to_markdown,
      .to_toml = warband_to_toml,
      .problems = [](const Warband& warband,
                     const BuildRules& rules) { return warband_problems(warband, rules); },
      .report = warband_summary,
  };
}

DocumentKindOperations<Campaign, BuildRules> campaign_kind() {
  return {
      .kind = "campaign",
      .suffix = ".campaign.toml",
      .example = "red_marches",
      .content_options = {costs_option()},
      .validate_summary =
          "every problem with a campaign file at once, with its line (exit 1 when there is one)",
      .rules = rules_of,
      .read_with_problems =
          [](const std::string& text, const std::string& name, const BuildRules& rules) {
            const CampaignRead read = read_campaign_toml(text, name);
            return DocumentWithProblems<Campaign>{read.campaign,
                                                  all_campaign_problems(read, rules)};
          },
      .parse = [](const std::string& text, const std::string& name,
                  const BuildRules&) { return parse_campaign_toml(text, name); },
      .from_json = [](const nlohmann::json& json, const std::string& where,
                      const BuildRules&) { return campaign_from_json(json, where); },
      .to_json = campaign_to_json,
      .to_markdown = campaign_to_markdown,
      .to_toml = campaign_to_toml,
      .problems = [](const Campaign& campaign,
                     const BuildRules& rules) { return campaign_problems(campaign, rules); },
      .report = campaign_summary,
  };
}

}  // namespace

std::vector<DocumentKind> document_kinds() {
  return {
      {"deck", "Deck", "An A Game deck: the 10 cards a player brings to the draft", ".deck.toml",
       "deck-new"},
      {"warband", "Warband", "An A Game warband: 3 to 10 models by profile, priced by costs.toml",
       ".warband.toml", "warband-new", /*plays_as_side=*/true},
      {"campaign", "Campaign",
       "An A Game campaign: its warbands with their experience and the games played",
       ".campaign.toml", "campaign-new"}};
}

std::vector<BuildOperation> build_operations() {
  const BuildOption deck_file{"file", "the deck file (*.deck.toml)", BuildTakes::kDocument};
  const BuildOption warband_file{"file", "the warband file (*.warband.toml)",
                                 BuildTakes::kDocument};
  const BuildOption campaign_file{"file", "the campaign file (*.campaign.toml)",
                                  BuildTakes::kDocument};
  const BuildOption force{"force", "replace an existing file", BuildTakes::kFlag};
  const BuildOption card{"card", "a card id of cards.toml, repeatable (see `cards`)",
                         BuildTakes::kValue, true};

  std::vector<BuildOperation> operations{
      {"cards",
       "the draft cards: when each may be played and what it does",
       {costs_option()},
       cards_operation},
      {"profiles",
       "the model profiles with their class and points, and the warband limits",
       {costs_option()},
       profiles_operation},
      {"model-price",
       "a profile's points term by term (with advances, if given)",
       {{"profile", "a profile's name, e.g. \"Great Ram of Shamborga\""},
        {"advance", "an advance id of experience.toml, repeatable", BuildTakes::kValue, true},
        costs_option()},
       model_price_operation},
      {"deck-new",
       "write a new deck file: a name and, optionally, its cards",
       {deck_file,
        {"name", "the deck's name"},
        {"description", "a line about it"},
        card,
        force,
        costs_option()},
       deck_new_operation,
       "deck",
       true},
      {"deck-add",
       "add cards to a deck",
       {deck_file, card, costs_option()},
       deck_add_operation,
       "deck"},
      {"deck-remove",
       "remove one copy of a card from a deck",
       {deck_file, {"card", "the card's id"}, costs_option()},
       deck_remove_operation,
       "deck"},
      {"warband-new",
       "write a new warband file: a name and a points limit (default: warband.toml's)",
       {warband_file,
        {"name", "the warband's name"},
        {"points-limit", "the points its models may cost"},
        {"description", "a line about it"},
        force,
        costs_option()},
       warband_new_operation,
       "warband",
       true},
      {"warband-add",
       "add a model of a profile, optionally named",
       {warband_file,
        {"profile", "a profile's name (see `profiles`)"},
        {"name", "the model's own name"},
        costs_option()},
       warband_add_operation,
       "warband"},
      {"warband-remove",
       "remove a model from a warband, by its name (or its profile's, when unnamed)",
       {warband_file, {"name", "the model's name"}, costs_option()},
       warband_remove_operation,
       "warband"},
      {"campaign-new",
       "write a new campaign file: a name",
       {campaign_file,
        {"name", "the campaign's name"},
        {"description", "a line about it"},
        force,
        costs_option()},
       campaign_new_operation,
       "campaign",
       true},
      {"campaign-add-warband",
       "copy a warband into a campaign",
       {campaign_file,
        {"warband", "the warband to add", BuildTakes::kOtherDocument, false, "warband"},
        costs_option()},
       campaign_add_warband_operation,
       "campaign"},
      {"campaign-record",
       "add a finished game: each model that played gains experience (experience.toml)",
       {campaign_file,
        {"result", "the game's outcome, JSON: warbands, winner, each model's took_out and dying",
         BuildTakes::kText},
        {"log", "instead of --result: the finished game's log (warband play --log)",
         BuildTakes::kText},
        costs_option()},
       campaign_record_operation,
       "campaign"},
      {"campaign-advance",
       "give a model an advance its experience has earned",
       {campaign_file,
        {"warband", "the warband's name"},
        {"model", "the model's name (or its profile's, when unnamed)"},
        {"advance", "an advance id of experience.toml"},
        costs_option()},
       campaign_advance_operation,
       "campaign"},
  };
  add_kind_operations(operations, document_kind_operations(deck_kind()));
  add_kind_operations(operations, document_kind_operations(warband_kind()));
  add_kind_operations(operations, document_kind_operations(campaign_kind()));
  return operations;
}

}  // namespace warband::agame
