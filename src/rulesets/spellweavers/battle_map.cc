#include "rulesets/spellweavers/battle_map.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>

#include "core/error.h"
#include "core/file_io.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"

namespace warband::spellweavers {
namespace {

// What one legend character stands for.
struct LegendEntry {
  bool stone = false;
  int side = -1;  // -1: not a start square; 0 Red; 1 Blue
  std::optional<TerrainCondition> condition;
};

constexpr std::string_view kLegendWords =
    "stone, red, blue, burning, rough, dark, fortified or wall";

std::optional<TerrainCondition> condition_word(std::string_view word) {
  if (word == "burning") return TerrainCondition::kBurning;
  if (word == "rough") return TerrainCondition::kRough;
  if (word == "dark") return TerrainCondition::kDark;
  if (word == "fortified") return TerrainCondition::kFortified;
  if (word == "wall") return TerrainCondition::kWall;
  return std::nullopt;
}

// A byte as a message shows it: 'x', or its code when it is not a visible ASCII character.
std::string symbol_words(char symbol) {
  const auto byte = static_cast<unsigned char>(symbol);
  if (byte >= 33 && byte <= 126) return fmt::format("'{}'", symbol);
  if (byte == ' ') return "' ' (a space)";
  return fmt::format("the byte 0x{:02X}", byte);
}

// The words of one legend entry, checked together: stone stands alone, one terrain condition at
// most ("A square can only have one terrain condition"), one side, and no start on a Wall.
LegendEntry read_legend_entry(const TomlFields& legend, const std::string& symbol,
                              const toml::node& node) {
  const auto* words = node.as_array();
  if (!words)
    legend.fail(node, fmt::format("legend \"{}\" must be a list of words such as [\"red\"] or "
                                  "[\"stone\"] ([] for open ground), got {}",
                                  symbol, describe_toml_value(node)));
  LegendEntry entry;
  for (const toml::node& word_node : *words) {
    const auto* text = word_node.as_string();
    const std::string word = text ? text->get() : std::string();
    if (word == "stone") {
      entry.stone = true;
    } else if (word == "red" || word == "blue") {
      const int side = word == "red" ? 0 : 1;
      if (entry.side >= 0 && entry.side != side)
        legend.fail(word_node,
                    fmt::format("legend \"{}\": a square is a start square of one side, not "
                                "both red and blue",
                                symbol));
      entry.side = side;
    } else if (const auto condition = condition_word(word)) {
      if (entry.condition && *entry.condition != *condition)
        legend.fail(word_node, fmt::format("legend \"{}\": a square can only have one terrain "
                                           "condition (seed), got a second one, {}",
                                           symbol, describe_toml_value(word_node)));
      entry.condition = condition;
    } else {
      legend.fail(word_node, fmt::format("legend \"{}\": unknown word {}: expected {}", symbol,
                                         describe_toml_value(word_node), kLegendWords));
    }
  }
  if (entry.stone && (entry.side >= 0 || entry.condition))
    legend.fail(node, fmt::format("legend \"{}\": stone is permanent rock, no one stands on it and "
                                  "no terrain condition lies on it: it takes no other word",
                                  symbol));
  if (entry.side >= 0 && entry.condition == TerrainCondition::kWall)
    legend.fail(node, fmt::format("legend \"{}\": a start square cannot be a Wall (\"This square "
                                  "cannot be moved into\")",
                                  symbol));
  return entry;
}

std::map<char, LegendEntry> read_legend(const TomlFields& f) {
  const TomlFields legend(f.path(), f.table("legend", "a [legend] table"), f.context());
  std::map<char, LegendEntry> out;
  for (auto&& [key, node] : legend.toml_table()) {
    const std::string symbol(key.str());
    if (symbol.size() != 1 || static_cast<unsigned char>(symbol[0]) < 33 ||
        static_cast<unsigned char>(symbol[0]) > 126)
      legend.fail_at_key(key, node,
                         fmt::format("legend key \"{}\" must be a single visible character such "
                                     "as \".\" or \"#\"",
                                     symbol));
    out[symbol[0]] = read_legend_entry(legend, symbol, node);
  }
  return out;
}

grid::Cell cell_of(int x, int y) {
  return grid::Cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
}

// " (E2)" for a row's character that is on the board; nothing past the widest board.
std::string square_words(std::size_t x, std::size_t y) {
  if (x >= static_cast<std::size_t>(grid::kMaxWidth)) return "";
  return fmt::format(" ({})", grid::cell_name(cell_of(static_cast<int>(x), static_cast<int>(y))));
}

// Whether every start square reaches every other over squares that are not stone (a Wall
// condition can be broken, so it does not cut a path), by 8-way steps. Returns the first start
// square cut off from the first one, or nothing.
std::optional<grid::Cell> start_cut_off(const grid::Board& board,
                                        const std::vector<grid::Cell>& starts) {
  if (starts.empty()) return std::nullopt;
  grid::CellSet seen;
  std::vector<grid::Cell> frontier = {starts.front()};
  seen.set(grid::cell_index(starts.front()));
  while (!frontier.empty()) {
    const grid::Cell c = frontier.back();
    frontier.pop_back();
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const grid::Cell next = cell_of(c.x + dx, c.y + dy);
        if (!board.contains(next) || seen[grid::cell_index(next)] ||
            (board.at(next).flags & grid::kBlocksMove))
          continue;
        seen.set(grid::cell_index(next));
        frontier.push_back(next);
      }
  }
  for (const grid::Cell start : starts)
    if (!seen[grid::cell_index(start)]) return start;
  return std::nullopt;
}

std::string id_from_file_name(const std::string& file_name) {
  std::string id = std::filesystem::path(file_name).filename().string();
  if (id.size() > 5 && id.ends_with(".toml")) id.resize(id.size() - 5);
  const bool ok = !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
  if (!ok)
    throw InputError(file_name, fmt::format("a map's file name is its id: lower-case letters, "
                                            "digits and underscores then .toml, such as "
                                            "walls_and_pillars.toml; got \"{}\"",
                                            id));
  return id;
}

}  // namespace

