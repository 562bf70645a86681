// Conflict's character creation (docs/rules/conflict.md, "Character creation (project
// proposal)"): prices counted by hand from costs.toml, every problem of a bad file at once with
// its line, the shipped characters and warbands, a re-priced formula, round trips, and the
// builder's operations through the registry.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <unistd.h>
#include <algorithm>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/error.h"
#include "core/json_input.h"
#include "core/registry.h"
#include "rulesets/conflict/character_cost.h"
#include "rulesets/conflict/character_file.h"
#include "rulesets/conflict/creation_rules.h"
#include "rulesets/conflict/warband_file.h"
#include "tests/rulesets/conflict/conflict_fixture.h"
#include "tests/support/input_error.h"
#include "tests/support/test_files.h"

namespace warband::conflict {
namespace {

namespace fs = std::filesystem;

const CreationRules& rules() {
  return content_creation_rules();
}

const BuildOperation& operation(const std::string& name) {
  for (const BuildOperation& op : find_builder("conflict").operations)
    if (op.name == name) return op;
  throw std::logic_error("no operation " + name);
}

BuildOutput run(const std::string& name, BuildArgs args, std::vector<BuildDocument> documents = {},
                std::map<std::string, BuildDocument> texts = {}, std::string content_root = "") {
  BuildInput input;
  input.args = std::move(args);
  input.documents = std::move(documents);
  input.texts = std::move(texts);
  input.content_root = std::move(content_root);
  return operation(name).run(input);
}

// A scratch copy of content/conflict, to edit one number and price again.
class ContentCopy {
 public:
  ContentCopy() {
    root_ = fs::temp_directory_path() /
            fmt::format("warband_conflict_{}_{}",
                        ::testing::UnitTest::GetInstance()->current_test_info()->name(), getpid());
    fs::remove_all(root_);
    fs::create_directories(root_);
    fs::copy(content_conflict_folder(), root_ / "conflict", fs::copy_options::recursive);
  }
  ~ContentCopy() {
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }
  std::string root() const { return root_.string(); }
  fs::path costs() const { return root_ / "conflict" / "costs.toml"; }
  void replace(const std::string& from, const std::string& to) const {
    replace_in(costs(), from, to);
  }
  void replace_in(const fs::path& file, const std::string& from, const std::string& to) const {
    std::string text = read_file_text(file);
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    std::ofstream(file) << text;
  }

