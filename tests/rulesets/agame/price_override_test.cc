// costs.toml's [units] per-profile overrides (docs/content/agame.md, "costs.toml"): read with a
// file:line error for a bad or unknown id, priced by the builder, the game's points check and the
// balance catalog, and written by `warband balance agame --reprice` as the whole file, which reads
// back as its prices.
#include <gtest/gtest.h>

#include "balance/reprice.h"
#include "core/error.h"
#include "core/registry.h"
#include "rulesets/agame/build_rules.h"
#include "rulesets/agame/folder_files.h"
#include "rulesets/agame/model_cost.h"
#include "tests/support/repriced_cost_file.h"
#include "tests/support/test_files.h"

namespace warband::agame {
namespace {

struct OverriddenProfiles {
  ScratchFolder scratch;
  std::string folder;
  explicit OverriddenProfiles(const std::string& units) {
    scratch.copy_folder(default_content_dir() + "/agame", "agame");
    folder = scratch.file("agame");
    write_file_atomically(folder + "/costs.toml",
                          read_file_text(folder + "/costs.toml") + "\n[units]\n" + units,
                          "costs.toml");
  }
};

TEST(AgamePriceOverride, AnOverridePricesTheProfileAndItsAdvancesAddOnTop) {
  const BuildRules& shipped = content_build_rules();
  const Model& vampire = *shipped.find_profile("Vampire Swordfighter");
  const int formula = model_points(vampire, shipped.costs, shipped.faces());
  const int dwarf =
      model_points(*shipped.find_profile("Dwarven Defender"), shipped.costs, shipped.faces());
  ASSERT_NE(formula, 50);
  const OverriddenProfiles edited("vampire_swordfighter = { override = 50 }\n");
  const BuildRules rules = load_build_rules(edited.folder);
  const ModelCost cost =
      model_cost(*rules.find_profile("Vampire Swordfighter"), rules.costs, rules.faces());
  EXPECT_EQ(cost.points, 50);
  EXPECT_EQ(cost.formula_points, formula);
  EXPECT_EQ(cost.override_id, "vampire_swordfighter");
  EXPECT_EQ(model_points(*rules.find_profile("Dwarven Defender"), rules.costs, rules.faces()),
            dwarf);
  // A model advanced from it (a fourth wound) costs the override plus what the wound adds.
  Model tough = vampire;
  tough.wounds += 1;
  EXPECT_EQ(model_points(tough, rules.costs, rules.faces()),
            50 + model_points(tough, shipped.costs, shipped.faces()) - formula);
  // The game's points check and the balance catalog read it too.
  const std::shared_ptr<const FolderFiles> files = folder_files(edited.folder);
  ASSERT_NE(files->points_files(), nullptr);
  EXPECT_EQ(model_points(vampire, files->points_files()->costs, files->content.parameters.faces),
            50);
  bool seen = false;
  for (const BalanceUnit& unit :
       find_balance("agame").catalog({{"content_dir", edited.scratch.root()}}))
    if (unit.id == "vampire_swordfighter") {
      EXPECT_EQ(unit.points, 50);
      seen = true;
    }
  EXPECT_TRUE(seen);
}

TEST(AgamePriceOverride, ABadOrUnknownIdIsAnErrorAtItsLine) {
  const auto problem = [](const std::string& units) {
    const OverriddenProfiles edited(units);
    try {
      load_build_rules(edited.folder);
    } catch (const InputError& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  const std::string unknown = problem("vampire_swordfigter = { override = 50 }\n");
  EXPECT_NE(unknown.find("costs.toml:"), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("no profile"), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("vampire_swordfighter"), std::string::npos) << unknown;  // did you mean
  for (const char* bad :
       {"vampire_swordfighter = 50\n", "vampire_swordfighter = { override = 1.5 }\n",
        "vampire_swordfighter = { points = 50 }\n", "vampire_swordfighter = {}\n"}) {
    const std::string message = problem(bad);
    EXPECT_NE(message.find("costs.toml:"), std::string::npos) << bad << message;
  }
}

TEST(AgamePriceOverride, TheRenderedPointsFileReadsBackAsItsPrices) {
  ScratchFolder scratch;
  scratch.copy_folder(default_content_dir() + "/agame", "agame");
  const nlohmann::json setup = {{"content_dir", scratch.root()}};
  std::vector<int> prices = warband::testing::catalog_prices("agame", setup);
  for (std::size_t u = 0; u < prices.size(); ++u)
    prices[u] += static_cast<int>(u % 3) - 1;
  warband::testing::expect_rendered_prices_read_back("agame", setup, "agame/costs.toml", prices);
  for (int& price : prices)
    price += 3;
  warband::testing::expect_rendered_prices_read_back("agame", setup, "agame/costs.toml", prices);
}

TEST(AgamePriceOverride, ARepricingsPointsFileSavedInACopyPricesTheBuilderAndBalance) {
  ScratchFolder scratch;
  const balance::RepriceResult result = warband::testing::reprice_into_copy(
      "agame", {{"units.dwarven_defender.points", "21"}}, "agame/costs.toml", scratch);
  int dwarf = -1;
  for (const balance::RepricedUnit& unit : result.units)
    if (unit.id == "dwarven_defender") dwarf = unit.new_points;
  const BuildRules rules = load_build_rules(scratch.file("after/agame"));
  EXPECT_EQ(model_points(*rules.find_profile("Dwarven Defender"), rules.costs, rules.faces()),
            dwarf);
}

}  // namespace
}  // namespace warband::agame
