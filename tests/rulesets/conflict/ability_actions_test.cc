// "Use Any Ability Actions": the shipped ability actions of content/conflict/abilities.toml (Hex,
// Shove, Mend, Ward) each on a hand-counted position, their legality limits, their prices in the
// builder, a bad [abilities.action] named at its line, a greedy bot healing, and random games with
// them through the conformance suite.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "../../support/conformance.h"
#include "bots/bot.h"
#include "core/error.h"
#include "core/game_record.h"
#include "core/rng.h"
#include "rulesets/conflict/character_cost.h"
#include "tests/rulesets/conflict/conflict_fixture.h"

namespace warband::conflict {
namespace {

using testing::Arena;
using testing::character_toml;
using testing::kAceHearts;
using testing::kAceSpades;
using testing::kJackHearts;
using testing::kJackSpades;
using testing::kThreeSpades;
using testing::melee_attack;

constexpr Card kThreeHearts = kThreeSpades + 1;

// Skill 2, Defense 1, Physical 2 (Energy and Psyche 0), 10 Wounds: Small (1.25" base, Attack
// Reach 1").
std::string acting_small(const std::string& name, const std::string& abilities = "") {
  return character_toml(
      name, 2, 2, 1, 2, 10,
      (abilities.empty() ? "" : "abilities = [" + abilities + "]\n") + melee_attack(4));
}
Action use_ability(int model, int index, int target) {
  return encode_action(ActionKind::kUseAbility, model,
                       static_cast<std::uint64_t>(index << 8 | target));
}
int listed_abilities(const ConflictState& state) {
  int count = 0;
  for (Action action : state.legal_actions())
    count += kind_of(action) == ActionKind::kUseAbility;
  return count;
}

// Mend: "itself or a friend within Attack Reach + 2" recovers 2 wounds". Bases 1.25": centres
// 4.15" apart leave 2.9" edge to edge (in 3"), 4.75" leave 3.5" (out).
TEST(ConflictAbilityActions, MendBringsBackTwoWoundsOfAWoundedFriendInRange) {
  Arena arena("", acting_small("Healer", "\"mend\"") + acting_small("Friend"),
              acting_small("Enemy"));
  arena.place(0, 10, 10);
  arena.place(1, 14.75, 10);
  arena.place(2, 30, 30);
  arena.state().mutable_data().models[1].wounds = 5;
  arena.activate(0);
  EXPECT_FALSE(arena.legal(use_ability(0, 0, 1)));  // 3.5" away
  EXPECT_FALSE(arena.legal(use_ability(0, 0, 0)));  // not wounded
  EXPECT_FALSE(arena.legal(use_ability(0, 0, 2)));  // an enemy
  arena.place(1, 14.15, 10);
  ASSERT_TRUE(arena.legal(use_ability(0, 0, 1)));
  EXPECT_EQ(arena.state().action_to_string(use_ability(0, 0, 1)),
            "R1 Healer uses Mend on R2 Friend (+2 wounds, costs its Maneuver)");
  arena.state().apply(use_ability(0, 0, 1));
  EXPECT_EQ(arena.state().data().models[1].wounds, 7);
  EXPECT_EQ(arena.state().data().models[0].exhaust[kManeuverSlot], 1);
  EXPECT_EQ(arena.state().data().stage, Stage::kActivation);
  // Once an activation, and never past the character's own wounds.
  EXPECT_EQ(listed_abilities(arena.state()), 0);
  arena.state().apply(encode_action(ActionKind::kEndActivation, 0, 0));
  arena.state().mutable_data().models[1].wounds = 9;
  arena.state().mutable_data().models[0].activated = false;
  arena.activate(0);
  EXPECT_EQ(arena.state().data().models[0].abilities_used, 0);
  arena.state().apply(use_ability(0, 0, 1));
  EXPECT_EQ(arena.state().data().models[1].wounds, 10);
}

// Hex: an enemy within Attack Reach + 6" (7") flips against it: two cards + Skill 2 + Strength 2
// against two cards + Defense 1 + Psyche 0; Hindered 1 on a "Hit". It costs the Attack.
TEST(ConflictAbilityActions, HexHindersAnEnemyThatLosesTheFlip) {
  for (const bool hits : {true, false}) {
    Arena arena("", acting_small("Witch", "\"hex\""), acting_small("Target"));
    arena.place(0, 10, 10);
    arena.place(1, 10, 18.5);  // 8.5" between centres, 7.25" edge to edge: out of range
    arena.activate(0);
    EXPECT_FALSE(arena.legal(use_ability(0, 0, 1)));
    arena.place(1, 10, 17.5);  // 6.25" edge to edge
    ASSERT_TRUE(arena.legal(use_ability(0, 0, 1)));
    EXPECT_EQ(arena.state().action_to_string(use_ability(0, 0, 1)),
              "R1 Witch uses Hex on B1 Target (Hindered +1, 4 against 1, costs its Attack)");
    arena.state().apply(use_ability(0, 0, 1));
    ASSERT_EQ(arena.state().data().stage, Stage::kAttackCards);
    EXPECT_EQ(arena.state().to_json()["ability"], 0);
    EXPECT_EQ(arena.state().hash_text(), arena.state().to_json().dump());
    EXPECT_EQ(arena.state().chance_outcomes().size(), 18u);
    // A hit: 3 + 3 + 4 = 10 against 1 + 1 + 1 = 3. A miss: -1 - 1 + 4 = 2 against 3 + 3 + 1 = 7.
    const std::vector<Card> cards =
        hits ? std::vector<Card>{kThreeSpades, kThreeHearts, kAceSpades, kAceHearts}
             : std::vector<Card>{kJackSpades, kJackHearts, kThreeSpades, kThreeHearts};
    for (std::size_t i = 0; i < cards.size(); ++i) {
      if (i == 3) {
        EXPECT_EQ(arena.state().action_to_string(Arena::card(cards[i])),
                  hits ? "Resist card: A♥ → 10 against 3: Hindered +1 on B1 Target"
                       : "Resist card: 3♥ → 2 against 7: B1 Target resists Hex");
      }
      arena.state().apply(Arena::card(cards[i]));
    }
    EXPECT_EQ(arena.state().data().stage, Stage::kActivation);
    EXPECT_EQ(arena.state().data().models[1].conditions[kHindered], hits ? 1 : 0);
    EXPECT_EQ(arena.state().data().models[0].exhaust[kAttackSlot], 1);
    for (Action action : arena.state().legal_actions())
      EXPECT_NE(kind_of(action), ActionKind::kAttack);
    EXPECT_EQ(listed_abilities(arena.state()), 0);
    arena.state().check_consistency();
  }
}

// Shove: the seed's Push, "directly away by half the size difference (min 1")", on an enemy in
// Attack Reach (1") that loses a Physical flip: 3 + 3 + 4 = 10 against 1 + 1 + Defense 1 +
// Physical 2 = 5.
TEST(ConflictAbilityActions, ShovePushesAnEnemyInReachOneInchAway) {
  Arena arena("", acting_small("Brute", "\"shove\""), acting_small("Target"));
  arena.place(0, 10, 10);
  arena.place(1, 10, 11.75);  // 0.5" edge to edge
  arena.activate(0);
  ASSERT_TRUE(arena.legal(use_ability(0, 0, 1)));
  arena.state().apply(use_ability(0, 0, 1));
  for (Card card : {kThreeSpades, kThreeHearts, kAceSpades, kAceHearts})
    arena.state().apply(Arena::card(card));
  EXPECT_EQ(arena.state().data().models[1].at, (tabletop::Point{1000, 1275}));
  EXPECT_EQ(arena.state().data().models[0].exhaust[kManeuverSlot], 1);
  EXPECT_EQ(arena.state().data().models[0].exhaust[kAttackSlot], 0);  // it may still attack
}

// Ward: +1 Defense on a friend until the start of its next activation, as Run's +1.
TEST(ConflictAbilityActions, WardGivesAFriendOneDefenseUntilItsNextActivation) {
  Arena arena("", acting_small("Warden", "\"ward\"") + acting_small("Friend"),
              acting_small("Enemy"));
  arena.place(0, 10, 10);
  arena.place(1, 10, 12);  // 0.75" edge to edge
  arena.place(2, 10, 13.5);
  const int before = arena.state().attack_odds(2, 0, 1).defense;
  arena.activate(0);
  ASSERT_TRUE(arena.legal(use_ability(0, 0, 1)));
  arena.state().apply(use_ability(0, 0, 1));
  EXPECT_EQ(arena.state().data().models[1].guard, 1);
  EXPECT_EQ(arena.state().attack_odds(2, 0, 1).defense, before + 1);
  EXPECT_NE(arena.state().to_string().find("R2 Friend: (10, 12) facing 90°, wounds 10/10, guarded "
                                           "+1"),
            std::string::npos)
      << arena.state().to_string();
  EXPECT_EQ(arena.state().table_view(0)["models"][1]["markers"]["guard"], 1);
  // The save keeps it and reads it back; the hash text is the JSON's.
  const nlohmann::json saved = arena.state().to_json();
  EXPECT_EQ(saved["models"][1]["guard"], 1);
  EXPECT_EQ(saved["models"][0]["abilities_used"], 1);
  EXPECT_EQ(arena.state().hash_text(), saved.dump());
  ConflictState loaded(arena.state());
  loaded.load_json(saved);
  EXPECT_EQ(loaded.data(), arena.state().data());
  arena.state().apply(encode_action(ActionKind::kEndActivation, 0, 0));
  arena.activate(1);
  EXPECT_EQ(arena.state().data().models[1].guard, 0);
}

// A game whose models have no ability action saves as before them: no new keys.
TEST(ConflictAbilityActions, AGameWithoutThemHasNoNewKeys) {
  Arena arena("", acting_small("Red"), acting_small("Blue"));
  const nlohmann::json saved = arena.state().to_json();
  EXPECT_FALSE(saved.contains("ability"));
  EXPECT_FALSE(saved["models"][0].contains("guard"));
  EXPECT_FALSE(saved["models"][0].contains("abilities_used"));
}

// Priced through costs.toml [ability_points]: the Knight Captain (51.25 points, Commander) with
// Hex 6 is 57.25, so 57; with Ward 4.5 and Mend 6, 61.75, so 62.
TEST(ConflictAbilityActions, TheBuilderPricesThem) {
  const CostFormula& costs = content_creation_rules().costs;
  Character knight = testing::shipped_character("knight_captain");
  EXPECT_EQ(character_points(knight, costs), 51);
  Character hexer = knight;
  hexer.abilities.push_back("hex");
  EXPECT_EQ(character_points(hexer, costs), 57);
  Character warden = knight;
  warden.abilities.push_back("ward");
  warden.abilities.push_back("mend");
  EXPECT_EQ(character_points(warden, costs), 62);
}

// A bad [abilities.action] names its file and line, the ability and what is wrong.
std::string action_content_error(const std::string& from, const std::string& to) {
  ScratchFolder dir;
  dir.copy_folder(content_conflict_folder(), "conflict");
  const std::string path = dir.file("conflict/abilities.toml");
  std::string text = read_file_text(path);
  const auto at = text.find(from);
  if (at == std::string::npos) return "not found: " + from;
  text.replace(at, from.size(), to);
  write_file_text(path, text);
  const int line = static_cast<int>(std::count(text.begin(), text.begin() + at, '\n')) + 1;
  try {
    load_creation_rules(dir.file("conflict"));
  } catch (const InputError& error) {
    const std::string message = error.what();
    const std::string where = "abilities.toml:" + std::to_string(line) + ":";
    return message.find(where) == std::string::npos ? "no " + where + " in " + message : message;
  }
  return "no error";
}

TEST(ConflictAbilityActions, ABadAbilityActionIsAContentErrorAtItsLine) {
  const std::string effect = action_content_error("effect = \"recover\"", "effect = \"recovr\"");
  EXPECT_NE(effect.find("ability 'mend' action"), std::string::npos) << effect;
  EXPECT_NE(effect.find("recover"), std::string::npos) << effect;
  const std::string misplaced =
      action_content_error("condition = \"hindered\"", "condition = \"hindered\"\nwounds = 2");
  EXPECT_NE(misplaced.find("'wounds' belongs to effect \"recover\", not \"inflict\""),
            std::string::npos)
      << misplaced;
  const std::string friendly_flip =
      action_content_error("wounds = 2\n", "wounds = 2\nflip = \"psyche\"\n");
  EXPECT_NE(friendly_flip.find("only an enemy resists with a flip"), std::string::npos)
      << friendly_flip;
  const std::string wrong_target = action_content_error("effect = \"shove\"\ntarget = \"enemy\"",
                                                        "effect = \"shove\"\ntarget = \"friend\"");
  EXPECT_NE(wrong_target.find("are for \"enemy\""), std::string::npos) << wrong_target;
}

// Greedy values a Mend through the wounds it brings back: wounded and alone, it mends itself.
TEST(ConflictAbilityActions, AGreedyBotMendsItselfWhenWounded) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    Arena arena("", acting_small("Healer", "\"mend\""), acting_small("Enemy"));
    arena.place(0, 4, 4);
    arena.place(1, 32, 32);
    arena.state().mutable_data().models[0].wounds = 4;
    arena.activate(0);
    const std::unique_ptr<bots::Bot> bot = bots::make_bot("greedy");
    Rng rng(seed);
    for (int step = 0; step < 40 && arena.state().data().active == 0; ++step)
      arena.state().apply(bot->choose(arena.state(), rng));
    EXPECT_EQ(arena.state().data().models[0].wounds, 6) << "seed " << seed;
  }
}

