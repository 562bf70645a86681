// Conflict's luck deck (seed 003, "Basic Luck Mechanic"): 18 cards, A 2 3 J of each suit worth
// 1, 2, 3, -1, a Red Joker worth -2 that counts as any suit and a Black Joker worth +4 that counts
// as no suit. Players flip two cards, without replacement, from what is left of their deck.
//
// The flip is a chance-node machine (one node per card, each remaining card equally likely) that
// the future engine, the odds sampler and the tests all drive; the exact tables below come from
// the same deck.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/distribution.h"
#include "core/game.h"

namespace warband::conflict {

// Suit dominance order of the seed: "Spades (♠), Hearts (♥), Diamonds (♦), and Clubs (♣)".
enum class Suit : std::uint8_t { kSpades, kHearts, kDiamonds, kClubs };
inline constexpr int kSuitCount = 4;

// A card is its index 0..17: rank * 4 + suit for A, 2, 3, J (0..15), then the two jokers.
using Card = int;
inline constexpr int kDeckSize = 18;
inline constexpr Card kRedJoker = 16;
inline constexpr Card kBlackJoker = 17;

int card_value(Card card);
// The Red Joker counts as every suit, the Black Joker as none.
bool counts_as(Card card, Suit suit);
// "AS", "2H", "JC", "RJ", "BJ": the names players type (--gone AS,RJ).
std::string card_name(Card card);
// "A♠", "J♣", "Red Joker": for showing a flip.
std::string card_label(Card card);
char suit_letter(Suit suit);
std::string suit_symbol(Suit suit);

// Reads one card name, case-insensitive; throws InputError(where, ...) listing the names.
Card parse_card(std::string_view text, const std::string& where);
// Reads "S", "h", "spades", "♥"...; throws InputError(where, ...).
Suit parse_suit(std::string_view text, const std::string& where);

// The cards still in a deck (a set of the 18).
class LuckDeck {
 public:
  static LuckDeck full();
  // The full deck without the comma-separated cards in `gone` ("AS,2h, RJ"). An unknown card, a
  // card listed twice or fewer than two cards left throws InputError(where, ...).
  static LuckDeck without_cards(std::string_view gone, const std::string& where);

  bool has(Card card) const { return (cards_ >> card) & 1u; }
  int size() const;
  std::vector<Card> cards() const;  // ascending
  LuckDeck without(Card card) const;

  bool operator==(const LuckDeck&) const = default;

 private:
  explicit LuckDeck(std::uint32_t cards) : cards_(cards) {}
  std::uint32_t cards_ = 0;
};

// Flipping two cards from a deck: two chance nodes, every card left equally likely.
// Outcome actions are the cards themselves.
class TwoCardFlip {
 public:
  explicit TwoCardFlip(LuckDeck deck);

  bool done() const { return flipped_ == 2; }
  std::vector<ChanceOutcome> chance_outcomes() const;  // empty once done
  void apply(Action card);                             // a card still in the deck
  std::string action_to_string(Action card) const;

  Card first() const { return cards_[0]; }
  Card second() const { return cards_[1]; }
  int total() const;  // requires done()

 private:
  LuckDeck deck_;
  Card cards_[2] = {-1, -1};
  int flipped_ = 0;
};

// ---- exact odds of one two-card flip ----

// The flip's total, with its ways out of C(n, 2) for a deck of n cards (exact).
Distribution two_card_total(const LuckDeck& deck);

// Counts of unordered pairs, out of `pairs` = C(n, 2).
struct SuitEvents {
  std::uint64_t pairs = 0;
  std::uint64_t at_least_one = 0;  // at least one card can count as `suit`
  std::uint64_t one_of_each = 0;   // one card counts as `suit`, the other as `other`
  std::uint64_t two_of = 0;        // both cards count as `suit`
};
// The seed's three suit events; the Red Joker may count as whichever suit helps.
SuitEvents suit_events(const LuckDeck& deck, Suit suit, Suit other);

}  // namespace warband::conflict
