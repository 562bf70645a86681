// A Game's attack pipeline (seed 004): the worked example step by step, the exact wounds against
// full enumeration of every roll and against Monte Carlo through the dice machine, the sample
// profiles as content, the `agame` odds query and its errors, and bad content files.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/odds.h"
#include "core/registry.h"
#include "core/rng.h"
#include "rulesets/agame/attack_pipeline.h"
#include "rulesets/agame/content.h"
#include "tests/support/monte_carlo.h"
#include "tests/support/test_files.h"

namespace warband::agame {
namespace {

namespace fs = std::filesystem;

const std::string kContentDir = warband::default_content_dir() + "/agame";

std::string odds_error_of(const std::function<void()>& run) {
  try {
    run();
  } catch (const InputError& error) {
    return error.what();
  }
  return "(no error)";
}

double total_probability(const Distribution& d) {
  double total = 0;
  for (const auto& [value, p] : d.outcomes())
    total += p;
  return total;
}

const OddsQuery& query() {
  return find_odds("agame");
}

const Content& shipped_content() {
  static const Content content = load_content(kContentDir);
  return content;
}

// ---------------------------------------------------------------- the worked example

TEST(AGamePipeline, SeedWorkedExampleRules) {
  // Step 6: "Vicious stab has a chance of success of 4+. 2 is a miss. 5 and 6 are hits."
  EXPECT_FALSE(meets_target(2, 4, 10));
  EXPECT_TRUE(meets_target(5, 4, 10));
  EXPECT_TRUE(meets_target(6, 4, 10));
  // Step 9: "The great ram increases his melee defense to 7+" (6+ with accuracy +1).
  EXPECT_EQ(dodge_target(6, 1), 7);
  // Step 11: "The results are a 1, 5, 7. Two failures and a success."
  EXPECT_FALSE(meets_target(1, 7, 10));
  EXPECT_FALSE(meets_target(5, 7, 10));
  EXPECT_TRUE(meets_target(7, 7, 10));
  // Step 12: "2 - 1 means the attacker now has only hit 1 time."
  EXPECT_EQ(hits_after_dodges(2, 1), 1);
  EXPECT_EQ(hits_after_dodges(1, 3), 0);
  // Step 15: "The Ram has an armor of 5+. The power of the attack brings that to 7+."
  EXPECT_EQ(save_target(5, 2), 7);
  // Step 16: "The Ram rolls 2 die. 1, 7. The 7 is an armor save, the 1 is a failure."
  EXPECT_TRUE(meets_target(7, save_target(5, 2), 10));
  EXPECT_FALSE(meets_target(1, save_target(5, 2), 10));
  // Step 18: "The ram suffers 1 wound." (one unsaved hit x damage 1)
  EXPECT_EQ(wounds_suffered(1, 1, false, false), 1);
  // Negative accuracy lowers the dodge target (Suck the Blood: Accuracy -2).
  EXPECT_EQ(dodge_target(6, -2), 4);
}

TEST(AGamePipeline, SeedWorkedExampleThroughTheMachine) {
  // The example's numbers: 3 dice at 4+, accuracy +1, power +2, damage 1; the Ram of the
  // example: Melee Defense 6+, Armor 5+, dodging with 3 dice.
  AttackRoll roll;
  roll.attack_dice = 3;
  roll.chance = 4;
  roll.accuracy = 1;
  roll.dodge_dice = 3;
  roll.defense = 6;
  roll.power = 2;
  roll.resistance = 5;
  roll.damage = 1;
  AttackDice dice(roll);
  EXPECT_EQ(dice.action_to_string(2), "Attack die: 2 (miss)");
  for (int face : {2, 5, 6})
    dice.apply(face);
  EXPECT_EQ(dice.hits(), 2);
  EXPECT_EQ(dice.action_to_string(7), "Dodge die: 7 (dodge)");
  for (int face : {1, 5, 7})
    dice.apply(face);
  EXPECT_EQ(dice.dodges(), 1);
  EXPECT_EQ(dice.hits_left(), 1);
  // Ruling "One save die per remaining hit": one die, not the example's two. The 1 fails.
  EXPECT_EQ(dice.chance_outcomes().size(), 10u);
  dice.apply(1);
  ASSERT_TRUE(dice.done());
  EXPECT_EQ(dice.unsaved(), 1);
  EXPECT_EQ(dice.wounds(), 1);
}

TEST(AGamePipeline, TargetsBeyondTheDie) {
  // Ruling "Targets beyond the die": above the die size never succeeds, 1 or below always does.
  for (int roll = 1; roll <= 10; ++roll) {
    EXPECT_FALSE(meets_target(roll, 11, 10));
    EXPECT_TRUE(meets_target(roll, 1, 10));
    EXPECT_TRUE(meets_target(roll, -3, 10));
  }
  EXPECT_EQ(faces_meeting(11, 10), 0);
  EXPECT_EQ(faces_meeting(0, 10), 10);
  EXPECT_EQ(faces_meeting(7, 10), 4);
  EXPECT_EQ(faces_meeting(4, 6), 3);
}

TEST(AGamePipeline, VulnerabilityAndResistanceOncePerSuccessfulAttack) {
  EXPECT_EQ(wounds_suffered(0, 1, true, false), 0);  // no unsaved hit: not successful
  EXPECT_EQ(wounds_suffered(2, 1, true, false), 3);  // +1 per attack, not per hit
  EXPECT_EQ(wounds_suffered(1, 1, false, true), 0);
  EXPECT_EQ(wounds_suffered(2, 2, false, true), 3);
  EXPECT_EQ(wounds_suffered(1, 0, true, false), 1);
  EXPECT_EQ(wounds_suffered(3, 0, false, true), 0);  // "to a min of 0"
}

// ---------------------------------------------------------------- full enumeration

// Counts every roll of 2n + m dice (n attack dice, m dodge dice, n save dice of which only as
// many as hits are left are read), independently of attack_pipeline.cc's dynamic programme.
std::map<int, std::uint64_t> enumerate_wounds(const AttackRoll& roll) {
  const int n = roll.attack_dice, m = roll.dodge_dice, dice = 2 * n + m;
  std::vector<int> faces(dice, 1);
  std::map<int, std::uint64_t> ways;
  while (true) {
    int hits = 0, dodges = 0, unsaved = 0;
    for (int i = 0; i < n; ++i)
      hits += faces[i] >= roll.chance;
    for (int i = 0; i < m; ++i)
      dodges += faces[n + i] >= roll.defense + roll.accuracy;
    const int left = std::max(0, hits - dodges);
    for (int i = 0; i < left; ++i)
      unsaved += faces[n + m + i] < roll.resistance + roll.power;
    int wounds = 0;
    if (unsaved > 0) wounds = std::max(0, unsaved * roll.damage + roll.vulnerable - roll.resistant);
    ++ways[wounds];
    int i = 0;
    while (i < dice && faces[i] == roll.faces)
      faces[i++] = 1;
    if (i == dice) break;
    ++faces[i];
  }
  return ways;
}

// Exact probabilities of the machine's wounds, walking every branch of its chance tree.
void walk(const AttackDice& dice, double probability, std::map<int, double>& out) {
  if (dice.done()) {
    out[dice.wounds()] += probability;
    return;
  }
  for (const ChanceOutcome& outcome : dice.chance_outcomes()) {
    AttackDice next = dice;
    next.apply(outcome.action);
    walk(next, probability * outcome.probability, out);
  }
}

TEST(AGamePipeline, ExactMatchesFullEnumerationOfSmallPools) {
  int cases = 0;
  for (int faces : {6, 10}) {
    for (int n = 0; n <= 2; ++n) {
      for (int m = 0; m + n <= 3; ++m) {
        for (const auto& [chance, defense, accuracy, resistance, power] :
             std::vector<std::tuple<int, int, int, int, int>>{
                 {4, 6, 1, 5, 2}, {3, 5, -2, 9, -4}, {1, 2, 0, 11, 0}, {7, 4, 3, 1, 1}}) {
          for (int damage : {0, 1, 2}) {
            for (int flags = 0; flags < 4; ++flags) {
              const AttackRoll roll{faces,           n,     chance,     accuracy, m,
                                    defense,         power, resistance, damage,   (flags & 1) != 0,
                                    (flags & 2) != 0};
              const Distribution exact = attack_wounds(roll);
              ASSERT_TRUE(exact.exact());
              std::uint64_t denominator = 1;
              for (int i = 0; i < 2 * n + m; ++i)
                denominator *= faces;
              EXPECT_EQ(exact.denominator(), denominator);
              const std::map<int, std::uint64_t> ways = enumerate_wounds(roll);
              for (int w = exact.min_value(); w <= exact.max_value(); ++w)
                EXPECT_EQ(exact.ways(w), ways.count(w) ? ways.at(w) : 0u)
                    << "faces " << faces << " n " << n << " m " << m << " wounds " << w;
              for (const auto& [w, count] : ways)
                EXPECT_GT(exact.probability(w), 0.0);
              EXPECT_NEAR(total_probability(exact), 1.0, 1e-12);

              std::map<int, double> walked;
              walk(AttackDice(roll), 1.0, walked);
              for (const auto& [w, p] : walked)
                EXPECT_NEAR(p, exact.probability(w), 1e-12);
              ++cases;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(cases, 300);
}

TEST(AGamePipeline, LargePoolsFallBackToProbabilitiesThatSumToOne) {
  AttackRoll roll{10, 10, 4, 1, 10, 6, 2, 5, 1, false, false};
  const Distribution wounds = attack_wounds(roll);
  EXPECT_FALSE(wounds.exact());  // 10^30 rolls: too many to count in 64 bits
  EXPECT_NEAR(total_probability(wounds), 1.0, 1e-12);
  EXPECT_LE(wounds.max_value(), 10);
  // The mean, from linearity where it applies: no dodges, no saves.
  AttackRoll plain{10, 20, 4, 0, 0, 10, 0, 11, 1, false, false};
  EXPECT_NEAR(attack_wounds(plain).mean(), 20 * 0.7, 1e-9);
}

TEST(AGamePipeline, WideAttackIsTheSumOverModels) {
  const AttackRoll roll{10, 2, 3, 3, 1, 5, 0, 7, 1, false, false};
  const Distribution one = attack_wounds(roll);
  const Distribution three = wide_attack_wounds(roll, 3);
  EXPECT_NEAR(three.mean(), 3 * one.mean(), 1e-12);
  EXPECT_NEAR(three.probability(0), std::pow(one.probability(0), 3), 1e-12);
  EXPECT_NEAR(total_probability(three), 1.0, 1e-12);
}

// ---------------------------------------------------------------- content

TEST(AGameContent, ShippedProfilesMatchTheSeed) {
  const Content& content = shipped_content();
  EXPECT_EQ(content.parameters.faces, 10);
  // The seed's four, then the project's eight (ruling "The project's profiles").
  ASSERT_EQ(content.models.size(), 12u);
  const Model& vampire = content.find_model("Vampire Swordfighter", "x");
  EXPECT_EQ(vampire.size, 6);
  EXPECT_EQ(vampire.wounds, 3);
  EXPECT_EQ(vampire.attack_dice + vampire.wild_dice, 4);
  EXPECT_EQ(vampire.armor, 4);
  EXPECT_EQ(vampire.vulnerable_to, std::vector<std::string>{"Radiant"});
  EXPECT_EQ(vampire.resistant_to, std::vector<std::string>{"Cold"});
  ASSERT_EQ(vampire.attacks.size(), 4u);
  const Attack& stab = vampire.find_attack("vicious stab", "x");
  EXPECT_EQ(stab.chance, 4);
  EXPECT_EQ(stab.accuracy, 1);
  EXPECT_EQ(stab.power, 2);
  EXPECT_EQ(stab.damage, 1);
  EXPECT_EQ(stab.versus, Resistance::kArmor);
  EXPECT_EQ(vampire.most_dice(stab), 2);
  const Attack& suck = vampire.find_attack("Suck the Blood", "x");
  EXPECT_EQ(suck.versus, Resistance::kReflexes);
  EXPECT_EQ(suck.accuracy, -2);
  EXPECT_EQ(suck.power, -4);
  const Attack& dominate = vampire.find_attack("Dominate Mind", "x");
  EXPECT_EQ(dominate.kind, AttackKind::kMagic);
  EXPECT_EQ(vampire.dice_available(dominate), 3);  // "Cost 1 Attack die"

  const Model& ram = content.find_model("The Great Ram of Shamborga", "x");
  EXPECT_EQ(ram.melee_defense, 5);
  EXPECT_EQ(ram.armor, 7);
  EXPECT_EQ(ram.dodge_dice_available(), 1);
  const Attack& charge = ram.find_attack("Great Ramming Charge", "x");
  EXPECT_EQ(charge.target, TargetKind::kWide);
  EXPECT_EQ(charge.accuracy, 3);
  const Attack& pound = ram.find_attack("Pound into the Ground", "x");
  EXPECT_EQ(ram.fewest_dice(pound), 3);
  EXPECT_EQ(ram.most_dice(pound), 3);
  EXPECT_EQ(pound.damage_vs_smaller, 4);

  const Model& dwarf = content.find_model("dwarven defender", "x");
  EXPECT_EQ(dwarf.most_dice(dwarf.find_attack("Axe Hack", "x")), 1);
  EXPECT_EQ(dwarf.most_dice(dwarf.find_attack("Far Mountain Strike", "x")), 4);
  // Ruling "The Wizard's spells": the project's design.
  EXPECT_EQ(content.find_model("Wizard from the Halls of Dolion", "x").attacks.size(), 2u);
}

TEST(AGameContent, UnknownNamesListTheKnownOnes) {
  const std::string model =
      odds_error_of([] { shipped_content().find_model("Goblin", "--attacker"); });
  EXPECT_TRUE(contains_text(model, "--attacker: names 'Goblin', which is not a model")) << model;
  EXPECT_TRUE(contains_text(model, "'Vampire Swordfighter'")) << model;
  EXPECT_TRUE(contains_text(model, "'Dwarven Defender'")) << model;
  const std::string attack = odds_error_of([] {
    shipped_content().find_model("Dwarven Defender", "x").find_attack("Vicious Stab", "--attack");
  });
  EXPECT_TRUE(
      contains_text(attack, "names 'Vicious Stab', which is not one of Dwarven Defender's attacks"))
      << attack;
  EXPECT_TRUE(contains_text(attack, "'Axe Hack', 'Far Mountain Strike'")) << attack;
}

class AGameBadContent : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("warband_agame_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    write("parameters.toml", "[parameters]\nfaces = 10\n");
  }
  void TearDown() override { fs::remove_all(dir_); }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
  }
  // The error from loading profiles.toml holding `text`.
  std::string profiles_error(const std::string& text) {
    write("profiles.toml", text);
    return odds_error_of([&] { load_content(dir_.string()); });
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  fs::path dir_;
};

const char* const kGoodModel = R"(
[[model]]
name = "Test"
size = 5
wounds = 3
attack_dice = 2
defense_dice = 1
wild_dice = 1
movement_dice = 1
melee_defense = 6
ranged_defense = 6
magic_defense = 6
armor = 6
will = 6
body = 6
reflexes = 6
)";

const char* const kGoodAttack = R"(
[[model.attack]]
name = "Poke"
kind = "melee"
chance = 4
versus = "armor"
min_dice = 1
max_dice = 2
target = "single"
accuracy = 0
power = 0
damage = 1
)";

TEST_F(AGameBadContent, GoodFileLoads) {
  write("profiles.toml", std::string(kGoodModel) + kGoodAttack);
  const Content content = load_content(dir_.string());
  ASSERT_EQ(content.models.size(), 1u);
  EXPECT_EQ(content.models[0].attacks.size(), 1u);
}

TEST_F(AGameBadContent, ErrorsNameTheFileAndLine) {
  const std::string good = std::string(kGoodModel) + kGoodAttack;
  // Line numbers: kGoodModel starts with a blank line, so "name" is line 3, "chance" line 22.
  std::string e = profiles_error("[[model]]\nname = \"X\"\nsize = \"big\"\n");
  EXPECT_TRUE(
      contains_text(e, path("profiles.toml") + ":3: model 'X': 'size' must be a whole number"))
      << e;
  e = profiles_error(good + "chanse = 3\n");
  EXPECT_TRUE(contains_text(e, path("profiles.toml") + ":29:")) << e;
  EXPECT_TRUE(contains_text(e, "unknown key 'chanse'")) << e;
  e = profiles_error(std::string(kGoodModel) +
                     "[[model.attack]]\nname = \"Poke\"\nkind = \"psychic\"\n");
  EXPECT_TRUE(contains_text(e, path("profiles.toml") +
                                   ":19: attack 'Poke' of 'Test': 'kind' must be \"melee\", "
                                   "\"ranged\" or \"magic\", got \"psychic\""))
      << e;
  e = profiles_error(good + "chanse = 3\n");
  EXPECT_TRUE(contains_text(e, "Did you mean 'chance'?")) << e;
  e = profiles_error(std::string(kGoodModel) +
                     "[[model.attack]]\nname = \"Poke\"\nkind = \"meele\"\n");
  EXPECT_TRUE(contains_text(e, "got \"meele\". Did you mean 'melee'?")) << e;
  e = profiles_error(good + good);
  EXPECT_TRUE(contains_text(e, "model 'Test' is listed twice")) << e;
  e = profiles_error("[[model]\nname = 1\n");
  EXPECT_TRUE(contains_text(e, path("profiles.toml") + ":1: not valid TOML")) << e;
  e = profiles_error(std::string(kGoodModel) +
                     "[[model.attack]]\nname = \"Poke\"\nkind = \"melee\"\n"
                     "chance = 0\n");
  EXPECT_TRUE(contains_text(e, ":20:")) << e;
  EXPECT_TRUE(contains_text(e, "'chance' must be a whole number from 1 to 100, got 0")) << e;
  e = profiles_error(std::string(kGoodModel) +
                     "[[model.attack]]\nname = \"Poke\"\nkind = \"melee\"\n"
                     "chance = 4\nmin_dice = 3\nmax_dice = 2\n");
  EXPECT_TRUE(contains_text(e, ":22:")) << e;
  EXPECT_TRUE(contains_text(e, "'max_dice' must be at least 1 and at least min_dice (3)")) << e;
  // An allocation beyond the model's dice (2 attack, 1 defense, 1 wild, 1 movement): the attack
  // could never be made.
  const std::string poke = std::string(kGoodModel) +
                           "[[model.attack]]\nname = \"Poke\"\nkind = \"melee\"\n"
                           "chance = 4\n";  // lines 17-20
  const std::string rest = "target = \"single\"\naccuracy = 0\npower = 0\ndamage = 1\n";
  e = profiles_error(poke + "min_dice = 4\nmax_dice = 4\n" + rest);
  EXPECT_TRUE(contains_text(e, path("profiles.toml") +
                                   ":21: attack 'Poke' of 'Test': the allocation needs at least 4 "
                                   "dice, but the model has 3 attack and wild dice: an allocation "
                                   "beyond the model's dice"))
      << e;
  e = profiles_error(poke + "min_dice = 2\nmax_dice = 3\npool = \"defense\"\n" + rest);
  EXPECT_TRUE(contains_text(e,
                            ":21: attack 'Poke' of 'Test': the allocation needs at least 2 dice, "
                            "but the model has 1 defense die"))
      << e;
  // 2 attack dice, 1 paid: a Special allocation rolls the die left.
  write("profiles.toml", poke + "allocation = \"special\"\ncost = 1\ncost_dice = \"attack\"\n" +
                             "pool = \"attack\"\n" + rest);
  EXPECT_EQ(load_content(dir_.string()).models.size(), 1u);
  e = profiles_error(poke + "allocation = \"special\"\ncost = 2\ncost_dice = \"attack\"\n" +
                     "pool = \"attack\"\n" + rest);
  EXPECT_TRUE(contains_text(e,
                            ":21: attack 'Poke' of 'Test': the allocation needs at least 1 die, "
                            "but the model has 0 attack dice left after the cost"))
      << e;
  e = profiles_error(poke + "min_dice = 1\nmax_dice = 1\ncost = 2\ncost_dice = \"movement\"\n" +
                     rest);
  EXPECT_TRUE(contains_text(e,
                            ":23: attack 'Poke' of 'Test': costs 2 movement dice, but the model "
                            "has 1"))
      << e;
  e = profiles_error(std::string(kGoodModel) + kGoodAttack +
                     "[[model.ability]]\nname = \"Leap\"\neffect = \"move\"\namount = 3\n"
                     "cost = 2\ncost_dice = \"wild\"\n");  // lines 29-34
  EXPECT_TRUE(
      contains_text(e, ":33: ability 'Leap' of 'Test': costs 2 wild dice, but the model has 1"))
      << e;
  e = profiles_error("");
  EXPECT_TRUE(contains_text(e, "no models")) << e;

  write("profiles.toml", good);
  write("parameters.toml", "[parameters]\nfaces = 1\n");
  e = odds_error_of([&] { load_content(dir_.string()); });
  EXPECT_TRUE(contains_text(e, path("parameters.toml") + ":2: parameters: 'faces' must be a whole "
                                                         "number from 2 to 100, got 1"))
      << e;
  write("parameters.toml", "[parameters]\nfaces = 10\ncover_chance = 11\n");
  e = odds_error_of([&] { load_content(dir_.string()); });
  EXPECT_TRUE(contains_text(e, path("parameters.toml") + ":3: parameters: 'cover_chance' must be a "
                                                         "whole number from 0 to 10, got 11"))
      << e;
  // The placing numbers (ruling "Placed terrain and objectives").
  write("parameters.toml", "[parameters]\nplace_lattice = 0.25\n");
  e = odds_error_of([&] { load_content(dir_.string()); });
  EXPECT_TRUE(contains_text(e, path("parameters.toml") + ":2: parameters: 'place_lattice' must be "
                                                         "inches from 0.5 to 12"))
      << e;
  write("parameters.toml", "[parameters]\nhiding_size = 300\n");
  e = odds_error_of([&] { load_content(dir_.string()); });
  EXPECT_TRUE(contains_text(e, path("parameters.toml") + ":2: parameters: 'hiding_size' must be a "
                                                         "whole number from 1 to 255, got 300"))
      << e;
  fs::remove(dir_ / "parameters.toml");
  e = odds_error_of([&] { load_content(dir_.string()); });
  EXPECT_TRUE(contains_text(e, path("parameters.toml") + ": file not found")) << e;
}

// The engine's fields: abilities as data, ranges as inches, lists of known profiles.
TEST_F(AGameBadContent, AbilitiesRangesAndListsAreChecked) {
  const std::string good = std::string(kGoodModel) + kGoodAttack;
  std::string e = profiles_error(good + "range = 'two inches'\n");
  EXPECT_TRUE(contains_text(e, path("profiles.toml") + ":29:")) << e;
  EXPECT_TRUE(contains_text(e,
                            "'range' must be inches such as '2\"' (0 to 100) or \"Special\", got "
                            "'two inches'"))
      << e;
  e = profiles_error(good +
                     "[[model.ability]]\nname = \"Riposte\"\neffect = \"counter\"\n"
                     "trigger = \"all_dodged\"\nattack = \"Stab\"\n");
  EXPECT_TRUE(contains_text(e,
                            ":33: ability 'Riposte' of 'Test': 'attack' names 'Stab', which is not "
                            "one of this model's attacks"))
      << e;
  e = profiles_error(good + "[[model.ability]]\nname = \"Riposte\"\neffect = \"counter\"\n");
  EXPECT_TRUE(contains_text(e, "a counter needs 'attack'")) << e;
  e = profiles_error(good + "[[model.ability]]\nname = \"Mist\"\neffect = \"mistform\"\n");
  EXPECT_TRUE(contains_text(e, "mistform and counter are reactions")) << e;
  e = profiles_error(good + "[[model.ability]]\nname = \"Mend\"\neffect = \"heal\"\n");
  EXPECT_TRUE(contains_text(e, "'amount' must be at least 1")) << e;
  e = profiles_error(good + "radius = 2\n");
  EXPECT_TRUE(contains_text(e, "'radius' needs target = \"area\"")) << e;

  write("profiles.toml", good);
  write("lists.toml",
        "[[list]]\nid = \"band\"\nname = \"Band\"\nmodels = [\"Test\", \"Nobody\"]\n");
  e = odds_error_of([&] { load_content(dir_.string()); });
  EXPECT_TRUE(contains_text(e, path("lists.toml") + ":4: list 'band': 'Nobody' is not a profile of "
                                                    "profiles.toml"))
      << e;
  fs::remove(dir_ / "lists.toml");
}

// ---------------------------------------------------------------- the odds query

TEST(AGameOdds, ByNameEqualsTheNumbersFromTheProfiles) {
  // The Vampire Swordfighter's Vicious Stab with 2 dice against the Great Ram dodging with 1 die:
  // 4+, accuracy +1 against Melee 5+, power +2 against Armor 7+, damage 1.
  const OddsResult by_name = query().compute({{"attacker", "Vampire Swordfighter"},
                                              {"attack", "Vicious Stab"},
                                              {"dice", "2"},
                                              {"defender", "Great Ram of Shamborga"},
                                              {"dodge-dice", "1"}});
  const OddsResult by_numbers = query().compute({{"attack-dice", "2"},
                                                 {"chance", "4"},
                                                 {"accuracy", "1"},
                                                 {"defense", "5"},
                                                 {"dodge-dice", "1"},
                                                 {"power", "2"},
                                                 {"resistance", "7"},
                                                 {"damage", "1"}});
  ASSERT_TRUE(by_name.exact.exact());
  EXPECT_EQ(by_name.exact.denominator(), 100000u);  // 10^(2 x 2 + 1)
  for (int w = 0; w <= 2; ++w)
    EXPECT_EQ(by_name.exact.ways(w), by_numbers.exact.ways(w));
  EXPECT_EQ(by_name.outcome_label, "wounds");
  EXPECT_TRUE(contains_text(by_name.title, "Vicious Stab")) << by_name.title;
  // Hand count: P(hit) = 7/10, P(dodge at 6+) = 5/10, P(save at 9+) = 2/10.
  const double p_one_hit = 2 * 0.7 * 0.3, p_two = 0.49;
  const double left_two = p_two * 0.5, left_one = p_one_hit * 0.5 + p_two * 0.5;
  EXPECT_NEAR(by_name.exact.probability(2), left_two * 0.64, 1e-12);
  EXPECT_NEAR(by_name.exact.probability(1), left_one * 0.8 + left_two * 2 * 0.8 * 0.2, 1e-12);
  bool found = false;
  for (const auto& [label, value] : by_name.figures)
    if (contains_text(label, "P(at least 5 wounds")) found = true;
  EXPECT_TRUE(found);
}

TEST(AGameOdds, ProfilesSetDamageVulnerabilityAndWideAttacks) {
  // Pound into the Ground: "0 (4 vs smaller size)": the Vampire (size 6) is smaller than the Ram.
  const OddsResult pound = query().compute({{"attacker", "the great ram of shamborga"},
                                            {"attack", "pound into the ground"},
                                            {"defender", "Vampire Sword fighter"}});
  for (const auto& [w, p] : pound.exact.outcomes())
    EXPECT_EQ(w % 4, 0) << w;
  EXPECT_GT(pound.exact.max_value(), 0);
  // Great Ramming Charge is Wide: three Dwarven Defenders, the total.
  const OddsArgs charge = {{"attacker", "Great Ram of Shamborga"},
                           {"attack", "Great Ramming Charge"},
                           {"dice", "3"},
                           {"defender", "Dwarven Defender"},
                           {"dodge-dice", "2"}};
  OddsArgs three = charge;
  three["targets"] = "3";
  const OddsResult one = query().compute(charge), total = query().compute(three);
  EXPECT_NEAR(total.exact.mean(), 3 * one.exact.mean(), 1e-12);
  // Vulnerability comes from the attack's keywords: a Radiant attack against the Vampire.
  const AttackRoll base{10, 2, 4, 0, 0, 10, 0, 6, 1, false, false};
  AttackRoll radiant = base;
  radiant.vulnerable = true;
  EXPECT_NEAR(attack_wounds(radiant).mean(),
              attack_wounds(base).mean() + attack_wounds(base).at_least(1), 1e-12);
  EXPECT_TRUE(has_damage_type({"Blade", "radiant"}, {"Radiant"}));
  EXPECT_FALSE(has_damage_type({"Blade", "Spear"}, {"Radiant"}));
}

// Rulings "Cover" and "High ground" in the odds: --cover raises the hit target by cover_chance
// (6+ is 7+), --high-ground the accuracy by high_ground_accuracy; melee takes no cover.
TEST(AGameOdds, CoverAndHighGroundAreThePipelinesInputs) {
  const OddsArgs open = {{"attack-dice", "2"}, {"chance", "6"},     {"defense", "6"},
                         {"dodge-dice", "1"},  {"resistance", "7"}, {"damage", "1"}};
  OddsArgs covered = open, seven = open, high = open, accurate = open;
  covered["cover"] = "true";
  seven["chance"] = "7";
  high["high-ground"] = "true";
  accurate["accuracy"] = "1";
  const OddsResult in_cover = query().compute(covered);
  for (int w = 0; w <= 2; ++w) {
    EXPECT_EQ(in_cover.exact.ways(w), query().compute(seven).exact.ways(w)) << w;
    EXPECT_EQ(query().compute(high).exact.ways(w), query().compute(accurate).exact.ways(w)) << w;
  }
  EXPECT_LT(in_cover.exact.mean(), query().compute(open).exact.mean());
  EXPECT_TRUE(contains_text(in_cover.title, "in cover (hits on 7+)")) << in_cover.title;
  EXPECT_EQ(in_cover.figures[0].first, "P(an attack die hits at 7+)");
  EXPECT_DOUBLE_EQ(in_cover.figures[0].second, 0.4);
  // By name: the Elven Archer's Longbow (6+) at a goblin in cover hits 4 faces in 10.
  const OddsResult bow = query().compute({{"attacker", "Elven Archer"},
                                          {"attack", "Longbow"},
                                          {"defender", "Goblin Skirmisher"},
                                          {"cover", "true"}});
  EXPECT_DOUBLE_EQ(bow.figures[0].second, 0.4);
  const std::string melee = odds_error_of([] {
    query().compute({{"attacker", "Vampire Swordfighter"},
                     {"attack", "Vicious Stab"},
                     {"defender", "Great Ram of Shamborga"},
                     {"cover", "true"}});
  });
  EXPECT_TRUE(contains_text(melee, "--cover")) << melee;
  EXPECT_TRUE(contains_text(melee, "Vicious Stab is a melee attack")) << melee;
}

TEST(AGameOdds, RejectsBadArguments) {
  const OddsArgs good = {{"attack-dice", "3"}, {"chance", "4"},     {"defense", "6"},
                         {"dodge-dice", "2"},  {"resistance", "7"}, {"damage", "1"}};
  auto with = [&](const std::string& name, const std::string& value) {
    OddsArgs args = good;
    args[name] = value;
    return odds_error_of([&] { query().compute(args); });
  };
  auto without = [&](const std::string& name) {
    OddsArgs args = good;
    args.erase(name);
    return odds_error_of([&] { query().compute(args); });
  };
  EXPECT_EQ(odds_error_of([&] { query().compute(good); }), "(no error)");
  const std::string nothing = odds_error_of([&] { query().compute({}); });
  EXPECT_TRUE(contains_text(nothing, "--attack-dice N")) << nothing;
  EXPECT_TRUE(contains_text(nothing, "--attacker MODEL")) << nothing;
  EXPECT_TRUE(contains_text(with("attack-dice", "-1"), "--attack-dice"))
      << with("attack-dice", "-1");
  EXPECT_TRUE(contains_text(with("dodge-dice", "-2"), "--dodge-dice"));
  EXPECT_TRUE(contains_text(with("chance", "0"), "--chance"));
  EXPECT_TRUE(contains_text(with("chance", "11"), "--chance"));
  EXPECT_EQ(with("chance", "6").find("--chance"), std::string::npos);
  EXPECT_TRUE(contains_text(with("accuracy", "11"), "--accuracy"));
  EXPECT_TRUE(contains_text(with("power", "-11"), "--power"));
  EXPECT_TRUE(contains_text(with("faces", "1"), "--faces"));
  EXPECT_TRUE(contains_text(with("resistance", "x"), "--resistance"));
  EXPECT_TRUE(contains_text(with("targets", "2"), "--wide"));
  EXPECT_TRUE(contains_text(with("dice", "2"), "--dice"));
  EXPECT_TRUE(contains_text(without("chance"), "--chance"));
  EXPECT_TRUE(contains_text(without("defense"), "--defense"));

  const OddsArgs named = {{"attacker", "Vampire Swordfighter"},
                          {"attack", "Vicious Stab"},
                          {"defender", "Great Ram of Shamborga"}};
  auto named_with = [&](const std::string& name, const std::string& value) {
    OddsArgs args = named;
    args[name] = value;
    return odds_error_of([&] { query().compute(args); });
  };
  EXPECT_EQ(odds_error_of([&] { query().compute(named); }), "(no error)");
  EXPECT_TRUE(contains_text(named_with("attacker", "Orc"),
                            "names 'Orc', which is not a model; the models are "
                            "'Vampire Swordfighter'"));
  EXPECT_TRUE(contains_text(named_with("attack", "Bite"), "attacks ('Vicious Stab', 'Wide Swing'"));
  EXPECT_TRUE(contains_text(named_with("dice", "3"), "--dice"));
  EXPECT_TRUE(contains_text(named_with("dodge-dice", "2"), "--dodge-dice"));
  EXPECT_TRUE(contains_text(named_with("chance", "5"), "--chance"));
  EXPECT_TRUE(
      contains_text(named_with("targets", "2"), "--targets: goes with a Wide or Area attack"));
  EXPECT_TRUE(contains_text(odds_error_of([] {
                              query().compute({{"attacker", "Vampire Swordfighter"}});
                            }),
                            "--attack"));
  // An attack of another model is refused with the attacker's own list.
  EXPECT_TRUE(contains_text(odds_error_of([] {
                              query().compute({{"attacker", "Wizard from the Halls of Dolion"},
                                               {"attack", "Vicious Stab"},
                                               {"defender", "Dwarven Defender"}});
                            }),
                            "attacks ('Arcane Bolt', 'Fireball')"));
}

// ---------------------------------------------------------------- the form: questions and pickers

const OddsOption& option_named(const std::string& name) {
  for (const OddsOption& option : query().options)
    if (option.name == name) return option;
  throw std::runtime_error("no option " + name);
}

TEST(AGameOddsForm, TwoQuestionsCoverEveryOptionAndTheirExamplesCompute) {
  ASSERT_EQ(query().questions.size(), 2u);
  EXPECT_EQ(query().questions[0].title, "A dice-pool roll");
  EXPECT_EQ(query().questions[1].title, "An attack between two profiles");
  std::set<std::string> asked;
  for (const OddsQuestion& question : query().questions) {
    for (const std::string& name : question.options) {
      EXPECT_NO_THROW(option_named(name)) << name;
      asked.insert(name);
    }
    for (const auto& [name, value] : question.example)
      EXPECT_TRUE(std::count(question.options.begin(), question.options.end(), name)) << name;
  }
  for (const OddsOption& option : query().options)
    EXPECT_TRUE(asked.count(option.name)) << option.name << " is in no question";

  // The roll's example is the seed's worked example: 3 dice at 4+ against the Ram's 6+ and 5+.
  const OddsResult roll = query().compute(query().questions[0].example);
  AttackRoll seed;
  seed.attack_dice = 3;
  seed.chance = 4;
  seed.accuracy = 1;
  seed.dodge_dice = 3;
  seed.defense = 6;
  seed.power = 2;
  seed.resistance = 5;
  seed.damage = 1;
  const Distribution expected = attack_wounds(seed);
  for (int wounds = 0; wounds <= 3; ++wounds)
    EXPECT_DOUBLE_EQ(roll.exact.probability(wounds), expected.probability(wounds)) << wounds;
  const OddsResult named = query().compute(query().questions[1].example);
  EXPECT_TRUE(contains_text(named.title, "Vampire Swordfighter's Vicious Stab")) << named.title;
  EXPECT_TRUE(contains_text(named.title, "against Great Ram of Shamborga")) << named.title;
}

TEST(AGameOddsForm, PickersOfferTheProfilesAndEachAttackerItsOwnAttacks) {
  for (const char* name : {"attacker", "defender", "attack"}) {
    ASSERT_TRUE(option_named(name).choices) << name;
    EXPECT_TRUE(option_named(name).required) << name;
  }
  std::vector<std::string> models;
  for (const OddsChoice& choice : option_named("attacker").choices())
    models.push_back(choice.value);
  ASSERT_EQ(models.size(), 12u);
  EXPECT_EQ(std::vector<std::string>(models.begin(), models.begin() + 4),
            (std::vector<std::string>{"Vampire Swordfighter", "Great Ram of Shamborga",
                                      "Dwarven Defender", "Wizard from the Halls of Dolion"}));
  std::map<std::string, std::vector<std::string>> offered;
  for (const OddsChoice& choice : option_named("attack").choices()) {
    EXPECT_EQ(choice.only_with_option, "attacker");
    offered[choice.only_with_value].push_back(choice.value);
  }
  for (const Model& model : shipped_content().models) {
    std::vector<std::string> attacks;
    for (const Attack& attack : model.attacks)
      attacks.push_back(attack.name);
    EXPECT_EQ(offered[model.name], attacks) << model.name;
  }
  EXPECT_EQ(offered["Wizard from the Halls of Dolion"],
            (std::vector<std::string>{"Arcane Bolt", "Fireball"}));
  // Every attack offered computes against every model it can be made against.
  int computed = 0;
  for (const OddsChoice& choice : option_named("attack").choices())
    for (const std::string& defender : models) {
      const OddsArgs args = {
          {"attacker", choice.only_with_value}, {"attack", choice.value}, {"defender", defender}};
      const std::string error = odds_error_of([&] { query().compute(args); });
      EXPECT_TRUE(error == "(no error)" || contains_text(error, "cannot make"))
          << choice.only_with_value << " " << choice.value << " vs " << defender << ": " << error;
      computed += error == "(no error)";
    }
  EXPECT_GT(computed, 20);
}

// ---------------------------------------------------------------- Monte Carlo twins

TEST(AGameOdds, ExactMatchesMonteCarloThroughTheMachine) {
  constexpr int kSamples = 20000;
  const std::vector<OddsArgs> cases = {
      {{"attack-dice", "3"},
       {"chance", "4"},
       {"accuracy", "1"},
       {"defense", "6"},
       {"dodge-dice", "3"},
       {"power", "2"},
       {"resistance", "5"},
       {"damage", "1"}},
      {{"attack-dice", "10"},
       {"chance", "4"},
       {"accuracy", "1"},
       {"defense", "6"},
       {"dodge-dice", "10"},
       {"power", "2"},
       {"resistance", "5"},
       {"damage", "2"},
       {"vulnerable", "true"}},
      {{"attack-dice", "4"},
       {"chance", "3"},
       {"defense", "5"},
       {"dodge-dice", "2"},
       {"resistance", "6"},
       {"damage", "1"},
       {"resistant", "true"},
       {"faces", "6"}},
      {{"attack-dice", "3"},
       {"chance", "3"},
       {"accuracy", "3"},
       {"defense", "4"},
       {"dodge-dice", "2"},
       {"resistance", "6"},
       {"damage", "1"},
       {"wide", "true"},
       {"targets", "3"}},
      {{"attacker", "Vampire Swordfighter"},
       {"attack", "Vicious Stab"},
       {"dice", "2"},
       {"defender", "Great Ram of Shamborga"},
       {"dodge-dice", "1"}},
      {{"attacker", "Great Ram of Shamborga"},
       {"attack", "Great Ramming Charge"},
       {"defender", "Dwarven Defender"},
       {"targets", "2"}},
  };
  std::uint64_t seed = 7;
  for (const OddsArgs& args : cases) {
    const OddsResult result = query().compute(args);
    EXPECT_NEAR(total_probability(result.exact), 1.0, 1e-12) << result.title;
    Rng rng(seed++);
    const std::vector<int> samples = query().sample(args, rng, kSamples);
    ASSERT_EQ(samples.size(), static_cast<std::size_t>(kSamples));
    SCOPED_TRACE(result.title);
    warband::testing::expect_samples_agree(result.exact, samples);
  }
}

}  // namespace
}  // namespace warband::agame
