// Spellweavers wizards: every validation case, the sample wizards, TOML and JSON round trips, bad
// wizard files (file:line), and the builder operations on wizard files.
#include "rulesets/spellweavers/wizard.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "core/build_files.h"
#include "core/error.h"
#include "core/registry.h"
#include "rulesets/spellweavers/build_operations.h"
#include "rulesets/spellweavers/spell_file.h"
#include "rulesets/spellweavers/spellweavers_game.h"
#include "rulesets/spellweavers/wizard_file.h"
#include "tests/support/test_files.h"

namespace warband::spellweavers {
namespace {

const Parameters kWizardDefaults;

Spell spell_named(std::string name, std::vector<std::string> effects,
                  AreaClass area = AreaClass::kSingle, std::string shape = "") {
  Spell spell;
  spell.name = std::move(name);
  for (const std::string& effect : effects)
    spell.effects.push_back(parse_effect(effect, "test"));
  spell.area = area;
  if (!shape.empty()) spell.shape = parse_shape(shape, "test");
  return spell;
}

Wizard legal_wizard() {
  Wizard wizard;
  wizard.name = "Morgana";
  wizard.talent = {Talent::kGoodDoctor, ""};
  wizard.spells.push_back(spell_named("Bolt", {"damage:3"}));
  wizard.spells.push_back(spell_named("Mend", {"healing:2"}));
  return wizard;
}

// The problem mentioning `words`, exactly once.
void expect_problem(const Wizard& wizard, const std::string& words) {
  const std::vector<std::string> problems = wizard_problems(wizard, kWizardDefaults);
  int found = 0;
  for (const std::string& problem : problems)
    found += problem.find(words) != std::string::npos;
  EXPECT_EQ(found, 1) << "looking for '" << words << "' in:\n"
                      << fmt::format("{}", fmt::join(problems, "\n"));
}

std::string sample(const std::string& file) {
  return default_content_dir() + "/spellweavers/wizards/" + file;
}

std::filesystem::path temp_dir() {
  const auto dir = std::filesystem::temp_directory_path() / "warband_sw_wizard_test";
  std::filesystem::create_directories(dir);
  return dir;
}

TEST(SpellweaversWizard, LegalWizardHasNoProblems) {
  EXPECT_TRUE(wizard_problems(legal_wizard(), kWizardDefaults).empty());
}

TEST(SpellweaversWizard, EveryValidationCase) {
  Wizard wizard = legal_wizard();
  wizard.name = "";
  expect_problem(wizard, "no name");

  wizard = legal_wizard();
  for (int i = 0; i < 5; ++i)
    wizard.spells.push_back(spell_named(fmt::format("S{}", i), {"shift:1"}));
  expect_problem(wizard, "has 7 spells; it can contain up to 6");

  wizard = legal_wizard();  // Damage 10, Nuke, Snipe: 50 x 5 x 2 = 500; 490 MP at best
  Spell nuke = spell_named("Armageddon", {"damage:10"}, AreaClass::kNuke);
  nuke.range = RangeClass::kSnipe;
  wizard.spells.push_back(nuke);
  expect_problem(wizard,
                 "Spell 'Armageddon' costs at least 490 MP (power 500), more than the "
                 "wizard's 60 max MP");

  wizard = legal_wizard();
  wizard.spells.push_back(
      spell_named("Block", {"damage:1"}, AreaClass::kTetramino, "0,0;1,0;0,1;1,1"));
  expect_problem(wizard, "Spell 'Block': its area is Tetramino, which only a Tetra Master");
  wizard.talent = {Talent::kTetraMaster, ""};
  EXPECT_TRUE(wizard_problems(wizard, kWizardDefaults).empty());

  wizard = legal_wizard();
  wizard.spells.push_back(spell_named("Shaped Nuke", {"damage:1"}, AreaClass::kNuke, "0,0;1,0"));
  expect_problem(wizard,
                 "Spell 'Shaped Nuke': it is a Nuke (the whole battlefield): it takes no "
                 "shape");

  wizard = legal_wizard();
  wizard.spells.push_back(spell_named("Blob", {"damage:1"}, AreaClass::kSmall));
  expect_problem(wizard, "Spell 'Blob': its Small area needs a shape");

  wizard = legal_wizard();
  wizard.spells.push_back(spell_named("Bolt", {"damage:1"}));
  expect_problem(wizard, "Two spells are named 'Bolt'");

  wizard = legal_wizard();
  wizard.spells.push_back(spell_named("", {"damage:1"}));
  expect_problem(wizard, "Spell 3 has no name");

  wizard = legal_wizard();
  wizard.spells.push_back(spell_named("Nothing", {}));
  expect_problem(wizard, "Spell 'Nothing': it has no effect");

  wizard = legal_wizard();
  wizard.talent = {Talent::kElementIncarnate, ""};
  expect_problem(wizard, "Element Incarnate needs an element");
  wizard.talent.element = "Pure Magical Energy";
  expect_problem(wizard, "Element Incarnate needs an element");
  wizard.talent.element = "ice";
  EXPECT_TRUE(wizard_problems(wizard, kWizardDefaults).empty());

  wizard = legal_wizard();
  wizard.talent.element = "ice";
  expect_problem(wizard, "only for Element Incarnate");

  // Every problem at once.
  wizard = legal_wizard();
  wizard.name = "";
  wizard.spells.push_back(spell_named("Blob", {"damage:1"}, AreaClass::kSmall));
  wizard.spells.push_back(spell_named("Bolt", {"damage:1"}));
  EXPECT_EQ(wizard_problems(wizard, kWizardDefaults).size(), 3u);
}

TEST(SpellweaversWizard, SampleWizardsAreLegalAndRoundTrip) {
  for (const char* file : {"ember_the_red.wizard.toml", "quadrata.wizard.toml"}) {
    SCOPED_TRACE(file);
    const Wizard wizard = load_wizard_file(sample(file));
    EXPECT_GE(wizard.spells.size(), 4u);
    EXPECT_TRUE(wizard_problems(wizard, content_parameters()).empty())
        << fmt::format("{}", fmt::join(wizard_problems(wizard, content_parameters()), "\n"));
    // JSON export -> import: the same wizard, through text.
    const nlohmann::json exported = wizard_to_json(wizard, content_parameters());
    EXPECT_EQ(wizard_from_json(nlohmann::json::parse(exported.dump()), "json"), wizard);
    // TOML save -> load: the same wizard.
    EXPECT_EQ(parse_wizard_toml(wizard_to_toml(wizard), "saved"), wizard);
    const std::string markdown = wizard_to_markdown(wizard, content_parameters());
    EXPECT_NE(markdown.find("# " + wizard.name), std::string::npos);
    for (const Spell& spell : wizard.spells)
      EXPECT_NE(markdown.find("| " + spell.name + " |"), std::string::npos) << spell.name;
  }
}

TEST(SpellweaversWizard, SampleFiguresByHand) {
  const Wizard ember = load_wizard_file(sample("ember_the_red.wizard.toml"));
  // Fireball: (15 + 10) x 1.3 x 1.5 = 48.75 -> 49; 2 actions 39, fire -5 -> 34.
  const Spell* fireball = find_spell(ember, "Fireball");
  ASSERT_NE(fireball, nullptr);
  EXPECT_EQ(spell_power(*fireball).power, 49);
  EXPECT_FALSE(cast_cost(*fireball, &ember.talent, 1, kWizardDefaults).allowed);
  EXPECT_EQ(cast_cost(*fireball, &ember.talent, 2, kWizardDefaults).mp_cost, 34);
  const nlohmann::json json = wizard_to_json(ember, kWizardDefaults);
  EXPECT_EQ(json["spells"][0]["power"], 49);
  EXPECT_EQ(json["spells"][0]["mp_cost"]["2"], 34);
  EXPECT_TRUE(json["spells"][0]["mp_cost"]["1"].is_null());
}

TEST(SpellweaversWizard, AwkwardTextSurvivesTheRoundTrips) {
  Wizard wizard = legal_wizard();
  wizard.name = "He said \"hi\"\n\\ and left ü";
  wizard.spells[0].element = "frost # not a comment";
  wizard.spells[0].name = "[[spells]]";
  EXPECT_EQ(parse_wizard_toml(wizard_to_toml(wizard), "saved"), wizard);
  EXPECT_EQ(wizard_from_json(wizard_to_json(wizard, kWizardDefaults), "json"), wizard);
  EXPECT_EQ(parse_shape(" 0,0 ; 1, 0;", "test").size(), 2u);  // spaces and a trailing ';'
  EXPECT_THROW(parse_shape("", "test"), InputError);
  EXPECT_THROW(parse_shape("0,0;;1,0", "test"), InputError);
}

// Garbage never crashes: every bad input is an InputError (seeded, so failures repeat).
TEST(SpellweaversWizard, GarbageIsAlwaysAnInputError) {
  const std::string valid = wizard_to_toml(legal_wizard());
  const std::string alphabet = "\"[]=,;:#\n 0123456789-.abcdefghijklmnopqrstuvwxyz";
  std::mt19937 random(7);
  for (int trial = 0; trial < 2000; ++trial) {
    std::string text = valid;
    const int edits = 1 + static_cast<int>(random() % 4);
    for (int e = 0; e < edits; ++e)
      text[random() % text.size()] = alphabet[random() % alphabet.size()];
    try {
      const Wizard wizard = parse_wizard_toml(text, "fuzz");
      wizard_problems(wizard, kWizardDefaults);
      wizard_to_markdown(wizard, kWizardDefaults);
    } catch (const InputError&) {
    }
    std::string short_text = text.substr(random() % text.size(), 12);
    for (auto parse : {+[](const std::string& t) { parse_effect(t, "f"); },
                       +[](const std::string& t) { parse_shape(t, "f"); }}) {
      try {
        parse(short_text);
      } catch (const InputError&) {
      }
    }
  }
}

TEST(SpellweaversWizard, BadWizardFilesSayFileAndLine) {
  const auto expect_error_at = [](const std::string& text, int line, const std::string& words) {
    const std::string path = write_temp_file("sw_wizard_bad.wizard.toml", text);
    try {
      load_wizard_file(path);
      ADD_FAILURE() << "no error for:\n" << text;
    } catch (const InputError& error) {
      EXPECT_EQ(error.where(), line ? fmt::format("{}:{}", path, line) : path) << error.what();
      EXPECT_NE(error.problem().find(words), std::string::npos) << error.what();
    }
  };
  expect_error_at("name = \"A\"\ntalent = \"lucky\"\n", 2, "unknown talent 'lucky'");
  expect_error_at("name = \"A\"\ntalent = \"navy-seal\"\nhat = 3\n", 3,
                  "wizard: unknown key 'hat'");
  expect_error_at("name = \"A\"\ntalent = \"navy-seal\"\nspels = []\n", 3,
                  "Did you mean 'spells'?");
  // A missing key is reported at the table that lacks it: line 1 for the file's top level.
  expect_error_at("name = \"A\"\n", 1, "'talent' is missing: expected a talent, one of: ");
  expect_error_at(
      "name = \"A\"\ntalent = \"navy-seal\"\n\n[[spells]]\nname = \"B\"\n"
      "effects = [\"damage:3\"]\narea = \"enormous\"\n",
      7, "unknown area class");
  expect_error_at(
      "name = \"A\"\ntalent = \"navy-seal\"\n\n[[spells]]\nname = \"B\"\n"
      "effects = [\"damage:3\"]\nshape = \"0,0;x\"\n",
      7, "not a square");
  expect_error_at("name = 3\ntalent = \"navy-seal\"\n", 1,
                  "'name' must be some text in quotes, got 3");
  // A spell without effects: the line of its [[spells]] header.
  expect_error_at("name = \"A\"\ntalent = \"navy-seal\"\n[[spells]]\nname = \"B\"\n", 3,
                  "spell 'B': 'effects' is missing");
  // Two spells of one name: the second's line, the first's in the words (the game once said
  // only "setup.warbands[0]").
  const std::string twice =
      "name = \"A\"\ntalent = \"navy-seal\"\n[[spells]]\nname = \"B\"\neffects = "
      "[\"damage:3\"]\n[[spells]]\nname = \"B\"\neffects = [\"damage:2\"]\n";
  expect_error_at(twice, 7, "wizard: a second spell named 'B' (the first is at line 4)");
  const std::string twice_path = write_temp_file("sw_wizard_twice.wizard.toml", twice);
  try {
    SpellweaversGame(nlohmann::json{{"warbands", {twice_path, twice_path}}});
    ADD_FAILURE();
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), twice_path + ":7") << error.what();
  }
  // The builder's validate still lists it among the wizard's problems, reading on.
  EXPECT_EQ(parse_wizard_toml(twice, "twice").spells.size(), 2u);
  const std::string broken =
      write_temp_file("sw_wizard_broken.wizard.toml", "name = \"A\ntalent = 1\n");
  try {
    load_wizard_file(broken);
    ADD_FAILURE();
  } catch (const InputError& error) {
    EXPECT_EQ(error.where().rfind(broken + ":", 0), 0u) << error.what();
    EXPECT_NE(error.problem().find("not valid TOML"), std::string::npos);
  }
  EXPECT_THROW(load_wizard_file((temp_dir() / "missing.wizard.toml").string()), InputError);
}

