#include "server/error_sentence.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <string_view>
#include <utility>

namespace warband::server {
namespace {

std::string capitalized(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

std::string lowercased_first(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  return text;
}

std::string with_period(std::string text) {
  while (!text.empty() && text.back() == ' ')
    text.pop_back();
  if (!text.empty() && text.back() != '.' && text.back() != '?' && text.back() != '!') text += '.';
  return text;
}

// "count" → "count", "cast-skill" / "cast_skill" → "cast skill".
std::string words_of(std::string_view name) {
  std::string words(name);
  for (char& c : words)
    if (c == '-' || c == '_') c = ' ';
  return words;
}

// The value a problem says was given: "-3", "\"abc\"", or a type ("a string").
std::string you_gave(std::string got) {
  // The CLI's readers quote what was typed ('-3'): the sentence shows it as typed.
  const bool quoted = got.size() >= 2 && got.front() == '\'' && got.back() == '\'';
  if (quoted) got = got.substr(1, got.size() - 2);
  if (quoted && got.empty()) return "you typed nothing";
  const bool typed =
      quoted || (!got.empty() && (got[0] == '"' || got[0] == '-' ||
                                  std::isdigit(static_cast<unsigned char>(got[0])) != 0));
  return typed ? fmt::format("you typed {}", got) : fmt::format("you gave {}", got);
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// Splits "expected X, got Y" (or "must be X, got Y") at its last ", got ".
bool split_got(std::string_view what, std::string_view lead, std::string& expected,
               std::string& got) {
  if (!starts_with(what, lead)) return false;
  const std::size_t at = what.rfind(", got ");
  if (at == std::string_view::npos || at < lead.size()) return false;
  expected = std::string(what.substr(lead.size(), at - lead.size()));
  got = std::string(what.substr(at + 6));
  return true;
}

// One component of a path in words: "cast-skill" → "cast skill", "warbands[1]" → "warbands #2"
// (people count from one).
std::string component_words(std::string_view name) {
  std::string index;
  if (const std::size_t open = name.find('['); open != std::string_view::npos) {
    const std::string_view digits = name.substr(open + 1, name.find(']', open) - open - 1);
    bool whole = !digits.empty();
    int number = 0;
    for (const char c : digits) {
      whole = whole && std::isdigit(static_cast<unsigned char>(c)) != 0;
      if (whole) number = number * 10 + (c - '0');
    }
    if (whole) index = fmt::format(" #{}", number + 1);
    name = name.substr(0, open);
  }
  return words_of(name) + index;
}

// The line number a TOML reader's "where" ends with ("body.text:3"), or 0 when it has none.
int line_of(std::string_view where) {
  const std::size_t colon = where.rfind(':');
  if (colon == std::string_view::npos || colon + 1 == where.size()) return 0;
  int line = 0;
  for (const char c : where.substr(colon + 1)) {
    if (std::isdigit(static_cast<unsigned char>(c)) == 0 || line > 100000000) return 0;
    line = line * 10 + (c - '0');
  }
  return line;
}

// What-ifs and content overrides are maps of paths ("units.orc_warrior.wounds"): a key too short
// to be a path is named whole, as typed ("the what-if garbage"), not as a field of the map.
std::string override_label(std::string_view where) {
  for (const auto& [map, name] : {std::pair{std::string_view(".set."), "what-if"},
                                  {".content_overrides.", "content override"}}) {
    const std::size_t at = where.find(map);
    if (at == std::string_view::npos) continue;
    const std::string_view key = where.substr(at + map.size());
    if (std::count(key.begin(), key.end(), '.') < 2) return fmt::format("The {} {}", name, key);
  }
  return "";
}

// A content file by its folder and name ("warbands/iron_pact.warband.toml"): which file it is,
// without the server's own folders.
std::string short_path(std::string_view path) {
  const std::size_t last = path.rfind('/');
  if (last == std::string_view::npos || last == 0) return std::string(path);
  const std::size_t before = path.rfind('/', last - 1);
  return std::string(before == std::string_view::npos ? path : path.substr(before + 1));
}

}  // namespace

std::string field_label(const std::string& where) {
  // A place with no name of its own: the sentence is what was wrong.
  if (where.empty() || where == "path" || where == "request" || where == "header") return "";
  // A field and the file it read ("body.setup (/srv/content/game/warbands/x.warband.toml)"):
  // the field's label and the file, not the path's dots taken as fields ("Toml) of the warband").
  if (const std::size_t open = where.find(" ("); open != std::string::npos && where.back() == ')') {
    const std::string field = field_label(where.substr(0, open));
    std::string file = where.substr(open + 2, where.size() - open - 3);
    if (file.find('/') != std::string::npos) file = short_path(file);
    return field.empty() ? capitalized(file) : fmt::format("{} ({})", field, file);
  }
  // A file's path, with its line or not ("/srv/content/game/warbands/x.warband.toml:4").
  if (where.find('/') != std::string::npos) {
    const int line = line_of(where);
    const std::string file = short_path(line > 0 ? where.substr(0, where.rfind(':')) : where);
    return line > 0 ? fmt::format("Line {} of {}", line, file) : fmt::format("The file {}", file);
  }
  if (where == "body") return "The request";
  if (starts_with(where, "header.")) return fmt::format("The {} header", where.substr(7));
  if (const int line = line_of(where); line > 0) {
    const std::string field = field_label(where.substr(0, where.rfind(':')));
    return fmt::format(
        "Line {} of {}", line,
        field.starts_with("The ") ? "the" + field.substr(3) : "the " + lowercased_first(field));
  }
  if (std::string label = override_label(where); !label.empty()) return label;
  std::string_view rest = where;
  while (starts_with(rest, "-"))
    rest.remove_prefix(1);
  std::string_view last = rest;
  std::string_view parent;
  if (const std::size_t dot = rest.rfind('.'); dot != std::string_view::npos) {
    last = rest.substr(dot + 1);
    parent = rest.substr(0, dot);
    if (const std::size_t before = parent.rfind('.'); before != std::string_view::npos)
      parent = parent.substr(before + 1);
  }
  // The object a field is in says which one is meant ("Format of the log"), unless it is only
  // the request's envelope.
  const bool envelope = parent.empty() || parent == "body" || parent == "args" || parent == "query";
  const std::string label = capitalized(component_words(last));
  return envelope ? label : fmt::format("{} of the {}", label, component_words(parent));
}

std::string error_sentence(const std::string& where, const std::string& what) {
  return labelled_sentence(field_label(where), what);
}

std::string labelled_sentence(const std::string& given_label, const std::string& what) {
  const std::string label = capitalized(given_label);
  if (label.empty()) return with_period(capitalized(what));
  std::string expected;
  std::string got;
  if (split_got(what, "expected ", expected, got) || split_got(what, "must be ", expected, got))
    return fmt::format("{} must be {} ({}).", label, expected, you_gave(got));
  if (what == "missing") return fmt::format("{} is missing.", label);
  if (starts_with(what, "missing; expected "))
    return fmt::format("{} is missing: give {}.", label, what.substr(18));
  if (starts_with(what, "missing: "))
    return fmt::format("{} is missing: {}", label, with_period(what.substr(9)));
  if (starts_with(what, "unknown field; known: "))
    return with_period(
        fmt::format("{} is not a field this accepts (it knows {})", label, what.substr(22)));
  if (starts_with(what, "is ") || starts_with(what, "must ") || starts_with(what, "has ") ||
      starts_with(what, "names ") || starts_with(what, "goes "))
    return with_period(fmt::format("{} {}", label, what));
  return with_period(fmt::format("{}: {}", label, what));
}

}  // namespace warband::server
