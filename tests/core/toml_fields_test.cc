// The one TOML field reader: every message names the file, the line and the thing read, says
// what was expected and shows the value as written; an unknown key gets a did-you-mean hint.
#include "core/toml_fields.h"

#include <gtest/gtest.h>

#include <string>

#include "core/toml_input.h"
#include "tests/support/input_error.h"

namespace warband {
namespace {

using warband::testing::input_error;

// Line numbers below are counted by hand from this text.
const std::string kUnit =
    "[[unit]]\n"                         // 1
    "id = \"grunt\"\n"                   // 2
    "name = \"Grunt\"\n"                 // 3
    "move = 3\n"                         // 4
    "mvoe = 4\n"                         // 5
    "wounds = \"eight\"\n"               // 6
    "skill = 9\n"                        // 7
    "kind = \"meele\"\n"                 // 8
    "keywords = [\"Orc\", 2]\n"          // 9
    "melee = { skill = 3, dice = 4 }\n"  // 10
    "flavour = \"" +
    std::string(50, 'a') + "\"\n";  // 11

class TomlFieldsTest : public ::testing::Test {
 protected:
  const toml::table root_ = parse_toml_text(kUnit, "units.toml");
  const toml::table& unit_ = *root_["unit"].as_array()->get(0)->as_table();
  TomlFields fields_{"units.toml", unit_, "unit 'grunt'"};
};

TEST_F(TomlFieldsTest, UnknownKeyWithHint) {
  EXPECT_EQ(input_error([&] {
              fields_.check_keys({"id", "name", "move", "wounds", "skill", "kind", "keywords",
                                  "melee", "flavour"});
            }),
            "units.toml:5: unit 'grunt': unknown key 'mvoe' (expected one of: id, name, move, "
            "wounds, skill, kind, keywords, melee, flavour). Did you mean 'move'?");
  // No candidate within two edits: no hint.
  EXPECT_EQ(input_error([&] {
              fields_.check_keys(
                  {"id", "name", "move", "mvoe", "wounds", "skill", "kind", "keywords", "melee"});
            }),
            "units.toml:11: unit 'grunt': unknown key 'flavour' (expected one of: id, name, move, "
            "mvoe, wounds, skill, kind, keywords, melee)");
  EXPECT_NO_THROW(fields_.check_keys(
      {"id", "name", "move", "mvoe", "wounds", "skill", "kind", "keywords", "melee", "flavour"}));
}

TEST_F(TomlFieldsTest, WrongTypeAtItsLine) {
  EXPECT_EQ(input_error([&] { fields_.integer("wounds", 1, 20); }),
            "units.toml:6: unit 'grunt': 'wounds' must be a whole number from 1 to 20, got "
            "\"eight\"");
  EXPECT_EQ(input_error([&] { fields_.string("move"); }),
            "units.toml:4: unit 'grunt': 'move' must be some text in quotes, got 3");
  EXPECT_EQ(input_error([&] { fields_.boolean_or("name", false); }),
            "units.toml:3: unit 'grunt': 'name' must be true or false, got \"Grunt\"");
  EXPECT_EQ(input_error([&] { fields_.array_or_null("melee", "a list of attacks"); }),
            "units.toml:10: unit 'grunt': 'melee' must be a list of attacks, got a table");
  EXPECT_EQ(input_error([&] { fields_.strings_or_empty("keywords", "a list of words"); }),
            "units.toml:9: unit 'grunt': 'keywords' must be a list of words, got 2 in it");
  // Long text is cut short in "got ...": 40 characters, then "...".
  EXPECT_EQ(input_error([&] { fields_.integer("flavour", 0, 1); }),
            "units.toml:11: unit 'grunt': 'flavour' must be a whole number from 0 to 1, got \"" +
                std::string(40, 'a') + "...\"");
}

TEST_F(TomlFieldsTest, OutOfRange) {
  EXPECT_EQ(input_error([&] { fields_.integer("skill", 0, 6); }),
            "units.toml:7: unit 'grunt': 'skill' must be a whole number from 0 to 6, got 9");
  EXPECT_EQ(fields_.integer("skill", 0, 9), 9);
  EXPECT_EQ(fields_.integer_or("missing", 5, 0, 6), 5);
}

TEST_F(TomlFieldsTest, MissingKeyAtTheTableLine) {
  EXPECT_EQ(input_error([&] { fields_.integer("shield", 0, 20); }),
            "units.toml:1: unit 'grunt': 'shield' is missing: expected a whole number from 0 to "
            "20");
  EXPECT_EQ(input_error([&] { fields_.table("ranged", "a table such as { skill = 3 }"); }),
            "units.toml:1: unit 'grunt': 'ranged' is missing: expected a table such as { skill "
            "= 3 }");
  EXPECT_EQ(fields_.string_or("faction", "Custom"), "Custom");
}

TEST_F(TomlFieldsTest, ChoicesAndIds) {
  EXPECT_EQ(input_error([&] {
              fields_.choice("kind", {"melee", "ranged"});
            }),
            "units.toml:8: unit 'grunt': 'kind' must be \"melee\" or \"ranged\", got \"meele\". "
            "Did you mean 'melee'?");
  EXPECT_EQ(input_error([&] {
              fields_.choice("side", {"friendly", "enemy", "any"});
            }),
            "units.toml:1: unit 'grunt': 'side' is missing: expected \"friendly\", \"enemy\" or "
            "\"any\"");
  EXPECT_EQ(fields_.choice_or("side", {"friendly", "enemy", "any"}, 2), 2u);
  EXPECT_EQ(fields_.id("id", "\"orc_warrior\""), "grunt");
  EXPECT_EQ(input_error([&] { fields_.id("name", "\"orc_warrior\""); }),
            "units.toml:3: unit 'grunt': 'name' must be lower-case letters, digits and "
            "underscores, got \"Grunt\"");
}

TEST_F(TomlFieldsTest, ArraysOfTables) {
  const TomlFields top("units.toml", root_);
  ASSERT_EQ(top.tables_of("unit", "[[unit]]").size(), 1u);
  EXPECT_TRUE(top.tables_of("weapon", "[[weapon]]").empty());
  const toml::table numbers = parse_toml_text("unit = [1, 2]\n", "bad.toml");
  EXPECT_EQ(input_error([&] { TomlFields("bad.toml", numbers).tables_of("unit", "[[unit]]"); }),
            "bad.toml:1: each entry of 'unit' must be a table ([[unit]]), got 1");
}

// A syntax error says where (the line, and the column in the words) and what in the project's
// words, not toml++'s ("not valid TOML: Error while parsing key-value pair: ..., saw '\n'").
TEST(TomlValues, ASyntaxErrorNamesTheFileLineAndColumn) {
  EXPECT_EQ(input_error([] { parse_toml_text("name = \"x\"\nwounds = \n", "units.toml"); }),
            "units.toml:2: not valid TOML at column 10, in a key = value line: expected value, "
            "found the end of the line");
  EXPECT_EQ(toml_syntax_problem("Error while parsing array: encountered end-of-file", 7),
            "not valid TOML at column 7, in a list [ ... ]: the file ends before it does");
  EXPECT_EQ(
      toml_syntax_problem("Error while parsing hexadecimal integer: expected digit, saw 'g'", 3),
      "not valid TOML at column 3, in a number: expected digit, found 'g'");
  EXPECT_EQ(toml_syntax_problem("Error while parsing boolean: expected 'true', saw 'tru\n'", 5),
            "not valid TOML at column 5, in a true or false: expected 'true', found 'tru\\n'");
  // A description of another shape is kept, after the column.
  EXPECT_EQ(toml_syntax_problem("something else", 1), "not valid TOML at column 1: something else");
}

TEST(TomlValues, DescribedAsWritten) {
  const toml::table table =
      parse_toml_text("a = 2.5\nb = true\nc = [1]\nd = 1979-05-27\ne = \"x\"\n", "values.toml");
  EXPECT_EQ(describe_toml_value(*table.get("a")), "2.5");
  EXPECT_EQ(describe_toml_value(*table.get("b")), "true");
  EXPECT_EQ(describe_toml_value(*table.get("c")), "a list");
  EXPECT_EQ(describe_toml_value(*table.get("d")), "a date or time");
  EXPECT_EQ(describe_toml_value(*table.get("e")), "\"x\"");
  EXPECT_EQ(describe_toml_value(table), "a table");
  EXPECT_EQ(choice_words({"a"}), "\"a\"");
  EXPECT_EQ(choice_words({"a", "b", "c"}), "\"a\", \"b\" or \"c\"");
}

}  // namespace
}  // namespace warband

namespace warband {
namespace {

// Issue 14, defects 6 and 7: TOML writes nan and inf as floats and 1e999 overflows; none of them
// is a whole number, and none crashes a reader.
TEST(TomlFieldsNumbers, NanInfinityAndHugeNumbersAreRefused) {
  for (const char* value :
       {"nan", "+nan", "-nan", "inf", "-inf", "1e999", "99999999999999999999"}) {
    const std::string text = std::string("count = ") + value + "\n";
    const std::string error = input_error([&] {
      const toml::table root = parse_toml_text(text, "n.toml");
      TomlFields("n.toml", root).integer("count", 0, 100);
    });
    EXPECT_TRUE(error.starts_with("n.toml:1: ")) << value << ": " << error;
  }
}

}  // namespace
}  // namespace warband