TEST(SpellweaversWizard, BadJsonSaysTheField) {
  nlohmann::json json = wizard_to_json(legal_wizard(), kWizardDefaults);
  json["spells"][1]["effects"][0] = "healing:zero";
  try {
    wizard_from_json(json, "w.json");
    ADD_FAILURE();
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "w.json.spells[1].effects[0]");
  }
  EXPECT_THROW(wizard_from_json(nlohmann::json::array(), "w.json"), InputError);
  EXPECT_THROW(wizard_from_json({{"name", "A"}}, "w.json"), InputError);  // no talent
  EXPECT_THROW(wizard_from_json({{"format", "other"}, {"name", "A"}, {"talent", "navy-seal"}}, "w"),
               InputError);
}

const BuildOperation& operation(const std::string& name) {
  static const std::vector<BuildOperation> operations = build_operations();
  for (const BuildOperation& candidate : operations)
    if (candidate.name == name) return candidate;
  throw std::runtime_error("no operation " + name);
}

TEST(SpellweaversWizard, OperationsAreRegistered) {
  const BuilderHooks& hooks = find_builder("spellweavers");
  std::vector<std::string> names;
  for (const BuildOperation& registered : hooks.operations)
    names.push_back(registered.name);
  EXPECT_EQ(names, (std::vector<std::string>{"spell-power", "wizard-new", "wizard-add-spell",
                                             "wizard-remove-spell", "wizard-validate",
                                             "wizard-export", "wizard-import"}));
}

