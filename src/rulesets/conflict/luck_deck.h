// Conflict's luck deck (seed 003, "Basic Luck Mechanic"): 18 cards, A 2 3 J of each suit worth
// 1, 2, 3, -1, a Red Joker worth -2 that counts as any suit and a Black Joker worth +4 that counts
// as no suit. Players flip two cards, without replacement, from what is left of their deck.
//
// The deck is a core CardDeck (one copy of each of the 18 cards) and the flip a core CardDraw of
// two cards (one chance node per card, each remaining card equally likely), which the future
// engine, the odds sampler and the tests all drive; the exact tables below come from the same
// deck through core/card_deck.h.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/card_deck.h"
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

  bool has(Card card) const { return deck_.has(card); }
  int size() const { return deck_.size(); }
  std::vector<Card> cards() const { return deck_.kinds(); }  // ascending
  LuckDeck without(Card card) const;
  // The cards as a core deck (card kinds are the cards 0..17), for drawing and exact odds.
  const CardDeck& card_deck() const { return deck_; }

  bool operator==(const LuckDeck&) const = default;

 private:
  explicit LuckDeck(const CardDeck& deck) : deck_(deck) {}
  CardDeck deck_;
};

// Flipping two cards from a deck: two chance nodes, every card left equally likely.
// Outcome actions are the cards themselves.
class TwoCardFlip {
 public:
  explicit TwoCardFlip(LuckDeck deck);

  bool done() const { return draw_.done(); }
  // The next card's outcomes into `out` (at least kDeckSize long); returns how many, 0 once done.
  int chance_outcomes_into(std::span<ChanceOutcome> out) const {
    return draw_.chance_outcomes_into(out);
  }
  std::vector<ChanceOutcome> chance_outcomes() const { return draw_.chance_outcomes(); }
  void apply(Action card) { draw_.apply(card); }  // a card still in the deck
  std::string action_to_string(Action card) const;

  Card first() const { return draw_.drawn_count() > 0 ? draw_.drawn(0) : -1; }
  Card second() const { return draw_.drawn_count() > 1 ? draw_.drawn(1) : -1; }
  int total() const;  // requires done()

 private:
  CardDraw draw_;
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