 private:
  fs::path root_;
};

// Knight Captain, by hand from costs.toml: size 2: 10; wounds 5 x (2 + 0.5 x Defense 2 + 0.25 x
// Resistances (2 + 1 + 1)) = 5 x 4 = 20; Longsword ((2 x Strength 4 + 0.5 x Range 0) x Single 1
// + push 3 x 1 token x Match Suit 0.5) x (1 + 0.25 x Attack Skill 2) = 9.5 x 1.5 = 14.25;
// Commander 7. 51.25, rounded half up: 51.
TEST(ConflictCharacterPoints, KnightCaptainCountedByHand) {
  const CharacterCost cost =
      character_cost(testing::shipped_character("knight_captain"), rules().costs);
  ASSERT_EQ(cost.terms.size(), 4u);
  EXPECT_EQ(cost.terms[0].term, "size 2");
  EXPECT_DOUBLE_EQ(cost.terms[0].points, 10);
  EXPECT_EQ(cost.terms[1].term, "wounds");
  EXPECT_DOUBLE_EQ(cost.terms[1].points, 20);
  EXPECT_EQ(cost.terms[2].term, "attack 'Longsword'");
  EXPECT_DOUBLE_EQ(cost.terms[2].points, 14.25);
  EXPECT_EQ(cost.terms[3].term, "ability 'commander'");
  EXPECT_DOUBLE_EQ(cost.terms[3].points, 7);
  EXPECT_DOUBLE_EQ(cost.exact, 51.25);
  EXPECT_EQ(cost.points, 51);
}

// Bombard Crew, by hand: size 3: 16; wounds 7 x (2 + 0.5 x 0 + 0.25 x (1 + 1 + 0)) = 17.5;
// Bombard ((2 x 4 + 0.5 x 18) x Area (1.25 + 0.25 x radius 2) + prone 4 x 1 x 0.5)
// x (1 + 0.25 x 1) = (17 x 1.75 + 2) x 1.25 = 39.6875; Rammers (2 x 1) x 1 x 1.25 = 2.5.
// 75.6875, rounded: 76.
TEST(ConflictCharacterPoints, BombardCrewCountedByHand) {
  const CharacterCost cost =
      character_cost(testing::shipped_character("bombard_crew"), rules().costs);
  ASSERT_EQ(cost.terms.size(), 4u);
  EXPECT_DOUBLE_EQ(cost.terms[0].points, 16);
  EXPECT_DOUBLE_EQ(cost.terms[1].points, 17.5);
  EXPECT_EQ(cost.terms[2].term, "attack 'Bombard'");
  EXPECT_DOUBLE_EQ(cost.terms[2].points, 39.6875);
  EXPECT_EQ(cost.terms[2].formula,
            "((2 x Strength 4 + 0.5 x Range 18) x Area (1.25 + 0.25 x radius 2) + prone 4 x 1 x "
            "0.5) x (1 + 0.25 x Attack Skill 1)");
  EXPECT_DOUBLE_EQ(cost.terms[3].points, 2.5);
  EXPECT_EQ(cost.points, 76);
}

// Ricochet, breakthrough, extra strides and a Both Suits effect, by hand: size 1: 6; 1 extra
// Stride: 4; wounds 2 x (2 + 0.5 x 1 + 0.25 x 0) = 5; Chain ((2 x 2 + 0.5 x 4) x Ricochet
// (1 + 0.4 x 2) + weak 3 x 2 x 0.15) x (1 + 0.25 x 0) = 6 x 1.8 + 0.9 = 11.7; Line (2 x 1 +
// 0.5 x 2) x Breakthrough 1.5 = 4.5. 31.2: 31.
TEST(ConflictCharacterPoints, EveryTargetTypeAndTrigger) {
  Character character;
  character.name = "Spark";
  character.size = 1;
  character.defense = 1;
  character.wounds = 2;
  character.extra_strides = 1;
  Attack chain{"Chain", AttackType::kEnergy, TargetType::kRicochet, 4, 2, 0, 2, {}};
  chain.effects.push_back({EffectKind::kWeak, Trigger::kBothSuits, 2});
  character.attacks = {chain,
                       {"Line", AttackType::kPsyche, TargetType::kBreakthrough, 2, 1, 0, 0, {}}};
  const CharacterCost cost = character_cost(character, rules().costs);
  ASSERT_EQ(cost.terms.size(), 5u);
  EXPECT_DOUBLE_EQ(cost.terms[1].points, 4);
  EXPECT_DOUBLE_EQ(cost.terms[2].points, 5);
  EXPECT_NEAR(cost.terms[3].points, 11.7, 1e-9);
  EXPECT_DOUBLE_EQ(cost.terms[4].points, 4.5);
  EXPECT_EQ(cost.points, 31);
  EXPECT_TRUE(character_problems(character, rules()).empty());
}

// Without its words a price is the same to the bit: the balance run's fast path.
TEST(ConflictCharacterPoints, APriceWithoutWordsIsTheSame) {
  for (const auto& entry :
       std::filesystem::directory_iterator(characters_folder_of(content_conflict_folder()))) {
    const std::string path = entry.path().string();
    const Character character = parse_character_toml(read_text_file(path), path);
    const CharacterCost written = character_cost(character, rules().costs);
    const CharacterCost numbers = character_cost(character, rules().costs, CostWords::kOmitted);
    EXPECT_FALSE(written.terms.empty()) << character.name;
    EXPECT_TRUE(numbers.terms.empty()) << character.name;
    EXPECT_EQ(numbers.exact, written.exact) << character.name;
    EXPECT_EQ(numbers.points, written.points) << character.name;
    EXPECT_EQ(character_points(character, rules().costs), written.points) << character.name;
  }
}

TEST(ConflictCharacterPoints, ARepricedNumberChangesThePrice) {
  const ContentCopy copy;
  // Knight Captain's Longsword has Strength 4 at an Attack Skill factor 1.5: strength_points 2 -> 3
  // adds 4 x 1 x 1.5 = 6 points, 51.25 -> 57.25.
  copy.replace("strength_points = 2 ", "strength_points = 3 ");
  const CreationRules repriced = load_creation_rules(copy.root() + "/conflict");
  EXPECT_EQ(character_points(testing::shipped_character("knight_captain"), rules().costs), 51);
  EXPECT_EQ(character_points(testing::shipped_character("knight_captain"), repriced.costs), 57);

  // The builder prices with the content it is given: the content root, or --costs.
  const std::string path =
      characters_folder_of(content_conflict_folder()) + "/knight_captain.character.toml";
  const BuildDocument knight{"knight.character.toml", read_file_text(path)};
  EXPECT_EQ(run("character-validate", {}, {knight}).json["points"], 51);
  EXPECT_EQ(run("character-validate", {}, {knight}, {}, copy.root()).json["points"], 57);
  EXPECT_EQ(run("character-validate", {{"costs", copy.costs().string()}}, {knight}).json["points"],
            57);
  // And a whole warband with it: every Strength costs more, so The Iron Pact, 535 of 550 points,
  // goes to 598 and over its limit.
  const std::string iron_pact =
      read_file_text(content_conflict_folder() + "/warbands/iron_pact.warband.toml");
  const BuildDocument warband{"iron_pact.warband.toml", iron_pact};
  EXPECT_EQ(run("warband-validate", {}, {warband}).json["points"], 535);
  const BuildOutput repriced_warband = run("warband-validate", {}, {warband}, {}, copy.root());
  EXPECT_EQ(repriced_warband.json["points"], 598);
  EXPECT_EQ(repriced_warband.exit_code, 1);
  EXPECT_EQ(repriced_warband.json["problems"],
            nlohmann::json::array({"iron_pact.warband.toml:4: the characters cost 598 points, "
                                   "over the limit of 550"}));
}

TEST(ConflictCharacterPoints, AnAbilityWithoutAPriceIsAContentError) {
  const ContentCopy copy;
  copy.replace("flier = 10\n", "");
  try {
    load_creation_rules(copy.root() + "/conflict");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_NE(error.message().find("costs.toml"), std::string::npos) << error.message();
    EXPECT_NE(error.message().find("'flier' is missing"), std::string::npos) << error.message();
  }
}

// An ability's play table names only the vocabulary's numbers: a misspelt one is an error at its
// line, with the ability and the keys allowed.
TEST(ConflictCharacterPoints, AnAbilitysUnknownPlayKeyIsAContentError) {
  const ContentCopy copy;
  copy.replace_in(copy.root() + "/conflict/abilities.toml", "run_multiplier = 3",
                  "run_multipler = 3");
  try {
    load_creation_rules(copy.root() + "/conflict");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_NE(error.message().find("abilities.toml:"), std::string::npos) << error.message();
    EXPECT_NE(error.message().find("ability 'sprinter' play"), std::string::npos)
        << error.message();
    EXPECT_NE(error.message().find("run_multipler"), std::string::npos) << error.message();
    EXPECT_NE(error.message().find("run_multiplier"), std::string::npos) << error.message();
  }
}

constexpr const char* kBadCharacter = R"(name = "Broken"
size = 7
suit = "stars"
attack_skill = 9
wounds = 0
abilities = ["flyer", "nimble"]
colour = "red"

[[attacks]]
name = "Smash"
type = "physical"
strength = 7
effects = [{ effect = "slow", tokens = 4 }, { effect = "push", trigger = "sometimes" }]

[[attacks]]
name = "Blast"
type = "energy"
target = "area"
range = 30
strength = "big"
)";

// A required number left out says the range the character needs, not the bound any number of the
// file has ("expected a whole number from -1000 to 1000" of wounds that must be 1 or more).
TEST(ConflictCharacterFile, AMissingNumberSaysTheRangeItNeeds) {
  const CharacterRead read = read_character_toml(
      "name = \"Scout\"\nsuit = \"spades\"\n\n[[attacks]]\nname = \"Jab\"\n", "scout.toml");
  const std::vector<std::string> expected = {
      "scout.toml:1: 'size' is missing: expected a Size Category of creation.toml's table",
      "scout.toml:1: 'wounds' is missing: expected its Wounds, 1 to its Size Category's max_wounds "
      "(creation.toml)",
      "scout.toml:4: attack #1 'Jab': 'strength' is missing: expected its Attack Strength, 1 to 6",
  };
  for (const std::string& problem : expected)
    EXPECT_NE(std::find(read.problems.begin(), read.problems.end(), problem), read.problems.end())
        << problem << "\nin: " << fmt::format("{}", fmt::join(read.problems, "\n"));
  for (const std::string& problem : read.problems)
    EXPECT_EQ(problem.find("-1000"), std::string::npos) << problem;
}

TEST(ConflictCharacterFile, EveryProblemAtOnceWithItsLine) {
  const CharacterRead read = read_character_toml(kBadCharacter, "bad.character.toml");
  const std::vector<std::string> problems = all_character_problems(read, rules());
  const std::vector<std::string> expected_starts = {
      "bad.character.toml:2: size 7 is off the Size Category table (1 to 5)",
      "bad.character.toml:3: 'suit' must be \"spades\", \"hearts\", \"diamonds\" or \"clubs\", "
      "got \"stars\"",
      "bad.character.toml:4: attack_skill 9 must be from 0 to 4",
      "bad.character.toml:5: wounds 0 must be at least 1",
      "bad.character.toml:6: ability 'flyer' is not one of abilities.toml",
      "bad.character.toml:7: unknown key 'colour' (expected one of: name, description, size,",
      "bad.character.toml:12: attack 'Smash': strength 7 is off the seed's Attack Strength 1-6",
      "bad.character.toml:13: attack #1 'Smash' effect #2: 'trigger' must be",
      "bad.character.toml:13: attack 'Smash': Slow tokens 4 must be from 1 to 3",
      "bad.character.toml:15: attack 'Blast': an Area attack's radius 0 must be from 1 to 3",
      "bad.character.toml:19: attack 'Blast': range 30 must be from 0 to 24",
      "bad.character.toml:20: attack #2 'Blast': 'strength' must be a whole number, got \"big\"",
  };
  ASSERT_EQ(problems.size(), expected_starts.size())
      << fmt::format("{}", fmt::join(problems, "\n"));
  for (std::size_t i = 0; i < problems.size(); ++i)
    EXPECT_EQ(problems[i].rfind(expected_starts[i], 0), 0u)
        << "problem " << i << ": " << problems[i] << "\nexpected: " << expected_starts[i];
  EXPECT_NE(problems[4].find("Did you mean 'flier'?"), std::string::npos) << problems[4];

  // The builder's validate lists the same, exits 1, and still prices what it could read.
  const BuildOutput report =
      run("character-validate", {}, {{"bad.character.toml", std::string(kBadCharacter)}});
  EXPECT_EQ(report.exit_code, 1);
  EXPECT_EQ(report.json["problems"].size(), expected_starts.size());
  EXPECT_NE(report.text.find("12 problems:"), std::string::npos) << report.text;
  // An operation that changes the file refuses it whole, naming every read problem.
  try {
    run("character-set", {{"wounds", "3"}}, {{"bad.character.toml", std::string(kBadCharacter)}});
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_NE(error.message().find("4 problems"), std::string::npos) << error.message();
    EXPECT_NE(error.message().find("bad.character.toml:20"), std::string::npos);
  }
}

TEST(ConflictCharacterFile, ATomlSyntaxErrorNamesTheLine) {
  try {
    read_character_toml("name = \"A\"\nsize = = 2\n", "a.character.toml");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where().rfind("a.character.toml:2", 0), 0u) << error.message();
  }
}

