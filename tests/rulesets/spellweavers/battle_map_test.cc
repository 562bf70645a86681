// Spellweavers battlefields (battle_map.h): the shipped maps load with what they promise, and
// every kind of bad map is refused naming the file, the line and what is wrong.
#include "rulesets/spellweavers/battle_map.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "core/error.h"
#include "core/registry.h"

namespace warband::spellweavers {
namespace {

grid::Cell cell(const std::string& name) {
  grid::Cell c;
  EXPECT_TRUE(grid::parse_cell_name(name, c)) << name;
  return c;
}

bool has_condition(const BattleMap& map, const std::string& square, TerrainCondition condition) {
  return std::find(map.conditions.begin(), map.conditions.end(),
                   std::pair{cell(square), condition}) != map.conditions.end();
}

// A small legal map: 6 x 5, with `rows` replacing the terrain when given.
constexpr const char* kLegend = R"(
[legend]
"." = []
"#" = ["stone"]
"R" = ["red"]
"B" = ["blue"]
"f" = ["fortified"]
"W" = ["wall"]
)";

std::string small_map(const std::string& rows) {
  return "name = \"Small\"\nterrain = [\n" + rows + "]\n" + kLegend;
}

const std::string kSmallRows =
    "  \"RRRR..\",\n"   // line 3
    "  \"..#W..\",\n"   // line 4
    "  \"..f...\",\n"   // line 5
    "  \"......\",\n"   // line 6
    "  \"..BBBB\",\n";  // line 7

TEST(SpellweaversBattleMap, SmallMapReads) {
  const BattleMap map = parse_battle_map(small_map(kSmallRows), "maps/small.toml");
  EXPECT_EQ(map.id, "small");
  EXPECT_EQ(map.name, "Small");
  EXPECT_EQ(map.board.width(), 6);
  EXPECT_EQ(map.board.height(), 5);
  EXPECT_EQ(map.board.geometry().neighbourhood, grid::Neighbourhood::kEight);
  EXPECT_EQ(map.board.geometry().distance, grid::Distance::kChebyshev);
  EXPECT_EQ(map.board.at(cell("C2")).flags, grid::kBlocksMove | grid::kBlocksSight);
  // A Wall condition is a condition, not stone: the engine adds and removes it.
  EXPECT_EQ(map.board.at(cell("D2")).flags, 0);
  const std::vector<std::pair<grid::Cell, TerrainCondition>> conditions = {
      {cell("D2"), TerrainCondition::kWall}, {cell("C3"), TerrainCondition::kFortified}};
  EXPECT_EQ(map.conditions, conditions);
  const std::vector<grid::Cell> red = {cell("A1"), cell("B1"), cell("C1"), cell("D1")};
  const std::vector<grid::Cell> blue = {cell("C5"), cell("D5"), cell("E5"), cell("F5")};
  EXPECT_EQ(map.deployment[0], red);
  EXPECT_EQ(map.deployment[1], blue);
  // finalize() was called: stone blocks the line A2 -> E2, open ground does not.
  EXPECT_FALSE(map.board.terrain_clear(cell("A2"), cell("E2"), 0));
  EXPECT_TRUE(map.board.terrain_clear(cell("A4"), cell("F4"), 0));
}

TEST(SpellweaversBattleMap, ShippedMapsLoad) {
  const std::vector<BattleMap> maps = load_battle_maps(default_content_dir());
  std::vector<std::string> ids;
  for (const BattleMap& map : maps)
    ids.push_back(map.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"open_field", "ruined_keep", "walls_and_pillars"}));
  std::set<TerrainCondition> seen;
  bool stone = false;
  for (const BattleMap& map : maps) {
    EXPECT_FALSE(map.name.empty()) << map.id;
    EXPECT_FALSE(map.description.empty()) << map.id;
    EXPECT_EQ(map.board.width(), kDefaultMapWidth) << map.id;
    EXPECT_EQ(map.board.height(), kDefaultMapHeight) << map.id;
    for (int side = 0; side < 2; ++side)
      EXPECT_GE(map.deployment[side].size(), static_cast<std::size_t>(kMaxWizardsPerSide))
          << map.id;
    for (const auto& [square, condition] : map.conditions)
      seen.insert(condition);
    for (int y = 0; y < map.board.height(); ++y)
      for (int x = 0; x < map.board.width(); ++x)
        stone |= map.board.at(grid::Cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)})
                     .flags != 0;
  }
  EXPECT_TRUE(stone);
  EXPECT_EQ(seen.size(), 5u) << "every terrain condition starts on some shipped map";
  // Spot checks of what the files draw.
  const BattleMap& keep = maps[1];
  EXPECT_EQ(keep.deployment[0].front(), cell("G1"));
  EXPECT_EQ(keep.deployment[1].back(), cell("J16"));
  EXPECT_TRUE(has_condition(keep, "H3", TerrainCondition::kWall));
  EXPECT_TRUE(has_condition(keep, "E8", TerrainCondition::kBurning));
  EXPECT_TRUE(has_condition(keep, "H7", TerrainCondition::kFortified));
  EXPECT_EQ(keep.board.at(cell("A3")).flags, grid::kBlocksMove | grid::kBlocksSight);
}

