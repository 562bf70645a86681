// The conformance suite catches each kind of defect it claims to check (a suite that cannot fail
// proves nothing): toy games with one deliberate defect each. That it passes on a correct game is
// each ruleset's own test (tests/test_rulesets/toy/toy_test.cc).
#include <gtest/gtest.h>

#include <algorithm>

#include "../support/conformance.h"
#include "core/registry.h"
#include "tests/test_rulesets/toy/toy_game.h"

namespace warband {
namespace {

// A toy game with one deliberate defect, for checking that the suite notices it.
enum class Defect {
  kUnsortedLegalActions,
  kProbabilitiesSumBelowOne,
  kJsonForgetsTurnTotal,
  kSharedClone,
  kMaxLengthTooShort,
  kReturnsNotZeroSum,
  kViewAddsKey,
  kNotDeterministic,
};

class DefectiveGame;

class DefectiveState final : public State {
 public:
  DefectiveState(std::shared_ptr<State> inner, std::shared_ptr<const DefectiveGame> game,
                 Defect defect, bool reversed_chance)
      : inner_(std::move(inner)),
        game_(std::move(game)),
        defect_(defect),
        reversed_chance_(reversed_chance) {}

  int current_player() const override { return inner_->current_player(); }
  std::vector<Action> legal_actions() const override {
    std::vector<Action> legal = inner_->legal_actions();
    if (defect_ == Defect::kUnsortedLegalActions) std::reverse(legal.begin(), legal.end());
    return legal;
  }
  std::vector<ChanceOutcome> chance_outcomes() const override {
    std::vector<ChanceOutcome> outcomes = inner_->chance_outcomes();
    if (defect_ == Defect::kProbabilitiesSumBelowOne && !outcomes.empty())
      outcomes.front().probability *= 0.999;
    if (reversed_chance_) std::reverse(outcomes.begin(), outcomes.end());
    return outcomes;
  }
  void apply(Action action) override { inner_->apply(action); }
  std::vector<double> returns() const override {
    std::vector<double> returns = inner_->returns();
    if (defect_ == Defect::kReturnsNotZeroSum) returns[0] = 1.0;
    return returns;
  }
  std::unique_ptr<State> clone() const override {
    // The shared-clone defect shares the inner state, as a shallow copy of a pointer would.
    std::shared_ptr<State> inner =
        defect_ == Defect::kSharedClone ? inner_ : std::shared_ptr<State>(inner_->clone());
    return std::make_unique<DefectiveState>(inner, game_, defect_, reversed_chance_);
  }
  nlohmann::json to_json() const override { return inner_->to_json(); }
  nlohmann::json view(int player) const override {
    nlohmann::json view = inner_->view(player);
    if (defect_ == Defect::kViewAddsKey) view["viewer"] = player;
    return view;
  }
  std::string action_to_string(Action action) const override {
    return inner_->action_to_string(action);
  }
  std::string to_string() const override { return inner_->to_string(); }
  void check_consistency() const override { inner_->check_consistency(); }
  const Game& game() const override;

 private:
  std::shared_ptr<State> inner_;
  std::shared_ptr<const DefectiveGame> game_;
  Defect defect_;
  bool reversed_chance_;
};

class DefectiveGame final : public Game, public std::enable_shared_from_this<DefectiveGame> {
 public:
  DefectiveGame(std::string name, Defect defect, const nlohmann::json& setup)
      : inner_(toy::make_toy_game(setup)), info_(inner_->info()), defect_(defect) {
    info_.ruleset = std::move(name);
    if (defect_ == Defect::kMaxLengthTooShort) info_.max_game_length = 6;
  }
  const GameInfo& info() const override { return info_; }
  std::unique_ptr<State> new_initial_state() const override {
    ++games_started_;
    return wrap(inner_->new_initial_state());
  }
  std::unique_ptr<State> state_from_json(const nlohmann::json& json) const override {
    nlohmann::json copy = json;
    if (defect_ == Defect::kJsonForgetsTurnTotal && copy.is_object()) copy["turn_total"] = 0;
    return wrap(inner_->state_from_json(copy));
  }
  const nlohmann::json& setup() const override { return inner_->setup(); }

 private:
  std::unique_ptr<State> wrap(std::unique_ptr<State> inner) const {
    // The nondeterministic defect lists chance outcomes in an order that changes from one game
    // to the next, as iterating a hash table seeded by address might.
    const bool reversed = defect_ == Defect::kNotDeterministic && games_started_ % 2 == 0;
    return std::make_unique<DefectiveState>(std::move(inner), shared_from_this(), defect_,
                                            reversed);
  }

  std::shared_ptr<const Game> inner_;
  GameInfo info_;
  Defect defect_;
  mutable int games_started_ = 0;
};

const Game& DefectiveState::game() const {
  return *game_;
}

struct DefectCase {
  const char* ruleset;
  Defect defect;
  const char* expected_message;
};

const DefectCase kDefectCases[] = {
    {"toy_unsorted", Defect::kUnsortedLegalActions, "not sorted strictly ascending"},
    {"toy_bad_odds", Defect::kProbabilitiesSumBelowOne, "probabilities sum to"},
    {"toy_forgetful_json", Defect::kJsonForgetsTurnTotal, "state_from_json"},
    {"toy_shared_clone", Defect::kSharedClone, "clone"},
    {"toy_too_long", Defect::kMaxLengthTooShort, "has not ended after"},
    {"toy_not_zero_sum", Defect::kReturnsNotZeroSum, "not 0"},
    {"toy_leaky_view", Defect::kViewAddsKey, "adds a key"},
    {"toy_nondeterministic", Defect::kNotDeterministic, "same seed played a different game"},
};

const bool kDefectiveGamesRegistered = [] {
  for (const DefectCase& entry : kDefectCases) {
    const std::string name = entry.ruleset;
    const Defect defect = entry.defect;
    Registry::instance().add({.name = name,
                              .title = name,
                              .summary = "toy game with a deliberate defect (tests only)",
                              .make_game = [name, defect](const nlohmann::json& setup) {
                                return std::make_shared<DefectiveGame>(name, defect, setup);
                              }});
  }
  return true;
}();

class ConformanceCatches : public ::testing::TestWithParam<DefectCase> {};

TEST_P(ConformanceCatches, TheDefect) {
  ASSERT_TRUE(kDefectiveGamesRegistered);
  const DefectCase& entry = GetParam();
  const ConformanceReport report =
      check_conformance(entry.ruleset, nlohmann::json::object(), 40, 7);
  EXPECT_EQ(report.games_run, 40);
  EXPECT_GT(report.games_failed, 0);
  EXPECT_NE(report.first_failure.find(entry.expected_message), std::string::npos)
      << report.first_failure;
  // The report says where, so the game can be reproduced.
  EXPECT_NE(report.first_failure.find("seed 7, game "), std::string::npos) << report.first_failure;
  EXPECT_NE(report.first_failure.find("step "), std::string::npos) << report.first_failure;
}

INSTANTIATE_TEST_SUITE_P(Defects, ConformanceCatches, ::testing::ValuesIn(kDefectCases),
                         [](const auto& test) { return std::string(test.param.ruleset); });

}  // namespace
}  // namespace warband