TEST(ConflictWarbandFile, EveryProblemOfAWarbandAtOnce) {
  const std::string text = R"(name = "Bad"
points_limit = 100
[[characters]]
file = "nobody.character.toml"
[[characters]]
file = "ironclad_golem.character.toml"
[[characters]]
name = "X"
size = 2
suit = "hearts"
wounds = 9
[[characters.attacks]]
name = "Y"
type = "psyche"
strength = 8
[[characters]]
file = "../secrets.character.toml"
)";
  const WarbandRead read =
      read_warband_toml(text, "bad.warband.toml", characters_folder_of(content_conflict_folder()));
  const std::vector<std::string> problems = all_warband_problems(read, rules());
  ASSERT_EQ(problems.size(), 5u) << fmt::format("{}", fmt::join(problems, "\n"));
  EXPECT_EQ(problems[0].rfind("bad.warband.toml:2: the characters cost 192 points, over the limit "
                              "of 100",
                              0),
            0u)
      << problems[0];
  EXPECT_EQ(problems[1].rfind("bad.warband.toml:4: character #1: no shipped character "
                              "\"nobody.character.toml\"",
                              0),
            0u)
      << problems[1];
  EXPECT_EQ(problems[2].rfind("bad.warband.toml:11: character #3 'X': wounds 9 is more than a "
                              "size 2 (Small) character may have (6",
                              0),
            0u)
      << problems[2];
  EXPECT_EQ(problems[3].rfind("bad.warband.toml:15: character #3 'X': attack 'Y': strength 8", 0),
            0u)
      << problems[3];
  EXPECT_EQ(problems[4].rfind("bad.warband.toml:17: character #4: 'file' must be the name of a "
                              "shipped character file (no folder)",
                              0),
            0u)
      << problems[4];
}

