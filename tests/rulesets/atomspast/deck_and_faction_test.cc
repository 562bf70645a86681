// The builder's deck-fill (the rule: the deck's own spells first, each up to its Knowledge, then
// the others round-robin in catalog order), deck-copy, and the faction warnings (a unit of another
// faction than the list's: a warning, never a problem).
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "core/builder.h"
#include "core/error.h"
#include "core/registry.h"
#include "rulesets/atomspast/builder/warband_file.h"
#include "rulesets/atomspast/content.h"
#include "tests/rulesets/atomspast/atomspast_fixture.h"

namespace warband::atomspast {
namespace {

using testing::shipped;

// Runs a builder operation on one document's text; gives the output (its new text in documents).
BuildOutput run(const std::string& name, const BuildArgs& args, const std::string& text,
                std::map<std::string, BuildDocument> texts = {}) {
  for (const BuildOperation& op : find_builder("atomspast").operations)
    if (op.name == name) {
      BuildInput input;
      input.args = args;
      input.documents.push_back({"list.toml", text});
      input.texts = std::move(texts);
      return op.run(input);
    }
  throw std::runtime_error("no operation " + name);
}

std::string new_list(const std::string& faction = "") {
  for (const BuildOperation& op : find_builder("atomspast").operations)
    if (op.name == "new") {
      BuildInput input;
      input.args = {{"name", "Test"}};
      if (!faction.empty()) input.args["faction"] = faction;
      input.documents.push_back({"list.toml", std::nullopt});
      return *op.run(input).documents.front();
    }
  throw std::runtime_error("no operation new");
}

std::map<std::string, int> deck_of(const std::string& text) {
  std::map<std::string, int> deck;
  for (const auto& [id, copies] : builder::parse_warband_toml(text, "list.toml", shipped()).deck)
    deck[id] = copies;
  return deck;
}

int total(const std::map<std::string, int>& deck) {
  int cards = 0;
  for (const auto& [id, copies] : deck)
    cards += copies;
  return cards;
}

TEST(AtomsPastDeckFill, AnEmptyDeckGetsOneOfEachSpellBeforeAnySecond) {
  const BuildOutput filled = run("deck-fill", {}, new_list());
  const std::map<std::string, int> deck = deck_of(*filled.documents.front());
  ASSERT_EQ(total(deck), 50);
  EXPECT_EQ(filled.json["deck_cards"], 50);
  EXPECT_EQ(filled.json["deck_size"], 50);
  ASSERT_EQ(shipped().spells.size(), 41u);
  // 41 spells once, then 9 second copies: the first nine of spells.toml (each allows 2 or more).
  for (std::size_t i = 0; i < shipped().spells.size(); ++i) {
    const SpellCard& spell = shipped().spells[i];
    EXPECT_EQ(deck.at(spell.id), i < 9 ? 2 : 1) << spell.id;
  }
  for (const std::string problem : filled.json["problems"])
    EXPECT_EQ(problem.find("Spell Deck has"), std::string::npos) << problem;
}

TEST(AtomsPastDeckFill, TheDecksOwnSpellsGoToTheirKnowledgeFirst) {
  std::string text = new_list();
  text = *run("deck", {{"spell", "regrowth"}, {"count", "1"}}, text).documents.front();
  text = *run("deck", {{"spell", "sinew_lash"}, {"count", "2"}}, text).documents.front();
  const std::map<std::string, int> deck = deck_of(*run("deck-fill", {}, text).documents.front());
  EXPECT_EQ(total(deck), 50);
  EXPECT_EQ(deck.at("regrowth"), shipped().find_spell("regrowth")->knowledge);
  EXPECT_EQ(deck.at("sinew_lash"), shipped().find_spell("sinew_lash")->knowledge);
  for (const auto& [id, copies] : deck)
    EXPECT_LE(copies, shipped().find_spell(id)->knowledge) << id;
}

TEST(AtomsPastDeckFill, AFullDeckIsRefusedAndACopyTakesTheOtherDeck) {
  const std::string orcs_text = *run("deck-fill", {}, new_list()).documents.front();
  try {
    run("deck-fill", {}, orcs_text);
    FAIL() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "--file");
    EXPECT_NE(std::string(error.problem()).find("already has 50 cards"), std::string::npos);
  }
  const BuildOutput copied = run("deck-copy", {}, new_list(), {{"from", {"orcs.toml", orcs_text}}});
  EXPECT_EQ(deck_of(*copied.documents.front()), deck_of(orcs_text));
  EXPECT_THROW(run("deck-copy", {}, new_list()), InputError);
  EXPECT_THROW(run("deck-copy", {}, new_list(), {{"from", {"empty.toml", new_list()}}}),
               InputError);
}

// A Kon Spell picked before the Kon's unit (the deck editor allows it) saves a list that reads
// back: the Kon not chosen yet is a problem of the list, not an unreadable file.
TEST(AtomsPastDeckFill, AKonSpellWithoutAKonUnitReadsBack) {
  std::string text = *run("deck-fill", {}, new_list()).documents.front();
  text = *run("set-kon", {{"spell", "regrowth"}}, text).documents.front();
  const BuildOutput shown = run("show", {}, text);
  EXPECT_EQ(shown.json["kon"]["spell"], "regrowth");
  EXPECT_EQ(shown.json["kon"]["unit"], "");
  EXPECT_EQ(shown.json["problems"][0],
            "No Kon chosen: pick one of the warband's units as its Kon.");
}

TEST(AtomsPastFactions, AUnitOfAnotherFactionIsAWarningNotAProblem) {
  std::string text = new_list("Orc Horde");
  text = *run("add", {{"unit", "orc_warrior"}}, text).documents.front();
  BuildOutput shown = run("show", {}, text);
  EXPECT_TRUE(shown.json["warnings"].empty()) << shown.json.dump();
  text = *run("add", {{"unit", "elf_riflemen"}}, text).documents.front();
  shown = run("show", {}, text);
  ASSERT_EQ(shown.json["warnings"].size(), 1u) << shown.json.dump();
  EXPECT_EQ(shown.json["warnings"][0],
            "Elf Riflemen is Elven Alliance, not Orc Horde: allowed (the seed sets no faction "
            "restriction), but outside the list's faction.");
  for (const std::string problem : shown.json["problems"])
    EXPECT_EQ(problem.find("Elven"), std::string::npos) << problem;
  EXPECT_NE(shown.text.find("Warning: Elf Riflemen is Elven Alliance"), std::string::npos);
  const BuildOutput validated = run("validate", {}, text);
  EXPECT_EQ(validated.json["warnings"], shown.json["warnings"]);

  // Tom's Orcs, a sample list, is legal and has no warning; with an elf it is still legal.
  WarbandDef orcs = *shipped().find_warband("toms_orcs");
  EXPECT_TRUE(warband_warnings(orcs, shipped()).empty());
  orcs.points_limit = 2000;
  orcs.units.push_back({"elf_riflemen", 1, -1});
  EXPECT_EQ(warband_warnings(orcs, shipped()).size(), 1u);
  EXPECT_TRUE(validate_warband(orcs, shipped()).empty());

  // No faction, or a custom profile: no warning.
  std::string open = *run("add", {{"unit", "elf_riflemen"}}, new_list()).documents.front();
  EXPECT_TRUE(run("show", {}, open).json["warnings"].empty());
  std::string custom =
      *run("add", {{"custom", "Pebble"}, {"move", "1"}, {"melee", "1/1/1"}, {"wounds", "1"}},
           new_list("Orc Horde"))
           .documents.front();
  EXPECT_TRUE(run("show", {}, custom).json["warnings"].empty());
}

TEST(AtomsPastFactions, ThePointsCatalogSaysEachUnitsFaction) {
  for (const BuildOperation& op : find_builder("atomspast").operations)
    if (op.name == "points") {
      const BuildOutput catalog = op.run(BuildInput{});
      ASSERT_FALSE(catalog.json.empty());
      for (const nlohmann::json& unit : catalog.json)
        EXPECT_EQ(unit["faction"], shipped().find_unit(unit["unit"])->faction) << unit.dump();
    }
}

}  // namespace
}  // namespace warband::atomspast
