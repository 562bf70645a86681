// AtomsPast's evaluate() terms added for the balance bot (issue 20): the enemy's threat next
// turn, attackers hunting the enemy Kon, a damage spell ready to destroy it and the fear for the
// own Kon one spell from death, each alone (its weight 1, the others 0).
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>

#include "core/game_record.h"
#include "tests/rulesets/atomspast/atomspast_fixture.h"
#include "tests/support/conformance.h"

namespace warband::atomspast {
namespace {

using testing::first_turn;
using testing::keep_only;
using testing::place;
using testing::sample_game;
using testing::set_stat;

// Training Ground, with only `weight` counting in evaluate().
std::shared_ptr<const AtomsPastGame> game_weighing(const std::string& weight) {
  nlohmann::json overrides = {{"heuristics.material", 0},  {"heuristics.kon", 0},
                              {"heuristics.position", 0},  {"heuristics.kon_safety", 0},
                              {"heuristics.spells", 0},    {"heuristics.threat", 0},
                              {"heuristics.kon_hunt", 0},  {"heuristics.kon_kill", 0},
                              {"heuristics.kon_guard", 0}, {"heuristics.endgame", 0}};
  overrides["heuristics." + weight] = 1;
  return sample_game({{"map", "training_ground"}, {"content_overrides", overrides}});
}

// An Orc Warrior (Red) and Footmen (Blue) given a gun [S4/D6] of range 6, the Kons far away.
struct Duel {
  std::unique_ptr<AtomsPastState> state;
  int warrior = -1, footmen = -1;
};

Duel duel(const std::shared_ptr<const AtomsPastGame>& game, int footmen_x) {
  Duel d{first_turn(game)};
  d.warrior = testing::find_unit(*game, 0, "orc_warrior");
  d.footmen = testing::find_unit(*game, 1, "footmen");
  keep_only(*d.state, {d.warrior, d.footmen});
  place(*d.state, d.warrior, 10, 8);
  place(*d.state, d.footmen, footmen_x, 8);
  set_stat(*d.state, d.footmen, Stat::kRangedSkill, 4);
  set_stat(*d.state, d.footmen, Stat::kRangedDice, 6);
  set_stat(*d.state, d.footmen, Stat::kRangedRange, 6);
  d.state->mutable_data().units[d.warrior].acti = 4;  // not ready to strike back next turn
  d.state->check_consistency();
  return d;
}

TEST(AtomsPastHeuristics, AUnitInTheRangeOfAReadyEnemyIsThreatened) {
  const auto game = game_weighing("threat");
  const Duel in_range = duel(game, 14);
  const Duel out_of_range = duel(game, 24);
  EXPECT_LT(in_range.state->evaluate()[0], -0.01);
  EXPECT_NEAR(out_of_range.state->evaluate()[0], 0.0, 1e-12);
  // A gun that cannot fire next turn (AcTi 3, Downticked to 2) threatens nothing.
  Duel not_ready = duel(game, 14);
  not_ready.state->mutable_data().units[not_ready.footmen].acti = 3;
  EXPECT_NEAR(not_ready.state->evaluate()[0], 0.0, 1e-12);
  // Zero-sum: Blue values the same position as much as Red fears it.
  EXPECT_DOUBLE_EQ(in_range.state->evaluate()[1], -in_range.state->evaluate()[0]);
}

TEST(AtomsPastHeuristics, AttackersNearTheEnemyKonHuntIt) {
  const auto game = game_weighing("kon_hunt");
  const int blue_kon = game->kon_unit(1);
  Duel near = duel(game, 24);
  Duel far = duel(game, 24);
  place(*near.state, blue_kon, 12, 8);  // two spaces from the Orc Warrior
  place(*far.state, blue_kon, 27, 17);  // the far corner
  EXPECT_GT(near.state->evaluate()[0], far.state->evaluate()[0] + 0.05);
  // With the weight at 0 the Kon's place changes nothing of the other terms here.
  const auto unweighted = game_weighing("threat");
  Duel near_unweighted = duel(unweighted, 24);
  Duel far_unweighted = duel(unweighted, 24);
  place(*near_unweighted.state, blue_kon, 12, 8);
  near_unweighted.state->mutable_data().units[blue_kon].acti = 4;
  far_unweighted.state->mutable_data().units[blue_kon].acti = 4;
  EXPECT_NEAR(near_unweighted.state->evaluate()[0] - far_unweighted.state->evaluate()[0], 0.0,
              1e-12);
}

// The game's index of spell `id` (either deck's).
int spell_in_game(const AtomsPastGame& game, const std::string& id) {
  for (std::size_t i = 0; i < game.spells().size(); ++i)
    if (game.spell(static_cast<int>(i)).id == id) return static_cast<int>(i);
  ADD_FAILURE() << "no spell " << id << " in the game";
  return 0;
}

// Red holds Rot Curse (AcTi 4, no Boost) alone in its Casting Zone; Blue's Kon has 2 wounds left.
Duel rot_curse_ready_for_blue_kon(const std::shared_ptr<const AtomsPastGame>& game) {
  Duel d = duel(game, 24);
  StateData& data = d.state->mutable_data();
  data.units[game->kon_unit(1)].wounds = 2;
  data.players[0].zone[0] =
      ZoneCard{static_cast<std::int8_t>(spell_in_game(*game, "rot_curse")), 4, 0};
  data.players[0].zone_size = 1;
  return d;
}

// Red holds Rot Curse ([S3/D X], AcTi 4) in its Casting Zone; Blue's Kon (Elf Riflemen, Shield
// 0) has 2 wounds left. Cast, X = R - 4 with R the [S3/D4] Cast roll, each die 1 (faces 1, 4, 5,
// 6), 2 or 3: P(R = 4) = (4/6)^4 = 256/1296, P(R = 5) = 4 (1/6) (4/6)^3 = 256/1296. X = 0 rolls no
// die; X = 1 one die, 2 or more on faces 2 and 3 (1/3); X >= 2 at least 2. So Red destroys the
// Kon with 256/1296 x 1/3 + (1 - 512/1296) = 163/243; Blue has no damage spell (0).
TEST(AtomsPastHeuristics, ADamageSpellReadyToDestroyTheEnemyKonCountsItsChance) {
  const auto game = game_weighing("kon_kill");
  const int blue_kon = game->kon_unit(1);
  Duel d = rot_curse_ready_for_blue_kon(game);
  StateData& data = d.state->mutable_data();
  EXPECT_NEAR(d.state->evaluate()[0], 163.0 / 243, 1e-12);
  EXPECT_DOUBLE_EQ(d.state->evaluate()[1], -d.state->evaluate()[0]);
  // Shield 1 blocks one damage: X = 1 needs a 3 (1/6); X = 2 anything but two 1s (1 - (4/6)^2 =
  // 5/9), with P(R = 6) = (6 (1/6)^2 (4/6)^2 + 4 (1/6) (4/6)^3) = 352/1296; X >= 3 always:
  // (256/6 + 352 x 5/9 + 432) / 1296 = 377/729.
  set_stat(*d.state, blue_kon, Stat::kShield, 1);
  EXPECT_NEAR(d.state->evaluate()[0], 377.0 / 729, 1e-12);
  // Boosted 4 the card casts at X = R >= 4: four dice or more, the Kon always falls.
  data.players[0].zone[0].boost = 4;
  EXPECT_NEAR(d.state->evaluate()[0], 1.0, 1e-12);
  // A Kon at full health (8) takes more: 9 damage or more from X = R >= 4 dice, about a half.
  data.units[blue_kon].wounds = 8;
  EXPECT_LT(d.state->evaluate()[0], 0.9);
  EXPECT_GT(d.state->evaluate()[0], 0.0);
}

// Red holds the same Rot Curse (AcTi 4) against Blue's Kon at 2 wounds: Red destroys it at its
// next cast with T = 163/243 (above), and Blue's fear for its Kon is T less what a heal or Shield
// ready in Blue's Casting Zone would take off. The term is not zero-sum: Red, whose Kon no spell
// threatens, values nothing of it, so it gains nothing by readying damage for Blue's Kon.
TEST(AtomsPastHeuristics, AKonOneSpellFromDeathIsFearedLessWithAHealOrShieldReady) {
  const auto game = game_weighing("kon_guard");
  Duel d = rot_curse_ready_for_blue_kon(game);
  StateData& data = d.state->mutable_data();
  data.players[1].zone_size = 0;
  const double threat = 163.0 / 243;
  EXPECT_NEAR(d.state->evaluate()[1], -threat, 1e-12);
  EXPECT_EQ(d.state->evaluate()[0], 0.0);
  // Aegis Projector (Shield +2 for 2 turns, heal X) at AcTi 6 is cast when the Cast roll R >= 6:
  // 1 - P(R = 4) - P(R = 5) = 1 - 512/1296 = 49/81, at X = 6 (R's mean) - 6 = 0. Behind Shield 2
  // Rot Curse needs 4 damage at X = R - 4: none at R = 4 or 5; at R = 6 (352/1296) two dice, a 3
  // and anything or two 2s, 1/3; at R = 7 (one 3, one 2 and two 1s, or three 2s: 208/1296)
  // anything but three 1s, 1 - 8/27; at R >= 8 (224/1296) always: 823/2187 in all.
  data.players[1].zone[0] =
      ZoneCard{static_cast<std::int8_t>(spell_in_game(*game, "aegis_projector")), 6, 0};
  data.players[1].zone_size = 1;
  const double shielded = 823.0 / 2187;
  EXPECT_NEAR(d.state->evaluate()[1], -(threat - 49.0 / 81 * (threat - shielded)), 1e-12);
  EXPECT_EQ(d.state->evaluate()[0], 0.0);
  // Boosted 2 it is always cast, and at X = 2 heals 2 more: feared less still.
  data.players[1].zone[0].boost = 2;
  EXPECT_GT(d.state->evaluate()[1], -shielded);
  // Regrowth (heal 3+X) at AcTi 3 is always cast (R >= 4), at X = 3 back to 8 wounds: Rot Curse
  // needs 8 damage from at most 8 dice, which it gets only now and then.
  data.players[1].zone[0] =
      ZoneCard{static_cast<std::int8_t>(spell_in_game(*game, "regrowth")), 3, 0};
  EXPECT_LT(d.state->evaluate()[1], 0.0);
  EXPECT_GT(d.state->evaluate()[1], -0.2);
  // Bloated Carcass cannot target a Kon, and a damage spell mends nothing: Blue fears T, and its
  // Atomic Lance ready (AcTi 0) makes Red fear for its own Kon.
  data.players[1].zone[0] =
      ZoneCard{static_cast<std::int8_t>(spell_in_game(*game, "bloated_carcass")), 0, 0};
  EXPECT_NEAR(d.state->evaluate()[1], -threat, 1e-12);
  data.players[1].zone[0] =
      ZoneCard{static_cast<std::int8_t>(spell_in_game(*game, "atomic_lance")), 0, 0};
  EXPECT_NEAR(d.state->evaluate()[1], -threat, 1e-12);
  EXPECT_LT(d.state->evaluate()[0], 0.0);
}

// After round 20 (parameters.toml's turn_limit) the side that destroyed more enemy points wins.
// Over the last endgame_rounds (5) rounds the value leans towards that score: in round R the
// lean is endgame x (R - 15) / 5, the score the lead in points destroyed over endgame_lead
// (100), within [-1, 1], and the value (1 - lean) x the other terms + lean x the score.
TEST(AtomsPastHeuristics, NearTheTurnLimitTheValueLeansToItsScore) {
  const auto game = game_weighing("endgame");
  Duel d = duel(game, 24);
  StateData& data = d.state->mutable_data();
  data.players[0].points_destroyed = 150;
  data.players[1].points_destroyed = 90;
  data.round = 15;  // before the window: no lean
  EXPECT_EQ(d.state->evaluate()[0], 0.0);
  data.round = 18;  // lean 3/5, score 60/100
  EXPECT_NEAR(d.state->evaluate()[0], 0.6 * 0.6, 1e-12);
  EXPECT_NEAR(d.state->evaluate()[1], -0.6 * 0.6, 1e-12);
  data.round = 20;  // lean 1
  EXPECT_NEAR(d.state->evaluate()[0], 0.6, 1e-12);
  data.players[1].points_destroyed = 0;  // a lead of 150 counts as 100: a sure win
  EXPECT_NEAR(d.state->evaluate()[0], 1.0, 1e-12);
  // A blend with the other terms: the Kon's share alone (1), Blue's Kon at 2 of 8 wounds, so
  // the other terms say 1 - 2/8 = 3/4. With endgame 0.5 in round 18 the lean is 0.5 x 3/5 = 0.3:
  // 0.7 x 3/4 + 0.3 x 60/100 = 0.705.
  nlohmann::json overrides = {{"heuristics.material", 0},  {"heuristics.kon", 1},
                              {"heuristics.position", 0},  {"heuristics.kon_safety", 0},
                              {"heuristics.spells", 0},    {"heuristics.threat", 0},
                              {"heuristics.kon_hunt", 0},  {"heuristics.kon_kill", 0},
                              {"heuristics.kon_guard", 0}, {"heuristics.endgame", 0.5}};
  Duel blend =
      duel(sample_game({{"map", "training_ground"}, {"content_overrides", overrides}}), 24);
  StateData& blended = blend.state->mutable_data();
  blended.units[game->kon_unit(1)].max_wounds = 8;
  blended.units[game->kon_unit(1)].wounds = 2;
  blended.players[0].points_destroyed = 150;
  blended.players[1].points_destroyed = 90;
  blended.round = 18;
  EXPECT_NEAR(blend.state->evaluate()[0], 0.7 * 0.75 + 0.3 * 0.6, 1e-12);
}

// Red's value at every decision of six random games, every term weighted, hashed bit for bit and
// pinned: evaluate() is the balance bot's hot path, and a faster one must value every state
// exactly as before (the bot's choices, and so the balance runs, depend on each bit).
TEST(AtomsPastHeuristics, EveryTermOverRandomGamesIsPinned) {
  const nlohmann::json every_term = {
      {"heuristics.material", 0.2},   {"heuristics.kon", 0.1},    {"heuristics.position", 0.1},
      {"heuristics.kon_safety", 0.1}, {"heuristics.spells", 0.1}, {"heuristics.threat", 0.2},
      {"heuristics.kon_hunt", 0.2},   {"heuristics.kon_kill", 0}, {"heuristics.endgame", 0}};
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a over each value's bits
  int evaluated = 0;
  for (const char* map : {"broken_hills", "training_ground"}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const nlohmann::json setup = {{"map", map}, {"content_overrides", every_term}};
      const GameRecord record = random_bot_game("atomspast", setup, seed);
      std::unique_ptr<State> state = sample_game(setup)->new_initial_state();
      for (const Action action : record.actions()) {
        if (!state->is_chance()) {
          const auto bits = std::bit_cast<std::uint64_t>(state->evaluate()[0]);
          for (int byte = 0; byte < 8; ++byte)
            hash = (hash ^ ((bits >> (8 * byte)) & 0xff)) * 1099511628211ull;
          ++evaluated;
        }
        state->apply(action);
      }
    }
  }
  EXPECT_EQ(evaluated, 2047);
  EXPECT_EQ(hash_to_hex(hash), "99e6689640bb9766");
}

}  // namespace
}  // namespace warband::atomspast