TEST(SpellweaversWizard, OperationsOnWizardFiles) {
  const std::string path = (temp_dir() / "ops.wizard.toml").string();
  std::filesystem::remove(path);
  BuildResult result = run_on_files(operation("wizard-new"),
                                    {{"file", path}, {"name", "Ops"}, {"talent", "tetra-master"}});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_THROW(run_on_files(operation("wizard-new"),
                            {{"file", path}, {"name", "Ops"}, {"talent", "big-guns"}}),
               InputError);  // exists: needs --force
  result = run_on_files(operation("wizard-add-spell"), {{"file", path},
                                                        {"name", "Tee"},
                                                        {"effect", "damage:3"},
                                                        {"area", "tetramino"},
                                                        {"shape", "0,0;1,0;2,0;1,1"}});
  EXPECT_EQ(result.exit_code, 0) << result.text;
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  EXPECT_THROW(run_on_files(operation("wizard-add-spell"),
                            {{"file", path}, {"name", "Tee"}, {"effect", "shift:1"}}),
               InputError);  // same name without --replace
  // A Tetramino that is no tetris block is refused (nothing written), see
  // WizardRefusesWhatItCouldNeverCast; a spell with another problem is written and listed.
  EXPECT_THROW(run_on_files(operation("wizard-add-spell"), {{"file", path},
                                                            {"name", "Diag"},
                                                            {"effect", "damage:1"},
                                                            {"area", "tetramino"},
                                                            {"shape", "0,0;1,1;2,2;3,3"}}),
               InputError);
  result =
      run_on_files(operation("wizard-add-spell"),
                   {{"file", path}, {"name", "Plain"}, {"effect", "damage:1"}, {"element", ""}});
  EXPECT_EQ(result.exit_code, 1);  // written, but not legal
  EXPECT_NE(result.text.find("element is empty"), std::string::npos) << result.text;
  result = run_on_files(operation("wizard-validate"), {{"file", path}});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.json["problems"].size(), 1u);
  result = run_on_files(operation("wizard-remove-spell"), {{"file", path}, {"name", "Plain"}});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(run_on_files(operation("wizard-validate"), {{"file", path}}).exit_code, 0);

  const std::string json_path = (temp_dir() / "ops.json").string();
  std::filesystem::remove(json_path);  // an export replaces no file without --force
  run_on_files(operation("wizard-export"),
               {{"file", path}, {"format", "json"}, {"out", json_path}});
  const std::string copy = (temp_dir() / "copy.wizard.toml").string();
  std::filesystem::remove(copy);
  run_on_files(operation("wizard-import"), {{"in", json_path}, {"file", copy}});
  EXPECT_EQ(load_wizard_file(copy), load_wizard_file(path));
  EXPECT_EQ(read_file_text(copy), read_file_text(path));
  result = run_on_files(operation("wizard-export"), {{"file", path}});
  EXPECT_NE(result.text.find("| Tee |"), std::string::npos) << result.text;
  EXPECT_THROW(run_on_files(operation("wizard-export"), {{"file", path}, {"format", "pdf"}}),
               InputError);
}

