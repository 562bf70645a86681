// Spellweavers saves: a state written as JSON reads back to the same state, mid-spell too; a
// malformed save is refused with an error naming the field.
#include <gtest/gtest.h>

#include "core/error.h"
#include "core/registry.h"
#include "core/rng.h"

namespace warband {
namespace {

std::shared_ptr<const Game> game() {
  return make_game("spellweavers", {{"map", "walls_and_pillars"}});
}

std::string state_error_of(const nlohmann::json& json) {
  try {
    game()->state_from_json(json);
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

TEST(SpellweaversStateJson, EveryStateOfARandomGameReadsBackTheSame) {
  auto state = game()->new_initial_state();
  Rng rng(5);
  for (int step = 0; step < 400 && !state->is_terminal(); ++step) {
    const nlohmann::json json = state->to_json();
    EXPECT_EQ(game()->state_from_json(json)->to_json(), json) << "step " << step;
    state->apply(state->is_chance() ? rng.sample(state->chance_outcomes())
                                    : rng.pick(state->legal_actions()));
  }
}

TEST(SpellweaversStateJson, BadFieldsAreNamed) {
  const nlohmann::json good = game()->new_initial_state()->to_json();
  nlohmann::json bad = good;
  bad["combatants"][0]["hp"] = "lots";
  EXPECT_NE(state_error_of(bad).find("state.combatants[0].hp"), std::string::npos)
      << state_error_of(bad);
  bad = good;
  bad["combatants"][0]["hp"] = 2.5;
  EXPECT_NE(state_error_of(bad).find("expected a whole number"), std::string::npos)
      << state_error_of(bad);
  bad = good;
  bad["cast"]["caster"] = 0;  // a spell being resolved at a plain decision
  bad["cast"]["spell"] = 0;
  EXPECT_NE(state_error_of(bad).find("spell"), std::string::npos) << state_error_of(bad);
  bad = good;
  bad["format"] = "atomspast-state";
  EXPECT_NE(state_error_of(bad).find("state.format"), std::string::npos) << state_error_of(bad);
  bad = good;
  bad["extra"] = 1;
  EXPECT_NE(state_error_of(bad).find("state.extra"), std::string::npos) << state_error_of(bad);
}

}  // namespace
}  // namespace warband
