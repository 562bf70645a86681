// The cards' report names the unit of the outcome that priced the run: log-odds for the result,
// the margin (a share of points) for `--outcome margin`, in its intro, its value column and each
// kind's price step, in Markdown and HTML alike; so does the report's role tables' explanation.
#include <gtest/gtest.h>

#include <string>

#include "balance/balance_analysis.h"
#include "balance/report.h"
#include "balance/report_cards.h"
#include "core/markup.h"

namespace warband::balance {
namespace {

// One priced card of one kind, with a measured price step: every label of the section shows.
BalanceAnalysis one_priced_card(Outcome outcome) {
  BalanceAnalysis analysis;
  analysis.outcome = outcome;
  analysis.card_price_name = "AcTi";
  CardBalance card;
  card.id = "fireball";
  card.name = "Fireball";
  card.kind = "Deck copy";
  card.games = 10;
  card.copies = 12;
  card.side_won = 0.5;
  card.estimable = true;
  card.value = 0.25;
  card.value_low = 0.125;
  card.value_high = 0.375;
  card.price_id = "fireball";
  card.price = 3;
  analysis.cards.push_back(card);
  CardKindStep step;
  step.kind = "Deck copy";
  step.estimable = true;
  step.value = -0.5;
  step.value_low = -0.75;
  step.value_high = -0.25;
  step.identified = true;
  analysis.card_steps.push_back(step);
  return analysis;
}

// Whether both renderings show `part`: the Markdown as is, the HTML escaped.
bool label_shown(const BalanceAnalysis& analysis, const std::string& part) {
  return cards_markdown(analysis).find(part) != std::string::npos &&
         cards_html(analysis).find(escape_markup(part)) != std::string::npos;
}

bool label_absent(const BalanceAnalysis& analysis, const std::string& part) {
  return cards_markdown(analysis).find(part) == std::string::npos &&
         cards_html(analysis).find(part) == std::string::npos;
}

// The card's row, read off the card above: the labels change with the outcome, the figures do not.
bool card_row_shown(const BalanceAnalysis& analysis) {
  return cards_markdown(analysis).find(
             "| Fireball | 10 | 12 | 50% | +0.250 [+0.125, +0.375] | - | none | no | 3 | - |") !=
         std::string::npos;
}

TEST(CardLabels, TheResultsCardsAreInLogOdds) {
  const BalanceAnalysis analysis = one_priced_card(Outcome::kResult);
  EXPECT_TRUE(label_shown(analysis, "each card's value is in the units' log-odds and"));
  EXPECT_TRUE(label_shown(analysis, "Value (log-odds) [95%]"));
  EXPECT_TRUE(label_shown(analysis, "is worth -0.500 [-0.750, -0.250] log-odds a copy"));
  EXPECT_TRUE(label_absent(analysis, "margin")) << cards_markdown(analysis);
  EXPECT_TRUE(card_row_shown(analysis)) << cards_markdown(analysis);
}

TEST(CardLabels, TheMarginsCardsAreInAShareOfPoints) {
  const BalanceAnalysis analysis = one_priced_card(Outcome::kMargin);
  EXPECT_TRUE(
      label_shown(analysis, "each card's value is in the units' margin (a share of points) and"));
  EXPECT_TRUE(label_shown(analysis, "Value (margin, a share of points) [95%]"));
  EXPECT_TRUE(
      label_shown(analysis, "is worth -0.500 [-0.750, -0.250] margin (a share of points) a copy"));
  EXPECT_TRUE(label_absent(analysis, "log-odds")) << cards_markdown(analysis);
  EXPECT_TRUE(card_row_shown(analysis)) << cards_markdown(analysis);
}

// The role tables' explanation (report.h's report_markdown) says the same unit as the cards'.
TEST(CardLabels, TheRoleTablesNameTheOutcomesUnitToo) {
  for (const Outcome outcome : {Outcome::kResult, Outcome::kMargin}) {
    BalanceRun run;
    run.settings.ruleset = "test";
    run.analysis = one_priced_card(outcome);
    run.analysis.roles.push_back({.role = "Kon", .name = "Troll", .games = 4, .copies = 4});
    const std::string markdown = report_markdown(run, {});
    const std::string unit = outcome == Outcome::kMargin ? "margin" : "log-odds of winning";
    EXPECT_NE(markdown.find("*Value*: " + unit + " with this unit as Kon instead of the reference"),
              std::string::npos)
        << markdown;
  }
}

}  // namespace
}  // namespace warband::balance
