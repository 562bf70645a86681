#include "core/toml_fields.h"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "core/error.h"
#include "core/text.h"
#include "core/toml_input.h"

namespace warband {

std::string describe_toml_value(const toml::node& node) {
  if (const auto* s = node.as_string()) {
    std::string text = s->get();
    if (text.size() > 40) text = text.substr(0, 40) + "...";
    return fmt::format("\"{}\"", text);
  }
  if (const auto* i = node.as_integer()) return std::to_string(i->get());
  if (const auto* f = node.as_floating_point()) {
    std::ostringstream out;
    out << f->get();
    return out.str();
  }
  if (const auto* b = node.as_boolean()) return b->get() ? "true" : "false";
  if (node.is_array()) return "a list";
  if (node.is_table()) return "a table";
  return "a date or time";
}

std::string choice_words(const std::vector<std::string_view>& choices) {
  std::string out;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    if (i > 0) out += i + 1 == choices.size() ? " or " : ", ";
    out += fmt::format("\"{}\"", choices[i]);
  }
  return out;
}

TomlFields::TomlFields(std::string path, const toml::table& table, std::string context)
    : path_(std::move(path)), table_(table), context_(std::move(context)) {}

std::string TomlFields::where(const toml::node& node) const {
  return toml_where(path_, node.source());
}

void TomlFields::fail(const toml::node& node, const std::string& what) const {
  throw InputError(where(node), prefix() + what);
}

void TomlFields::fail_here(const std::string& what) const {
  throw InputError(where(table_), prefix() + what);
}

void TomlFields::fail_at_key(const toml::key& key, const toml::node& value,
                             const std::string& what) const {
  throw InputError(toml_where(path_, key.source().begin.line ? key.source() : value.source()),
                   prefix() + what);
}

void TomlFields::check_keys(const std::vector<std::string_view>& allowed) const {
  for (auto&& [key, node] : table_) {
    if (std::find(allowed.begin(), allowed.end(), key.str()) != allowed.end()) continue;
    fail_at_key(key, node,
                fmt::format("unknown key '{}' (expected one of: {}){}", key.str(),
                            fmt::join(allowed, ", "), did_you_mean(key.str(), allowed)));
  }
}

const toml::node& TomlFields::require(std::string_view key, std::string_view expected) const {
  const toml::node* node = find(key);
  if (!node) fail_here(fmt::format("'{}' is missing: expected {}", key, expected));
  return *node;
}

std::string TomlFields::string(std::string_view key, std::string_view expected) const {
  return as_string(require(key, expected), key, expected);
}

std::string TomlFields::string_or(std::string_view key, std::string fallback,
                                  std::string_view expected) const {
  const toml::node* node = find(key);
  return node ? as_string(*node, key, expected) : fallback;
}

std::string TomlFields::as_string(const toml::node& node, std::string_view key,
                                  std::string_view expected) const {
  if (const auto* s = node.as_string()) return s->get();
  fail(node,
       fmt::format("'{}' must be {} in quotes, got {}", key, expected, describe_toml_value(node)));
}

std::string TomlFields::id(std::string_view key, std::string_view example) const {
  const std::string expected = fmt::format("an id such as {}", example);
  const toml::node& node = require(key, expected);
  const std::string text = as_string(node, key, expected);
  const bool ok = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
  if (!ok)
    fail(node, fmt::format("'{}' must be lower-case letters, digits and underscores, got {}", key,
                           describe_toml_value(node)));
  return text;
}

int TomlFields::integer(std::string_view key, int low, int high) const {
  return as_integer(require(key, range_words(low, high)), key, low, high);
}

int TomlFields::integer_or(std::string_view key, int fallback, int low, int high) const {
  const toml::node* node = find(key);
  return node ? as_integer(*node, key, low, high) : fallback;
}

int TomlFields::as_integer(const toml::node& node, std::string_view key, int low, int high) const {
  const auto* value = node.as_integer();
  if (!value || value->get() < low || value->get() > high)
    fail(node, fmt::format("'{}' must be {}, got {}", key, range_words(low, high),
                           describe_toml_value(node)));
  return static_cast<int>(value->get());
}

std::string TomlFields::range_words(int low, int high) {
  return fmt::format("a whole number from {} to {}", low, high);
}

bool TomlFields::boolean_or(std::string_view key, bool fallback) const {
  const toml::node* node = find(key);
  if (!node) return fallback;
  if (const auto* b = node->as_boolean()) return b->get();
  fail(*node, fmt::format("'{}' must be true or false, got {}", key, describe_toml_value(*node)));
}

std::size_t TomlFields::choice(std::string_view key,
                               const std::vector<std::string_view>& choices) const {
  return as_choice(require(key, choice_words(choices)), key, choices);
}

std::size_t TomlFields::choice_or(std::string_view key,
                                  const std::vector<std::string_view>& choices,
                                  std::size_t fallback) const {
  const toml::node* node = find(key);
  return node ? as_choice(*node, key, choices) : fallback;
}

std::size_t TomlFields::as_choice(const toml::node& node, std::string_view key,
                                  const std::vector<std::string_view>& choices) const {
  const std::string words = choice_words(choices);
  const std::string text = as_string(node, key, words);
  const auto found = std::find(choices.begin(), choices.end(), text);
  if (found != choices.end()) return static_cast<std::size_t>(found - choices.begin());
  fail(node, fmt::format("'{}' must be {}, got {}{}", key, words, describe_toml_value(node),
                         did_you_mean(text, choices)));
}

const toml::table& TomlFields::table(std::string_view key, std::string_view expected) const {
  const toml::node& node = require(key, expected);
  if (const auto* t = node.as_table()) return *t;
  fail(node, fmt::format("'{}' must be {}, got {}", key, expected, describe_toml_value(node)));
}

const toml::array* TomlFields::array_or_null(std::string_view key,
                                             std::string_view expected) const {
  const toml::node* node = find(key);
  if (!node) return nullptr;
  if (const auto* a = node->as_array()) return a;
  fail(*node, fmt::format("'{}' must be {}, got {}", key, expected, describe_toml_value(*node)));
}

const toml::array& TomlFields::array(std::string_view key, std::string_view expected) const {
  const toml::array* a = array_or_null(key, expected);
  if (!a) fail_here(fmt::format("'{}' is missing: expected {}", key, expected));
  return *a;
}

std::vector<std::string> TomlFields::strings_or_empty(std::string_view key,
                                                      std::string_view expected) const {
  std::vector<std::string> out;
  const toml::array* items = array_or_null(key, expected);
  if (!items) return out;
  for (const toml::node& item : *items)
    out.push_back(item_string(item, key, expected));
  return out;
}

std::string TomlFields::item_string(const toml::node& item, std::string_view key,
                                    std::string_view expected) const {
  if (const auto* text = item.as_string()) return text->get();
  fail(item,
       fmt::format("'{}' must be {}, got {} in it", key, expected, describe_toml_value(item)));
}

std::vector<const toml::table*> TomlFields::tables_of(std::string_view key,
                                                      std::string_view expected) const {
  std::vector<const toml::table*> out;
  const toml::array* items = array_or_null(key, expected);
  if (!items) return out;
  for (const toml::node& item : *items) {
    const auto* table = item.as_table();
    if (!table)
      fail(item, fmt::format("each entry of '{}' must be a table ({}), got {}", key, expected,
                             describe_toml_value(item)));
    out.push_back(table);
  }
  return out;
}

}  // namespace warband
