#include "core/json_fields.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <vector>

#include "core/error.h"
#include "core/json_input.h"
#include "core/text.h"

namespace warband {
namespace {

// (Member functions below spell nlohmann::json out: JsonFields::json() hides this name.)
using nlohmann::json;

// Messages quote at most this much of a value or key: the input may be huge.
constexpr std::size_t kQuoted = 40;
// Numbers with a fraction part are whole only up to here: a double holds every integer below
// 2^53 exactly, and casting a larger one is not worth the edge cases.
constexpr double kLargestWholeDouble = 9.0e15;

// The value as JSON text, cut short; bad UTF-8 in it is replaced rather than thrown on.
std::string quoted(const json& value) {
  return shortened(value.dump(-1, ' ', false, json::error_handler_t::replace), kQuoted);
}

// What a reader got: a number by its value (its range or fraction is the problem), anything
// else by its type.
std::string got(const json& value) {
  return value.is_number() ? quoted(value) : json_type_name(value);
}

std::string whole_number_range(std::int64_t min, std::int64_t max) {
  if (min != JsonFields::kMinInteger && max == JsonFields::kMaxInteger)
    return fmt::format("a whole number of at least {}", min);
  if (min == JsonFields::kMinInteger && max != JsonFields::kMaxInteger)
    return fmt::format("a whole number of at most {}", max);
  return fmt::format("a whole number from {} to {}", min, max);
}

// The value as a whole number in [min, max]; throws InputError(where, ...) otherwise.
std::int64_t read_whole_number(const json& value, const std::string& where, std::int64_t min,
                               std::int64_t max) {
  const bool unbounded = min == JsonFields::kMinInteger && max == JsonFields::kMaxInteger;
  if (!value.is_number())
    throw InputError(where, fmt::format("expected {}, got {}",
                                        unbounded ? "a whole number" : whole_number_range(min, max),
                                        got(value)));
  const auto out_of_range = [&] {
    return InputError(where,
                      fmt::format("expected {}, got {}", whole_number_range(min, max), got(value)));
  };
  std::int64_t number = 0;
  if (value.is_number_unsigned()) {
    const auto positive = value.get<std::uint64_t>();
    if (positive > static_cast<std::uint64_t>(JsonFields::kMaxInteger)) throw out_of_range();
    number = static_cast<std::int64_t>(positive);
  } else if (value.is_number_integer()) {
    number = value.get<std::int64_t>();
  } else {
    const double real = value.get<double>();
    if (real != std::trunc(real))
      throw InputError(
          where,
          fmt::format("expected {}, got {}",
                      unbounded ? "a whole number" : whole_number_range(min, max), got(value)));
    // Checked before the cast: casting a double beyond int64 is undefined.
    if (std::fabs(real) > kLargestWholeDouble) throw out_of_range();
    number = static_cast<std::int64_t>(real);
  }
  if (number < min || number > max) throw out_of_range();
  return number;
}

std::uint64_t read_seed(const json& value, const std::string& where) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_number_float()) {
    const double real = value.get<double>();
    if (real >= 0 && real <= kLargestWholeDouble && real == std::trunc(real))
      return static_cast<std::uint64_t>(real);
  }
  throw InputError(where, fmt::format("expected a whole number from 0 to {}, got {}",
                                      std::numeric_limits<std::uint64_t>::max(), got(value)));
}

// A finite number. Parsed text has no NaN or infinity (parse_json refuses 1e999), but JSON built
// from other input (a TOML file's nan or inf) can.
double read_number(const json& value, const std::string& where) {
  if (!value.is_number())
    throw InputError(where, "expected a number, got " + json_type_name(value));
  const double number = value.get<double>();
  if (!std::isfinite(number))
    throw InputError(where, fmt::format("expected a finite number, got {}", number));
  return number;
}

std::string read_string(const json& value, const std::string& where) {
  if (!value.is_string())
    throw InputError(where, "expected a string, got " + json_type_name(value));
  return value.get<std::string>();
}

}  // namespace

// --- JsonFields

