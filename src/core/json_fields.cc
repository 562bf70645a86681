#include "core/json_fields.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <vector>

#include "core/error.h"
#include "core/input_limits.h"
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

// A field or item named only when it is refused: its parent's place and its key or index.
class Spot {
 public:
  Spot(const JsonPlace& parent, std::string_view key) : parent_(parent), key_(key) {}
  Spot(const JsonPlace& parent, std::size_t index) : parent_(parent), index_(index), item_(true) {}
  std::string text() const {
    return item_ ? parent_.item(index_).text() : parent_.field(key_).text();
  }

 private:
  const JsonPlace& parent_;
  std::string_view key_;
  std::size_t index_ = 0;
  bool item_ = false;
};

std::string whole_number_range(std::int64_t min, std::int64_t max) {
  if (min != JsonFields::kMinInteger && max == JsonFields::kMaxInteger)
    return fmt::format("a whole number of at least {}", min);
  if (min == JsonFields::kMinInteger && max != JsonFields::kMaxInteger)
    return fmt::format("a whole number of at most {}", max);
  return fmt::format("a whole number from {} to {}", min, max);
}

// The value as a whole number in [min, max]; throws InputError(where, ...) otherwise.
std::int64_t read_whole_number(const json& value, const Spot& where, std::int64_t min,
                               std::int64_t max) {
  const bool unbounded = min == JsonFields::kMinInteger && max == JsonFields::kMaxInteger;
  if (!value.is_number())
    throw InputError(
        where.text(),
        fmt::format("expected {}, got {}",
                    unbounded ? "a whole number" : whole_number_range(min, max), got(value)));
  const auto out_of_range = [&] {
    return InputError(where.text(),
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
          where.text(),
          fmt::format("expected {}, got {}",
                      unbounded ? "a whole number" : whole_number_range(min, max), got(value)));
    // Checked before the cast: casting a double beyond int64 is undefined.
    if (std::fabs(real) > kLargestWholeDouble) throw out_of_range();
    number = static_cast<std::int64_t>(real);
  }
  if (number < min || number > max) throw out_of_range();
  return number;
}

std::uint64_t read_seed(const json& value, const Spot& where) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_number_float()) {
    const double real = value.get<double>();
    if (real >= 0 && real <= kLargestWholeDouble && real == std::trunc(real))
      return static_cast<std::uint64_t>(real);
  }
  throw InputError(where.text(),
                   fmt::format("expected a whole number from 0 to {}, got {}",
                               std::numeric_limits<std::uint64_t>::max(), got(value)));
}

// A finite number. Parsed text has no NaN or infinity (parse_json refuses 1e999), but JSON built
// from other input (a TOML file's nan or inf) can.
double read_number(const json& value, const Spot& where) {
  if (!value.is_number())
    throw InputError(where.text(), "expected a number, got " + json_type_name(value));
  const double number = value.get<double>();
  if (!std::isfinite(number))
    throw InputError(where.text(), fmt::format("expected a finite number, got {}", number));
  return number;
}

std::string read_string(const json& value, const Spot& where) {
  if (!value.is_string())
    throw InputError(where.text(), "expected a string, got " + json_type_name(value));
  return value.get<std::string>();
}

}  // namespace

// --- JsonPlace

struct JsonPlace::Step {
  enum class Kind { kRoot, kField, kItem };
  std::shared_ptr<const Step> parent;
  Kind kind = Kind::kRoot;
  std::string name;  // the root's, or the field's key
  std::size_t index = 0;

  void append_to(std::string& out) const {
    if (parent) parent->append_to(out);
    switch (kind) {
      case Kind::kRoot:
        out += name;
        break;
      case Kind::kField:
        if (!out.empty()) out += '.';
        out += name;
        break;
      case Kind::kItem:
        out += '[';
        out += std::to_string(index);
        out += ']';
        break;
    }
  }
};

JsonPlace::JsonPlace(std::string root) {
  if (!root.empty())
    step_ = std::make_shared<const Step>(Step{nullptr, Step::Kind::kRoot, std::move(root), 0});
}

JsonPlace JsonPlace::field(std::string_view key) const {
  return JsonPlace(
      std::make_shared<const Step>(Step{step_, Step::Kind::kField, std::string(key), 0}));
}

JsonPlace JsonPlace::item(std::size_t index) const {
  return JsonPlace(std::make_shared<const Step>(Step{step_, Step::Kind::kItem, {}, index}));
}

std::string JsonPlace::text() const {
  std::string out;
  if (step_) step_->append_to(out);
  return out;
}

// --- JsonFields

JsonFields::JsonFields(const nlohmann::json& object, std::string where, JsonNull null)
    : JsonFields(object, JsonPlace(std::move(where)), null) {}

JsonFields::JsonFields(const nlohmann::json& object, JsonPlace place, JsonNull null)
    : object_(&object), place_(std::move(place)), null_(null) {
  if (!object.is_object())
    throw InputError(place_.text(), "expected an object, got " + json_type_name(object));
}

