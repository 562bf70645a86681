// JsonFields and JsonItems: each reader returns the value, or names the field's path and says
// what it expected and what it got. The expected messages are written out by hand.
#include "core/json_fields.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "tests/support/input_error.h"

namespace warband {
namespace {

using nlohmann::json;
using warband::testing::input_error;

const json kDocument = json::parse(R"({
  "name": "Orcs", "skill": 3, "whole": 4.0, "real": 2.5, "negative": -2, "flag": true,
  "big": 18446744073709551615, "huge": 1e300, "seed": 12345678901234567890, "empty": null,
  "hash": "00000000000000ff", "short_hash": "ff",
  "sweep": {"games": 12, "bots": ["random", 7]},
  "rows": [{"index": 0}, {"index": "one"}, 5]
})");

TEST(JsonFields, ReadsEachTypeOfField) {
  const JsonFields fields(kDocument, "doc");
  EXPECT_EQ(fields.string("name"), "Orcs");
  EXPECT_EQ(fields.integer("skill", 1, 6), 3);
  EXPECT_EQ(fields.integer("whole", 1, 6), 4);  // 4.0 is a whole number
  EXPECT_EQ(fields.integer("negative"), -2);
  EXPECT_TRUE(fields.boolean("flag"));
  EXPECT_EQ(fields.number("real"), 2.5);
  EXPECT_EQ(fields.number("skill"), 3.0);
  EXPECT_EQ(fields.seed("seed"), 12345678901234567890ULL);
  EXPECT_EQ(fields.hex_hash("hash"), 255u);
  EXPECT_EQ(fields.object("sweep").integer("games"), 12);
  EXPECT_EQ(fields.array("rows").size(), 3u);
  EXPECT_EQ(fields.optional_string("absent"), std::nullopt);
  EXPECT_EQ(fields.optional_integer("absent"), std::nullopt);
  EXPECT_EQ(fields.optional_seed("absent"), std::nullopt);
  EXPECT_EQ(fields.optional_boolean("absent"), std::nullopt);
  EXPECT_EQ(fields.optional_number("absent"), std::nullopt);
  EXPECT_FALSE(fields.optional_object("absent").has_value());
  EXPECT_FALSE(fields.optional_array("absent").has_value());
  EXPECT_EQ(fields.optional_integer("skill", 1, 6), 3);
}

TEST(JsonFields, AWrongTypeNamesThePathAndTheType) {
  const JsonFields fields(kDocument, "doc");
  EXPECT_EQ(input_error([&] { fields.string("skill"); }),
            "doc.skill: expected a string, got an integer");
  EXPECT_EQ(input_error([&] { fields.integer("name"); }),
            "doc.name: expected a whole number, got a string");
  EXPECT_EQ(input_error([&] { fields.integer("name", 1, 6); }),
            "doc.name: expected a whole number from 1 to 6, got a string");
  EXPECT_EQ(input_error([&] { fields.integer("real"); }),
            "doc.real: expected a whole number, got 2.5");
  EXPECT_EQ(input_error([&] { fields.boolean("skill"); }),
            "doc.skill: expected true or false, got 3");
  EXPECT_EQ(input_error([&] { fields.number("flag"); }),
            "doc.flag: expected a number, got a boolean");
  EXPECT_EQ(input_error([&] { fields.object("rows"); }),
            "doc.rows: expected an object, got an array");
  EXPECT_EQ(input_error([&] { fields.array("sweep"); }),
            "doc.sweep: expected an array, got an object");
  EXPECT_EQ(input_error([&] { fields.seed("negative"); }),
            "doc.negative: expected a whole number from 0 to 18446744073709551615, got -2");
  EXPECT_EQ(input_error([&] { fields.hex_hash("short_hash"); }),
            "doc.short_hash: expected 16 hex digits, got \"ff\"");
  EXPECT_EQ(input_error([&] { fields.hex_hash("skill"); }),
            "doc.skill: expected 16 hex digits, got 3");
  // A value that is not an object at all.
  EXPECT_EQ(input_error([] { JsonFields(json::array(), "body"); }),
            "body: expected an object, got an array");
  EXPECT_EQ(input_error([] { JsonItems(json::object(), "rows"); }),
            "rows: expected an array, got an object");
}

TEST(JsonFields, ARangeSaysWhichNumbersItTakes) {
  const JsonFields fields(kDocument, "doc");
  EXPECT_EQ(input_error([&] { fields.integer("skill", 4, 6); }),
            "doc.skill: expected a whole number from 4 to 6, got 3");
  EXPECT_EQ(input_error([&] { fields.integer("negative", 0); }),
            "doc.negative: expected a whole number of at least 0, got -2");
  EXPECT_EQ(input_error([&] { fields.integer("skill", JsonFields::kMinInteger, 2); }),
            "doc.skill: expected a whole number of at most 2, got 3");
  // Beyond 64 bits, or beyond a double's exact integers: out of range, not undefined behaviour.
  EXPECT_EQ(input_error([&] { fields.integer("big"); }),
            "doc.big: expected a whole number from -9223372036854775808 to "
            "9223372036854775807, got 18446744073709551615");
  EXPECT_EQ(input_error([&] { fields.integer("huge", 0, 1000); }),
            "doc.huge: expected a whole number from 0 to 1000, got 1e+300");
  // The bounds themselves are in range.
  EXPECT_EQ(fields.integer("skill", 3, 3), 3);
}

TEST(JsonFields, AMissingFieldSaysWhatWasExpected) {
  const JsonFields fields(kDocument, "doc");
  EXPECT_EQ(input_error([&] { fields.string("colour"); }),
            "doc.colour: missing; expected a string");
  EXPECT_EQ(input_error([&] { fields.integer("games", 1, 9); }),
            "doc.games: missing; expected a whole number from 1 to 9");
  EXPECT_EQ(input_error([&] { fields.value("winner"); }), "doc.winner: missing");
  EXPECT_EQ(input_error([&] { fields.object("setup"); }), "doc.setup: missing; expected an object");
  // The root of a document has no name: its fields are named alone.
  EXPECT_EQ(input_error([] { JsonFields(json::object(), "").string("format"); }),
            "format: missing; expected a string");
}

TEST(JsonFields, NullIsAValueOrAbsentAsAsked) {
  const JsonFields values(kDocument, "log");
  EXPECT_EQ(input_error([&] { values.optional_string("empty"); }),
            "log.empty: expected a string, got null");
  EXPECT_TRUE(values.has("empty"));
  EXPECT_TRUE(values.value("empty").is_null());

  const JsonFields body(kDocument, "body", JsonNull::kIsAbsent);
  EXPECT_FALSE(body.has("empty"));
  EXPECT_EQ(body.optional_string("empty"), std::nullopt);
  EXPECT_EQ(body.optional_integer("empty", 0, 5), std::nullopt);
  EXPECT_EQ(input_error([&] { body.string("empty"); }), "body.empty: missing; expected a string");
}

TEST(JsonFields, NestedReadersExtendTheWhere) {
  const JsonFields fields(kDocument, "summary");
  const JsonFields sweep = fields.object("sweep");
  EXPECT_EQ(sweep.where(), "summary.sweep");
  const JsonItems bots = sweep.array("bots");
  EXPECT_EQ(bots.string(0), "random");
  EXPECT_EQ(input_error([&] { bots.string(1); }),
            "summary.sweep.bots[1]: expected a string, got an integer");
  const JsonItems rows = fields.array("rows");
  EXPECT_EQ(rows.object(0).integer("index", 0), 0);
  EXPECT_EQ(input_error([&] { rows.object(1).integer("index", 0); }),
            "summary.rows[1].index: expected a whole number of at least 0, got a string");
  EXPECT_EQ(input_error([&] { rows.object(2); }),
            "summary.rows[2]: expected an object, got an integer");
  EXPECT_EQ(input_error([&] { rows.integer(0); }),
            "summary.rows[0]: expected a whole number, got an object");
  EXPECT_EQ(rows.integer(2, 0, 5), 5);
  EXPECT_EQ(input_error([&] { rows.integer(2, 0, 4); }),
            "summary.rows[2]: expected a whole number from 0 to 4, got 5");
}

TEST(JsonFields, APlaceOutlivesTheReadersItCameFrom) {
  // A reader made from a temporary one keeps its whole path: the steps are shared, not borrowed.
  const JsonFields sweep = JsonFields(kDocument, "summary").object("sweep");
  const JsonItems bots = JsonFields(kDocument, "summary").object("sweep").array("bots");
  EXPECT_EQ(sweep.where(), "summary.sweep");
  EXPECT_EQ(input_error([&] { bots.string(1); }),
            "summary.sweep.bots[1]: expected a string, got an integer");
  EXPECT_EQ(bots.place_of(1).field("name").text(), "summary.sweep.bots[1].name");
  // The unnamed root names its fields without a dot, its items with brackets only.
  const JsonFields root(kDocument, JsonPlace());
  EXPECT_EQ(root.where(), "");
  EXPECT_EQ(root.object("sweep").where_of("games"), "sweep.games");
  EXPECT_EQ(JsonPlace().item(3).field("x").text(), "[3].x");
  EXPECT_EQ(input_error([&] { root.array("rows").object(1).integer("index"); }),
            "rows[1].index: expected a whole number, got a string");
}

TEST(JsonItems, ASizeCheckNamesTheListOnlyWhenItIsTooLong) {
  const JsonItems rows = JsonFields(kDocument, "doc").array("rows");
  EXPECT_EQ(input_error([&] { rows.check_size(3, "rows"); }), "");
  EXPECT_EQ(input_error([&] { rows.check_size(2, "rows"); }),
            "doc.rows: 3 rows, more than the 2 allowed");
}

TEST(JsonFields, AnUnknownKeyIsNamedWithTheNearestKnownOne) {
  const json setup = {{"map", "hills"}, {"warbnads", json::array()}};
  const JsonFields fields(setup, "body.setup");
  EXPECT_EQ(input_error([&] {
              fields.check_keys({"warbands", "map", "parameters"});
            }),
            "body.setup.warbnads: unknown field; known: warbands, map, parameters. Did you mean "
            "'warbands'?");
  EXPECT_EQ(input_error([&] { fields.check_keys({"warbands", "warbnads", "map"}); }), "");
  // One edit away ("colour" drops a 'u'): a hint. Three away ("zzz" from "map"): none.
  const json near = {{"colour", 1}};
  EXPECT_EQ(input_error([&] {
              JsonFields(near, "setup").check_keys({"color", "map"});
            }),
            "setup.colour: unknown field; known: color, map. Did you mean 'color'?");
  const json none = {{"zzz", 1}};
  EXPECT_EQ(input_error([&] {
              JsonFields(none, "setup").check_keys({"map", "parameters"});
            }),
            "setup.zzz: unknown field; known: map, parameters");
  // A long key is cut short in the path, and gets no hint (its length is too far from any).
  const json long_key = {{std::string(1000, 'k'), 1}};
  EXPECT_EQ(input_error([&] { JsonFields(long_key, "body").check_keys({"map"}); }),
            "body." + std::string(37, 'k') + "...: unknown field; known: map");
}

}  // namespace
}  // namespace warband