TEST(ConflictContent, TwelveCharactersOfEverySizeAndTwoLegalWarbands) {
  const std::string folder = characters_folder_of(content_conflict_folder());
  std::set<int> sizes;
  int count = 0;
  for (const auto& entry : fs::directory_iterator(folder)) {
    const std::string path = entry.path().string();
    SCOPED_TRACE(path);
    const CharacterRead loaded = read_character_toml(read_file_text(path), path);
    EXPECT_EQ(all_character_problems(loaded, rules()), std::vector<std::string>{});
    sizes.insert(loaded.character.size);
    ++count;
  }
  EXPECT_GE(count, 12);
  EXPECT_EQ(sizes, (std::set<int>{1, 2, 3, 4, 5}));

  const std::map<std::string, int> expected_points = {{"iron_pact", 535}, {"wild_hunt", 544}};
  for (const auto& [id, points] : expected_points) {
    const std::string path = content_conflict_folder() + "/warbands/" + id + ".warband.toml";
    SCOPED_TRACE(path);
    const WarbandRead loaded = read_warband_toml(read_file_text(path), path, folder);
    EXPECT_EQ(all_warband_problems(loaded, rules()), std::vector<std::string>{});
    EXPECT_EQ(warband_points(loaded.warband, rules().costs), points);
    EXPECT_GE(loaded.warband.characters.size(), 6u);
  }
}