grid::Geometry battle_map_geometry() {
  grid::Geometry geometry;
  geometry.neighbourhood = grid::Neighbourhood::kEight;
  geometry.distance = grid::Distance::kChebyshev;
  return geometry;
}

BattleMap parse_battle_map(std::string_view toml_text, const std::string& file_name) {
  BattleMap map;
  map.id = id_from_file_name(file_name);
  const toml::table root = parse_toml_text(toml_text, file_name);
  TomlFields f(file_name, root, fmt::format("map '{}'", map.id));
  f.check_keys({"name", "description", "terrain", "legend"});
  map.name = f.string("name", "the map's name, such as \"Walls and Pillars\"");
  map.description = f.string_or("description", "");
  const std::map<char, LegendEntry> legend = read_legend(f);

  const toml::array& rows = f.array(
      "terrain", fmt::format("a list of rows of legend characters, up to {} rows of up to {}",
                             grid::kMaxHeight, grid::kMaxWidth));
  if (rows.empty()) f.fail(rows, "'terrain' has no rows: draw the battlefield, one row per line");
  if (rows.size() > static_cast<std::size_t>(grid::kMaxHeight))
    f.fail(rows, fmt::format("'terrain' has {} rows: a battlefield has at most {}", rows.size(),
                             grid::kMaxHeight));
  std::vector<std::string> texts;
  for (std::size_t y = 0; y < rows.size(); ++y) {
    const std::string text = f.as_string(rows[y], "terrain", "a row of legend characters");
    for (std::size_t x = 0; x < text.size(); ++x)
      if (!legend.contains(text[x]))
        f.fail(rows[y], fmt::format("'terrain' row {}, column {}{}: the character {} is not in "
                                    "the [legend]",
                                    y + 1, x + 1, square_words(x, y), symbol_words(text[x])));
    if (text.empty()) f.fail(rows[y], fmt::format("'terrain' row {} is empty", y + 1));
    if (text.size() > static_cast<std::size_t>(grid::kMaxWidth))
      f.fail(rows[y], fmt::format("'terrain' row {} is {} squares wide: a battlefield has at "
                                  "most {} columns",
                                  y + 1, text.size(), grid::kMaxWidth));
    if (y > 0 && text.size() != texts.front().size())
      f.fail(rows[y], fmt::format("'terrain' row {} is {} squares wide, row 1 is {}: every row "
                                  "must be as wide as the first",
                                  y + 1, text.size(), texts.front().size()));
    texts.push_back(text);
  }

  const int width = static_cast<int>(texts.front().size());
  const int height = static_cast<int>(texts.size());
  map.board = grid::Board(width, height, battle_map_geometry());
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const grid::Cell cell = cell_of(x, y);
      const LegendEntry& entry = legend.at(texts[y][x]);
      if (entry.stone) map.board.at(cell).flags = grid::kBlocksMove | grid::kBlocksSight;
      if (entry.condition) map.conditions.emplace_back(cell, *entry.condition);
      if (entry.side >= 0) map.deployment[entry.side].push_back(cell);
    }
  map.board.finalize();

  for (int side = 0; side < 2; ++side)
    if (map.deployment[side].size() < static_cast<std::size_t>(kMaxWizardsPerSide))
      f.fail(rows, fmt::format("{} has {} start square{}: each side needs at least {} (one per "
                               "wizard, up to {} a side); mark them with a legend character "
                               "whose words include \"{}\"",
                               side == 0 ? "Red" : "Blue", map.deployment[side].size(),
                               map.deployment[side].size() == 1 ? "" : "s", kMaxWizardsPerSide,
                               kMaxWizardsPerSide, side == 0 ? "red" : "blue"));
  std::vector<grid::Cell> starts = map.deployment[0];
  starts.insert(starts.end(), map.deployment[1].begin(), map.deployment[1].end());
  if (const auto cut = start_cut_off(map.board, starts))
    f.fail(rows, fmt::format("no path from Red's start square {} to the start square {}: stone "
                             "cuts the battlefield in two, and every start square must reach "
                             "every other",
                             grid::cell_name(starts.front()), grid::cell_name(*cut)));
  return map;
}

BattleMap load_battle_map(const std::string& path) {
  return parse_battle_map(read_text_file(path), path);
}

std::vector<BattleMap> load_battle_maps(const std::string& content_dir) {
  const std::filesystem::path folder = std::filesystem::path(content_dir) / "spellweavers" / "maps";
  std::error_code error;
  if (!std::filesystem::is_directory(folder, error))
    throw InputError(folder.string(), "the Spellweavers maps folder is missing");
  std::vector<std::string> paths;
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    if (entry.is_regular_file() && entry.path().extension() == ".toml")
      paths.push_back(entry.path().string());
  std::vector<BattleMap> maps;
  for (const std::string& path : paths)
    maps.push_back(load_battle_map(path));
  std::sort(maps.begin(), maps.end(),
            [](const BattleMap& a, const BattleMap& b) { return a.id < b.id; });
  return maps;
}

}  // namespace warband::spellweavers
