// AGameState::hash() writes the text of to_json().dump() straight into the digest (state_hash.cc)
// instead of building it: the text must be that dump byte for byte, and the hash State::hash()'s,
// or every saved replay's and summary's final_hash would change. Checked after every apply of
// random games on both shipped tables, with the draft and without it.
#include <gtest/gtest.h>

#include <string>

#include "core/registry.h"
#include "core/rng.h"
#include "rulesets/agame/agame_state.h"

namespace warband::agame {
namespace {

TEST(AGameHashText, IsTheJsonDumpAfterEveryApplyOfRandomGames) {
  // What the states checked held, so that a part of the text the games never reached is seen
  // here rather than trusted: each stage of the draft, the cards played and placed, a strike with
  // targets and rolled dice, numbers of two digits and negative ones, a
  // card text with a quote to escape, dead and dying models, and a game without a draft.
  int checked = 0, shuffling = 0, rolling_off = 0, drafting = 0, drafted = 0, played = 0,
      placed = 0, striking = 0, faces = 0, two_digits = 0, negative = 0, quoted = 0, dead = 0,
      dying = 0, no_draft = 0;
  const nlohmann::json setups[] = {
      nlohmann::json::object(),
      {{"map", "ruined_shrine"}, {"warbands", {"vampire_court", "shamborga_host"}}},
      {{"map", "open_field"}, {"parameters", {{"draft", 0}}}},
  };
  for (const nlohmann::json& setup : setups) {
    const auto game = make_game("agame", setup);
    Rng rng(2026);
    for (int game_index = 0; game_index < 6; ++game_index) {
      std::unique_ptr<State> state = game->new_initial_state();
      while (true) {
        const auto& agame = static_cast<const AGameState&>(*state);
        const std::string dump = state->to_json().dump();
        ASSERT_EQ(agame.hash_text(), dump) << setup.dump() << " game " << game_index;
        ASSERT_EQ(agame.hash(), state->State::hash()) << setup.dump() << " game " << game_index;
        ++checked;
        const StateData& d = agame.data();
        shuffling += d.stage == Stage::kShuffle;
        rolling_off += d.stage == Stage::kRollOff;
        drafting += d.stage == Stage::kDraft;
        drafted += agame.agame().draft_on() && agame.draft() == nullptr && d.draft.hand_size[0] > 0;
        played += d.draft.played[0] != 0 && d.draft.played[1] != 0;
        placed += !agame.placed().empty();
        striking += d.strikes[d.depth].target_count > 0;
        faces += d.last.count[0] > 0 && d.last.count[1] + d.last.count[2] > 0;
        two_digits += d.leg_budget >= 10;
        negative += d.active < 0 && d.winner < 0;
        quoted += dump.find("\\\"") != std::string::npos;
        no_draft += !agame.agame().draft_on();
        for (int m = 0; m < agame.agame().model_count(); ++m) {
          dead += d.models[m].dead;
          dying += d.models[m].dying;
        }
        if (state->is_terminal()) break;
        state->apply(state->is_chance() ? rng.sample(state->chance_outcomes())
                                        : rng.pick(state->legal_actions()));
      }
    }
  }
  EXPECT_GT(checked, 3000);
  EXPECT_GT(shuffling, 0);
  EXPECT_GT(rolling_off, 0);
  EXPECT_GT(drafting, 0);
  EXPECT_GT(drafted, 0);
  EXPECT_GT(played, 0);
  EXPECT_GT(placed, 0);
  EXPECT_GT(striking, 0);
  EXPECT_GT(faces, 0);
  EXPECT_GT(two_digits, 0);
  EXPECT_GT(negative, 0);
  EXPECT_GT(quoted, 0);
  EXPECT_GT(dead, 0);
  EXPECT_GT(dying, 0);
  EXPECT_GT(no_draft, 0);
}

// What random games rarely reach, set by hand on a state of a random game: a counter's strike
// (the second, which only a counter-attack card or Far Mountain Strike fills), negative card
// modifiers, every target slot, three-digit numbers and models with every flag.
TEST(AGameHashText, IsTheJsonDumpForFieldsRandomGamesRarelyReach) {
  const auto game = make_game("agame", nlohmann::json::object());
  Rng rng(7);
  std::unique_ptr<State> state = game->new_initial_state();
  for (int step = 0; step < 120 && !state->is_terminal(); ++step)
    state->apply(state->is_chance() ? rng.sample(state->chance_outcomes())
                                    : rng.pick(state->legal_actions()));
  auto& agame = static_cast<AGameState&>(*state);
  StateData& d = agame.mutable_data();
  d.depth = 1;
  for (int i = 0; i < 2; ++i) {
    Strike& s = d.strikes[i];
    s.attacker = static_cast<std::int8_t>(i);
    s.attack = 1;
    s.dice = 12;
    s.target_count = static_cast<std::int8_t>(s.targets.size());
    for (std::size_t t = 0; t < s.targets.size(); ++t)
      s.targets[t] = static_cast<std::int8_t>(t);
    s.phase = Phase::kSave;
    s.accuracy = -2;
    s.power = -1;
    s.chance = -1;
    s.damage = 3;
    s.extra_dodge = 2;
  }
  d.last.needs = {-3, 10, 6};
  d.leg_budget = 1234;
  d.leg_start = {987, 65};
  d.setup_done = 3;
  ModelState& m = d.models[0];
  m.activated = m.charmed = m.dead = m.dying = m.mist_ending = m.mistform = m.pathfinder = m.prone =
      m.sweeping = m.unmovable = true;
  m.card_accuracy = -4;
  m.dying_round = 11;
  EXPECT_EQ(agame.hash_text(), agame.to_json().dump());
  EXPECT_EQ(agame.hash(), agame.State::hash());
}

}  // namespace
}  // namespace warband::agame
