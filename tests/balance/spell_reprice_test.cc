// Card prices in `warband balance --reprice` (balance/reprice.h), the planted spell's small
// version: on the wager test ruleset with spell cards, each fairly priced at its fair AcTi, one
// spell's AcTi moved by 2 is found (its suggested AcTi's interval excludes the planted one) and put
// back within one step, and the fair ones stay within one step. The long version on AtomsPast is
// scripts/planted_spell.sh.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <map>
#include <stdexcept>

#include "balance/reprice.h"
#include "core/error.h"
#include "tests/balance/wager_ruleset.h"

namespace warband::balance {
namespace {

BalanceSettings wager_spells(std::vector<BalanceOverride> overrides) {
  BalanceSettings settings;
  settings.ruleset = wager::kRuleset;
  settings.base_setup = {{"spell_hand", 3}};
  settings.games = 4000;
  settings.seed = 23;
  settings.threads = 2;
  settings.mirrored = true;
  settings.luck = true;
  settings.price_jitter = 1;
  settings.overrides = std::move(overrides);
  return settings;
}

std::map<std::string, RepricedCard> cards_by_price_id(const RepriceResult& result) {
  std::map<std::string, RepricedCard> cards;
  for (const RepricedCard& card : result.cards)
    cards[card.price_id] = card;
  return cards;
}

const CardBalance& card_named(const BalanceAnalysis& analysis, const std::string& name) {
  for (const CardBalance& card : analysis.cards)
    if (card.name == name) return card;
  throw std::runtime_error("no card " + name);
}

TEST(SpellReprice, APlantedAcTiIsFoundAndPutBack) {
  const std::vector<BalanceOverride> plant = {{"spells.ward.acti", "6"}};  // fair 4
  // Found: one run's suggestion for the Ward excludes the planted AcTi and covers the fair one.
  // Only differences between spells are measured and the suggestions keep the average AcTi, which
  // the plant raised by 2 / 4 (the four spells are drawn alike): so fair is 4.5 here.
  const BalanceRun run = run_balance(wager_spells(plant));
  ASSERT_EQ(run.card_prices.size(), run.games.size());
  const CardBalance& ward = card_named(run.analysis, "Ward");
  ASSERT_TRUE(ward.has_price_suggestion);
  EXPECT_EQ(ward.price, 6);
  EXPECT_LT(ward.price_high, 6);
  EXPECT_LE(ward.price_low, 4.5);
  EXPECT_GE(ward.price_high, 4.5);
  for (const char* other : {"Spark", "Gale", "Hex"}) {
    const CardBalance& card = card_named(run.analysis, other);
    EXPECT_LE(card.price_low, *card.price + 0.5) << other;
    EXPECT_GE(card.price_high, *card.price + 0.5) << other;
  }
  ASSERT_EQ(run.analysis.card_steps.size(), 1u);
  EXPECT_TRUE(run.analysis.card_steps[0].identified);
  EXPECT_LT(run.analysis.card_steps[0].value, 0);  // a higher AcTi is worth less

  // Put back: the search moves it to within one step of fair; the fair spells stay within one.
  RepriceSettings search{.balance = wager_spells(plant), .tolerance = 12, .max_rounds = 3};
  const RepriceResult baseline = [&] {
    RepriceSettings fair = search;
    fair.balance.overrides.clear();
    return reprice(fair);
  }();
  const RepriceResult planted = reprice(search);
  ASSERT_EQ(planted.cards.size(), 4u);
  EXPECT_EQ(planted.card_price_name, "AcTi");
  auto base = cards_by_price_id(baseline), moved = cards_by_price_id(planted);
  EXPECT_EQ(moved["ward"].old_price, 6);
  for (const auto& [id, card] : moved) {
    ASSERT_TRUE(card.estimable) << id;
    EXPECT_NEAR(card.new_price, wager::fair_acti(id), 1) << id;
    EXPECT_NEAR(base[id].new_price, wager::fair_acti(id), 1) << id;
  }
  EXPECT_LE(moved["ward"].new_price, 5);
  // The points file lists the new AcTi as what-if lines.
  const std::string file = points_file(planted);
  EXPECT_NE(file.find(fmt::format("# --set spells.ward.acti={}  # Ward: AcTi was 6",
                                  moved["ward"].new_price)),
            std::string::npos)
      << file;
  EXPECT_NE(reprice_markdown(planted).find("| Ward | Spell | 6 |"), std::string::npos);
}

TEST(SpellReprice, BadJitterIsAClearError) {
  BalanceSettings settings = wager_spells({});
  settings.price_jitter = kMaxPriceJitter + 1;
  EXPECT_THROW(run_balance(settings), InputError);
  settings.price_jitter = -1;
  EXPECT_THROW(run_balance(settings), InputError);
  settings.price_jitter = 1;
  settings.random_warbands = false;
  settings.base_setup["warbands"] = {{"pike"}, {"bow"}};
  EXPECT_THROW(run_balance(settings), InputError);
}

}  // namespace
}  // namespace warband::balance
