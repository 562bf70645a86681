#include "rulesets/atomspast/builder/collection.h"

#include <fmt/format.h>

#include <toml++/toml.h>

#include <algorithm>
#include <map>
#include <optional>

#include "core/error.h"
#include "core/input_limits.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "rulesets/atomspast/builder/warband_file.h"

namespace warband::atomspast::builder {
namespace {

// 1x2 and 2x1 are one base turned: compare them by (short side, long side).
std::pair<int, int> base_key(grid::Footprint base) {
  return {std::min(base.w, base.h), std::max(base.w, base.h)};
}

constexpr std::string_view kBaseRule = "WxH in grid spaces, each 1 to 4 (such as 1x1, 1x2, 2x2)";

// "1x2" (or "1X2") as a base, or nothing when it is not WxH with W and H from 1 to 4.
std::optional<grid::Footprint> base_from_text(std::string_view text) {
  const bool ok = text.size() == 3 && (text[1] == 'x' || text[1] == 'X') && text[0] >= '1' &&
                  text[0] <= '4' && text[2] >= '1' && text[2] <= '4';
  if (!ok) return std::nullopt;
  return grid::Footprint{static_cast<std::uint8_t>(text[0] - '0'),
                         static_cast<std::uint8_t>(text[2] - '0')};
}

}  // namespace

grid::Footprint parse_base_text(const std::string& text, const std::string& where) {
  const std::optional<grid::Footprint> base = base_from_text(text);
  if (!base) throw InputError(where, fmt::format("a base is {}, got '{}'", kBaseRule, text));
  return *base;
}

std::string base_words(grid::Footprint base) {
  return fmt::format("{}x{}", base.w, base.h);
}

Collection parse_collection(const std::string& text, const std::string& path) {
  const toml::table root = parse_toml_text(text, path);
  const TomlFields top(path, root);
  top.check_keys({"miniature"});
  Collection collection;
  const std::vector<const toml::table*> tables = top.tables_of("miniature", "[[miniature]]");
  if (!tables.empty())
    check_list_size(tables.size(), kMaxMiniatures, top.where(*top.find("miniature")),
                    "[[miniature]] entries");
  for (std::size_t i = 0; i < tables.size(); ++i) {
    const TomlFields f(path, *tables[i], fmt::format("miniature #{}", i + 1));
    f.check_keys({"name", "base", "count"});
    Miniature miniature;
    miniature.name = f.string("name", "the miniature's name");
    if (miniature.name.empty()) f.fail(*f.find("name"), "'name' must not be empty");
    const toml::node& base = f.require("base", "\"WxH\" such as \"1x1\"");
    const std::optional<grid::Footprint> footprint =
        base_from_text(f.as_string(base, "base", "\"WxH\" such as \"1x1\""));
    if (!footprint)
      f.fail(base, fmt::format("'base' must be {}, got {}", kBaseRule, describe_toml_value(base)));
    miniature.base = *footprint;
    miniature.count = f.integer("count", 0, kMaxMiniatureCount);
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
