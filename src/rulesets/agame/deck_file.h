// A Game decks in files: `*.deck.toml` (a builder document), JSON (export and import) and
// Markdown. A deck is the 10 cards a player brings to the draft (seed 004), by card id:
//
//   name = "Iron Tricks"
//   description = "Parries and shields for a wall of Defenders"
//   cards = ["parry", "parry", "shield_wall", ...]
//
// Reading collects every problem, each "file:line: what".
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "rulesets/agame/build_rules.h"

namespace warband::agame {

struct Deck {
  std::string name;
  std::string description;
  std::vector<std::string> cards;  // card ids, as listed
  bool operator==(const Deck&) const = default;
};

// Where a deck's parts were read, for problems found after reading.
struct DeckLines {
  std::string top;                // "deck.toml:1"
  std::string cards;              // the `cards` list
  std::vector<std::string> card;  // each card id
};

struct DeckRead {
  Deck deck;
  DeckLines lines;
  std::vector<std::string> problems;  // what could not be read
};

// A TOML syntax error throws InputError("file:line", ...); every other problem is collected.
DeckRead read_deck_toml(std::string_view text, const std::string& path);
// What breaks the rules: the card count, unknown cards, too many copies. With `lines`, each
// problem starts with its line.
std::vector<std::string> deck_problems(const Deck& deck, const BuildRules& rules,
                                       const DeckLines& lines = {});
// The read problems, then deck_problems'.
std::vector<std::string> all_deck_problems(const DeckRead& read, const BuildRules& rules);
// The deck, or InputError(path, "N problems: ...") listing every read problem.
Deck parse_deck_toml(std::string_view text, const std::string& path);

std::string deck_to_toml(const Deck& deck);
nlohmann::json deck_to_json(const Deck& deck, const BuildRules& rules);
Deck deck_from_json(const nlohmann::json& json, const std::string& where);
std::string deck_to_markdown(const Deck& deck, const BuildRules& rules);

// The most cards a deck file may list (a long list is refused before any work).
inline constexpr std::size_t kMaxDeckCards = 100;

}  // namespace warband::agame
