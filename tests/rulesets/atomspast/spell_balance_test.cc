// AtomsPast's spell cards in `warband balance` (balance_hooks.cc): each spell is a card twice, a
// copy in the deck and the Kon's spell, both priced by its AcTi; a game's cards are its sides'
// starting decks (the Kon's copy taken out) and Kon spells; a run with a price jitter plays each
// spell at its AcTi +-1 and fits what one step is worth for each kind. docs/sim.md "Spell cards".
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "balance/balance_run.h"
#include "core/game.h"
#include "core/registry.h"
#include "rulesets/atomspast/atomspast_game.h"

namespace warband::atomspast {
namespace {

TEST(AtomsPastSpellBalance, EachSpellIsADeckCardAndAKonCardPricedByItsAcTi) {
  const BalanceHooks& hooks = find_balance("atomspast");
  ASSERT_TRUE(hooks.cards && hooks.side_cards && hooks.card_price_override);
  EXPECT_EQ(hooks.card_price_name, "AcTi");
  const nlohmann::json setup = nlohmann::json::object();
  const std::shared_ptr<const Content> content = setup_content(setup);
  const std::vector<BalanceCard> cards = hooks.cards(setup);
  ASSERT_EQ(cards.size(), 2 * content->spells.size());
  const SpellCard& first = content->spells.front();
  EXPECT_EQ(cards.front().name, first.name);
  EXPECT_EQ(cards.front().kind, "Deck copy");
  EXPECT_EQ(cards.front().price_id, first.id);
  EXPECT_EQ(cards.front().price, first.acti);
  const BalanceCard& kon = cards[content->spells.size()];
  EXPECT_EQ(kon.name, "Kon: " + first.name);
  EXPECT_EQ(kon.kind, "Kon's spell");
  EXPECT_EQ(kon.price_id, first.id);
  // The override sets the AcTi, which the cards then report.
  const BalanceOverride set = hooks.card_price_override(first.id, first.acti + 2);
  EXPECT_EQ(set.first, "spells." + first.id + ".acti");
  EXPECT_EQ(hooks.cards(hooks.apply_overrides(setup, {set})).front().price, first.acti + 2);
}

TEST(AtomsPastSpellBalance, ASidesCardsAreItsStartingDeckAndItsKonSpell) {
  const BalanceHooks& hooks = find_balance("atomspast");
  const nlohmann::json setup = hooks.random_setup(nlohmann::json::object(), 1500, 150, 5);
  const std::shared_ptr<const Game> game = make_game("atomspast", setup);
  const SideCards held = hooks.side_cards(*game->new_initial_state());
  const auto& atoms = dynamic_cast<const AtomsPastGame&>(*game);
  for (int side = 0; side < 2; ++side) {
    // 50 cards: 49 in the deck, the Kon's spell taken out of it.
    ASSERT_EQ(held[side].size(), 50u) << side;
    const std::string kon = "Kon: " + atoms.spell(atoms.kon_spell(side)).name;
    EXPECT_EQ(held[side].back(), kon);
    std::map<std::string, int> copies;
    for (const std::string& name : held[side])
      ++copies[name];
    EXPECT_EQ(copies[kon], 1);
    for (const auto& [id, count] : atoms.warband(side).deck) {
      const SpellCard* spell = atoms.content().find_spell(id);
      ASSERT_NE(spell, nullptr);
      EXPECT_EQ(copies[spell->name], count - (id == atoms.warband(side).kon_spell ? 1 : 0)) << id;
    }
  }
}

TEST(AtomsPastSpellBalance, AJitteredRunPlaysEachSpellAtItsAcTiPlusOrMinusOne) {
  balance::BalanceSettings settings;
  settings.ruleset = "atomspast";
  settings.games = 16;
  settings.seed = 3;
  settings.threads = 1;
  settings.price_jitter = 1;
  const balance::BalanceRun run = balance::run_balance(settings);
  ASSERT_EQ(run.card_prices.size(), run.games.size());
  std::vector<int> moved_up(run.cards.size(), 0), moved_down(run.cards.size(), 0);
  for (const std::vector<double>& prices : run.card_prices) {
    ASSERT_EQ(prices.size(), run.cards.size());
    for (std::size_t c = 0; c < prices.size(); ++c) {
      const double offset = prices[c] - *run.cards[c].price;
      EXPECT_EQ(std::abs(offset), 1) << run.cards[c].name;  // every AcTi is above 1
      (offset > 0 ? moved_up : moved_down)[c] += 1;
    }
  }
  // The patterns alternate, so every spell is played both dearer and cheaper, equally often.
  for (std::size_t c = 0; c < run.cards.size(); ++c)
    EXPECT_EQ(moved_up[c], moved_down[c]) << run.cards[c].name;
  ASSERT_EQ(run.analysis.card_steps.size(), 2u);
  EXPECT_EQ(run.analysis.card_steps[0].kind, "Deck copy");
  EXPECT_EQ(run.analysis.card_steps[1].kind, "Kon's spell");
  EXPECT_TRUE(run.analysis.card_steps[0].estimable);
  EXPECT_EQ(run.analysis.card_price_name, "AcTi");
  // The game's content played the jittered AcTi: game 0's setup records it.
  const nlohmann::json game_setup = balance::sweep_for(settings).setup_for_game(0);
  const std::shared_ptr<const Content> played = setup_content(game_setup);
  for (std::size_t c = 0; c < played->spells.size(); ++c)
    EXPECT_EQ(played->spells[c].acti, run.card_prices[0][c]) << played->spells[c].id;
}

}  // namespace
}  // namespace warband::atomspast