// `text` read as file "maps/bad.toml" fails at `line` (0: the file alone) with `words`.
void expect_error_at(const std::string& text, int line, const std::string& words,
                     const std::string& file = "maps/bad.toml") {
  try {
    parse_battle_map(text, file);
    ADD_FAILURE() << "no error for:\n" << text;
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), line ? fmt::format("{}:{}", file, line) : file) << error.what();
    EXPECT_NE(error.problem().find(words), std::string::npos) << error.what();
  }
}

TEST(SpellweaversBattleMap, UnknownCharacterSaysRowColumnAndSquare) {
  expect_error_at(small_map("  \"RRRR..\",\n  \"..#W?.\",\n  \"..f...\",\n  \"..BBBB\",\n"), 4,
                  "map 'bad': 'terrain' row 2, column 5 (E2): the character '?' is not in the "
                  "[legend]");
  expect_error_at(small_map("  \"RRRR..\",\n  \"..#W\t.\",\n  \"..BBBB\",\n"), 4,
                  "the byte 0x09 is not in the [legend]");
}

TEST(SpellweaversBattleMap, RaggedRowsAreRefused) {
  expect_error_at(small_map("  \"RRRR..\",\n  \"..#W.\",\n  \"..BBBB\",\n"), 4,
                  "'terrain' row 2 is 5 squares wide, row 1 is 6: every row must be as wide");
  expect_error_at(small_map("  \"RRRR..\",\n  \"\",\n  \"..BBBB\",\n"), 4,
                  "'terrain' row 2 is empty");
}

TEST(SpellweaversBattleMap, SizeLimitsAreTheGrids) {
  const std::string wide(grid::kMaxWidth + 1, '.');
  expect_error_at(small_map("  \"RRRR..\",\n  \"" + wide + "\",\n  \"..BBBB\",\n"), 4,
                  "'terrain' row 2 is 33 squares wide: a battlefield has at most 32 columns");
  std::string tall = "  \"RRRR\",\n  \"BBBB\",\n";
  for (int y = 2; y <= grid::kMaxHeight; ++y)
    tall += "  \"....\",\n";
  expect_error_at(small_map(tall), 2, "'terrain' has 25 rows: a battlefield has at most 24");
  expect_error_at(small_map(""), 2, "'terrain' has no rows");
  // The largest board reads.
  std::string largest = "  \"" + std::string(grid::kMaxWidth - 4, '.') + "RRRR\",\n";
  for (int y = 1; y < grid::kMaxHeight - 1; ++y)
    largest += "  \"" + std::string(grid::kMaxWidth, '.') + "\",\n";
  largest += "  \"BBBB" + std::string(grid::kMaxWidth - 4, '.') + "\",\n";
  const BattleMap map = parse_battle_map(small_map(largest), "largest.toml");
  EXPECT_EQ(map.board.width(), grid::kMaxWidth);
  EXPECT_EQ(map.board.height(), grid::kMaxHeight);
}

