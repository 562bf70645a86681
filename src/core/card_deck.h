// Cards drawn without replacement from a deck: a luck deck two cards are flipped from, a spell deck
// a hand is drawn from. A deck is how many copies of each kind of card are left (copies of one
// kind are alike, and the order is hidden, so counts are all a State needs); drawing is one chance
// node per card, each card left equally likely. Flat values with no heap, and the exact
// distributions of what a draw holds (hypergeometric counts, totals of card values) computed once
// here.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/distribution.h"
#include "core/game.h"

namespace warband {

// Kinds of card a deck tells apart: card kinds are 0..kMaxCardKinds-1.
inline constexpr int kMaxCardKinds = 64;
// Copies of one kind (an 8-bit count).
inline constexpr int kMaxCardCopies = 255;
// The most cards one CardDraw takes.
inline constexpr int kMaxCardsDrawn = 16;

using CardKind = int;

class CardDeck {
 public:
  CardDeck() = default;  // empty
  // One copy of each kind 0..kinds-1.
  static CardDeck one_of_each(int kinds);

  int count(CardKind kind) const { return counts_[kind]; }
  bool has(CardKind kind) const { return counts_[kind] > 0; }
  int size() const { return size_; }
  // The kinds with copies left, ascending.
  std::vector<CardKind> kinds() const;

  void add(CardKind kind, int copies = 1);
  void remove(CardKind kind, int copies = 1);  // requires that many copies left

  // Drawing one card: every kind left, with probability copies / size, into `out` (at least
  // kMaxCardKinds long, or as many kinds as are left); returns how many. Empty deck: 0.
  int chance_outcomes_into(std::span<ChanceOutcome> out) const;
  std::vector<ChanceOutcome> chance_outcomes() const;

  bool operator==(const CardDeck&) const = default;

 private:
  std::array<std::uint8_t, kMaxCardKinds> counts_{};
  std::int16_t size_ = 0;
};

// Drawing `draws` cards from a deck, one chance node per card, without replacement. Outcome
// actions are card kinds. Trivially copyable.
class CardDraw {
 public:
  CardDraw() = default;                       // nothing to draw: done at once
  CardDraw(const CardDeck& deck, int draws);  // 0 <= draws <= min(deck size, kMaxCardsDrawn)

  bool done() const { return drawn_count_ == draws_; }
  int chance_outcomes_into(std::span<ChanceOutcome> out) const;  // 0 once done
  std::vector<ChanceOutcome> chance_outcomes() const;            // empty once done
  void apply(Action kind);                                       // a kind still in the deck

  int draws() const { return draws_; }
  int drawn_count() const { return drawn_count_; }
  CardKind drawn(int index) const { return drawn_[index]; }  // index < drawn_count()
  const CardDeck& deck() const { return deck_; }             // the cards still left

  bool operator==(const CardDraw&) const = default;

 private:
  CardDeck deck_;
  std::array<std::uint8_t, kMaxCardsDrawn> drawn_{};
  std::int8_t draws_ = 0;
  std::int8_t drawn_count_ = 0;
};

// ---- exact distributions of one draw (hands are unordered; copies count as different cards) ----

// C(n, k), or false when it overflows 64 bits.
bool checked_binomial(int n, int k, std::uint64_t& out);
// The number of hands of `draws` cards: C(size, draws).
std::uint64_t hands_of(const CardDeck& deck, int draws);
// How many of those hands satisfy `holds`, given the hand's kinds in ascending order (a kind
// appears once per copy drawn). Enumerates the distinct hands (multisets of kinds), each weighted
// by its number of ways: for the small draws of the rules (two cards), not for big hands (the
// counts must fit in 64 bits).
std::uint64_t hands_where(const CardDeck& deck, int draws,
                          const std::function<bool(std::span<const CardKind>)>& holds);
// The number of drawn cards of the kinds `marked` picks: hypergeometric, exact ways out of
// C(size, draws).
Distribution drawn_matching(const CardDeck& deck, int draws,
                            const std::function<bool(CardKind)>& marked);
// The total of the drawn cards' values, exact ways out of C(size, draws), by dynamic programming
// over the kinds (no enumeration of hands).
Distribution drawn_total(const CardDeck& deck, int draws,
                         const std::function<int(CardKind)>& value);

}  // namespace warband
