#include "core/card_deck.h"

#include <algorithm>
#include <type_traits>

#include "core/error.h"

namespace warband {

// ---- the deck ----

CardDeck CardDeck::one_of_each(int kinds) {
  WB_CHECK(kinds >= 0 && kinds <= kMaxCardKinds);
  CardDeck deck;
  for (CardKind kind = 0; kind < kinds; ++kind)
    deck.add(kind);
  return deck;
}

std::vector<CardKind> CardDeck::kinds() const {
  std::vector<CardKind> out;
  for (CardKind kind = 0; kind < kMaxCardKinds; ++kind)
    if (counts_[kind] > 0) out.push_back(kind);
  return out;
}

void CardDeck::add(CardKind kind, int copies) {
  WB_CHECK(kind >= 0 && kind < kMaxCardKinds && copies >= 0);
  WB_CHECK(counts_[kind] + copies <= kMaxCardCopies);
  counts_[kind] = static_cast<std::uint8_t>(counts_[kind] + copies);
  size_ = static_cast<std::int16_t>(size_ + copies);
}

void CardDeck::remove(CardKind kind, int copies) {
  WB_CHECK(kind >= 0 && kind < kMaxCardKinds && copies >= 0 && counts_[kind] >= copies);
  counts_[kind] = static_cast<std::uint8_t>(counts_[kind] - copies);
  size_ = static_cast<std::int16_t>(size_ - copies);
}

int CardDeck::chance_outcomes_into(std::span<ChanceOutcome> out) const {
  if (size_ == 0) return 0;
  const double size = size_;
  int n = 0;
  for (CardKind kind = 0; kind < kMaxCardKinds; ++kind) {
    if (counts_[kind] == 0) continue;
    WB_CHECK(n < static_cast<int>(out.size()));
    out[n++] = {kind, counts_[kind] / size};
  }
  return n;
}

std::vector<ChanceOutcome> CardDeck::chance_outcomes() const {
  std::array<ChanceOutcome, kMaxCardKinds> buffer;
  const int n = chance_outcomes_into(buffer);
  return {buffer.begin(), buffer.begin() + n};
}

// ---- drawing ----

CardDraw::CardDraw(const CardDeck& deck, int draws)
    : deck_(deck), draws_(static_cast<std::int8_t>(draws)) {
  WB_CHECK(draws >= 0 && draws <= kMaxCardsDrawn && draws <= deck.size());
}

int CardDraw::chance_outcomes_into(std::span<ChanceOutcome> out) const {
  if (done()) return 0;
  return deck_.chance_outcomes_into(out);
}

std::vector<ChanceOutcome> CardDraw::chance_outcomes() const {
  if (done()) return {};
  return deck_.chance_outcomes();
}

void CardDraw::apply(Action kind) {
  WB_CHECK(!done());
  WB_CHECK(kind >= 0 && kind < kMaxCardKinds && deck_.has(static_cast<CardKind>(kind)));
  drawn_[drawn_count_++] = static_cast<std::uint8_t>(kind);
  deck_.remove(static_cast<CardKind>(kind));  // without replacement
}

// ---- exact distributions ----

bool checked_binomial(int n, int k, std::uint64_t& out) {
  out = 0;
  if (k < 0 || k > n) return true;
  k = std::min(k, n - k);
  // C(n, i) = C(n, i - 1) (n - i + 1) / i, exact at every step; the product is checked.
  std::uint64_t value = 1;
  for (int i = 1; i <= k; ++i) {
    std::uint64_t product = 0;
    if (__builtin_mul_overflow(value, static_cast<std::uint64_t>(n - i + 1), &product))
      return false;
    value = product / static_cast<std::uint64_t>(i);
  }
  out = value;
  return true;
}

namespace {

double binomial_double(int n, int k) {
  if (k < 0 || k > n) return 0.0;
  double value = 1.0;
  for (int i = 1; i <= std::min(k, n - k); ++i)
    value = value * (n - i + 1) / i;
  return value;
}

}  // namespace

std::uint64_t hands_of(const CardDeck& deck, int draws) {
  std::uint64_t hands = 0;
  const bool fits = checked_binomial(deck.size(), draws, hands);
  WB_CHECK(fits);
  return hands;
}

std::uint64_t hands_where(const CardDeck& deck, int draws,
                          const std::function<bool(std::span<const CardKind>)>& holds) {
  WB_CHECK(draws >= 0 && draws <= kMaxCardsDrawn && draws <= deck.size());
  const std::vector<CardKind> kinds = deck.kinds();
  std::array<CardKind, kMaxCardsDrawn> hand{};
  std::uint64_t count = 0;
  // Picks how many copies of kinds[next] join the hand (already `held` cards, `ways` ways).
  const std::function<void(std::size_t, int, std::uint64_t)> pick = [&](std::size_t next, int held,
                                                                        std::uint64_t ways) {
    if (held == draws) {
      if (holds(std::span<const CardKind>(hand.data(), draws))) count += ways;
      return;
    }
    if (next == kinds.size()) return;
    const CardKind kind = kinds[next];
    for (int copies = std::min(deck.count(kind), draws - held); copies >= 0; --copies) {
      std::uint64_t choose = 0;
      const bool fits = checked_binomial(deck.count(kind), copies, choose);  // at most C(255, 16)
      WB_CHECK(fits);
      for (int i = 0; i < copies; ++i)
        hand[held + i] = kind;
      pick(next + 1, held + copies, ways * choose);
    }
  };
  pick(0, 0, 1);
  return count;
}

Distribution drawn_total(const CardDeck& deck, int draws,
                         const std::function<int(CardKind)>& value) {
  WB_CHECK(draws >= 0 && draws <= deck.size());
  // The kinds left and their values, asked once each.
  std::array<CardKind, kMaxCardKinds> kinds{};
  std::array<int, kMaxCardKinds> values{};
  int kind_count = 0;
  for (CardKind kind = 0; kind < kMaxCardKinds; ++kind) {
    if (!deck.has(kind)) continue;
    kinds[kind_count] = kind;
    values[kind_count] = value(kind);
    ++kind_count;
  }
  if (draws == 0 || kind_count == 0) return Distribution::point(0);
  const int lowest = *std::min_element(values.begin(), values.begin() + kind_count);
  const int highest = *std::max_element(values.begin(), values.begin() + kind_count);
  // ways[j][s]: hands of j cards from the kinds so far whose values, each less `lowest`, sum to s.
  // Kept as counts while they fit in 64 bits, and as doubles throughout; flat rows of `width`.
  // The tables of the rules' small draws live on the stack (the odds of an attack ask for several
  // per query); a big hand falls back to the heap.
  const int widest = draws * (highest - lowest);
  const std::size_t width = static_cast<std::size_t>(widest) + 1;
  if (draws <= 2) {
    // A flip of one or two cards: the pairs of kinds are fewer than the table's cells, and the
    // counts always fit (at most C(size, 2) hands).
    std::vector<std::uint64_t> totals(width, 0);
    for (int a = 0; a < kind_count; ++a) {
      const std::uint64_t copies_a = deck.count(kinds[a]);
      if (draws == 1) {
        totals[values[a] - lowest] += copies_a;
        continue;
      }
      totals[2 * (values[a] - lowest)] += copies_a * (copies_a - 1) / 2;
      for (int b = a + 1; b < kind_count; ++b)
        totals[values[a] + values[b] - 2 * lowest] += copies_a * deck.count(kinds[b]);
    }
    return Distribution::from_ways(draws * lowest, totals);
  }
  const std::size_t cells = static_cast<std::size_t>(draws + 1) * width;
  constexpr std::size_t kStackCells = 512;
  std::array<std::uint64_t, kStackCells> small_ways;
  std::array<double, kStackCells> small_weights;
  std::vector<std::uint64_t> big_ways;
  std::vector<double> big_weights;
  std::span<std::uint64_t> ways;
  std::span<double> weights;
  if (cells <= kStackCells) {
    ways = std::span(small_ways.data(), cells);
    weights = std::span(small_weights.data(), cells);
  } else {
    big_ways.resize(cells);
    big_weights.resize(cells);
    ways = big_ways;
    weights = big_weights;
  }
  std::fill(ways.begin(), ways.end(), 0);
  std::fill(weights.begin(), weights.end(), 0.0);
  const auto at = [width](int j, int s) { return static_cast<std::size_t>(j) * width + s; };
  ways[0] = 1;
  weights[0] = 1.0;
  bool fits = true;
  // C(copies, m) for m = 0..draws, as counts (0 when too large) and doubles, once per kind.
  std::array<std::uint64_t, kMaxCardCopies + 1> choose{};
  std::array<double, kMaxCardCopies + 1> choose_weight{};
  for (int k = 0; k < kind_count; ++k) {
    const int step = values[k] - lowest;
    const int copies = deck.count(kinds[k]);
    const int most = std::min(copies, draws);
    bool choose_fits = true;
    for (int m = 1; m <= most; ++m) {
      choose_fits = checked_binomial(copies, m, choose[m]) && choose_fits;
      choose_weight[m] = binomial_double(copies, m);
    }
    fits = fits && choose_fits;
    for (int j = draws; j >= 1; --j) {  // downwards: each kind joins a hand once
      for (int s = widest; s >= 0; --s) {
        for (int m = 1; m <= std::min(most, j); ++m) {
          const int from = s - m * step;
          if (from < 0) break;
          const double before = weights[at(j - m, from)];
          if (before == 0.0) continue;
          weights[at(j, s)] += before * choose_weight[m];
          if (!fits) continue;
          std::uint64_t term = 0;
          fits = !__builtin_mul_overflow(ways[at(j - m, from)], choose[m], &term) &&
                 !__builtin_add_overflow(ways[at(j, s)], term, &ways[at(j, s)]);
        }
      }
    }
  }
  const int min_value = draws * lowest;
  const auto last_row = [&](auto table) {
    using Value = typename decltype(table)::value_type;
    return std::vector<std::remove_cv_t<Value>>(table.begin() + at(draws, 0), table.end());
  };
  if (fits) return Distribution::from_ways(min_value, last_row(ways));
  return Distribution::from_probabilities(min_value, last_row(weights));
}

Distribution drawn_matching(const CardDeck& deck, int draws,
                            const std::function<bool(CardKind)>& marked) {
  return drawn_total(deck, draws, [&](CardKind kind) { return marked(kind) ? 1 : 0; });
}

}  // namespace warband
