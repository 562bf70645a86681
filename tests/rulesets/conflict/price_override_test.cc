// costs.toml's [units] per-character overrides (docs/content/conflict.md, "costs.toml"): read with
// a file:line error for a bad or unknown id, priced by the builder and the balance catalog, and
// written by `warband balance conflict --reprice` as the whole file, which reads back as its
// prices.
#include <gtest/gtest.h>

#include <filesystem>

#include "balance/reprice.h"
#include "core/error.h"
#include "core/registry.h"
#include "rulesets/conflict/character_catalog.h"
#include "rulesets/conflict/character_cost.h"
#include "rulesets/conflict/creation_rules.h"
#include "tests/support/repriced_cost_file.h"
#include "tests/support/test_files.h"

namespace warband::conflict {
namespace {

struct OverriddenFolder {
  ScratchFolder scratch;
  std::string folder;
  explicit OverriddenFolder(const std::string& units) {
    scratch.copy_folder(default_content_dir() + "/conflict", "conflict");
    folder = scratch.file("conflict");
    write_file_atomically(folder + "/costs.toml",
                          read_file_text(folder + "/costs.toml") + "\n[units]\n" + units,
                          "costs.toml");
  }
};

int catalog_character_points(const std::string& folder, const std::string& id,
                             const CreationRules& rules) {
  const CharacterCatalog catalog = read_character_catalog(folder);
  for (std::size_t c = 0; c < catalog.ids.size(); ++c)
    if (catalog.ids[c] == id) return character_points(catalog.characters[c], rules.costs);
  ADD_FAILURE() << "no " << id;
  return -1;
}

TEST(ConflictPriceOverride, AnOverridePricesTheShippedCharacterInPlaceOfTheFormula) {
  const CreationRules& shipped = content_creation_rules();
  const std::string content = default_content_dir() + "/conflict";
  const int witch = catalog_character_points(content, "thorn_witch", shipped);
  const int priest = catalog_character_points(content, "battle_priest", shipped);
  const OverriddenFolder edited("thorn_witch = { override = 42 }\n");
  ASSERT_NE(witch, 42);
  const CreationRules rules = load_creation_rules(edited.folder);
  EXPECT_EQ(catalog_character_points(edited.folder, "thorn_witch", rules), 42);
  EXPECT_EQ(catalog_character_points(edited.folder, "battle_priest", rules), priest);
  // The builder's breakdown keeps the formula's total and says what replaced it.
  const CharacterCatalog catalog = read_character_catalog(edited.folder);
  const Character& thorn_witch = find_character(catalog, "Thorn Witch", "test");
  const CharacterCost cost = character_cost(thorn_witch, rules.costs);
  EXPECT_EQ(cost.formula_points, witch);
  EXPECT_EQ(cost.points, 42);
  EXPECT_EQ(cost.override_id, "thorn_witch");
  // An edited copy is priced by the formula again.
  Character tougher = thorn_witch;
  tougher.wounds += 1;
  EXPECT_GT(character_points(tougher, rules.costs), witch);
  // The balance catalog prices it so too.
  const nlohmann::json setup = {{"content_dir", edited.scratch.root()}};
  bool seen = false;
  for (const BalanceUnit& unit : find_balance("conflict").catalog(setup))
    if (unit.id == "thorn_witch") {
      EXPECT_EQ(unit.points, 42);
      seen = true;
    }
  EXPECT_TRUE(seen);
}

TEST(ConflictPriceOverride, ABadOrUnknownIdIsAnErrorAtItsLine) {
  const auto problem = [](const std::string& units) {
    const OverriddenFolder edited(units);
    try {
      load_creation_rules(edited.folder);
    } catch (const InputError& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  const std::string unknown = problem("thorn_wich = { override = 42 }\n");
  EXPECT_NE(unknown.find("costs.toml:"), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("no character"), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("thorn_witch"), std::string::npos) << unknown;  // did you mean
  for (const char* bad : {"thorn_witch = 42\n", "thorn_witch = { override = -1 }\n",
                          "thorn_witch = { overide = 40 }\n", "thorn_witch = {}\n"}) {
    const std::string message = problem(bad);
    EXPECT_NE(message.find("costs.toml:"), std::string::npos) << bad << message;
  }
}

TEST(ConflictPriceOverride, TheRenderedPointsFileReadsBackAsItsPrices) {
  ScratchFolder scratch;
  scratch.copy_folder(default_content_dir() + "/conflict", "conflict");
  const nlohmann::json setup = {{"content_dir", scratch.root()}};
  std::vector<int> prices = warband::testing::catalog_prices("conflict", setup);
  for (std::size_t u = 0; u < prices.size(); ++u)
    prices[u] += static_cast<int>(u % 3) - 1;  // some dearer, some cheaper, some the same
  warband::testing::expect_rendered_prices_read_back("conflict", setup, "conflict/costs.toml",
                                                     prices);
  // Rendered again over a file that has a [units] table: replaced, not added to.
  for (int& price : prices)
    price += 2;
  warband::testing::expect_rendered_prices_read_back("conflict", setup, "conflict/costs.toml",
                                                     prices);
}

TEST(ConflictPriceOverride, ARepricingsPointsFileSavedInACopyPricesTheBuilderAndBalance) {
  ScratchFolder scratch;
  // Planted: the Thorn Witch at 42; the file carries the run's prices, the planted one included.
  const balance::RepriceResult result = warband::testing::reprice_into_copy(
      "conflict", {{"units.thorn_witch.points", "42"}}, "conflict/costs.toml", scratch);
  int witch = -1;
  for (const balance::RepricedUnit& unit : result.units)
    if (unit.id == "thorn_witch") witch = unit.new_points;
  const std::shared_ptr<const CreationRules> rules =
      folder_creation_rules(scratch.file("after/conflict"));
  EXPECT_EQ(catalog_character_points(scratch.file("after/conflict"), "thorn_witch", *rules), witch);
}

}  // namespace
}  // namespace warband::conflict
