// The simulator's per-apply view of the units (core/unit_health.h) says what unit_statuses() says,
// after every apply of random games on every shipped map: the damage a sweep credits through it is
// the damage it credited through the statuses. And unit_health_differs, which tells the sweep
// whether to read them at all, says true exactly when they changed.
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
    int changes = 0;          // applies that changed some unit's wounds or life
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
      std::vector<UnitHealth> before;
      while (!state->is_terminal()) {
        before = health;
        state->apply(state->is_chance() ? rng.sample(state->chance_outcomes())
                                        : rng.pick(state->legal_actions()));
        // The sweep reads the units again only when unit_health_differs says so.
        const bool differs = view->unit_health_differs(before);
        view->unit_health_into(health);
        ASSERT_EQ(differs, health != before) << map;
        ASSERT_FALSE(view->unit_health_differs(health)) << map;
        changes += differs;
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
    EXPECT_GT(changes, 0) << map;
    // A list of another length always differs.
    const std::unique_ptr<State> fresh = game->new_initial_state();
    const auto* fresh_view = dynamic_cast<const UnitHealthView*>(fresh.get());
    std::vector<UnitHealth> shorter;
    fresh_view->unit_health_into(shorter);
    EXPECT_FALSE(fresh_view->unit_health_differs(shorter));
    shorter.pop_back();
    EXPECT_TRUE(fresh_view->unit_health_differs(shorter));
  }
}

}  // namespace
}  // namespace warband
