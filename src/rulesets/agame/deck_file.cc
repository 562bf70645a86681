#include "rulesets/agame/deck_file.h"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <map>

#include "core/document_problems.h"
#include "core/error.h"
#include "core/input_limits.h"
#include "core/json_fields.h"
#include "core/text.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "rulesets/agame/document_text.h"

namespace warband::agame {
namespace {

constexpr const char* kDeckFormat = "warband-agame-deck";
constexpr int kDeckFormatVersion = 1;

}  // namespace

DeckRead read_deck_toml(std::string_view text, const std::string& path) {
  const toml::table root = parse_toml_text(text, path);
  DeckRead out;
  const TomlFields f(path, root);
  out.lines.top = path + ":1";
  const ProblemCollector attempt(out.problems);
  attempt([&] { f.check_keys({"name", "description", "cards"}); });
  attempt([&] { out.deck.name = f.string("name", "the deck's name in quotes"); });
  attempt([&] { out.deck.description = f.string_or("description", ""); });
  attempt([&] {
    const toml::array& cards = f.array("cards", "a list of card ids such as [\"parry\"]");
    out.lines.cards = f.where(cards);
    check_list_size(cards.size(), kMaxDeckCards, out.lines.cards, "cards");
    for (const toml::node& item : cards) {
      attempt([&] {
        out.deck.cards.push_back(f.item_string(item, "cards", "card ids in quotes"));
        out.lines.card.push_back(f.where(item));
      });
    }
  });
  return out;
}

std::vector<std::string> deck_problems(const Deck& deck, const BuildRules& rules,
                                       const DeckLines& lines) {
  std::vector<std::string> problems;
  if (deck.name.empty()) problems.push_back(at(lines.top, "the deck needs a name"));
  const int size = static_cast<int>(deck.cards.size());
  if (size != rules.draft.deck_size)
    problems.push_back(at(lines.cards.empty() ? lines.top : lines.cards,
                          fmt::format("the deck holds {} card{}; a deck is {} cards (draft.toml)",
                                      size, size == 1 ? "" : "s", rules.draft.deck_size)));
  std::vector<std::string_view> ids;
  for (const Card& card : rules.cards)
    ids.push_back(card.id);
  std::map<std::string, int> copies;
  for (std::size_t i = 0; i < deck.cards.size(); ++i) {
    const std::string& id = deck.cards[i];
    const std::string where = i < lines.card.size() ? lines.card[i] : "";
    if (!find_card(rules.cards, id)) {
      problems.push_back(at(where, fmt::format("card #{}: no card '{}' in cards.toml{}", i + 1,
                                               id.substr(0, 60), did_you_mean(id, ids))));
      continue;
    }
    if (++copies[id] == rules.draft.copies_max + 1)
      problems.push_back(at(where, fmt::format("card #{}: copy {} of '{}'; a deck holds at most "
                                               "{} of a card (draft.toml copies_max)",
                                               i + 1, copies[id], id, rules.draft.copies_max)));
  }
  return problems;
}

std::vector<std::string> all_deck_problems(const DeckRead& read, const BuildRules& rules) {
  return all_problems(read.problems, deck_problems(read.deck, rules, read.lines));
}

Deck parse_deck_toml(std::string_view text, const std::string& path) {
  DeckRead read = read_deck_toml(text, path);
  refuse_problems(read.problems, path);
  return std::move(read.deck);
}

std::string deck_to_toml(const Deck& deck) {
  std::string out =
      "# A Game deck (seed 004): the cards a player brings to the draft. `warband build agame "
      "deck-validate --file FILE` checks it.\n";
  out += fmt::format("name = {}\n", toml_quoted(deck.name));
  if (!deck.description.empty())
    out += fmt::format("description = {}\n", toml_quoted(deck.description));
  out += "cards = [\n";
  for (const std::string& card : deck.cards)
    out += fmt::format("  {},\n", toml_quoted(card));
  out += "]\n";
  return out;
}

nlohmann::json deck_to_json(const Deck& deck, const BuildRules& rules) {
  nlohmann::json cards = nlohmann::json::array();
  for (const std::string& id : deck.cards) {
    const Card* card = find_card(rules.cards, id);
    cards.push_back(
        {{"id", id},
         {"name", card ? card->name : ""},
         {"timing", card ? std::string(timing_keys()[static_cast<int>(card->timing)]) : ""},
         {"text", card ? card->text : ""}});
  }
  return {{"format", kDeckFormat}, {"version", kDeckFormatVersion},
          {"name", deck.name},     {"description", deck.description},
          {"cards", cards},        {"problems", deck_problems(deck, rules)}};
}

Deck deck_from_json(const nlohmann::json& json, const std::string& where) {
  const JsonFields f(json, where);
  if (const nlohmann::json* format = f.find("format"); format && *format != kDeckFormat)
    throw InputError(f.where_of("format"), fmt::format("expected \"{}\"", kDeckFormat));
  if (const nlohmann::json* version = f.find("version"); version && *version != kDeckFormatVersion)
    throw InputError(f.where_of("version"),
                     fmt::format("this build reads version {}", kDeckFormatVersion));
  Deck deck;
  deck.name = f.string("name");
  deck.description = f.optional_string("description").value_or("");
  const JsonItems cards = f.array("cards");
  check_list_size(cards.size(), kMaxDeckCards, cards.where(), "cards");
  for (std::size_t i = 0; i < cards.size(); ++i) {
    // An exported card is {"id": ..., "name": ...}; a card id alone is read too.
    if (cards[i].is_string())
      deck.cards.push_back(cards.string(i));
    else
      deck.cards.push_back(cards.object(i).string("id"));
  }
  return deck;
}

std::string deck_to_markdown(const Deck& deck, const BuildRules& rules) {
  std::string out = fmt::format("# {}\n\n", deck.name.empty() ? "(unnamed deck)" : deck.name);
  if (!deck.description.empty()) out += fmt::format("*{}*\n\n", deck.description);
  out +=
      fmt::format("**{} cards**\n\n| Card | When | Effect |\n|---|---|---|\n", deck.cards.size());
  for (const std::string& id : deck.cards) {
    const Card* card = find_card(rules.cards, id);
    if (!card) {
      out += fmt::format("| {} | ? | no such card |\n", id);
      continue;
    }
    std::string when(timing_keys()[static_cast<int>(card->timing)]);
    if (card->timing == CardTiming::kReaction)
      when += fmt::format(" ({})", trigger_keys()[static_cast<int>(card->reaction_to)]);
    out += fmt::format("| {} | {} | {} |\n", card->name, when, card->text);
  }
  const std::vector<std::string> problems = deck_problems(deck, rules);
  if (!problems.empty()) out += fmt::format("\n**Problems:** {}\n", fmt::join(problems, "; "));
  return out;
}

}  // namespace warband::agame
