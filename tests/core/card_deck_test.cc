// Card decks drawn without replacement (core/card_deck.h): the chance nodes, hypergeometric
// counts and totals against full enumeration of ordered draws done here, and seeded Monte Carlo
// through the draw.
#include "core/card_deck.h"

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <type_traits>

#include "core/rng.h"
#include "tests/support/monte_carlo.h"

namespace warband {
namespace {

static_assert(std::is_trivially_copyable_v<CardDeck>, "a State embeds decks and copies them flat");
static_assert(std::is_trivially_copyable_v<CardDraw>, "a State embeds draws and copies them flat");

// A deck of copies: kind 0 x3, kind 1 x1, kind 2 x2, kind 5 x4 (ten cards).
CardDeck small_deck() {
  CardDeck deck;
  deck.add(0, 3);
  deck.add(1);
  deck.add(2, 2);
  deck.add(5, 4);
  return deck;
}

int value_of(CardKind kind) {
  return kind == 5 ? -1 : kind + 1;
}

// Every ordered draw of `draws` distinct cards (copies told apart), counted by f(kinds drawn).
// Each unordered hand appears draws! times.
template <typename F>
std::map<int, std::uint64_t> enumerate_ordered(const CardDeck& deck, int draws, F f) {
  std::vector<CardKind> cards;
  for (CardKind kind : deck.kinds())
    for (int i = 0; i < deck.count(kind); ++i)
      cards.push_back(kind);
  std::map<int, std::uint64_t> ways;
  std::vector<int> picked;
  std::vector<bool> used(cards.size(), false);
  const std::function<void()> go = [&] {
    if (static_cast<int>(picked.size()) == draws) {
      std::vector<CardKind> kinds;
      for (int index : picked)
        kinds.push_back(cards[index]);
      ++ways[f(kinds)];
      return;
    }
    for (std::size_t i = 0; i < cards.size(); ++i) {
      if (used[i]) continue;
      used[i] = true;
      picked.push_back(static_cast<int>(i));
      go();
      picked.pop_back();
      used[i] = false;
    }
  };
  go();
  return ways;
}

std::uint64_t factorial(int n) {
  return n <= 1 ? 1 : n * factorial(n - 1);
}

TEST(CardDeck, OutcomesAreCopiesOverSizeAndSumToOne) {
  const CardDeck deck = small_deck();
  EXPECT_EQ(deck.size(), 10);
  EXPECT_EQ(deck.kinds(), (std::vector<CardKind>{0, 1, 2, 5}));
  std::array<ChanceOutcome, kMaxCardKinds> buffer;
  ASSERT_EQ(deck.chance_outcomes_into(buffer), 4);
  EXPECT_EQ(buffer[0].action, 0);
  EXPECT_DOUBLE_EQ(buffer[0].probability, 0.3);
  EXPECT_EQ(buffer[3].action, 5);
  EXPECT_DOUBLE_EQ(buffer[3].probability, 0.4);
  double sum = 0;
  for (int i = 0; i < 4; ++i)
    sum += buffer[i].probability;
  EXPECT_NEAR(sum, 1.0, 1e-12);
  EXPECT_TRUE(CardDeck().chance_outcomes().empty());
}

TEST(CardDraw, WithoutReplacement) {
  CardDraw draw(small_deck(), 3);
  draw.apply(1);  // the only copy of kind 1
  const std::vector<ChanceOutcome> next = draw.chance_outcomes();
  ASSERT_EQ(next.size(), 3u);
  for (const ChanceOutcome& outcome : next)
    EXPECT_NE(outcome.action, 1);
  EXPECT_DOUBLE_EQ(next[0].probability, 3.0 / 9);
  draw.apply(5);
  EXPECT_EQ(draw.deck().count(5), 3);
  EXPECT_DOUBLE_EQ(draw.chance_outcomes().back().probability, 3.0 / 8);
  draw.apply(5);
  EXPECT_TRUE(draw.done());
  EXPECT_EQ(draw.drawn_count(), 3);
  EXPECT_EQ(draw.drawn(0), 1);
  EXPECT_EQ(draw.drawn(2), 5);
  EXPECT_EQ(draw.deck().size(), 7);
  EXPECT_TRUE(draw.chance_outcomes().empty());
}

TEST(CardDraw, CopiesAreIndependentValues) {
  CardDraw draw(small_deck(), 2);
  CardDraw copy = draw;
  copy.apply(0);
  EXPECT_EQ(draw.deck().count(0), 3);
  EXPECT_EQ(copy.deck().count(0), 2);
  EXPECT_NE(draw, copy);
}

TEST(CardDeckOdds, HandCountedBinomials) {
  std::uint64_t c = 0;
  ASSERT_TRUE(checked_binomial(18, 2, c));
  EXPECT_EQ(c, 153u);  // Conflict's "153 pairs"
  ASSERT_TRUE(checked_binomial(52, 5, c));
  EXPECT_EQ(c, 2598960u);
  ASSERT_TRUE(checked_binomial(3, 5, c));
  EXPECT_EQ(c, 0u);
  EXPECT_FALSE(checked_binomial(200, 100, c));
  EXPECT_EQ(hands_of(small_deck(), 2), 45u);
}

TEST(CardDeckOdds, HypergeometricAgainstEnumeration) {
  // Hand-counted: two cards of ten with four marked: both C(4,2) = 6, one 4 x 6 = 24, none 15.
  const Distribution marked = drawn_matching(small_deck(), 2, [](CardKind k) { return k == 5; });
  EXPECT_EQ(marked.denominator(), 45u);
  EXPECT_EQ(marked.ways(2), 6u);
  EXPECT_EQ(marked.ways(1), 24u);
  EXPECT_EQ(marked.ways(0), 15u);
  for (int draws = 0; draws <= 4; ++draws) {
    const Distribution exact =
        drawn_matching(small_deck(), draws, [](CardKind k) { return k < 2; });
    const auto ordered = enumerate_ordered(small_deck(), draws, [](const std::vector<CardKind>& h) {
      int count = 0;
      for (CardKind k : h)
        count += k < 2;
      return count;
    });
    for (const auto& [count, ways] : ordered)
      EXPECT_EQ(exact.ways(count) * factorial(draws), ways) << draws << " draws, " << count;
  }
}

TEST(CardDeckOdds, TotalsAgainstEnumeration) {
  for (int draws = 0; draws <= 4; ++draws) {
    const Distribution exact = drawn_total(small_deck(), draws, value_of);
    ASSERT_TRUE(exact.exact());
    const auto ordered = enumerate_ordered(small_deck(), draws, [](const std::vector<CardKind>& h) {
      int total = 0;
      for (CardKind k : h)
        total += value_of(k);
      return total;
    });
    std::uint64_t hands = 0;
    for (const auto& [total, ways] : ordered) {
      EXPECT_EQ(exact.ways(total) * factorial(draws), ways) << draws << " draws, total " << total;
      hands += ways / factorial(draws);
    }
    EXPECT_EQ(exact.denominator(), hands);
    EXPECT_EQ(hands, hands_of(small_deck(), draws));
  }
}

TEST(CardDeckOdds, HandsWhereCountsUnorderedHands) {
  // Pairs of one kind: C(3,2) + C(2,2) + C(4,2) = 3 + 1 + 6.
  EXPECT_EQ(hands_where(small_deck(), 2,
                        [](std::span<const CardKind> hand) { return hand[0] == hand[1]; }),
            10u);
  EXPECT_EQ(hands_where(small_deck(), 3, [](std::span<const CardKind>) { return true; }),
            hands_of(small_deck(), 3));
}

TEST(CardDeckOdds, ExactMatchesMonteCarloThroughTheDraw) {
  constexpr int kSamples = 20000;
  Rng rng(17);
  std::array<ChanceOutcome, kMaxCardKinds> buffer;
  for (int draws : {1, 3, 5}) {
    std::vector<int> totals;
    for (int i = 0; i < kSamples; ++i) {
      CardDraw draw(small_deck(), draws);
      while (!draw.done()) {
        const int n = draw.chance_outcomes_into(buffer);
        draw.apply(rng.sample(std::span<const ChanceOutcome>(buffer.data(), n)));
      }
      int total = 0;
      for (int d = 0; d < draw.drawn_count(); ++d)
        total += value_of(draw.drawn(d));
      totals.push_back(total);
    }
    SCOPED_TRACE(::testing::Message() << draws << " draws");
    warband::testing::expect_samples_agree(drawn_total(small_deck(), draws, value_of), totals);
  }
}

}  // namespace
}  // namespace warband