std::string JsonFields::where_of(std::string_view key) const {
  return place_.field(key).text();
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

const nlohmann::json& JsonFields::required(std::string_view key, std::string_view expected) const {
  const nlohmann::json* found = find(key);
  if (found == nullptr)
    throw InputError(where_of(key), fmt::format("missing; expected {}", expected));
  return *found;
}

std::string JsonFields::string(std::string_view key) const {
  return read_string(required(key, "a string"), Spot(place_, key));
}

std::optional<std::string> JsonFields::optional_string(std::string_view key) const {
  const nlohmann::json* found = find(key);
  if (found == nullptr) return std::nullopt;
  return read_string(*found, Spot(place_, key));
}

std::int64_t JsonFields::integer(std::string_view key, std::int64_t min, std::int64_t max) const {
  const nlohmann::json* found = find(key);
  // The range is written only when the field is missing.
  if (found == nullptr)
    throw InputError(where_of(key),
                     fmt::format("missing; expected {}", min == kMinInteger && max == kMaxInteger
                                                             ? "a whole number"
                                                             : whole_number_range(min, max)));
  return read_whole_number(*found, Spot(place_, key), min, max);
}

std::optional<std::int64_t> JsonFields::optional_integer(std::string_view key, std::int64_t min,
                                                         std::int64_t max) const {
  const nlohmann::json* found = find(key);
  if (found == nullptr) return std::nullopt;
  return read_whole_number(*found, Spot(place_, key), min, max);
}

std::uint64_t JsonFields::seed(std::string_view key) const {
  return read_seed(required(key, "a seed (a whole number from 0 to 2^64-1)"), Spot(place_, key));
}

std::optional<std::uint64_t> JsonFields::optional_seed(std::string_view key) const {
  const nlohmann::json* found = find(key);
  if (found == nullptr) return std::nullopt;
  return read_seed(*found, Spot(place_, key));
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
  return read_number(*found, Spot(place_, key));
}

JsonFields JsonFields::object(std::string_view key) const {
  return JsonFields(required(key, "an object"), place_.field(key), null_);
}

std::optional<JsonFields> JsonFields::optional_object(std::string_view key) const {
  const nlohmann::json* found = find(key);
  if (found == nullptr) return std::nullopt;
  return JsonFields(*found, place_.field(key), null_);
}

JsonItems JsonFields::array(std::string_view key) const {
  return JsonItems(required(key, "an array"), place_.field(key), null_);
}

std::optional<JsonItems> JsonFields::optional_array(std::string_view key) const {
  const nlohmann::json* found = find(key);
  if (found == nullptr) return std::nullopt;
  return JsonItems(*found, place_.field(key), null_);
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
    : JsonItems(array, JsonPlace(std::move(where)), null) {}

JsonItems::JsonItems(const nlohmann::json& array, JsonPlace place, JsonNull null)
    : array_(&array), place_(std::move(place)), null_(null) {
  if (!array.is_array())
    throw InputError(place_.text(), "expected an array, got " + json_type_name(array));
}

std::string JsonItems::where_of(std::size_t index) const {
  return place_.item(index).text();
}

void JsonItems::check_size(std::size_t limit, std::string_view items) const {
  if (size() > limit) check_list_size(size(), limit, where(), items);
}

const nlohmann::json& JsonItems::operator[](std::size_t index) const {
  WB_CHECK(index < size());
  return (*array_)[index];
}

std::string JsonItems::string(std::size_t index) const {
  WB_CHECK(index < size());
  return read_string((*array_)[index], Spot(place_, index));
}

std::int64_t JsonItems::integer(std::size_t index, std::int64_t min, std::int64_t max) const {
  WB_CHECK(index < size());
  const nlohmann::json& item = (*array_)[index];
  // The common case first: a whole number in range, read without the checks of any other.
  if (item.is_number_unsigned()) {
    const auto number = item.get<std::uint64_t>();
    if (max >= 0 && number <= static_cast<std::uint64_t>(max) &&
        static_cast<std::int64_t>(number) >= min)
      return static_cast<std::int64_t>(number);
  } else if (item.is_number_integer()) {
    const auto number = item.get<std::int64_t>();
    if (number >= min && number <= max) return number;
  }
  return read_whole_number(item, Spot(place_, index), min, max);
}

double JsonItems::number(std::size_t index) const {
  WB_CHECK(index < size());
  return read_number((*array_)[index], Spot(place_, index));
}

JsonFields JsonItems::object(std::size_t index) const {
  WB_CHECK(index < size());
  return JsonFields((*array_)[index], place_.item(index), null_);
}

JsonItems JsonItems::array(std::size_t index) const {
  WB_CHECK(index < size());
  return JsonItems((*array_)[index], place_.item(index), null_);
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
