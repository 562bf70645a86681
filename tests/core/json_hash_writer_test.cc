// core/json_hash_writer.h writes what nlohmann::json's dump() writes, piece by piece: the rulesets'
// fast hash() values rest on it (State::hash() is FNV-1a over to_json().dump()).
#include "core/json_hash_writer.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/fnv1a.h"

namespace warband {
namespace {

template <typename Number>
std::string number_text(Number value) {
  std::string text;
  JsonTextString out{text};
  json_text_number(out, value);
  return text;
}

std::string string_text(std::string_view value) {
  std::string text;
  JsonTextString out{text};
  json_text_string(out, value);
  return text;
}

TEST(JsonHashWriter, NumbersAreWrittenAsDumpWritesThem) {
  // Every width and sign the states hold, at their ends and around the one-digit shortcut.
  for (const std::int8_t value :
       {std::int8_t{-128}, std::int8_t{-10}, std::int8_t{-1}, std::int8_t{0}, std::int8_t{9},
        std::int8_t{10}, std::int8_t{127}})
    EXPECT_EQ(number_text(value), nlohmann::json(value).dump()) << int{value};
  for (const std::uint8_t value :
       {std::uint8_t{0}, std::uint8_t{9}, std::uint8_t{10}, std::uint8_t{255}})
    EXPECT_EQ(number_text(value), nlohmann::json(value).dump()) << int{value};
  for (const std::int16_t value : {std::int16_t{-32768}, std::int16_t{-7}, std::int16_t{32767}})
    EXPECT_EQ(number_text(value), nlohmann::json(value).dump());
  for (const std::uint16_t value : {std::uint16_t{0}, std::uint16_t{65535}})
    EXPECT_EQ(number_text(value), nlohmann::json(value).dump());
  for (const int value :
       {std::numeric_limits<int>::min(), -100, -9, 99, 100, std::numeric_limits<int>::max()})
    EXPECT_EQ(number_text(value), nlohmann::json(value).dump());
  EXPECT_EQ(number_text(std::numeric_limits<std::uint32_t>::max()), "4294967295");
  EXPECT_EQ(number_text(std::numeric_limits<std::uint32_t>::max()),
            nlohmann::json(std::numeric_limits<std::uint32_t>::max()).dump());
  EXPECT_EQ(number_text(std::numeric_limits<std::int64_t>::min()),
            nlohmann::json(std::numeric_limits<std::int64_t>::min()).dump());
  EXPECT_EQ(number_text(std::numeric_limits<std::uint64_t>::max()), "18446744073709551615");
  EXPECT_EQ(number_text(std::numeric_limits<std::uint64_t>::max()),
            nlohmann::json(std::numeric_limits<std::uint64_t>::max()).dump());
}

TEST(JsonHashWriter, BoolsAndNumberListsAreWrittenAsDumpWritesThem) {
  std::string text;
  JsonTextString out{text};
  json_text_bool(out, true);
  out.add(',');
  json_text_bool(out, false);
  EXPECT_EQ(text, "true,false");
  const std::vector<int> numbers = {3, -12, 0, 1000};
  text.clear();
  json_text_numbers(out, numbers);
  EXPECT_EQ(text, nlohmann::json(numbers).dump());
  EXPECT_EQ(text, "[3,-12,0,1000]");
  text.clear();
  json_text_numbers(out, std::vector<int>{});
  EXPECT_EQ(text, "[]");
}

TEST(JsonHashWriter, StringsAreEscapedAsDumpEscapesThem) {
  // Every byte below 0x20 (the five with short escapes and the others as \u00xx), the quote and
  // the backslash, DEL and UTF-8 passed through, and escapes at the start, middle and end.
  std::string every_control;
  for (int c = 1; c < 0x20; ++c)
    every_control.push_back(static_cast<char>(c));
  const std::vector<std::string> cases = {
      "",
      "Second Wind",
      "a \"quoted\" word",
      "back\\slash",
      "\"",
      "line\nbreak\ttab\rreturn\bback\fform",
      every_control,
      std::string("nul\0inside", 10),
      "\x7f del",
      "Frühling — 3\" räch ✓",
      "ends with a tab\t",
  };
  for (const std::string& value : cases)
    EXPECT_EQ(string_text(value), nlohmann::json(value).dump()) << value;
  EXPECT_EQ(string_text("\x01"), "\"\\u0001\"");
  EXPECT_EQ(string_text("\x1f"), "\"\\u001f\"");
}

// The same calls into FNV-1a give the digest of the whole text at once.
TEST(JsonHashWriter, FnvOverThePiecesIsFnvOverTheText) {
  Fnv1a pieces;
  json_text_string(pieces, "name\n");
  pieces.add(':');
  json_text_number(pieces, -42);
  std::string text;
  JsonTextString out{text};
  json_text_string(out, "name\n");
  out.add(':');
  json_text_number(out, -42);
  Fnv1a whole;
  whole.add(text);
  EXPECT_EQ(pieces.digest(), whole.digest());
  EXPECT_EQ(text, "\"name\\n\":-42");
}

}  // namespace
}  // namespace warband