TEST(ConflictRoundTrip, CharactersAndWarbandsThroughTomlAndJson) {
  const std::string folder = characters_folder_of(content_conflict_folder());
  for (const auto& entry : fs::directory_iterator(folder)) {
    const Character character =
        parse_character_toml(read_file_text(entry.path()), entry.path().string());
    SCOPED_TRACE(character.name);
    EXPECT_EQ(parse_character_toml(character_to_toml(character), "written.toml"), character);
    EXPECT_EQ(character_from_json(character_to_json(character, rules()), "written.json"),
              character);
  }
  for (const char* id : {"iron_pact", "wild_hunt"}) {
    const std::string path = content_conflict_folder() + "/warbands/" + id + ".warband.toml";
    const Warband warband = parse_warband_toml(read_file_text(path), path, folder);
    EXPECT_EQ(parse_warband_toml(warband_to_toml(warband), "written.toml", folder), warband);
    EXPECT_EQ(warband_from_json(warband_to_json(warband, rules()), "written.json", folder),
              warband);
    // A shipped file's name beside a character that is not that file's is kept inline.
    nlohmann::json changed = warband_to_json(warband, rules());
    changed["characters"][0]["character"]["wounds"] = 1;
    const Warband imported = warband_from_json(changed, "changed.json", folder);
    EXPECT_EQ(imported.characters[0].file, "");
    EXPECT_EQ(imported.characters[0].character.wounds, 1);
    EXPECT_EQ(parse_warband_toml(warband_to_toml(imported), "w.toml", folder), imported);
  }
}

