// Reading the fields of untrusted JSON (game records, sim summaries, HTTP bodies) one typed field
// at a time. Every reader names the field it rejects with a path from the document's root
// ("body.seed", "summary.rows[3].final_hash") and says what it expected and what it got:
//   InputError("body.seed", "expected a whole number from 0 to 100, got 250").
// The readers keep a reference to the JSON they read: it must outlive them. A path is written out
// only when a reader names it (an error, where()): a field that reads fine costs no text.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace warband {

// Whether a field that is present but null is a value (a reader of that field then rejects it)
// or counts as absent (an optional field reads as not given; a required one as missing). The
// HTTP API takes null as absent: a browser form sends null for a field left empty.
enum class JsonNull { kIsValue, kIsAbsent };

class JsonItems;

// Where a value sits in a document: its path from the root, kept as steps and written out by
// text() only when something names it. Building every field's path as text, read or not, was a
// tenth of a balance run whose setups hold each side's characters inline as JSON.
class JsonPlace {
 public:
  JsonPlace() = default;  // the root, unnamed: its fields are "key", not ".key"
  explicit JsonPlace(std::string root);
  JsonPlace field(std::string_view key) const;  // "place.key"
  JsonPlace item(std::size_t index) const;      // "place[3]"
  std::string text() const;

 private:
  struct Step;
  explicit JsonPlace(std::shared_ptr<const Step> step) : step_(std::move(step)) {}
  std::shared_ptr<const Step> step_;  // null: the unnamed root
};

// The fields of one JSON object.
class JsonFields {
 public:
  static constexpr std::int64_t kMinInteger = std::numeric_limits<std::int64_t>::min();
  static constexpr std::int64_t kMaxInteger = std::numeric_limits<std::int64_t>::max();

  // Throws InputError(where, "expected an object, got ...") unless `object` is an object. An
  // empty `where` is the document's root: its fields are named "key", not ".key".
  JsonFields(const nlohmann::json& object, std::string where, JsonNull null = JsonNull::kIsValue);
  JsonFields(const nlohmann::json& object, JsonPlace place, JsonNull null = JsonNull::kIsValue);

  const nlohmann::json& json() const { return *object_; }
  std::string where() const { return place_.text(); }
  const JsonPlace& place() const { return place_; }
  // The path of one field: "where.key".
  std::string where_of(std::string_view key) const;
  JsonPlace place_of(std::string_view key) const { return place_.field(key); }

  // The field's value, or nullptr when it is absent (or null, with JsonNull::kIsAbsent).
  const nlohmann::json* find(std::string_view key) const;
  bool has(std::string_view key) const { return find(key) != nullptr; }
  // The field's value of any type; InputError "missing" when it is absent.
  const nlohmann::json& value(std::string_view key) const;

  std::string string(std::string_view key) const;
  std::optional<std::string> optional_string(std::string_view key) const;

  // A whole number in [min, max]. A number with a zero fraction (3.0) is whole: JavaScript has
  // no other kind.
  std::int64_t integer(std::string_view key, std::int64_t min = kMinInteger,
                       std::int64_t max = kMaxInteger) const;
  std::optional<std::int64_t> optional_integer(std::string_view key, std::int64_t min = kMinInteger,
                                               std::int64_t max = kMaxInteger) const;
  // A seed: a whole number from 0 to 2^64-1.
  std::uint64_t seed(std::string_view key) const;
  std::optional<std::uint64_t> optional_seed(std::string_view key) const;

  bool boolean(std::string_view key) const;
  std::optional<bool> optional_boolean(std::string_view key) const;
  // A finite number: NaN and the infinities are refused.
  double number(std::string_view key) const;
  std::optional<double> optional_number(std::string_view key) const;

  // A nested object, read with the same null rule; its where is "where.key".
  JsonFields object(std::string_view key) const;
  std::optional<JsonFields> optional_object(std::string_view key) const;
  // An array; its items are named "where.key[3]".
  JsonItems array(std::string_view key) const;
  std::optional<JsonItems> optional_array(std::string_view key) const;

  // A 64-bit hash written as 16 hex digits (a game's final hash).
  std::uint64_t hex_hash(std::string_view key) const;

  // Throws InputError("where.key", "unknown field ...") for the first key not in `allowed`, with
  // a did-you-mean hint when one allowed key is a near miss.
  void check_keys(std::initializer_list<std::string_view> allowed) const;

 private:
  const nlohmann::json& required(std::string_view key, std::string_view expected) const;

  const nlohmann::json* object_;
  JsonPlace place_;
  JsonNull null_;
};

// The items of one JSON array.
class JsonItems {
 public:
  // Throws InputError(where, "expected an array, got ...") unless `array` is an array.
  JsonItems(const nlohmann::json& array, std::string where, JsonNull null = JsonNull::kIsValue);
  JsonItems(const nlohmann::json& array, JsonPlace place, JsonNull null = JsonNull::kIsValue);

  const nlohmann::json& json() const { return *array_; }
  std::string where() const { return place_.text(); }
  const JsonPlace& place() const { return place_; }
  // The path of one item: "where[3]".
  std::string where_of(std::size_t index) const;
  JsonPlace place_of(std::size_t index) const { return place_.item(index); }

  std::size_t size() const { return array_->size(); }
  bool empty() const { return array_->empty(); }
  // check_list_size(size(), limit, where(), items), the path written only for a list too long.
  void check_size(std::size_t limit, std::string_view items) const;
  const nlohmann::json& operator[](std::size_t index) const;
  nlohmann::json::const_iterator begin() const { return array_->begin(); }
  nlohmann::json::const_iterator end() const { return array_->end(); }

  std::string string(std::size_t index) const;
  std::int64_t integer(std::size_t index, std::int64_t min = JsonFields::kMinInteger,
                       std::int64_t max = JsonFields::kMaxInteger) const;
  double number(std::size_t index) const;  // finite, as JsonFields::number
  JsonFields object(std::size_t index) const;
  JsonItems array(std::size_t index) const;

 private:
  const nlohmann::json* array_;
  JsonPlace place_;
  JsonNull null_;
};

// A saved state holds whole numbers only. nlohmann's get_to converts a number with a fraction, or
// one too large for an integer (1e95, read as a double), to an integer field by a cast that is
// undefined when it does not fit: rulesets' state readers refuse such a value first, anywhere in
// the document, naming where ("state.units[3].hp": "expected a whole number, got 2.5").
void refuse_fractions(const nlohmann::json& json, const std::string& where);

}  // namespace warband
