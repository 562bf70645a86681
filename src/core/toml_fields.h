// One TOML table read field by field: the one reader every ruleset's content loaders and
// documents use. Every problem is InputError("file:line", "<context>: <what>, got <value as
// written>"), and check_keys() reports a key nobody reads (a typo such as "mvoe") with a
// did-you-mean hint, before the fields are read, so that it is not mistaken for a missing field.
#pragma once

#include <toml++/toml.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace warband {

// A TOML value as its author wrote it, for "got ..." in messages: "\"three\"" (long text cut
// short), 2.5, true, a list, a table.
std::string describe_toml_value(const toml::node& node);

// `choices` as words for a message: "\"melee\" or \"ranged\"", "\"a\", \"b\" or \"c\"".
std::string choice_words(const std::vector<std::string_view>& choices);

class TomlFields {
 public:
  // `path` names the file in errors. `context` names the thing being read ("unit 'grunt'",
  // "spell #3"; "" at a file's top level) and starts every message. `table` must outlive this.
  TomlFields(std::string path, const toml::table& table, std::string context = "");

  const std::string& path() const { return path_; }
  const std::string& context() const { return context_; }
  // Once the thing's name is read: "unit #2" becomes "unit 'grunt'".
  void set_context(std::string context) { context_ = std::move(context); }
  const toml::table& toml_table() const { return table_; }

  // "file:line" of a node of this file (for parsers of a field's text that throw their own).
  std::string where(const toml::node& node) const;

  // InputError at the node's line, the table's line, or a key's line (its value's when the key
  // has none); the message starts with the context.
  [[noreturn]] void fail(const toml::node& node, const std::string& what) const;
  [[noreturn]] void fail_here(const std::string& what) const;
  [[noreturn]] void fail_at_key(const toml::key& key, const toml::node& value,
                                const std::string& what) const;

  // Every key of the table must be one of `allowed`; the first that is not fails with "unknown
  // key 'x' (expected one of: a, b, c)." and " Did you mean 'y'?" when one is near.
  void check_keys(const std::vector<std::string_view>& allowed) const;

  const toml::node* find(std::string_view key) const { return table_.get(key); }
  bool has(std::string_view key) const { return table_.contains(key); }
  // `expected` says what belongs there, for "'key' is missing: expected ...".
  const toml::node& require(std::string_view key, std::string_view expected) const;

  // Text in quotes.
  std::string string(std::string_view key, std::string_view expected = "some text") const;
  std::string string_or(std::string_view key, std::string fallback,
                        std::string_view expected = "some text") const;
  std::string as_string(const toml::node& node, std::string_view key,
                        std::string_view expected = "some text") const;

  // An id other entries refer to it by: lower-case letters, digits and underscores. `example`
  // shows one in messages: "\"orc_warrior\"".
  std::string id(std::string_view key, std::string_view example) const;

  // A whole number from `low` to `high`.
  int integer(std::string_view key, int low, int high) const;
  int integer_or(std::string_view key, int fallback, int low, int high) const;
  int as_integer(const toml::node& node, std::string_view key, int low, int high) const;
  static std::string range_words(int low, int high);  // "a whole number from 1 to 6"

  bool boolean_or(std::string_view key, bool fallback) const;

  // One of `choices`, returned as its index; a near miss gets a did-you-mean hint.
  std::size_t choice(std::string_view key, const std::vector<std::string_view>& choices) const;
  std::size_t choice_or(std::string_view key, const std::vector<std::string_view>& choices,
                        std::size_t fallback) const;
  std::size_t as_choice(const toml::node& node, std::string_view key,
                        const std::vector<std::string_view>& choices) const;

  // A table, such as { skill = 3, dice = 4 } or [legend].
  const toml::table& table(std::string_view key, std::string_view expected) const;
  // A list: nullptr when the key is absent.
  const toml::array* array_or_null(std::string_view key, std::string_view expected) const;
  const toml::array& array(std::string_view key, std::string_view expected) const;
  // A list of text (empty when the key is absent), such as keywords = ["Orc", "Infantry"].
  std::vector<std::string> strings_or_empty(std::string_view key, std::string_view expected) const;
  // One element of the list `key` as text, for lists whose elements are read one by one
  // ("'keywords' must be <expected>, got 3 in it").
  std::string item_string(const toml::node& item, std::string_view key,
                          std::string_view expected) const;
  // An array of tables ([[unit]]), each element a table; empty when the key is absent.
  std::vector<const toml::table*> tables_of(std::string_view key, std::string_view expected) const;

 private:
  std::string prefix() const { return context_.empty() ? "" : context_ + ": "; }

  std::string path_;
  const toml::table& table_;
  std::string context_;
};

}  // namespace warband