// A warband read from JSON names the field it refuses by its whole path (the paths are written
// only for an error, so each is pinned here).
TEST(ConflictRoundTrip, AWarbandFromJsonNamesTheFieldItRefuses) {
  const std::string folder = characters_folder_of(content_conflict_folder());
  const std::string path = content_conflict_folder() + "/warbands/iron_pact.warband.toml";
  const nlohmann::json warband =
      warband_to_json(parse_warband_toml(read_file_text(path), path, folder), rules());
  const auto refused = [&](const auto& change) {
    nlohmann::json changed = warband;
    change(changed["characters"][0]["character"]);
    return warband::testing::input_error(
        [&] { warband_from_json(changed, "setup.warbands[0]", folder); });
  };
  const std::string first = "setup.warbands[0].characters[0].character";
  EXPECT_EQ(refused([](nlohmann::json& c) { c["suit"] = "stars"; }),
            first +
                ".suit: must be \"spades\", \"hearts\", \"diamonds\" or \"clubs\", got "
                "\"stars\"");
  EXPECT_EQ(refused([](nlohmann::json& c) { c.erase("name"); }),
            first + ".name: missing; expected a string");
  EXPECT_EQ(refused([](nlohmann::json& c) { c.erase("wounds"); }),
            first + ".wounds: missing; expected a whole number from -1000 to 1000");
  EXPECT_EQ(refused([](nlohmann::json& c) { c["resistance"]["energy"] = "x"; }),
            first + ".resistance.energy: expected a whole number from -1000 to 1000, got a string");
  EXPECT_EQ(refused([](nlohmann::json& c) { c["abilities"].push_back(3); }),
            first + ".abilities[2]: expected a string, got an integer");
  EXPECT_EQ(refused([](nlohmann::json& c) { c["abilities"] = std::vector<std::string>(65, "a"); }),
            first + ".abilities: 65 abilities, more than the 64 allowed");
  EXPECT_EQ(
      refused([](nlohmann::json& c) { c["attacks"][0]["type"] = "fire"; }),
      first + ".attacks[0].type: must be \"physical\", \"energy\" or \"psyche\", got \"fire\"");
  EXPECT_EQ(refused([](nlohmann::json& c) { c["attacks"][0]["target"] = "all"; }),
            first +
                ".attacks[0].target: must be \"single\", \"area\", \"breakthrough\" or "
                "\"ricochet\", got \"all\"");
  EXPECT_EQ(refused([](nlohmann::json& c) { c["attacks"][0].erase("strength"); }),
            first + ".attacks[0].strength: missing; expected a whole number from -1000 to 1000");
  EXPECT_EQ(refused([](nlohmann::json& c) { c["attacks"][0]["effects"][0]["trigger"] = "zap"; }),
            first +
                ".attacks[0].effects[0].trigger: must be \"always\", \"match_suit\" or "
                "\"both_suits\", got \"zap\"");
  EXPECT_EQ(refused([](nlohmann::json& c) { c["attacks"][0]["effects"][0]["tokens"] = 1.5; }),
            first +
                ".attacks[0].effects[0].tokens: expected a whole number from -1000 to 1000, "
                "got 1.5");
  EXPECT_EQ(refused([](nlohmann::json& c) { c = nlohmann::json::array(); }),
            first + ": expected an object, got an array");
}

TEST(ConflictBuilder, ExportThenImportGivesTheSameFiles) {
  const std::string path = content_conflict_folder() + "/warbands/iron_pact.warband.toml";
  const BuildOutput exported = run("warband-export", {{"format", "json"}, {"out", "x.json"}},
                                   {{"iron_pact.warband.toml", read_file_text(path)}});
  ASSERT_TRUE(exported.output);
  const BuildOutput imported = run("warband-import", {}, {{"copy.warband.toml", std::nullopt}},
                                   {{"in", {"x.json", *exported.output}}});
  ASSERT_EQ(imported.documents.size(), 1u);
  ASSERT_TRUE(imported.documents[0]);
  const std::string folder = characters_folder_of(content_conflict_folder());
  EXPECT_EQ(parse_warband_toml(*imported.documents[0], "copy.warband.toml", folder),
            parse_warband_toml(read_file_text(path), path, folder));
  EXPECT_EQ(imported.exit_code, 0);

  const BuildOutput character_json =
      run("character-export", {{"format", "json"}},
          {{"k.character.toml", read_file_text(folder + "/knight_captain.character.toml")}});
  const BuildOutput back = run("character-import", {}, {{"k2.character.toml", std::nullopt}},
                               {{"in", {"k.json", character_json.text}}});
  ASSERT_TRUE(back.documents.at(0));
  EXPECT_EQ(parse_character_toml(*back.documents[0], "k2"),
            testing::shipped_character("knight_captain"));
  // The Markdown export carries the points term by term.
  const BuildOutput card =
      run("character-export", {},
          {{"k.character.toml", read_file_text(folder + "/knight_captain.character.toml")}});
  EXPECT_NE(card.text.find("| **total** | 51.25 rounded half up | **51** |"), std::string::npos)
      << card.text;
}