// Random games with every shipped ability action: the shared suite's checks (legal lists, chance
// sums, saves read back, hashes) hold.
TEST(ConflictAbilityActions, RandomGamesWithThemPassTheConformanceSuite) {
  ScratchFolder dir;
  const std::string character = R"([[characters]]
name = "NAME"
size = 2
suit = "hearts"
attack_skill = 2
defense = 1
resistance = { physical = 1, energy = 1, psyche = 1 }
wounds = 5
abilities = [ABILITIES]
[[characters.attacks]]
name = "Blade"
type = "physical"
target = "single"
range = 4
strength = 3
)";
  auto member = [&](const std::string& name, const std::string& abilities) {
    std::string text = character;
    text.replace(text.find("NAME"), 4, name);
    text.replace(text.find("ABILITIES"), 9, abilities);
    return text;
  };
  std::ofstream(dir.file("red.warband.toml"))
      << "name = \"Red\"\npoints_limit = 1000\n"
      << member("Witch", "\"hex\", \"mend\"") << member("Brute", "\"shove\", \"ward\"")
      << member("Squire", "");
  std::ofstream(dir.file("blue.warband.toml"))
      << "name = \"Blue\"\npoints_limit = 1000\n"
      << member("Warden", "\"ward\", \"mend\", \"hex\"") << member("Bruiser", "\"shove\"");
  const nlohmann::json setup = {
      {"warbands", {dir.file("red.warband.toml"), dir.file("blue.warband.toml")}},
      {"map", "ruined_town"}};
  run_conformance("conflict", setup, std::max(1, conformance_games() / 5), /*seed=*/31);
  // The random games do use them.
  const GameRecord record = random_bot_game("conflict", setup, 7);
  int used = 0;
  for (Action action : record.actions())
    used += kind_of(action) == ActionKind::kUseAbility;
  EXPECT_GT(used, 0);
}

}  // namespace
}  // namespace warband::conflict
