#include "server/web_setup.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

#include "core/error.h"
#include "core/json_fields.h"
#include "core/json_input.h"
#include "core/registry.h"
#include "core/text.h"
#include "core/toml_input.h"
#include "server/api.h"

namespace warband::server {
namespace {

nlohmann::json toml_node_to_json(const toml::node& node, const std::string& where) {
  if (const auto* table = node.as_table()) {
    nlohmann::json object = nlohmann::json::object();
    for (const auto& [key, value] : *table)
      object[std::string(key.str())] = toml_node_to_json(value, where);
    return object;
  }
  if (const auto* array = node.as_array()) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& item : *array)
      list.push_back(toml_node_to_json(item, where));
    return list;
  }
  if (const auto* text = node.as_string()) return text->get();
  if (const auto* integer = node.as_integer()) return integer->get();
  if (const auto* number = node.as_floating_point()) {
    // JSON has no nan or inf: nlohmann would write null, and the game would read another value.
    if (!std::isfinite(number->get()))
      throw InputError(toml_where(where, node.source()),
                       "expected a finite number, got " + std::to_string(number->get()));
    return number->get();
  }
  if (const auto* flag = node.as_boolean()) return flag->get();
  // Dates and times: a warband file has none; keep their TOML text rather than fail.
  std::ostringstream text;
  node.visit([&](const auto& value) { text << value; });
  return text.str();
}

// A content id names a file only through the ruleset's own folder: no separators, no dots.
bool is_content_id(const std::string& name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '_' || c == '-';
  });
}

nlohmann::json document_warband(const std::string& ruleset, const nlohmann::json& reference,
                                const std::string& where, const DocumentLookup& documents) {
  if (reference.size() != 1 || !reference["document"].is_string())
    throw InputError(where, "a saved warband is {\"document\": \"ID\"} and nothing more");
  const std::string id = reference["document"].get<std::string>();
  const std::optional<DocumentRow> document = documents(id);
  if (!document)
    throw ApiError(404, where + ".document", fmt::format("no document with id '{}'", id));
  // Any kind of document the ruleset plays as a side (DocumentKind::plays_as_side): a warband,
  // or a wizard where a wizard is the side.
  const Ruleset& entry = Registry::instance().find(ruleset);
  std::vector<std::string> side_kinds;
  if (entry.builder)
    for (const DocumentKind& kind : entry.builder->documents)
      if (kind.plays_as_side) side_kinds.push_back(kind.kind);
  if (document->ruleset != ruleset ||
      std::find(side_kinds.begin(), side_kinds.end(), document->kind) == side_kinds.end())
    throw InputError(
        where + ".document",
        fmt::format("document '{}' is a {} {}, not a {} {}", id, document->ruleset, document->kind,
                    ruleset,
                    side_kinds.empty() ? std::string("warband")
                                       : fmt::format("{}", fmt::join(side_kinds, " or "))));
  return toml_text_to_json(document->text, fmt::format("document '{}'", id));
}

nlohmann::json web_warbands(const std::string& ruleset, const nlohmann::json& warbands,
                            const std::string& where, const DocumentLookup& documents) {
  if (!warbands.is_array())
    throw InputError(where, "expected a list of warbands, got " + json_type_name(warbands));
  const JsonItems items(warbands, where);
  nlohmann::json resolved = nlohmann::json::array();
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string at = items.where_of(i);
    const nlohmann::json& warband = items[i];
    if (warband.is_string()) {
      if (!is_content_id(warband.get<std::string>()))
        throw InputError(at, fmt::format("'{}' is not a warband id (letters, digits, '_', '-'); "
                                         "a saved warband is {{\"document\": \"ID\"}}",
                                         warband.get<std::string>()));
      resolved.push_back(warband);
    } else if (warband.is_object() && warband.contains("document")) {
      resolved.push_back(document_warband(ruleset, warband, at, documents));
    } else if (warband.is_object()) {
      resolved.push_back(warband);  // a warband written out in full: read by the ruleset, no file
    } else {
      throw InputError(at,
                       "expected a warband id, a warband object or {\"document\": \"ID\"}, "
                       "got " +
                           json_type_name(warband));
    }
  }
  return resolved;
}

}  // namespace

DocumentLookup store_documents(Store& store) {
  return [&store](const std::string& id) { return store.find_document(id); };
}

nlohmann::json toml_text_to_json(const std::string& text, const std::string& where) {
  return toml_node_to_json(parse_toml_text(text, where), where);
}

nlohmann::json web_setup(const std::string& ruleset, const nlohmann::json& setup,
                         const std::string& where, const DocumentLookup& documents,
                         const std::string& content_dir) {
  if (setup.is_null())
    return web_setup(ruleset, nlohmann::json::object(), where, documents, content_dir);
  const JsonFields fields(setup, where);
  if (fields.has("content_dir"))
    throw InputError(fields.where_of("content_dir"),
                     "the server reads content from its own --content folder only");
  fields.check_keys({"warbands", "map", "parameters", "content_overrides"});
  nlohmann::json resolved = nlohmann::json::object();
  for (const auto& [key, value] : setup.items())
    resolved[key] = key == "warbands"
                        ? web_warbands(ruleset, value, fields.where_of("warbands"), documents)
                        : value;
  if (resolved.contains("map") &&
      (!resolved["map"].is_string() || !is_content_id(resolved["map"].get<std::string>())))
    throw InputError(where + ".map", "expected a map id (letters, digits, '_', '-')");
  if (!content_dir.empty()) resolved["content_dir"] = content_dir;
  return resolved;
}

}  // namespace warband::server
