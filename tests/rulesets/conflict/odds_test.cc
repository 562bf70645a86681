// Conflict's luck deck and combat odds (seed 003): the seed's sum table and suit events to the
// way, full enumeration of every pair, depleted decks, the combat comparison, the `conflict` odds
// query and its Monte Carlo twin through the flip machines.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/odds.h"
#include "core/registry.h"
#include "core/rng.h"
#include "rulesets/conflict/combat.h"
#include "rulesets/conflict/luck_deck.h"
#include "tests/support/monte_carlo.h"
#include "tests/support/test_files.h"

namespace warband::conflict {
namespace {

std::string error_of(const std::function<void()>& run) {
  try {
    run();
  } catch (const InputError& error) {
    return error.what();
  }
  return "(no error)";
}

double total_probability(const Distribution& d) {
  double total = 0;
  for (const auto& [value, p] : d.outcomes())
    total += p;
  return total;
}

// Exact probabilities of a machine's final value, walking every branch of its chance tree.
template <typename Machine, typename Value>
void walk(const Machine& machine, double probability, const Value& value,
          std::map<int, double>& out) {
  if (machine.done()) {
    out[value(machine)] += probability;
    return;
  }
  for (const ChanceOutcome& outcome : machine.chance_outcomes()) {
    Machine next = machine;
    next.apply(outcome.action);
    walk(next, probability * outcome.probability, value, out);
  }
}

const OddsQuery& query() {
  return find_odds("conflict");
}

// ---------------------------------------------------------------- the deck

TEST(ConflictDeck, EighteenCardsWithTheSeedsValuesAndSuits) {
  const LuckDeck deck = LuckDeck::full();
  EXPECT_EQ(deck.size(), 18);
  std::map<int, int> values;
  for (Card card : deck.cards())
    ++values[card_value(card)];
  EXPECT_EQ(values, (std::map<int, int>{{-2, 1}, {-1, 4}, {1, 4}, {2, 4}, {3, 4}, {4, 1}}));
  for (int s = 0; s < kSuitCount; ++s) {
    const Suit suit = static_cast<Suit>(s);
    EXPECT_TRUE(counts_as(kRedJoker, suit));     // "counts as any suit"
    EXPECT_FALSE(counts_as(kBlackJoker, suit));  // "counts as no suit"
    int plain = 0;
    for (Card card = 0; card < 16; ++card)
      plain += counts_as(card, suit);
    EXPECT_EQ(plain, 4);
  }
}

TEST(ConflictDeck, CardNamesReadBackCaseInsensitive) {
  for (Card card = 0; card < kDeckSize; ++card) {
    EXPECT_EQ(parse_card(card_name(card), "--gone"), card);
    std::string lower = card_name(card);
    for (char& c : lower)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_EQ(parse_card(lower, "--gone"), card);
  }
  EXPECT_EQ(card_value(parse_card("AS", "x")), 1);
  EXPECT_EQ(card_value(parse_card("2h", "x")), 2);
  EXPECT_EQ(card_value(parse_card("3D", "x")), 3);
  EXPECT_EQ(card_value(parse_card("jc", "x")), -1);
  EXPECT_EQ(card_value(parse_card("RJ", "x")), -2);
  EXPECT_EQ(card_value(parse_card("bj", "x")), 4);
  EXPECT_EQ(card_label(parse_card("JC", "x")), "J♣");
}

TEST(ConflictDeck, BadCardListsAreInputErrors) {
  EXPECT_EQ(error_of([] { LuckDeck::without_cards("AS,ZZ", "--gone"); }),
            "--gone: names an unknown card 'ZZ'; the cards are A, 2, 3, J of S/H/D/C, RJ, BJ");
  EXPECT_TRUE(contains_text(error_of([] { LuckDeck::without_cards("AS,as", "--gone"); }),
                            "names card 'AS' twice"));
  EXPECT_TRUE(contains_text(error_of([] { LuckDeck::without_cards("AS,,2H", "--gone"); }),
                            "empty card name"));
  const std::string all_but_one = "AS,AH,AD,AC,2S,2H,2D,2C,3S,3H,3D,3C,JS,JH,JD,JC,RJ";
  EXPECT_TRUE(contains_text(error_of([&] { LuckDeck::without_cards(all_but_one, "--gone"); }),
                            "a flip needs two"));
  EXPECT_EQ(LuckDeck::without_cards(" as , Bj ", "--gone").size(), 16);
  EXPECT_EQ(LuckDeck::without_cards("", "--gone"), LuckDeck::full());
}

// ---------------------------------------------------------------- the seed's tables

TEST(ConflictOdds, SeedSumTableExactly) {
  // Seed 003, "Probability of Each Sum": sum, number of ways, percentage.
  const std::vector<std::tuple<int, std::uint64_t, double>> seed = {
      {-3, 4, 2.61},  {-2, 6, 3.92},  {-1, 4, 2.61},  {0, 20, 13.07},
      {1, 20, 13.07}, {2, 23, 15.03}, {3, 20, 13.07}, {4, 22, 14.38},
      {5, 20, 13.07}, {6, 10, 6.54},  {7, 4, 2.61}};
  const Distribution table = two_card_total(LuckDeck::full());
  ASSERT_TRUE(table.exact());
  EXPECT_EQ(table.denominator(), 153u);
  EXPECT_EQ(table.min_value(), -3);  // "Minimum sum: -3 (Red Joker + Jack)"
  EXPECT_EQ(table.max_value(), 7);   // "Maximum sum: +7 (Black Joker + 3)"
  for (const auto& [sum, ways, percent] : seed) {
    EXPECT_EQ(table.ways(sum), ways) << "sum " << sum;
    EXPECT_DOUBLE_EQ(table.probability(sum), static_cast<double>(ways) / 153.0);
    EXPECT_NEAR(100 * table.probability(sum), percent, 0.005) << "sum " << sum;
  }
  EXPECT_NEAR(total_probability(table), 1.0, 1e-12);
}

TEST(ConflictOdds, SeedSuitEventsExactly) {
  // "At Least One of Two Cards Counts as a Specific Suit (e.g. ... a Heart)": 49.02%;
  // "one Heart and one Spade": 15.69%; "exactly two Hearts": 6.54%.
  for (int s = 0; s < kSuitCount; ++s) {
    for (int o = 0; o < kSuitCount; ++o) {
      if (s == o) continue;
      const SuitEvents events = suit_events(LuckDeck::full(), Suit(s), Suit(o));
      EXPECT_EQ(events.pairs, 153u);
      EXPECT_EQ(events.at_least_one, 75u);
      EXPECT_EQ(events.one_of_each, 24u);
      EXPECT_EQ(events.two_of, 10u);
    }
  }
  EXPECT_NEAR(100.0 * 75 / 153, 49.02, 0.005);
  EXPECT_NEAR(100.0 * 24 / 153, 15.69, 0.005);
  EXPECT_NEAR(100.0 * 10 / 153, 6.54, 0.005);
}

// Every unordered pair of the deck, counted here independently of luck_deck.cc.
TEST(ConflictOdds, FullEnumerationOfAllPairs) {
  for (const char* gone : {"", "RJ,BJ", "AS,2H,3D,JC", "RJ", "BJ,3S,3H,3D"}) {
    const LuckDeck deck = LuckDeck::without_cards(gone, "--gone");
    const std::vector<Card> cards = deck.cards();
    std::map<int, std::uint64_t> ways;
    std::uint64_t pairs = 0, hearts = 0, heart_spade = 0, two_hearts = 0;
    auto heart = [](Card c) { return c == kRedJoker || (c < 16 && c % 4 == 1); };
    auto spade = [](Card c) { return c == kRedJoker || (c < 16 && c % 4 == 0); };
    for (std::size_t i = 0; i < cards.size(); ++i) {
      for (std::size_t j = i + 1; j < cards.size(); ++j) {
        const Card a = cards[i], b = cards[j];
        ++pairs;
        ++ways[card_value(a) + card_value(b)];
        hearts += heart(a) || heart(b);
        heart_spade += (heart(a) && spade(b)) || (spade(a) && heart(b));
        two_hearts += heart(a) && heart(b);
      }
    }
    const Distribution table = two_card_total(deck);
    EXPECT_EQ(table.denominator(), pairs) << gone;
    for (int sum = -3; sum <= 7; ++sum)
      EXPECT_EQ(table.ways(sum), ways.count(sum) ? ways[sum] : 0u) << gone << " sum " << sum;
    const SuitEvents events = suit_events(deck, Suit::kHearts, Suit::kSpades);
    EXPECT_EQ(events.pairs, pairs);
    EXPECT_EQ(events.at_least_one, hearts) << gone;
    EXPECT_EQ(events.one_of_each, heart_spade) << gone;
    EXPECT_EQ(events.two_of, two_hearts) << gone;

    // The flip machine, walked branch by branch, gives the same table.
    std::map<int, double> walked;
    walk(
        TwoCardFlip(deck), 1.0, [](const TwoCardFlip& f) { return f.total(); }, walked);
    for (const auto& [sum, p] : walked)
      EXPECT_NEAR(p, table.probability(sum), 1e-12) << gone << " sum " << sum;
  }
}

TEST(ConflictOdds, BothJokersGone) {
  // 16 cards, C(16,2) = 120 pairs, counted by hand: A/2/3/J four of each.
  const Distribution table = two_card_total(LuckDeck::without_cards("RJ,BJ", "--gone"));
  EXPECT_EQ(table.denominator(), 120u);
  const std::map<int, std::uint64_t> hand = {{-2, 6}, {0, 16}, {1, 16}, {2, 22},
                                             {3, 16}, {4, 22}, {5, 16}, {6, 6}};
  for (int sum = -3; sum <= 7; ++sum)
    EXPECT_EQ(table.ways(sum), hand.count(sum) ? hand.at(sum) : 0u) << "sum " << sum;
  const SuitEvents events =
      suit_events(LuckDeck::without_cards("RJ,BJ", "x"), Suit::kHearts, Suit::kSpades);
  EXPECT_EQ(events.at_least_one, 120u - 66u);  // C(16,2) - C(12,2)
  EXPECT_EQ(events.one_of_each, 16u);
  EXPECT_EQ(events.two_of, 6u);
}

TEST(ConflictOdds, FlipIsWithoutReplacement) {
  TwoCardFlip flip(LuckDeck::full());
  EXPECT_EQ(flip.chance_outcomes().size(), 18u);
  flip.apply(kBlackJoker);
  const std::vector<ChanceOutcome> second = flip.chance_outcomes();
  ASSERT_EQ(second.size(), 17u);
  for (const ChanceOutcome& outcome : second) {
    EXPECT_NE(outcome.action, kBlackJoker);
    EXPECT_DOUBLE_EQ(outcome.probability, 1.0 / 17);
  }
  flip.apply(parse_card("3S", "x"));
  EXPECT_TRUE(flip.done());
  EXPECT_EQ(flip.total(), 7);
  EXPECT_TRUE(flip.chance_outcomes().empty());
}

// ---------------------------------------------------------------- combat

TEST(ConflictCombat, HitOnlyAboveTheDefenseAndDamageIsTheDifference) {
  // "If Total Attack Value > Total Defense Value: Hit. Damage = Difference."
  // "If Total Attack Value <= Total Defense Value: Miss."
  EXPECT_EQ(attack_damage(6, 5), 1);
  EXPECT_EQ(attack_damage(9, 2), 7);
  EXPECT_EQ(attack_damage(5, 5), 0);  // a tie misses
  EXPECT_EQ(attack_damage(-3, 4), 0);
}

TEST(ConflictCombat, ExactDamageAgainstEnumerationOfBothFlips) {
  struct Case {
    int attack, defense;
    std::string gone, defender_gone;
  };
  for (const Case& c : std::vector<Case>{{0, 0, "", ""},
                                         {3, 2, "", ""},
                                         {2, 5, "BJ", ""},
                                         {4, 4, "RJ,JS", "BJ,3C"},
                                         {-1, 3, "", "RJ"}}) {
    AttackSetup setup{c.attack, c.defense, LuckDeck::without_cards(c.gone, "--gone"),
                      LuckDeck::without_cards(c.defender_gone, "--defender-gone")};
    const Distribution exact = attack_damage_distribution(setup);
    const auto a = setup.attacker_deck.cards(), d = setup.defender_deck.cards();
    std::map<int, std::uint64_t> ways;
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
      for (std::size_t j = i + 1; j < a.size(); ++j)
        for (std::size_t k = 0; k < d.size(); ++k)
          for (std::size_t l = k + 1; l < d.size(); ++l) {
            ++total;
            ++ways[attack_damage(card_value(a[i]) + card_value(a[j]) + c.attack,
                                 card_value(d[k]) + card_value(d[l]) + c.defense)];
          }
    ASSERT_TRUE(exact.exact());
    EXPECT_EQ(exact.denominator(), total);
    for (const auto& [damage, count] : ways)
      EXPECT_EQ(exact.ways(damage), count) << "damage " << damage;
    EXPECT_NEAR(total_probability(exact), 1.0, 1e-12);

    std::map<int, double> walked;
    walk(
        AttackFlip(setup), 1.0, [](const AttackFlip& f) { return f.damage(); }, walked);
    for (const auto& [damage, p] : walked)  // a sum of 23,409 products: rounding adds up
      EXPECT_NEAR(p, exact.probability(damage), 1e-10);
  }
}

TEST(ConflictCombat, EvenStatsMissMoreThanHalfTheTime) {
  // With equal stats a tie misses, so the attacker hits less often than not.
  const Distribution damage = attack_damage_distribution({2, 2});
  EXPECT_LT(damage.at_least(1), 0.5);
  EXPECT_GT(damage.at_least(1), 0.4);
}

// ---------------------------------------------------------------- the odds query

TEST(ConflictOdds, QueryWithoutOptionsIsTheSeedTable) {
  const OddsResult result = query().compute({});
  EXPECT_EQ(result.outcome_label, "total");
  EXPECT_EQ(result.exact.denominator(), 153u);
  EXPECT_EQ(result.exact.ways(2), 23u);
  ASSERT_EQ(result.figures.size(), 3u);
  EXPECT_TRUE(contains_text(result.figures[0].first, "75 of 153 pairs")) << result.figures[0].first;
  EXPECT_TRUE(contains_text(result.figures[1].first, "24 of 153 pairs")) << result.figures[1].first;
  EXPECT_TRUE(contains_text(result.figures[2].first, "10 of 153 pairs")) << result.figures[2].first;
  EXPECT_NEAR(result.figures[0].second, 0.4902, 5e-5);
  EXPECT_NEAR(result.figures[1].second, 0.1569, 5e-5);
  EXPECT_NEAR(result.figures[2].second, 0.0654, 5e-5);
}

TEST(ConflictOdds, QueryAttackGivesDamageAndFigures) {
  const OddsResult result =
      query().compute({{"attack", "3"}, {"defense", "1"}, {"gone", "BJ"}, {"defender-gone", "RJ"}});
  EXPECT_EQ(result.outcome_label, "damage");
  const AttackSetup setup{3, 1, LuckDeck::without_cards("BJ", "x"),
                          LuckDeck::without_cards("RJ", "x")};
  const Distribution expected = attack_damage_distribution(setup);
  EXPECT_EQ(result.exact.denominator(), expected.denominator());
  EXPECT_EQ(result.exact.denominator(), 136u * 136u);  // C(17,2) each side
  ASSERT_EQ(result.figures.size(), 2u);
  EXPECT_EQ(result.figures[0].first, "P(hit)");
  EXPECT_DOUBLE_EQ(result.figures[0].second, expected.at_least(1));
  EXPECT_EQ(result.figures[1].first, "E[damage]");
  EXPECT_DOUBLE_EQ(result.figures[1].second, expected.mean());
}

TEST(ConflictOdds, QueryRejectsBadArguments) {
  EXPECT_EQ(error_of([] {
              query().compute({{"gone", "ZZ"}});
            }),
            "--gone: names an unknown card 'ZZ'; the cards are A, 2, 3, J of S/H/D/C, RJ, BJ");
  EXPECT_TRUE(contains_text(error_of([] { query().compute({{"attack", "3"}}); }), "--defense"));
  EXPECT_TRUE(contains_text(error_of([] { query().compute({{"defense", "3"}}); }), "--attack"));
  EXPECT_TRUE(contains_text(error_of([] {
                              query().compute({{"defender-gone", "AS"}});
                            }),
                            "--defender-gone"));
  EXPECT_TRUE(contains_text(error_of([] {
                              query().compute({{"attack", "x"}, {"defense", "1"}});
                            }),
                            "--attack"));
  EXPECT_TRUE(contains_text(
      error_of([] {
        query().compute({{"attack", "1"}, {"defense", "1"}, {"defender-gone", "AS,as"}});
      }),
      "--defender-gone: names card 'AS' twice"));
  EXPECT_TRUE(contains_text(error_of([] {
                              query().compute({{"suit", "H"}, {"second-suit", "hearts"}});
                            }),
                            "--second-suit"));
  EXPECT_TRUE(contains_text(error_of([] {
                              query().compute({{"suit", "X"}});
                            }),
                            "is 'X', not a suit"));
  EXPECT_TRUE(contains_text(error_of([] {
                              query().compute({{"attack", "1"}, {"defense", "1"}, {"suit", "S"}});
                            }),
                            "--suit"));
}

// ---------------------------------------------------------------- the form: questions and pickers

const OddsOption& option_named(const std::string& name) {
  for (const OddsOption& option : query().options)
    if (option.name == name) return option;
  throw std::runtime_error("no option " + name);
}

const OddsQuestion& question_titled(const std::string& title) {
  for (const OddsQuestion& question : query().questions)
    if (question.title == title) return question;
  throw std::runtime_error("no question " + title);
}

TEST(ConflictOddsForm, ThreeQuestionsCoverEveryOptionAndTheirExamplesCompute) {
  ASSERT_EQ(query().questions.size(), 3u);
  std::set<std::string> asked;
  for (const OddsQuestion& question : query().questions) {
    for (const std::string& name : question.options) {
      EXPECT_NO_THROW(option_named(name)) << name;
      asked.insert(name);
    }
    for (const auto& [name, value] : question.example)
      EXPECT_TRUE(std::count(question.options.begin(), question.options.end(), name)) << name;
  }
  for (const OddsOption& option : query().options)
    EXPECT_TRUE(asked.count(option.name)) << option.name << " is in no question";

  // The draw's example is the seed's table and its Heart/Spade events.
  const OddsResult draw = query().compute(question_titled("A luck-deck draw").example);
  EXPECT_EQ(draw.exact.denominator(), 153u);
  EXPECT_TRUE(contains_text(draw.figures[1].first, "P(one ♥ and one ♠), 24 of 153"))
      << draw.figures[1].first;
  // The attack's: Attack Strength 3 against Resistance 2, full decks.
  const OddsResult attack = query().compute(question_titled("An attack by its numbers").example);
  EXPECT_EQ(attack.outcome_label, "damage");
  EXPECT_DOUBLE_EQ(attack.exact.at_least(1), attack_damage_distribution({3, 2}).at_least(1));
  // Between two characters: the Knight Captain's Longsword (Attack Skill 2 + Strength 4 = 6)
  // against the Forest Giant (Defense 1 + Physical Resistance 2 = 3), read from their files.
  const OddsResult named =
      query().compute(question_titled("An attack between two characters").example);
  EXPECT_EQ(named.exact.denominator(), attack_damage_distribution({6, 3}).denominator());
  for (int damage = 0; damage <= 20; ++damage)
    EXPECT_EQ(named.exact.ways(damage), attack_damage_distribution({6, 3}).ways(damage)) << damage;
}

// By name (--attacker, --with, --defender) the totals are the seed's "Attack Skill + Attack
// Strength" against "Defense + the Resistance of the attack's type", the bonuses added on top,
// and the suit odds are the defender's suit's, naming the attack's effects.
TEST(ConflictOddsForm, AnAttackBetweenTwoCharactersByName) {
  // Knight Captain (a Spade): Attack Skill 2, Defense 2, Resistance physical 2 / energy 1 /
  // psyche 1; Longsword physical, Strength 4, Push on a Match Suit. Forest Giant (a Heart):
  // Attack Skill 1, Defense 1, Resistance 2 of each type; Uprooted Oak physical, Strength 5.
  const OddsArgs knight = {
      {"attacker", "Knight Captain"}, {"with", "Longsword"}, {"defender", "Forest Giant"}};
  const OddsResult result = query().compute(knight);
  EXPECT_EQ(result.title,
            "Conflict attack: two cards +6 (Knight Captain's Longsword: Attack Skill 2 + Strength "
            "4) against two cards +3 (Forest Giant: Defense 1 + Physical Resistance 2) (18 and "
            "18 cards): the damage");
  ASSERT_EQ(result.figures.size(), 4u);
  EXPECT_EQ(result.figures[2].first, "P(hit with a card matching ♥: Match Suit effects: Push)");
  EXPECT_DOUBLE_EQ(result.figures[2].second, suit_effect_odds({6, 3}, Suit::kHearts).match_suit);
  EXPECT_EQ(result.figures[3].first, "P(hit with both cards matching ♥: Both Suits effects)");
  EXPECT_DOUBLE_EQ(result.figures[3].second, suit_effect_odds({6, 3}, Suit::kHearts).both_suits);

  // The other way round: 1 + 5 = 6 against the Knight's Defense 2 + Physical Resistance 2 = 4,
  // with a Charge (+1) and the Knight in Partial Cover (+1); the Spade's odds.
  OddsArgs giant = {{"attacker", "Forest Giant"},
                    {"with", "Uprooted Oak"},
                    {"defender", "Knight Captain"},
                    {"charge", "true"},
                    {"cover", "partial"}};
  const OddsResult back = query().compute(giant);
  for (int damage = 0; damage <= 20; ++damage)
    EXPECT_EQ(back.exact.ways(damage), attack_damage_distribution({7, 5}).ways(damage)) << damage;
  EXPECT_TRUE(contains_text(back.title,
                            "Forest Giant's Uprooted Oak: Attack Skill 1 + Strength "
                            "5, Charge +1) against two cards +5 (Knight Captain: "
                            "Defense 2 + Physical Resistance 2, Partial Cover +1)"))
      << back.title;
  EXPECT_TRUE(contains_text(back.figures[2].first, "matching ♠")) << back.figures[2].first;

  // The pickers: every character, and each one's attacks offered while it is the attacker.
  const auto characters = option_named("attacker").choices();
  // content/conflict/characters' 13 files and The Iron Pact's inline Pact Musketeer.
  ASSERT_EQ(characters.size(), 14u);
  EXPECT_EQ(characters.back().value, "Pact Musketeer");
  EXPECT_TRUE(option_named("defender").required);
  int knight_attacks = 0;
  for (const OddsChoice& choice : option_named("with").choices())
    if (choice.only_with_value == "Knight Captain") {
      ++knight_attacks;
      EXPECT_EQ(choice.label, "Longsword (Physical, Single Target, Strength 4)");
    }
  EXPECT_EQ(knight_attacks, 1);

  // Bad or mixed input: a sentence naming the option.
  EXPECT_EQ(
      error_of([] {
        query().compute(
            {{"attacker", "Knight Captian"}, {"with", "Longsword"}, {"defender", "Forest Giant"}});
      }),
      "--attacker: no character named 'Knight Captian'. Did you mean 'Knight Captain'?");
  EXPECT_EQ(error_of([] {
              query().compute(
                  {{"attacker", "Knight Captain"}, {"with", "Axe"}, {"defender", "Forest Giant"}});
            }),
            "--with: Knight Captain has no attack named 'Axe'; theirs: Longsword");
  EXPECT_TRUE(
      contains_text(error_of([] {
                      query().compute({{"attacker", "Knight Captain"}, {"with", "Longsword"}});
                    }),
                    "--defender: is missing"));
  OddsArgs mixed = knight;
  mixed["attack"] = "3";
  EXPECT_TRUE(contains_text(error_of([&] { query().compute(mixed); }), "--attack: is read from"));
  OddsArgs suited = knight;
  suited["target-suit"] = "S";
  EXPECT_TRUE(contains_text(error_of([&] { query().compute(suited); }), "the defender's own suit"));
}

TEST(ConflictOddsForm, SuitPickersOfferTheFourSuits) {
  for (const char* name : {"suit", "second-suit", "target-suit"}) {
    const OddsOption& option = option_named(name);
    ASSERT_TRUE(option.choices) << name;
    std::set<Suit> suits;
    for (const OddsChoice& choice : option.choices())
      suits.insert(parse_suit(choice.value, name));
    EXPECT_EQ(suits.size(), 4u) << name;
  }
  EXPECT_TRUE(option_named("suit").required);
  EXPECT_FALSE(option_named("target-suit").required);  // "none": no suit effects asked
}

// Every bonus of the ruling "Combat" moves the total it belongs to by its amount: the same odds
// as the total given as a number.
TEST(ConflictOddsForm, EveryPickedBonusAddsToItsTotal) {
  const OddsArgs base = {{"attack", "3"}, {"defense", "2"}};
  const auto same_as = [&](const std::string& name, const std::string& value, int attack,
                           int defense) {
    OddsArgs args = base;
    args[name] = value;
    const OddsResult picked = query().compute(args);
    const Distribution plain = attack_damage_distribution({attack, defense});
    for (int damage = 0; damage <= 20; ++damage)
      EXPECT_EQ(picked.exact.ways(damage), plain.ways(damage)) << name << "=" << value;
    return picked.title;
  };
  EXPECT_TRUE(contains_text(same_as("charge", "true", 4, 2), "Charge +1"));
  EXPECT_TRUE(contains_text(same_as("focused", "true", 5, 2), "Focused Attack +2"));
  same_as("aid", "true", 4, 2);
  same_as("flanking", "true", 4, 2);
  same_as("high-ground", "true", 4, 2);
  same_as("prone-target", "true", 4, 2);
  same_as("ran", "true", 3, 3);
  // The pickers' own values: each choice they offer.
  for (const OddsChoice& choice : option_named("weak").choices())
    same_as("weak", choice.value, 3 - std::stoi(choice.value), 2);
  for (const OddsChoice& choice : option_named("hindered").choices())
    same_as("hindered", choice.value, 3, 2 - std::stoi(choice.value));
  for (const OddsChoice& choice : option_named("reduced-resistance").choices())
    same_as("reduced-resistance", choice.value, 3, 2 - std::stoi(choice.value));
  EXPECT_TRUE(contains_text(same_as("cover", "partial", 3, 3), "Partial Cover +1"));
  EXPECT_TRUE(contains_text(same_as("cover", "full", 3, 4), "Full Cover +2"));
  EXPECT_EQ(option_named("weak").choices().size(), 3u);  // "stack up to 3 times"
  EXPECT_TRUE(contains_text(error_of([] {
                              query().compute({{"attack", "3"}, {"defense", "2"}, {"weak", "4"}});
                            }),
                            "--weak: must be a whole number from 0 to 3"));
  EXPECT_TRUE(contains_text(error_of([] {
                              query().compute({{"charge", "true"}});
                            }),
                            "--charge: goes with an attack"));
}

// Match Suit and Both Suits, counted over every pair of both flips.
TEST(ConflictOddsForm, SuitEffectsAgainstEnumeration) {
  struct Case {
    int attack, defense;
    std::string gone, defender_gone;
    Suit suit;
  };
  for (const Case& c : std::vector<Case>{{3, 2, "", "", Suit::kHearts},
                                         {1, 4, "RJ", "", Suit::kClubs},
                                         {5, 0, "AS,2S", "BJ", Suit::kSpades}}) {
    const AttackSetup setup{c.attack, c.defense, LuckDeck::without_cards(c.gone, "x"),
                            LuckDeck::without_cards(c.defender_gone, "x")};
    const auto a = setup.attacker_deck.cards(), d = setup.defender_deck.cards();
    double total = 0, match = 0, both = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
      for (std::size_t j = i + 1; j < a.size(); ++j)
        for (std::size_t k = 0; k < d.size(); ++k)
          for (std::size_t l = k + 1; l < d.size(); ++l) {
            ++total;
            const bool hit = card_value(a[i]) + card_value(a[j]) + c.attack >
                             card_value(d[k]) + card_value(d[l]) + c.defense;
            const int matches = counts_as(a[i], c.suit) + counts_as(a[j], c.suit);
            match += hit && matches >= 1;
            both += hit && matches == 2;
          }
    const SuitEffectOdds odds = suit_effect_odds(setup, c.suit);
    EXPECT_NEAR(odds.match_suit, match / total, 1e-12);
    EXPECT_NEAR(odds.both_suits, both / total, 1e-12);
  }
  OddsArgs args = {{"attack", "3"}, {"defense", "2"}, {"target-suit", "H"}};
  const OddsResult result = query().compute(args);
  ASSERT_EQ(result.figures.size(), 4u);
  EXPECT_TRUE(contains_text(result.figures[2].first, "Match Suit")) << result.figures[2].first;
  EXPECT_DOUBLE_EQ(result.figures[2].second, suit_effect_odds({3, 2}, Suit::kHearts).match_suit);
  EXPECT_DOUBLE_EQ(result.figures[3].second, suit_effect_odds({3, 2}, Suit::kHearts).both_suits);
}

// ---------------------------------------------------------------- Monte Carlo twins

TEST(ConflictOdds, ExactMatchesMonteCarloThroughTheMachines) {
  constexpr int kSamples = 20000;
  const std::vector<OddsArgs> cases = {
      {},
      {{"gone", "RJ,BJ"}},
      {{"gone", "3S,3H,3D,3C,BJ"}},
      {{"attack", "0"}, {"defense", "0"}},
      {{"attack", "4"}, {"defense", "2"}, {"gone", "BJ"}},
      {{"attack", "2"}, {"defense", "3"}, {"gone", "JS,JH"}, {"defender-gone", "RJ,AS"}},
      {{"attack", "2"}, {"defense", "3"}, {"charge", "true"}, {"cover", "full"}, {"weak", "1"}},
      {{"attacker", "Forest Giant"}, {"with", "Uprooted Oak"}, {"defender", "Knight Captain"}},
  };
  std::uint64_t seed = 11;
  for (const OddsArgs& args : cases) {
    const OddsResult result = query().compute(args);
    EXPECT_NEAR(total_probability(result.exact), 1.0, 1e-12);
    Rng rng(seed++);
    const std::vector<int> samples = query().sample(args, rng, kSamples);
    ASSERT_EQ(samples.size(), static_cast<std::size_t>(kSamples));
    warband::testing::expect_samples_agree(result.exact, samples);
  }
}

}  // namespace
}  // namespace warband::conflict
