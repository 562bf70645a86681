// The sentence a person reads for an API error: about their input, never an internal path.
#include "server/error_sentence.h"

#include <gtest/gtest.h>

namespace warband::server {
namespace {

TEST(ErrorSentence, NamesTheFieldByItsLastWord) {
  EXPECT_EQ(field_label("body.args.count"), "Count");
  EXPECT_EQ(field_label("body.args.cast-skill"), "Cast skill");
  // The object a field is in names it, unless it is the request's envelope (body, args, query).
  EXPECT_EQ(field_label("body.setup.warbands[1]"), "Warbands #2 of the setup");
  EXPECT_EQ(field_label("body.log.format"), "Format of the log");
  EXPECT_EQ(field_label("body.set.units.orc_warrior.wounds"), "Wounds of the orc warrior");
  EXPECT_EQ(field_label("--skill"), "Skill");
  EXPECT_EQ(field_label("query.step"), "Step");
  EXPECT_EQ(field_label("body"), "The request");
  EXPECT_EQ(field_label("header.Host"), "The Host header");
  EXPECT_EQ(field_label("path"), "");
}

// A TOML reader's where ends with the line ("text:3"); main's label read "Text:3".
TEST(ErrorSentence, ALineOfAFieldIsNamedInWords) {
  EXPECT_EQ(field_label("body.text:3"), "Line 3 of the text");
  EXPECT_EQ(field_label("body.setup.warbands[0]:12"), "Line 12 of the warbands #1 of the setup");
  EXPECT_EQ(field_label("body.text:"), "Text:");
  EXPECT_EQ(error_sentence("body.text:1", "not valid TOML: error while parsing key-value pair"),
            "Line 1 of the text: not valid TOML: error while parsing key-value pair.");
}

// A where naming a file is not a dotted path: main read "Toml) of the warband" for an illegal
// warband of the server's content, and showed the server's folders.
TEST(ErrorSentence, AFileInAWhereIsNamedByItsFolderAndName) {
  EXPECT_EQ(field_label("body.setup (/srv/content/conflict/warbands/iron_pact.warband.toml)"),
            "Setup (warbands/iron_pact.warband.toml)");
  EXPECT_EQ(field_label("body.setup.warbands[0] (x.warband.toml)"),
            "Warbands #1 of the setup (x.warband.toml)");
  EXPECT_EQ(field_label("/srv/content/conflict/warbands/iron_pact.warband.toml:4"),
            "Line 4 of warbands/iron_pact.warband.toml");
  EXPECT_EQ(field_label("/srv/content/conflict/creation.toml"), "The file conflict/creation.toml");
  EXPECT_EQ(error_sentence("body.setup (/srv/content/conflict/warbands/a.warband.toml)",
                           "'A' is not a legal warband: too many"),
            "Setup (warbands/a.warband.toml): 'A' is not a legal warband: too many.");
}

// A what-if too short to be a path is named whole; main said "Garbage of the set".
TEST(ErrorSentence, AWhatIfThatIsNoPathIsNamedAsTyped) {
  EXPECT_EQ(field_label("body.set.garbage"), "The what-if garbage");
  EXPECT_EQ(field_label("body.set.units.orc"), "The what-if units.orc");
  EXPECT_EQ(field_label("body.setup.content_overrides.garbage"), "The content override garbage");
  EXPECT_EQ(field_label("body.setup.content_overrides.units.orc_warrior.wounds"),
            "Wounds of the orc warrior");
  EXPECT_EQ(error_sentence("body.set.units.x.points",
                           "expected a whole number from -1000000 to 1000000, got ''"),
            "Points of the x must be a whole number from -1000000 to 1000000 (you typed nothing).");
}

TEST(ErrorSentence, ARangeProblemSaysWhatWasTyped) {
  EXPECT_EQ(error_sentence("body.args.count", "expected a whole number from 0 to 50, got -3"),
            "Count must be a whole number from 0 to 50 (you typed -3).");
  EXPECT_EQ(error_sentence("body.args.skill", "must be a whole number from 1 to 6, got 0"),
            "Skill must be a whole number from 1 to 6 (you typed 0).");
  // The builder's readers quote what was typed.
  EXPECT_EQ(error_sentence("body.args.count", "must be a whole number from 0 to 50, got '-3'"),
            "Count must be a whole number from 0 to 50 (you typed -3).");
  EXPECT_EQ(error_sentence("body.seed", "expected a whole number, got a string"),
            "Seed must be a whole number (you gave a string).");
}

TEST(ErrorSentence, MissingAndUnknownFieldsReadAsSentences) {
  EXPECT_EQ(error_sentence("body.games", "missing; expected a whole number from 1 to 20000"),
            "Games is missing: give a whole number from 1 to 20000.");
  EXPECT_EQ(error_sentence("body.ruleset", "missing"), "Ruleset is missing.");
  EXPECT_EQ(error_sentence("body.colour", "unknown field; known: name, text"),
            "Colour is not a field this accepts (it knows name, text).");
  EXPECT_EQ(error_sentence("body", "is empty; expected a JSON object"),
            "The request is empty; expected a JSON object.");
}

TEST(ErrorSentence, NoFieldMeansJustTheProblem) {
  EXPECT_EQ(error_sentence("path", "no game with id '7'"), "No game with id '7'.");
  EXPECT_EQ(error_sentence("body.args.zone", "--zone goes with --channels C"),
            "Zone: --zone goes with --channels C.");
}

TEST(ErrorSentence, ALabelNamesTheFieldAsAPersonKnowsIt) {
  EXPECT_EQ(labelled_sentence("Attack Strength", "must be a whole number from 1 to 6, got 9"),
            "Attack Strength must be a whole number from 1 to 6 (you typed 9).");
  EXPECT_EQ(labelled_sentence("the list of cards gone", "names card 'AS' twice"),
            "The list of cards gone names card 'AS' twice.");
  EXPECT_EQ(labelled_sentence("Resistance", "is missing: an attack needs it"),
            "Resistance is missing: an attack needs it.");
  EXPECT_EQ(labelled_sentence("", "no game with id '7'"), "No game with id '7'.");
}

}  // namespace
}  // namespace warband::server