JsonFields::JsonFields(const nlohmann::json& object, std::string where, JsonNull null)
    : object_(&object), where_(std::move(where)), null_(null) {
  if (!object.is_object())
    throw InputError(where_, "expected an object, got " + json_type_name(object));
}

std::string JsonFields::where_of(std::string_view key) const {
  return where_.empty() ? std::string(key) : fmt::format("{}.{}", where_, key);
}

const nlohmann::json* JsonFields::find(std::string_view key) const {
  const auto found = object_->find(key);
  if (found == object_->end()) return nullptr;
  if (null_ == JsonNull::kIsAbsent && found->is_null()) return nullptr;
  return &*found;
}

const nlohmann::json& JsonFields::value(std::string_view key) const {
  const nlohmann::json* found = find(key);
  if (found == nullptr) throw InputError(where_of(key), "missing");
  return *found;
}

const nlohmann::json& JsonFields::required(std::string_view key,
                                           const std::string& expected) const {
  const nlohmann::json* found = find(key);
  if (found == nullptr) throw InputError(where_of(key), "missing; expected " + expected);
  return *found;
}

std::string JsonFields::string(std::string_view key) const {
  return read_string(required(key, "a string"), where_of(key));
}

std::optional<std::string> JsonFields::optional_string(std::string_view key) const {
  const nlohmann::json* found = find(key);
  if (found == nullptr) return std::nullopt;
  return read_string(*found, where_of(key));
}

std::int64_t JsonFields::integer(std::string_view key, std::int64_t min, std::int64_t max) const {
  const bool unbounded = min == kMinInteger && max == kMaxInteger;
  const nlohmann::json& found =
      required(key, unbounded ? "a whole number" : whole_number_range(min, max));
  return read_whole_number(found, where_of(key), min, max);
}

std::optional<std::int64_t> JsonFields::optional_integer(std::string_view key, std::int64_t min,
                                                         std::int64_t max) const {
  const nlohmann::json* found = find(key);
  if (found == nullptr) return std::nullopt;
  return read_whole_number(*found, where_of(key), min, max);
}

std::uint64_t JsonFields::seed(std::string_view key) const {
  return read_seed(required(key, "a seed (a whole number from 0 to 2^64-1)"), where_of(key));
}

std::optional<std::uint64_t> JsonFields::optional_seed(std::string_view key) const {
  const nlohmann::json* found = find(key);
  if (found == nullptr) return std::nullopt;
  return read_seed(*found, where_of(key));
}

bool JsonFields::boolean(std::string_view key) const {
  const std::optional<bool> flag = optional_boolean(key);
  if (!flag) throw InputError(where_of(key), "missing; expected true or false");
  return *flag;
}

std::optional<bool> JsonFields::optional_boolean(std::string_view key) const {
  const nlohmann::json* found = find(key);
  if (found == nullptr) return std::nullopt;
  if (!found->is_boolean())
    throw InputError(where_of(key), "expected true or false, got " + got(*found));
  return found->get<bool>();
}

double JsonFields::number(std::string_view key) const {
  const std::optional<double> number = optional_number(key);
  if (!number) throw InputError(where_of(key), "missing; expected a number");
  return *number;
}

std::optional<double> JsonFields::optional_number(std::string_view key) const {
  const nlohmann::json* found = find(key);
  if (found == nullptr) return std::nullopt;
  return read_number(*found, where_of(key));
}

JsonFields JsonFields::object(std::string_view key) const {
  return JsonFields(required(key, "an object"), where_of(key), null_);
}

std::optional<JsonFields> JsonFields::optional_object(std::string_view key) const {
  const nlohmann::json* found = find(key);
  if (found == nullptr) return std::nullopt;
  return JsonFields(*found, where_of(key), null_);
}

JsonItems JsonFields::array(std::string_view key) const {
  return JsonItems(required(key, "an array"), where_of(key), null_);
}

std::optional<JsonItems> JsonFields::optional_array(std::string_view key) const {
  const nlohmann::json* found = find(key);
  if (found == nullptr) return std::nullopt;
  return JsonItems(*found, where_of(key), null_);
}

