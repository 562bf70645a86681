#include "rulesets/conflict/luck_deck.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "core/error.h"
#include "core/text.h"

namespace warband::conflict {
namespace {

// Seed 003: "Aces are worth 1, 2s are worth 2, 3s are worth 3, Jacks are worth -1".
constexpr int kRankValues[4] = {1, 2, 3, -1};
constexpr char kRankLetters[4] = {'A', '2', '3', 'J'};
constexpr char kSuitLetters[kSuitCount] = {'S', 'H', 'D', 'C'};
constexpr const char* kSuitSymbols[kSuitCount] = {"♠", "♥", "♦", "♣"};

constexpr const char* kCardNamesHelp = "the cards are A, 2, 3, J of S/H/D/C, RJ, BJ";

std::string upper(std::string_view text) {
  std::string out;
  for (char c : text)
    out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

int card_value(Card card) {
  if (card == kRedJoker) return -2;   // "A Red Joker is worth -2"
  if (card == kBlackJoker) return 4;  // "A Black Joker is worth +4"
  return kRankValues[card / kSuitCount];
}

bool counts_as(Card card, Suit suit) {
  if (card == kRedJoker) return true;     // "counts as any suit"
  if (card == kBlackJoker) return false;  // "counts as no suit"
  return card % kSuitCount == static_cast<int>(suit);
}

std::string card_name(Card card) {
  if (card == kRedJoker) return "RJ";
  if (card == kBlackJoker) return "BJ";
  return {kRankLetters[card / kSuitCount], kSuitLetters[card % kSuitCount]};
}

std::string card_label(Card card) {
  if (card == kRedJoker) return "Red Joker";
  if (card == kBlackJoker) return "Black Joker";
  return std::string(1, kRankLetters[card / kSuitCount]) + kSuitSymbols[card % kSuitCount];
}

std::string suit_symbol(Suit suit) {
  return kSuitSymbols[static_cast<int>(suit)];
}

Card parse_card(std::string_view text, const std::string& where) {
  const std::string name = upper(trim(text));
  for (Card card = 0; card < kDeckSize; ++card)
    if (card_name(card) == name) return card;
  throw InputError(where, fmt::format("names an unknown card '{}'; {}", std::string(trim(text)),
                                      kCardNamesHelp));
}

Suit parse_suit(std::string_view text, const std::string& where) {
  const std::string name = upper(trim(text));
  static const char* const kWords[kSuitCount] = {"SPADES", "HEARTS", "DIAMONDS", "CLUBS"};
  for (int s = 0; s < kSuitCount; ++s) {
    const std::string word = kWords[s];
    if (name == std::string(1, kSuitLetters[s]) || name == word ||
        name == word.substr(0, word.size() - 1) || name == kSuitSymbols[s])
      return static_cast<Suit>(s);
  }
  throw InputError(where,
                   fmt::format("is '{}', not a suit; the suits are S, H, D, C (spades, hearts, "
                               "diamonds, clubs)",
                               std::string(trim(text))));
}

LuckDeck LuckDeck::full() {
  return LuckDeck(CardDeck::one_of_each(kDeckSize));
}

LuckDeck LuckDeck::without_cards(std::string_view gone, const std::string& where) {
  LuckDeck deck = full();
  if (trim(gone).empty()) return deck;
  std::size_t start = 0;
  while (start <= gone.size()) {
    const std::size_t comma = std::min(gone.find(',', start), gone.size());
    const std::string_view item = gone.substr(start, comma - start);
    if (trim(item).empty())
      throw InputError(where, fmt::format("has an empty card name in '{}'; give cards separated "
                                          "by commas, e.g. AS,2H,RJ",
                                          std::string(gone)));
    const Card card = parse_card(item, where);
    if (!deck.has(card))
      throw InputError(where, fmt::format("names card '{}' twice", card_name(card)));
    deck = deck.without(card);
    start = comma + 1;
  }
  if (deck.size() < 2)
    throw InputError(where, fmt::format("leaves {} card{} in the deck; a flip needs two",
                                        deck.size(), deck.size() == 1 ? "" : "s"));
  return deck;
}

LuckDeck LuckDeck::without(Card card) const {
  CardDeck deck = deck_;
  deck.remove(card);
  return LuckDeck(deck);
}

// "Players flip two cards": two draws without replacement.
TwoCardFlip::TwoCardFlip(LuckDeck deck) : draw_(deck.card_deck(), 2) {}

std::string TwoCardFlip::action_to_string(Action card) const {
  WB_CHECK(card >= 0 && card < kDeckSize);
  return fmt::format("{} card: {} ({:+d})", draw_.drawn_count() == 0 ? "First" : "Second",
                     card_label(static_cast<Card>(card)), card_value(static_cast<Card>(card)));
}

int TwoCardFlip::total() const {
  WB_CHECK(done());
  return card_value(first()) + card_value(second());
}

Distribution two_card_total(const LuckDeck& deck) {
  WB_CHECK(deck.size() >= 2);
  return drawn_total(deck.card_deck(), 2, card_value);
}

SuitEvents suit_events(const LuckDeck& deck, Suit suit, Suit other) {
  // Hands of two cards, counted by core; the Red Joker counts as whichever suit helps.
  const CardDeck& cards = deck.card_deck();
  const auto count_where = [&](auto holds) {
    return hands_where(cards, 2,
                       [&](std::span<const CardKind> hand) { return holds(hand[0], hand[1]); });
  };
  SuitEvents events;
  events.pairs = hands_of(cards, 2);
  events.at_least_one =
      count_where([&](Card a, Card b) { return counts_as(a, suit) || counts_as(b, suit); });
  events.one_of_each = count_where([&](Card a, Card b) {
    return (counts_as(a, suit) && counts_as(b, other)) ||
           (counts_as(a, other) && counts_as(b, suit));
  });
  events.two_of =
      count_where([&](Card a, Card b) { return counts_as(a, suit) && counts_as(b, suit); });
  return events;
}

}  // namespace warband::conflict