// The operations are pure: a wizard document's text in, its new text out, and no file anywhere.
// Seed 002, WIZARD TALENTS: "Tetra Master - When creating spells, you gain a new option for area
// class, Tetramino - AreaMod: x1. Squares affected: 4. Special - The affected squares must be
// orthogonally adjacent to each other (that is, they must share a side with at least one other
// affected square (that is, they have to be tetris blocks))." A Tetra Master takes a T, refuses
// three squares, five, or four that only touch at corners.
TEST(SpellweaversWizard, TetraminoNeedsExactlyItsFourConnectedSquares) {
  Wizard wizard;
  wizard.name = "Tetra";
  wizard.talent = {Talent::kTetraMaster, ""};
  const auto with_shape = [](const std::string& shape) {
    return spell_named("Block", {"damage:2"}, AreaClass::kTetramino, shape);
  };
  EXPECT_NO_THROW(check_castable(with_shape("0,0;1,0;2,0;1,1"), wizard, kWizardDefaults));  // T
  EXPECT_NO_THROW(check_castable(with_shape("0,0;0,1;0,2;0,3"), wizard, kWizardDefaults));  // I
  for (const char* bad :
       {"0,0;1,0;2,0", "0,0;1,0;2,0;3,0;4,0", "0,0;1,1;2,2;3,3", "0,0;1,0;3,0;4,0"}) {
    try {
      check_castable(with_shape(bad), wizard, kWizardDefaults);
      ADD_FAILURE() << bad << " was taken";
    } catch (const InputError& error) {
      EXPECT_EQ(error.where(), "--shape") << bad;
      EXPECT_NE(error.problem().find(std::string("got ") + bad), std::string::npos)
          << error.problem();
    }
  }
  EXPECT_THROW(check_castable(spell_named("None", {"damage:2"}, AreaClass::kTetramino), wizard,
                              kWizardDefaults),
               InputError);
}

