// The per-apply view of the units (core/unit_health.h) that the simulator reads instead of
// unit_statuses(), for each ruleset that offers it: after every apply of random games it says what
// unit_statuses() says, and unit_health_differs is true exactly when an apply changed a unit. The
// damage a sweep credits through it is then the damage it credited through the statuses.
#include <gtest/gtest.h>

#include "core/registry.h"
#include "core/rng.h"
#include "core/unit_health.h"

namespace warband {
namespace {

class UnitHealthViews : public ::testing::TestWithParam<const char*> {};

TEST_P(UnitHealthViews, AgreeWithUnitStatusesAfterEveryApply) {
  const auto game = make_game(GetParam(), nlohmann::json::object());
  Rng rng(5);
  int changes = 0;
  for (int played = 0; played < 3; ++played) {
    const std::unique_ptr<State> state = game->new_initial_state();
    const auto* view = dynamic_cast<const UnitHealthView*>(state.get());
    ASSERT_NE(view, nullptr);
    std::vector<UnitHealth> health, before;
    view->unit_health_into(health);
    while (!state->is_terminal()) {
      before = health;
      state->apply(state->is_chance() ? rng.sample(state->chance_outcomes())
                                      : rng.pick(state->legal_actions()));
      const bool differs = view->unit_health_differs(before);
      view->unit_health_into(health);
      ASSERT_EQ(differs, health != before);
      ASSERT_FALSE(view->unit_health_differs(health));
      changes += differs;
      const std::vector<UnitStatus> statuses = state->unit_statuses();
      ASSERT_EQ(health.size(), statuses.size());
      for (std::size_t unit = 0; unit < statuses.size(); ++unit) {
        ASSERT_EQ(health[unit].wounds, statuses[unit].wounds) << "unit " << unit;
        ASSERT_EQ(health[unit].alive, statuses[unit].alive) << "unit " << unit;
      }
    }
    before.pop_back();  // a list of another length always differs
    EXPECT_TRUE(view->unit_health_differs(before));
  }
  EXPECT_GT(changes, 0);  // some apply hurt someone: the comparison was tested both ways
}

INSTANTIATE_TEST_SUITE_P(Rulesets, UnitHealthViews,
                         ::testing::Values("atomspast", "conflict", "agame"));

}  // namespace
}  // namespace warband