TEST(SpellweaversBattleMap, TooFewStartSquaresAreRefused) {
  expect_error_at(small_map("  \"RRR...\",\n  \"......\",\n  \"..BBBB\",\n"), 2,
                  "Red has 3 start squares: each side needs at least 4");
  expect_error_at(small_map("  \"RRRR..\",\n  \"......\",\n  \"....B.\",\n"), 2,
                  "Blue has 1 start square: each side needs at least 4");
}

TEST(SpellweaversBattleMap, StartSquaresCutOffByStoneAreRefused) {
  expect_error_at(small_map("  \"RRRR..\",\n  \"######\",\n  \"..BBBB\",\n"), 2,
                  "no path from Red's start square A1 to the start square C3");
  // A Wall condition can be broken, and a diagonal step passes between stones touching at a
  // corner: both leave a path.
  parse_battle_map(small_map("  \"RRRR..\",\n  \"#####W\",\n  \"..BBBB\",\n"), "wall.toml");
  parse_battle_map(small_map("  \"RRRR..\",\n  \"####.#\",\n  \"...#..\",\n  \"BBBB..\",\n"),
                   "diagonal.toml");
}

TEST(SpellweaversBattleMap, BadLegendsAreRefused) {
  const std::string rows = "terrain = [\"RRRR\", \"BBBB\"]\n";
  const std::string head = "name = \"L\"\n" + rows + "[legend]\n\"R\" = [\"red\"]\n";
  expect_error_at(head + "\"B\" = [\"blue\", \"lava\"]\n", 5,
                  "legend \"B\": unknown word \"lava\": expected stone, red, blue, burning");
  expect_error_at(head + "\"B\" = [\"blue\", \"dark\", \"rough\"]\n", 5,
                  "a square can only have one terrain condition");
  expect_error_at(head + "\"B\" = [\"blue\", \"red\"]\n", 5, "not both red and blue");
  expect_error_at(head + "\"B\" = [\"blue\", \"wall\"]\n", 5, "a start square cannot be a Wall");
  expect_error_at(head + "\"B\" = [\"stone\", \"dark\"]\n", 5, "stone is permanent rock");
  expect_error_at(head + "\"B\" = \"blue\"\n", 5, "legend \"B\" must be a list of words");
  expect_error_at(head + "\"BB\" = [\"blue\"]\n", 5,
                  "legend key \"BB\" must be a single visible character");
}

TEST(SpellweaversBattleMap, BadKeysAndFileNamesAreRefused) {
  expect_error_at("name = \"K\"\nterain = []\n", 2, "Did you mean 'terrain'?");
  expect_error_at("terrain = [\"RRRR\", \"BBBB\"]\n[legend]\n", 1, "'name' is missing");
  expect_error_at("name = \"K\"\nterrain = [\"RRRR\", \"BBBB\"]\n", 1, "'legend' is missing");
  expect_error_at("name = \"K\"\nterrain = [\"RR\", 3]\n" + std::string(kLegend), 2,
                  "'terrain' must be a row of legend characters");
  expect_error_at("name = \"K\n", 1, "not valid TOML");
  expect_error_at(small_map(kSmallRows), 0, "a map's file name is its id", "maps/Bad Map.toml");
}

TEST(SpellweaversBattleMap, MissingFolderIsAnInputError) {
  EXPECT_THROW(load_battle_maps("/nonexistent/content"), InputError);
}

}  // namespace
}  // namespace warband::spellweavers