TEST(ConflictBuilder, CreatesACharacterAttackByAttackAndAWarbandOfIt) {
  BuildOutput made = run("character-new",
                         {{"name", "Pike"},
                          {"size", "2"},
                          {"suit", "hearts"},
                          {"wounds", "4"},
                          {"attack-skill", "1"},
                          {"ability", "nimble\nsprinter"}},
                         {{"pike.character.toml", std::nullopt}});
  EXPECT_EQ(made.exit_code, 1);  // no attack yet
  EXPECT_EQ(made.json["problems"][0], "has no attack: a character needs at least one [[attacks]]");
  std::string pike = made.documents.at(0).value();
  made = run("character-add-attack",
             {{"name", "Pike"},
              {"type", "physical"},
              {"strength", "3"},
              {"range", "1"},
              {"effect", "push:match_suit\nslow:2"}},
             {{"pike.character.toml", pike}});
  EXPECT_EQ(made.exit_code, 0) << made.text;
  pike = made.documents.at(0).value();
  const Character character = parse_character_toml(pike, "pike");
  ASSERT_EQ(character.attacks.size(), 1u);
  EXPECT_EQ(character.attacks[0].effects,
            (std::vector<AttackEffect>{{EffectKind::kPush, Trigger::kMatchSuit, 1},
                                       {EffectKind::kSlow, Trigger::kAlways, 2}}));
  EXPECT_EQ(character.abilities, (std::vector<std::string>{"nimble", "sprinter"}));
  // A bad option value is refused, naming the option.
  try {
    run("character-add-attack", {{"name", "X"}, {"type", "fire"}, {"strength", "3"}},
        {{"pike.character.toml", pike}});
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "--type");
  }

  BuildOutput warband = run("warband-new", {{"name", "Pikes"}, {"points-limit", "200"}},
                            {{"pikes.warband.toml", std::nullopt}});
  std::string text = warband.documents.at(0).value();
  warband = run("warband-add", {{"character", "knight_captain"}}, {{"pikes.warband.toml", text}});
  text = warband.documents.at(0).value();
  warband = run("warband-add", {}, {{"pikes.warband.toml", text}},
                {{"character-file", {"pike.character.toml", pike}}});
  EXPECT_EQ(warband.exit_code, 0) << warband.text;
  text = warband.documents.at(0).value();
  const Warband pikes =
      parse_warband_toml(text, "pikes", characters_folder_of(content_conflict_folder()));
  ASSERT_EQ(pikes.characters.size(), 2u);
  EXPECT_EQ(pikes.characters[0].file, "knight_captain.character.toml");
  EXPECT_EQ(pikes.characters[1].file, "");
  EXPECT_EQ(pikes.characters[1].character, character);
  EXPECT_EQ(warband.json["points"], 51 + character_points(character, rules().costs));
  try {
    run("warband-add", {{"character", "knight_captian"}}, {{"pikes.warband.toml", text}});
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "--character");
    EXPECT_NE(error.problem().find("Did you mean 'knight_captain'?"), std::string::npos)
        << error.problem();
  }
  warband = run("warband-remove", {{"name", "Pike"}}, {{"pikes.warband.toml", text}});
  EXPECT_EQ(parse_warband_toml(warband.documents.at(0).value(), "pikes",
                               characters_folder_of(content_conflict_folder()))
                .characters.size(),
            1u);
}

TEST(ConflictBuilder, RegistersBothDocumentKinds) {
  const BuilderHooks& hooks = find_builder("conflict");
  ASSERT_NE(hooks.find_document("character"), nullptr);
  EXPECT_EQ(hooks.find_document("character")->suffix, ".character.toml");
  ASSERT_NE(hooks.find_document("warband"), nullptr);
  EXPECT_EQ(hooks.find_document("warband")->suffix, ".warband.toml");
  const BuildOutput table = run("creation-rules", {});
  EXPECT_EQ(table.json["sizes"].size(), 5u);
  EXPECT_EQ(table.json["sizes"][4]["base_inches"], 4.0);
  EXPECT_EQ(table.json["abilities"].size(), rules().abilities.size());
}

}  // namespace
}  // namespace warband::conflict