// Seed 002, CASTING SPELLS: "To cast a spell, spend its MP cost from your wizard's MP", and
// "If a spell's power is [NUMBER] or more, then you MUST use 2 actions to cast it" (the cheapest
// cast a spell has is with the most actions it may use). A Nuke of Damage 3 (power 75) costs 65 MP
// even with 2 actions: past the wizard's 60 max MP, it is refused; Damage 2 on a Nuke (power 50,
// 40 MP with 2 actions) is taken.
TEST(SpellweaversWizard, WizardRefusesWhatItCouldNeverCast) {
  Wizard wizard = legal_wizard();
  const Spell nova = spell_named("Nova", {"damage:3"}, AreaClass::kNuke);
  ASSERT_EQ(spell_power(nova).power, 75);
  try {
    check_castable(nova, wizard, kWizardDefaults);
    ADD_FAILURE() << "Nova was taken";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "--effect");
    EXPECT_NE(error.problem().find("costs 65 MP, more than Morgana's max MP of 60"),
              std::string::npos)
        << error.problem();
  }
  EXPECT_NO_THROW(
      check_castable(spell_named("Glow", {"damage:2"}, AreaClass::kNuke), wizard, kWizardDefaults));
  // A talent that pays for it makes it castable: Nuclear Option, 25 less.
  wizard.talent = {Talent::kNuclearOption, ""};
  EXPECT_NO_THROW(check_castable(nova, wizard, kWizardDefaults));

  // Through the operation: refused, the file unchanged.
  const std::string path = (temp_dir() / "refuse.wizard.toml").string();
  std::filesystem::remove(path);
  run_on_files(operation("wizard-new"),
               {{"file", path}, {"name", "Ada"}, {"talent", "tetra-master"}});
  const std::string before = read_file_text(path);
  EXPECT_THROW(
      run_on_files(operation("wizard-add-spell"),
                   {{"file", path}, {"name", "Nova"}, {"effect", "damage:3"}, {"area", "nuke"}}),
      InputError);
  EXPECT_EQ(read_file_text(path), before);
}