std::uint64_t JsonFields::hex_hash(std::string_view key) const {
  const nlohmann::json& found = required(key, "16 hex digits");
  const auto problem = [&] {
    return InputError(where_of(key), fmt::format("expected 16 hex digits, got {}",
                                                 found.is_string() ? quoted(found) : got(found)));
  };
  if (!found.is_string()) throw problem();
  const std::string& text = found.get_ref<const std::string&>();
  std::uint64_t hash = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, hash, 16);
  if (text.size() != 16 || error != std::errc() || stop != end) throw problem();
  return hash;
}

void JsonFields::check_keys(std::initializer_list<std::string_view> allowed) const {
  for (const auto& [key, value] : object_->items()) {
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    throw InputError(where_of(shortened(key, kQuoted)),
                     fmt::format("unknown field; known: {}{}", fmt::join(allowed, ", "),
                                 did_you_mean(key, std::vector<std::string_view>(allowed))));
  }
}

// --- JsonItems

JsonItems::JsonItems(const nlohmann::json& array, std::string where, JsonNull null)
    : array_(&array), where_(std::move(where)), null_(null) {
  if (!array.is_array())
    throw InputError(where_, "expected an array, got " + json_type_name(array));
}

std::string JsonItems::where_of(std::size_t index) const {
  return fmt::format("{}[{}]", where_, index);
}

const nlohmann::json& JsonItems::operator[](std::size_t index) const {
  WB_CHECK(index < size());
  return (*array_)[index];
}

std::string JsonItems::string(std::size_t index) const {
  WB_CHECK(index < size());
  return read_string((*array_)[index], where_of(index));
}

std::int64_t JsonItems::integer(std::size_t index, std::int64_t min, std::int64_t max) const {
  WB_CHECK(index < size());
  const nlohmann::json& item = (*array_)[index];
  // The common case first, without building the item's where.
  if (item.is_number_unsigned()) {
    const auto number = item.get<std::uint64_t>();
    if (max >= 0 && number <= static_cast<std::uint64_t>(max) &&
        static_cast<std::int64_t>(number) >= min)
      return static_cast<std::int64_t>(number);
  } else if (item.is_number_integer()) {
    const auto number = item.get<std::int64_t>();
    if (number >= min && number <= max) return number;
  }
  return read_whole_number(item, where_of(index), min, max);
}

double JsonItems::number(std::size_t index) const {
  WB_CHECK(index < size());
  return read_number((*array_)[index], where_of(index));
}

JsonFields JsonItems::object(std::size_t index) const {
  WB_CHECK(index < size());
  return JsonFields((*array_)[index], where_of(index), null_);
}

JsonItems JsonItems::array(std::size_t index) const {
  WB_CHECK(index < size());
  return JsonItems((*array_)[index], where_of(index), null_);
}

namespace {

bool holds_a_fraction(const nlohmann::json& node) {
  if (node.is_number_float()) return true;
  if (node.is_object() || node.is_array())
    for (const nlohmann::json& value : node)
      if (holds_a_fraction(value)) return true;
  return false;
}

// The walk that names the first fraction's place, building each place's name on the way.
void refuse_fractions_at(const nlohmann::json& node, const std::string& where) {
  if (node.is_number_float())
    throw InputError(where, "expected a whole number, got " + node.dump());
  if (node.is_object())
    for (const auto& [key, value] : node.items())
      refuse_fractions_at(value, where + "." + key);
  if (node.is_array())
    for (std::size_t i = 0; i < node.size(); ++i)
      refuse_fractions_at(node[i], where + "[" + std::to_string(i) + "]");
}

}  // namespace

void refuse_fractions(const nlohmann::json& json, const std::string& where) {
  // A first pass without names: a sound state has no fraction, and naming every place it passed
  // (a string a node) was a tenth of a ruleset's conformance test, whose states are read back
  // often.
  if (holds_a_fraction(json)) refuse_fractions_at(json, where);
}

}  // namespace warband
