#include "rulesets/conflict/luck_deck.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cctype>

#include "core/error.h"

namespace warband::conflict {
namespace {

// Seed 003: "Aces are worth 1, 2s are worth 2, 3s are worth 3, Jacks are worth -1".
constexpr int kRankValues[4] = {1, 2, 3, -1};
constexpr char kRankLetters[4] = {'A', '2', '3', 'J'};
constexpr char kSuitLetters[kSuitCount] = {'S', 'H', 'D', 'C'};
constexpr const char* kSuitSymbols[kSuitCount] = {"♠", "♥", "♦", "♣"};
constexpr std::uint32_t kAllCards = (1u << kDeckSize) - 1;

constexpr const char* kCardNamesHelp = "cards are A, 2, 3, J of S/H/D/C, RJ, BJ";

std::string upper(std::string_view text) {
  std::string out;
  for (char c : text)
    out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
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

char suit_letter(Suit suit) {
  return kSuitLetters[static_cast<int>(suit)];
}
std::string suit_symbol(Suit suit) {
  return kSuitSymbols[static_cast<int>(suit)];
}

Card parse_card(std::string_view text, const std::string& where) {
  const std::string name = upper(trim(text));
  for (Card card = 0; card < kDeckSize; ++card)
    if (card_name(card) == name) return card;
  throw InputError(where,
                   fmt::format("unknown card '{}'; {}", std::string(trim(text)), kCardNamesHelp));
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
  throw InputError(where, fmt::format("unknown suit '{}'; suits are S, H, D, C (spades, hearts, "
                                      "diamonds, clubs)",
                                      std::string(trim(text))));
}

LuckDeck LuckDeck::full() {
  return LuckDeck(kAllCards);
}

LuckDeck LuckDeck::without_cards(std::string_view gone, const std::string& where) {
  LuckDeck deck = full();
  if (trim(gone).empty()) return deck;
  std::size_t start = 0;
  while (start <= gone.size()) {
    const std::size_t comma = std::min(gone.find(',', start), gone.size());
    const std::string_view item = gone.substr(start, comma - start);
    if (trim(item).empty())
      throw InputError(where, fmt::format("empty card name in '{}'; give cards separated by "
                                          "commas, e.g. AS,2H,RJ",
                                          std::string(gone)));
    const Card card = parse_card(item, where);
    if (!deck.has(card))
      throw InputError(where, fmt::format("card '{}' is listed twice", card_name(card)));
    deck = deck.without(card);
    start = comma + 1;
  }
  if (deck.size() < 2)
    throw InputError(
        where, fmt::format("only {} card(s) left in the deck; a flip needs two", deck.size()));
  return deck;
}

int LuckDeck::size() const {
  return std::popcount(cards_);
}

std::vector<Card> LuckDeck::cards() const {
  std::vector<Card> out;
  for (Card card = 0; card < kDeckSize; ++card)
    if (has(card)) out.push_back(card);
  return out;
}

LuckDeck LuckDeck::without(Card card) const {
  return LuckDeck(cards_ & ~(1u << card));
}

TwoCardFlip::TwoCardFlip(LuckDeck deck) : deck_(deck) {
  WB_CHECK(deck.size() >= 2);
}

std::vector<ChanceOutcome> TwoCardFlip::chance_outcomes() const {
  std::vector<ChanceOutcome> outcomes;
  if (done()) return outcomes;
  const std::vector<Card> left = deck_.cards();
  const double probability = 1.0 / static_cast<double>(left.size());
  for (Card card : left)
    outcomes.push_back({card, probability});
  return outcomes;
}

void TwoCardFlip::apply(Action card) {
  WB_CHECK(!done());
  WB_CHECK(card >= 0 && card < kDeckSize && deck_.has(static_cast<Card>(card)));
  cards_[flipped_++] = static_cast<Card>(card);
  deck_ = deck_.without(static_cast<Card>(card));  // without replacement
}

std::string TwoCardFlip::action_to_string(Action card) const {
  WB_CHECK(card >= 0 && card < kDeckSize);
  return fmt::format("{} card: {} ({:+d})", flipped_ == 0 ? "First" : "Second",
                     card_label(static_cast<Card>(card)), card_value(static_cast<Card>(card)));
}

int TwoCardFlip::total() const {
  WB_CHECK(done());
  return card_value(cards_[0]) + card_value(cards_[1]);
}

Distribution two_card_total(const LuckDeck& deck) {
  // Totals run from -3 (Red Joker + Jack) to +7 (Black Joker + 3): index = total + 3.
  constexpr int kLowest = -3;
  std::vector<std::uint64_t> ways(11, 0);
  const std::vector<Card> cards = deck.cards();
  WB_CHECK(cards.size() >= 2);
  for (std::size_t i = 0; i < cards.size(); ++i)
    for (std::size_t j = i + 1; j < cards.size(); ++j)
      ++ways[card_value(cards[i]) + card_value(cards[j]) - kLowest];
  return Distribution::from_ways(kLowest, ways);
}

SuitEvents suit_events(const LuckDeck& deck, Suit suit, Suit other) {
  SuitEvents events;
  const std::vector<Card> cards = deck.cards();
  for (std::size_t i = 0; i < cards.size(); ++i) {
    for (std::size_t j = i + 1; j < cards.size(); ++j) {
      const Card a = cards[i], b = cards[j];
      ++events.pairs;
      if (counts_as(a, suit) || counts_as(b, suit)) ++events.at_least_one;
      if ((counts_as(a, suit) && counts_as(b, other)) ||
          (counts_as(a, other) && counts_as(b, suit)))
        ++events.one_of_each;
      if (counts_as(a, suit) && counts_as(b, suit)) ++events.two_of;
    }
  }
  return events;
}

}  // namespace warband::conflict
