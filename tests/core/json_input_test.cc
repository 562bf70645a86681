// parse_json and read_json_file: every failure is an InputError naming where. Numbers beyond a
// double (defect 7 of issue 14) name the field they are in.
#include "core/json_input.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "core/error.h"
#include "core/json_fields.h"
#include "tests/support/input_error.h"

namespace warband {
namespace {

using warband::testing::input_error;

TEST(JsonInput, ANumberTooLargeForADoubleNamesItsField) {
  EXPECT_EQ(input_error([] { parse_json(R"({"samples": 1e400})", "body"); }),
            "body.samples: the number 1e400 is too large (beyond ±1.7e308)");
  EXPECT_EQ(input_error([] { parse_json("1e999", "body"); }),
            "body: the number 1e999 is too large (beyond ±1.7e308)");
  EXPECT_EQ(input_error([] { parse_json("-1e999", "body"); }),
            "body: the number -1e999 is too large (beyond ±1.7e308)");
  EXPECT_EQ(input_error([] { parse_json(R"({"a": [1, {"b": 2}, {"c": [0, 0, 1E+999]}]})", "x"); }),
            "x.a[2].c[2]: the number 1E+999 is too large (beyond ±1.7e308)");
  EXPECT_EQ(input_error([] { parse_json(R"([[1, 2], 3, 1e999])", "body"); }),
            "body[2]: the number 1e999 is too large (beyond ±1.7e308)");
  // A 400-digit integer overflows too; the message quotes only its start.
  const std::string digits(400, '9');
  const std::string error = input_error([&] { parse_json("{\"seed\": " + digits + "}", "body"); });
  EXPECT_TRUE(error.starts_with("body.seed: the number 9999")) << error;
  EXPECT_LT(error.size(), 120u) << error;
  // An empty where is the document's root.
  EXPECT_EQ(input_error([] { parse_json(R"({"seed": 1e999})", ""); }),
            "seed: the number 1e999 is too large (beyond ±1.7e308)");
}

TEST(JsonInput, LargeButFiniteNumbersAreRead) {
  const nlohmann::json value = parse_json(R"({"big": 1e308, "small": 1e-400})", "body");
  EXPECT_EQ(value["big"].get<double>(), 1e308);
  EXPECT_EQ(value["small"].get<double>(), 0.0);
}

TEST(JsonInput, AFileNamesTheFieldAfterThePath) {
  const auto path = std::filesystem::temp_directory_path() / "warband_json_input_test.json";
  std::ofstream(path) << R"({"format": "warband-log", "actions": [1, 2, 1e999]})";
  EXPECT_EQ(input_error([&] { read_json_file(path.string()); }),
            path.string() + ": actions[2]: the number 1e999 is too large (beyond ±1.7e308)");
  std::filesystem::remove(path);
}

TEST(JsonInput, BadJsonIsStillSaidSo) {
  EXPECT_TRUE(input_error([] { parse_json("{\"a\": }", "body"); }).starts_with("body: not valid"));
}

// JSON made from other input (a TOML file's nan or inf) can hold what a parse cannot.
TEST(JsonFields, NanAndInfinitiesAreNotNumbers) {
  const nlohmann::json values = {
      {"nan", std::nan("")}, {"inf", INFINITY}, {"list", {1.5, -INFINITY}}};
  const JsonFields fields(values, "doc");
  EXPECT_EQ(input_error([&] { fields.number("nan"); }),
            "doc.nan: expected a finite number, got nan");
  EXPECT_EQ(input_error([&] { fields.optional_number("inf"); }),
            "doc.inf: expected a finite number, got inf");
  const JsonItems list = fields.array("list");
  EXPECT_EQ(list.number(0), 1.5);
  EXPECT_EQ(input_error([&] { list.number(1); }),
            "doc.list[1]: expected a finite number, got -inf");
  EXPECT_NE(input_error([&] { fields.integer("nan"); }), "");
  EXPECT_NE(input_error([&] { fields.seed("inf"); }), "");
}

}  // namespace
}  // namespace warband
