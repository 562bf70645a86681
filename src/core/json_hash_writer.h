// The text nlohmann::json's dump() makes, written piece by piece into a sink instead of built as a
// tree and serialized: State::hash() is FNV-1a over to_json().dump() (core/game.h), so a ruleset
// may feed its state's text straight into Fnv1a (core/fnv1a.h), and a test may write the same
// calls into a string (JsonTextString) to prove the text equal to the dump.
//
// dump() without indent writes no spaces, an object's keys in sorted order (nlohmann's object is a
// std::map), an integer in decimal, a bool as true/false, null as null, and a string quoted with
// '"', '\\' and the control characters escaped (everything else, UTF-8 included, as it is). A
// ruleset's writer lists each object's keys in that sorted order with the punctuation before
// them; these are the pieces every such writer shares.
#pragma once

#include <array>
#include <charconv>
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace warband {

// A sink that appends to a string; Fnv1a takes the same two calls.
struct JsonTextString {
  std::string& text;
  void add(std::string_view piece) { text.append(piece); }
  void add(char c) { text.push_back(c); }
};

// An integer as dump() writes it (a JSON number_integer or number_unsigned): decimal, '-' for a
// negative one. Not for bool, which dump() writes as a word (json_text_bool).
template <typename Out, std::integral Number>
requires(!std::same_as<Number, bool>) void json_text_number(Out& out, Number value) {
  using Wide = std::conditional_t<std::is_signed_v<Number>, std::int64_t, std::uint64_t>;
  const auto wide = static_cast<Wide>(value);
  if (static_cast<std::uint64_t>(wide) < 10) {  // one digit (a negative one is a huge unsigned)
    out.add(static_cast<char>('0' + wide));
    return;
  }
  std::array<char, 24> digits;
  const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), wide).ptr;
  out.add(std::string_view(digits.data(), static_cast<std::size_t>(end - digits.data())));
}

template <typename Out>
void json_text_bool(Out& out, bool value) {
  out.add(value ? std::string_view("true") : std::string_view("false"));
}

// A string as dump() writes it (ensure_ascii off): quoted; '"' and '\\' escaped by a backslash;
// \b \t \n \f \r for those control characters and \u00xx (lowercase hex) for the other ones below
// 0x20; every other byte as it is. dump() throws on invalid UTF-8 where this copies it: the
// strings written here come from content files read as UTF-8 (toml++ refuses invalid text).
template <typename Out>
void json_text_string(Out& out, std::string_view text) {
  out.add('"');
  std::size_t plain_from = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out.add(text.substr(plain_from, i - plain_from));
    plain_from = i + 1;
    switch (c) {
      case '"':
        out.add("\\\"");
        break;
      case '\\':
        out.add("\\\\");
        break;
      case '\b':
        out.add("\\b");
        break;
      case '\t':
        out.add("\\t");
        break;
      case '\n':
        out.add("\\n");
        break;
      case '\f':
        out.add("\\f");
        break;
      case '\r':
        out.add("\\r");
        break;
      default: {
        constexpr std::string_view kHex = "0123456789abcdef";
        const std::array<char, 6> escape = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15]};
        out.add(std::string_view(escape.data(), escape.size()));
      }
    }
  }
  out.add(text.substr(plain_from));
  out.add('"');
}

// A sequence of integers (a std::array, a std::vector, a span) as a JSON array: [1,-2,3].
template <typename Out, typename Numbers>
void json_text_numbers(Out& out, const Numbers& values) {
  out.add('[');
  bool first = true;
  for (const auto value : values) {
    if (!first) out.add(',');
    first = false;
    json_text_number(out, value);
  }
  out.add(']');
}

}  // namespace warband