TEST(SpellweaversWizard, OperationsOnTextsWriteNoFile) {
  const std::filesystem::path missing = temp_dir() / "pure.wizard.toml";
  std::filesystem::remove(missing);
  BuildInput input;
  input.documents = {{missing.string(), std::nullopt}};
  input.args = {{"name", "Pure"}, {"talent", "tetra-master"}};
  const BuildOutput made = operation("wizard-new").run(input);
  ASSERT_EQ(made.documents.size(), 1u);
  ASSERT_TRUE(made.documents[0].has_value());
  EXPECT_EQ(parse_wizard_toml(*made.documents[0], "made").name, "Pure");

  input.documents = {{"document 3", made.documents[0]}};
  input.args = {{"name", "Tee"}, {"effect", "damage:3"}};
  const BuildOutput added = operation("wizard-add-spell").run(input);
  ASSERT_TRUE(added.documents.at(0).has_value());
  EXPECT_EQ(parse_wizard_toml(*added.documents[0], "added").spells.size(), 1u);
  EXPECT_NE(added.text.find("in document 3"), std::string::npos) << added.text;

  // A spell file's text, as the server takes an upload.
  input.documents = {{"document 3", added.documents[0]}};
  input.args = {{"name", "Boom"}};
  input.texts["spell-file"] = {"boom.spell.toml", "effects = [\"damage:2\"]\n"};
  const BuildOutput boom = operation("wizard-add-spell").run(input);
  EXPECT_EQ(parse_wizard_toml(*boom.documents.at(0), "boom").spells.size(), 2u);

  input.texts.clear();
  input.args = {{"format", "json"}, {"out", "pure.json"}};
  const BuildOutput exported = operation("wizard-export").run(input);
  ASSERT_TRUE(exported.output.has_value());
  EXPECT_TRUE(exported.documents.empty() || !exported.documents[0]);
  EXPECT_FALSE(std::filesystem::exists(missing));
  EXPECT_FALSE(std::filesystem::exists("pure.json"));
}

}  // namespace
}  // namespace warband::spellweavers
