#include "rulesets/atomspast/builder/collection.h"

#include <fmt/format.h>

#include <toml++/toml.h>
#include <algorithm>
#include <map>

#include "core/error.h"
#include "core/toml_input.h"
#include "rulesets/atomspast/builder/warband_file.h"

namespace warband::atomspast::builder {
namespace {

// 1x2 and 2x1 are one base turned: compare them by (short side, long side).
std::pair<int, int> base_key(grid::Footprint base) {
  return {std::min(base.w, base.h), std::max(base.w, base.h)};
}

}  // namespace

grid::Footprint parse_base_text(const std::string& text, const std::string& where) {
  const bool ok = text.size() == 3 && (text[1] == 'x' || text[1] == 'X') && text[0] >= '1' &&
                  text[0] <= '4' && text[2] >= '1' && text[2] <= '4';
  if (!ok)
    throw InputError(where, fmt::format("a base is WxH in grid spaces, each 1 to 4 (such as 1x1, "
                                        "1x2, 2x2), got '{}'",
                                        text));
  return grid::Footprint{static_cast<std::uint8_t>(text[0] - '0'),
                         static_cast<std::uint8_t>(text[2] - '0')};
}

std::string base_words(grid::Footprint base) {
  return fmt::format("{}x{}", base.w, base.h);
}

Collection parse_collection(const std::string& text, const std::string& path) {
  Collection collection;
  const toml::table root = parse_toml_text(text, path);
  for (auto&& [key, node] : root)
    if (key.str() != "miniature")
      throw InputError(
          toml_where(path, node.source()),
          fmt::format("unknown key '{}': a collection holds [[miniature]] entries", key.str()));
  const toml::node* list = root.get("miniature");
  if (!list) return collection;
  const toml::array* items = list->as_array();
  if (!items)
    throw InputError(toml_where(path, list->source()), "'miniature' must be [[miniature]]");
  for (const toml::node& item : *items) {
    const toml::table* table = item.as_table();
    const std::string at = toml_where(path, item.source());
    if (!table) throw InputError(at, "each [[miniature]] must be a table");
    for (auto&& [key, value] : *table)
      if (key.str() != "name" && key.str() != "base" && key.str() != "count")
        throw InputError(toml_where(path, value.source()),
                         fmt::format("unknown key '{}' (expected name, base, count)", key.str()));
    Miniature miniature;
    const auto name = (*table)["name"].value<std::string>();
    const auto base = (*table)["base"].value<std::string>();
    const auto count = (*table)["count"].value<std::int64_t>();
    if (!name || name->empty()) throw InputError(at, "'name' is missing: the miniature's name");
    if (!base) throw InputError(at, "'base' is missing: \"WxH\" such as \"1x1\"");
    if (!count || *count < 0 || *count > 100000)
      throw InputError(at, "'count' must be a whole number from 0 to 100000");
    miniature.name = *name;
    miniature.base = parse_base_text(*base, at);
    miniature.count = static_cast<int>(*count);
    collection.miniatures.push_back(std::move(miniature));
  }
  return collection;
}

std::string collection_toml(const Collection& collection) {
  std::string out = "# Miniatures owned, written by `warband build atomspast collection-add`.\n";
  for (const Miniature& miniature : collection.miniatures) {
    out += "\n[[miniature]]\n";
    out += fmt::format("name = {}\n", toml_quote(miniature.name));
    out += fmt::format("base = \"{}\"\n", base_words(miniature.base));
    out += fmt::format("count = {}\n", miniature.count);
  }
  return out;
}

std::vector<std::string> collection_shortfall(const WarbandDef& warband, const Content& content,
                                              const Collection& collection) {
  struct Need {
    int count = 0;
    std::vector<std::string> units;
  };
  std::map<std::pair<int, int>, Need> needed;
  for (const WarbandUnit& entry : warband.units) {
    const UnitProfile* unit = find_profile(warband, content, entry.profile);
    if (!unit || entry.count < 1) continue;  // validate_warband reports these
    Need& need = needed[base_key(unit->base)];
    need.count += entry.count;
    need.units.push_back(fmt::format("{} x{}", unit->name, entry.count));
  }
  std::vector<std::string> problems;
  for (const auto& [key, need] : needed) {
    int owned = 0;
    std::vector<std::string> names;
    for (const Miniature& miniature : collection.miniatures)
      if (base_key(miniature.base) == key && miniature.count > 0) {
        owned += miniature.count;
        names.push_back(fmt::format("{} x{}", miniature.name, miniature.count));
      }
    if (owned >= need.count) continue;
    problems.push_back(fmt::format(
        "Not enough miniatures on {}x{} bases: the warband needs {} ({}), the collection has {}{}; "
        "{} missing.",
        key.first, key.second, need.count, fmt::join(need.units, ", "), owned,
        names.empty() ? "" : fmt::format(" ({})", fmt::join(names, ", ")), need.count - owned));
  }
  return problems;
}

}  // namespace warband::atomspast::builder
