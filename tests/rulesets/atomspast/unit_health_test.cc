// The simulator's per-apply view of the units (core/unit_health.h) says what unit_statuses() says,
// after every apply of random games on every shipped map: the damage a sweep credits through it is
// the damage it credited through the statuses.
#include <gtest/gtest.h>

#include "core/registry.h"
#include "core/rng.h"
#include "core/unit_health.h"

namespace warband {
namespace {

TEST(AtomsPastUnitHealth, AgreesWithUnitStatusesAfterEveryApply) {
  for (const char* map : {"broken_hills", "ruined_keep", "ashen_valley", "training_ground"}) {
    const auto game = make_game("atomspast", {{"map", map}});
    Rng rng(11);
    int wounded_or_dead = 0;  // checks made while some unit had lost wounds: the view was tested
    for (int played = 0; played < 3; ++played) {
      const std::unique_ptr<State> state = game->new_initial_state();
      const auto* view = dynamic_cast<const UnitHealthView*>(state.get());
      ASSERT_NE(view, nullptr);
      std::vector<UnitHealth> health;
      view->unit_health_into(health);
      for (const UnitStatus& status : state->unit_statuses()) {
        EXPECT_EQ(status.wounds, status.max_wounds);  // every unit starts whole
        EXPECT_TRUE(status.alive);
      }
      while (!state->is_terminal()) {
        state->apply(state->is_chance() ? rng.sample(state->chance_outcomes())
                                        : rng.pick(state->legal_actions()));
        view->unit_health_into(health);
        const std::vector<UnitStatus> statuses = state->unit_statuses();
        ASSERT_EQ(health.size(), statuses.size()) << map;
        bool hurt = false;
        for (std::size_t unit = 0; unit < statuses.size(); ++unit) {
          ASSERT_EQ(health[unit].wounds, statuses[unit].wounds) << map << " unit " << unit;
          ASSERT_EQ(health[unit].alive, statuses[unit].alive) << map << " unit " << unit;
          hurt |= statuses[unit].wounds < statuses[unit].max_wounds;
        }
        wounded_or_dead += hurt;
      }
    }
    EXPECT_GT(wounded_or_dead, 0) << map;
  }
}

}  // namespace
}  // namespace warband
