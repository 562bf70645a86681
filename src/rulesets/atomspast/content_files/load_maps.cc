// maps/*.toml: one battlefield on the 28x18 playmat, drawn as rows of legend characters (and
// optional rows of Higher Ground digits).
#include <fmt/format.h>

#include <cstdint>
#include <map>

#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "rulesets/atomspast/content_files/content_files.h"
#include "rulesets/atomspast/terrain.h"

namespace warband::atomspast::content_files {
namespace {

// The AtomsPast playmat: "a playmat or board that has a 28x18 grid on it".
constexpr int kMapWidth = 28;
constexpr int kMapHeight = 18;

// The terrain a legend entry stands for, added to a space.
bool apply_terrain_word(std::string_view word, grid::Space& space) {
  if (word == "wall") {
    add_terrain(space, kWall);
  } else if (word == "difficult") {
    add_terrain(space, kDifficult);
  } else if (word == "obscuring") {
    add_terrain(space, kObscuring);
  } else if (word == "blocks_sight") {
    add_terrain(space, kBlocksSight);
  } else if (word == "light_cover") {
    add_terrain(space, kLightCover);
  } else if (word == "heavy_cover") {
    add_terrain(space, kHeavyCover);
  } else if (word.substr(0, 10) == "dangerous:" && word.size() == 11 && word[10] >= '1' &&
             word[10] <= '9') {
    set_dangerous(space, word[10] - '0');
  } else {
    return false;
  }
  return true;
}

// The rows of `key` (terrain or heights): exactly kMapHeight strings of kMapWidth characters.
std::vector<std::pair<std::string, const toml::node*>> map_rows(const TomlFields& f,
                                                                std::string_view key,
                                                                std::string_view what) {
  const toml::array& rows =
      f.array(key, fmt::format("a list of {} rows of {} {}", kMapHeight, kMapWidth, what));
  if (rows.size() != kMapHeight)
    f.fail(rows, fmt::format("'{}' must have {} rows (the 28x18 playmat), got {}", key, kMapHeight,
                             rows.size()));
  std::vector<std::pair<std::string, const toml::node*>> out;
  for (std::size_t y = 0; y < rows.size(); ++y) {
    const toml::node& row = rows[y];
    const std::string text = f.as_string(row, key, fmt::format("a row of {}", what));
    if (text.size() != kMapWidth)
      f.fail(row, fmt::format("'{}' row {} must be {} characters long (the 28x18 playmat), got "
                              "{}",
                              key, y + 1, kMapWidth, text.size()));
    out.emplace_back(text, &row);
  }
  return out;
}

}  // namespace

MapDef load_map(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  TomlFields f(path, root, "map");
  MapDef map;
  map.id = f.id("id", kIdExample);
  map.id_line = static_cast<int>(f.find("id")->source().begin.line);
  f.set_context(fmt::format("map '{}'", map.id));
  f.check_keys({"id", "name", "description", "deployment", "terrain", "heights", "legend"});
  map.name = f.string("name");
  map.description = f.string_or("description", "");
  map.west_east = f.choice_or("deployment", {"north-south", "west-east"}, 0) == 1;

  // The legend: one character -> a list of terrain words.
  std::map<char, grid::Space> legend;
  const TomlFields legend_fields(path, f.table("legend", "a [legend] table"),
                                 fmt::format("map '{}'", map.id));
  for (auto&& [key, node] : legend_fields.toml_table()) {
    const std::string symbol(key.str());
    if (symbol.size() != 1 || static_cast<unsigned char>(symbol[0]) < 33 ||
        static_cast<unsigned char>(symbol[0]) > 126)
      legend_fields.fail_at_key(key, node,
                                fmt::format("legend key \"{}\" must be a single visible "
                                            "character such as \".\" or \"#\"",
                                            symbol));
    const auto* words = node.as_array();
    if (!words)
      legend_fields.fail(node, fmt::format("legend \"{}\" must be a list of terrain words such "
                                           "as [\"difficult\", \"obscuring\"], got {}",
                                           symbol, describe_toml_value(node)));
    grid::Space space;
    for (const toml::node& word : *words) {
      const auto* text = word.as_string();
      if (!text || !apply_terrain_word(text->get(), space))
        legend_fields.fail(
            word, fmt::format("legend \"{}\": unknown terrain {}: expected wall, difficult, "
                              "obscuring, blocks_sight, light_cover, heavy_cover or dangerous:N "
                              "(N from 1 to 9)",
                              symbol, describe_toml_value(word)));
    }
    legend[symbol[0]] = space;
  }

  const auto terrain = map_rows(f, "terrain", "legend characters");
  std::vector<std::pair<std::string, const toml::node*>> heights;
  if (f.has("heights")) heights = map_rows(f, "heights", "digits 0-9");

  map.board = grid::Board(kMapWidth, kMapHeight, board_geometry());
  for (int y = 0; y < kMapHeight; ++y) {
    for (int x = 0; x < kMapWidth; ++x) {
      const grid::Cell cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
      const char symbol = terrain[y].first[x];
      const auto it = legend.find(symbol);
      if (it == legend.end())
        f.fail(*terrain[y].second,
               fmt::format("'terrain' row {}, column {} ({}): the character '{}' is not in the "
                           "[legend]",
                           y + 1, x + 1, grid::cell_name(cell), symbol));
      grid::Space& space = map.board.at(cell);
      space = it->second;
      if (!heights.empty()) {
        const char digit = heights[y].first[x];
        if (digit < '0' || digit > '9')
          f.fail(*heights[y].second,
                 fmt::format("'heights' row {}, column {} ({}): '{}' is not a digit 0-9 (the "
                             "Higher Ground value)",
                             y + 1, x + 1, grid::cell_name(cell), digit));
        space.height = static_cast<std::uint8_t>(digit - '0');
      }
    }
  }
  return map;
}

}  // namespace warband::atomspast::content_files
