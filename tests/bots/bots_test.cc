// The bots: specs, legal play over whole games, determinism, greedy's look-ahead on a crafted
// position, AtomsPast's determinize and evaluate, and the ladder's first rung.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

#include "bots/bot.h"
#include "bots/greedy_bot.h"
#include "bots/mcts_bot.h"
#include "core/budget.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/rng.h"
#include "sim/match.h"
#include "sim/sweep.h"
#include "tests/support/test_scale.h"
#include "tests/test_rulesets/toy/toy_game.h"

namespace warband::bots {
namespace {

std::string input_error(const std::string& spec) {
  try {
    make_bot(spec, "--red");
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

TEST(BotSpecs, GoodSpecsMakeBots) {
  EXPECT_EQ(make_bot("greedy")->spec(), "greedy");
  EXPECT_EQ(make_bot("greedy:depth=3,nodes=50")->spec(), "greedy:depth=3,nodes=50");
  EXPECT_EQ(make_bot("mcts:iterations=20,c=1.4,rollout=full")->spec(),
            "mcts:iterations=20,c=1.4,rollout=full");
  EXPECT_EQ(make_bot("mcts:ms=5,rollout=0")->spec(), "mcts:ms=5,rollout=0");
}

TEST(BotSpecs, BadOptionsAreInputErrorsNamingTheOption) {
  EXPECT_NE(input_error("greedy:depth=0").find("depth"), std::string::npos);
  EXPECT_NE(input_error("greedy:nodes=lots").find("nodes"), std::string::npos);
  EXPECT_NE(input_error("greedy:speed=3").find("speed"), std::string::npos);
  EXPECT_NE(input_error("mcts:iterations=-5").find("iterations"), std::string::npos);
  EXPECT_NE(input_error("mcts:rollout=half").find("rollout"), std::string::npos);
  EXPECT_NE(input_error("mcts:c=x").find("c=x"), std::string::npos);
  EXPECT_NE(input_error("mcts:iterations=5,ms=5").find("not both"), std::string::npos);
  EXPECT_NE(input_error("mcts:depth=2").find("depth"), std::string::npos);
  EXPECT_NE(input_error("clever").find("known bots: random, greedy, mcts"), std::string::npos);
  EXPECT_EQ(input_error("mcts:ms=5"), "") << "a good spec";
}

// Defect 6 of issue 14: "nan" passed the range check (every comparison with NaN is false) and
// failed an internal check when the bot searched.
TEST(BotSpecs, NanAndInfinitiesAreNotNumbers) {
  for (const char* spec : {"mcts:c=nan", "mcts:c=NaN", "mcts:c=-nan", "mcts:c=inf",
                           "mcts:c=infinity", "mcts:widen=inf", "mcts:iterations=nan",
                           "greedy:depth=nan", "greedy:nodes=inf", "mcts:c=1e999"}) {
    const std::string error = input_error(spec);
    EXPECT_NE(error.find("--red"), std::string::npos) << spec << ": " << error;
    EXPECT_NE(error.find("not a"), std::string::npos) << spec << ": " << error;
  }
  EXPECT_NE(input_error("mcts:c=inf").find("not a finite number"), std::string::npos);
}

// Passes the inner bot's choices on, failing the test on any that is not legal.
class CheckedBot : public Bot {
 public:
  explicit CheckedBot(const std::string& spec) : inner_(make_bot(spec)) {}
  using Bot::choose;
  Action choose(const State& state, Rng& rng, const Budget& budget) override {
    const Action action = inner_->choose(state, rng, budget);
    const std::vector<Action> legal = state.legal_actions();
    EXPECT_TRUE(std::binary_search(legal.begin(), legal.end(), action))
        << spec() << " chose an illegal action in\n"
        << state.to_string();
    ++choices;
    return action;
  }
  const std::string& spec() const override { return inner_->spec(); }
  int choices = 0;

 private:
  std::unique_ptr<Bot> inner_;
};

std::shared_ptr<const Game> training_ground() {
  static const auto game = make_game("atomspast", {{"map", "training_ground"}});
  return game;
}

// A greedy bot searching `full_nodes` a decision in release and a tenth of them under the
// sanitizers (test_scale.h), where its searches are most of these whole games' time.
std::string scaled_greedy(int full_nodes) {
  return "greedy:nodes=" + std::to_string(scaled_count(full_nodes, 10));
}

TEST(Bots, OnlyLegalActionsOverWholeGames) {
  for (const auto& [red_spec, blue_spec] : std::vector<std::pair<std::string, std::string>>{
           {scaled_greedy(200), "random"},
           {"mcts:iterations=20", scaled_greedy(100)},
           {"greedy:nodes=4", "random"}}) {  // a few sampled follow-ups per decision
    CheckedBot red(red_spec), blue(blue_spec);
    const sim::GameResult result = sim::play_match(training_ground(), 11, red, blue);
    EXPECT_TRUE(result.finished) << red_spec << " vs " << blue_spec;
    EXPECT_GT(red.choices, 10);
    EXPECT_GT(blue.choices, 10);
  }
}

TEST(Bots, SameSeedSameGame) {
  for (const std::string& spec :
       {scaled_greedy(200), std::string("mcts:iterations=6,rollout=full")}) {
    std::uint64_t hashes[2];
    for (int run = 0; run < 2; ++run) {
      const auto red = make_bot(spec);
      const auto blue = make_bot("random");
      hashes[run] = sim::play_match(training_ground(), 3, *red, *blue).final_hash;
    }
    EXPECT_EQ(hashes[0], hashes[1]) << spec;
  }
}

// The balance bot (issue 20) is greedy at a fixed budget, so that balance runs stay comparable.
TEST(Bots, TheBalanceBotIsGreedyAtDepth2WithEightFollowUps) {
  EXPECT_EQ(make_bot("balance")->spec(), "balance");
  EXPECT_NE(input_error("balance:nodes=100").find("no option 'nodes'"), std::string::npos);
  const auto balance = make_bot("balance");
  const auto greedy = make_bot("greedy:depth=2,nodes=8");
  const auto red = make_bot("random");
  const sim::GameResult with_balance = sim::play_match(training_ground(), 5, *red, *balance);
  const sim::GameResult with_greedy = sim::play_match(training_ground(), 5, *red, *greedy);
  EXPECT_TRUE(with_balance.finished);
  EXPECT_EQ(with_balance.final_hash, with_greedy.final_hash);
  EXPECT_EQ(with_balance.decisions, with_greedy.decisions);
}

// The toy dice race on its last turn, Red 10 behind Blue's 12 with 1 this turn and card 3 in
// hand: banking loses, rolling wins 5 times in 6, playing the card then banking wins surely.
std::unique_ptr<State> toy_last_turn(int turn_total, int card) {
  const auto game = toy::make_toy_game({{"parameters", {{"target", 30}, {"max_turns", 20}}}});
  return game->state_from_json({{"score", {10, 12}},
                                {"card", {card, 2}},
                                {"card_played", {false, false}},
                                {"to_move", 0},
                                {"turn", 19},
                                {"turn_total", turn_total},
                                {"rolling", false},
                                {"over", false},
                                {"winner", -1}});
}

TEST(Greedy, TakesTheSureWin) {
  const auto state = toy_last_turn(1, 3);
  GreedyBot greedy("greedy", {});
  Rng rng(1);
  const std::vector<double> values = greedy.action_values(*state, rng);
  // Roll, Bank, PlayCard: exact expected returns with the follow-up decision maximised.
  ASSERT_EQ(values.size(), 3u);
  EXPECT_NEAR(values[toy::kBank], -1.0, 1e-12);
  EXPECT_NEAR(values[toy::kPlayCard], 1.0, 1e-12);
  for (int seed = 0; seed < 20; ++seed) {
    Rng choice_rng(seed);
    EXPECT_EQ(greedy.choose(*state, choice_rng), toy::kPlayCard);
  }
}

TEST(Greedy, RollsWhenTheCardIsNotEnough) {
  // Card 1: playing it gives 12, a draw at best after banking; rolling wins 5/6 (a 1 busts).
  const auto state = toy_last_turn(1, 1);
  GreedyBot greedy("greedy", {});
  Rng rng(1);
  const std::vector<double> values = greedy.action_values(*state, rng);
  ASSERT_EQ(values.size(), 3u);
  EXPECT_NEAR(values[toy::kRoll], 5.0 / 6.0 - 1.0 / 6.0, 1e-12);
  EXPECT_EQ(greedy.choose(*state, rng), toy::kRoll);
}

// AtomsPast after set-up: Red's first turn reached by random play.
std::unique_ptr<State> atomspast_in_play(std::uint64_t seed) {
  auto state = training_ground()->new_initial_state();
  Rng rng(seed);
  while (!state->is_terminal()) {
    const auto& view = state->to_json();
    if (view["round"].get<int>() >= 2 && !state->is_chance()) break;
    if (state->is_chance())
      state->apply(rng.sample(state->chance_outcomes()));
    else
      state->apply(rng.pick(state->legal_actions()));
  }
  return state;
}

TEST(AtomsPastHeuristics, DeterminizeKeepsTheViewAndRedrawsTheHiddenHand) {
  int changed = 0;
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    const auto state = atomspast_in_play(seed);
    ASSERT_FALSE(state->is_terminal());
    const int player = state->current_player();
    Rng rng(seed);
    for (int draw = 0; draw < 5; ++draw) {
      const auto redrawn = state->determinize(player, rng);
      EXPECT_EQ(redrawn->view(player), state->view(player));
      EXPECT_NO_THROW(redrawn->check_consistency());
      EXPECT_EQ(redrawn->legal_actions(), state->legal_actions());
      if (redrawn->to_json() != state->to_json()) ++changed;
      // The other player's view is its own hand: that is what changed.
      EXPECT_EQ(redrawn->to_json()["players"][player], state->to_json()["players"][player]);
    }
  }
  EXPECT_GT(changed, 10);
}

TEST(Mcts, TimeBudgetStillChoosesALegalAction) {
  const auto state = atomspast_in_play(4);
  MctsBot bot("mcts:ms=20", {.milliseconds = 20});
  Rng rng(1);
  const Action action = bot.choose(*state, rng);
  const std::vector<Action> legal = state->legal_actions();
  EXPECT_TRUE(std::binary_search(legal.begin(), legal.end(), action));
  if (legal.size() > 1) {
    EXPECT_GT(bot.last_iterations(), 0);
  }
}

// Searches far too big for any request (issue 14: mcts rollout=full,iterations=100000 ran 94 s;
// greedy depth=8,nodes=10000000 for minutes) stop when their budget does and still play a legal
// action. The bounds are generous: the assertion is that they stopped, not how fast.
TEST(BotBudget, HugeSearchesStopWhenTheBudgetRunsOut) {
  const auto state = atomspast_in_play(4);
  const std::vector<Action> legal = state->legal_actions();
  ASSERT_GT(legal.size(), 1u);
  for (const std::string spec :
       {"mcts:rollout=full,iterations=100000000", "greedy:depth=8,nodes=10000000"}) {
    const auto bot = make_bot(spec);
    const Budget budget(std::chrono::milliseconds(100));
    Rng rng(1);
    const auto start = std::chrono::steady_clock::now();
    const Action action = bot->choose(*state, rng, budget);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20)) << spec;
    EXPECT_TRUE(std::binary_search(legal.begin(), legal.end(), action)) << spec;
  }
}

// Ruled: a bot whose budget is gone before it starts plays the first legal action.
TEST(BotBudget, ACancelledBudgetPlaysTheFirstLegalAction) {
  const auto state = atomspast_in_play(4);
  const std::vector<Action> legal = state->legal_actions();
  ASSERT_GT(legal.size(), 1u);
  Budget budget;
  budget.cancel();
  for (const std::string spec : {"mcts:iterations=1000", "greedy"}) {
    Rng rng(1);
    EXPECT_EQ(make_bot(spec)->choose(*state, rng, budget), legal.front()) << spec;
  }
}

// A budget that does not run out changes nothing: the same choices as without one.
TEST(BotBudget, AnAmpleBudgetChoosesAsTheUnboundedBot) {
  const auto state = atomspast_in_play(4);
  for (const std::string spec : {"mcts:iterations=200", "greedy"}) {
    const Budget ample(std::chrono::hours(1));
    Rng with(7), without(7);
    EXPECT_EQ(make_bot(spec)->choose(*state, with, ample), make_bot(spec)->choose(*state, without))
        << spec;
  }
}

TEST(AtomsPastHeuristics, EvaluateIsZeroSumInRangeAndReturnsAtTheEnd) {
  auto state = training_ground()->new_initial_state();
  Rng rng(5);
  bool saw_nonzero = false;
  while (!state->is_terminal()) {
    const std::vector<double> value = state->evaluate();
    ASSERT_EQ(value.size(), 2u);
    EXPECT_NEAR(value[0], -value[1], 1e-12);
    EXPECT_LE(std::abs(value[0]), 1.0);
    saw_nonzero |= std::abs(value[0]) > 0.01;
    if (state->is_chance())
      state->apply(rng.sample(state->chance_outcomes()));
    else
      state->apply(rng.pick(state->legal_actions()));
  }
  EXPECT_TRUE(saw_nonzero);
  EXPECT_EQ(state->evaluate(), state->returns());
}

TEST(Ladder, GreedyBeatsRandomWithSidesSwapped) {
  int greedy_wins = 0;
  for (int greedy_side = 0; greedy_side < 2; ++greedy_side) {
    sim::SweepSettings settings;
    settings.ruleset = "atomspast";
    settings.setup = {{"map", "training_ground"}};
    settings.bots[greedy_side] = "greedy:nodes=200";
    settings.bots[1 - greedy_side] = "random";
    settings.seed = 100 + greedy_side;
    settings.end = 10;
    settings.threads = 2;
    for (const sim::GameResult& game : sim::run_sweep(settings))
      greedy_wins += game.winner == greedy_side;
  }
  // The games are seeded, so this is deterministic (19 of 20 when written). Against a change that
  // reshuffles them: at greedy's measured rate (~95%) fewer than 15 of 20 has odds 3e-4, while a
  // bot no better than random reaches 15 with odds 2%.
  EXPECT_GE(greedy_wins, 15);
}

}  // namespace
}  // namespace warband::bots
