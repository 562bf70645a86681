// content/agame/card_values.toml (card_values.h): every shipped card valued, and bad files
// refused with the file, the line and what is wrong.
#include "rulesets/agame/card_values.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "rulesets/agame/build_rules.h"
#include "tests/support/input_error.h"

namespace warband::agame {
namespace {

namespace fs = std::filesystem;

void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
}

// Every card of the shipped decks (the ones balance games draft) has a value.
TEST(AgameCardValues, EveryCardOfTheShippedDecksHasAValue) {
  const BuildRules& rules = content_build_rules();
  int valued = 0;
  for (const std::string deck : {"iron_tricks", "night_tricks"}) {
    std::ifstream file(decks_folder_of(content_agame_folder()) + "/" + deck + ".deck.toml");
    std::stringstream text;
    text << file.rdbuf();
    for (const Card& card : rules.cards)
      if (text.str().find("'" + card.id + "'") != std::string::npos) {
        EXPECT_TRUE(rules.card_values.contains(card.id)) << card.id;
        ++valued;
      }
  }
  EXPECT_EQ(valued, 19);  // 20 cards, Parry twice in Iron Tricks
  EXPECT_EQ(rules.card_values.size(), 19u);
}

TEST(AgameCardValues, BadFilesSayWhereAndWhat) {
  const std::vector<Card>& cards = content_build_rules().cards;
  const fs::path dir =
      fs::temp_directory_path() / ("warband_agame_card_values_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "card_values.toml").string();
  const auto error_of = [&](const std::string& text) {
    write_text(path, text);
    return warband::testing::input_error([&] { load_card_values(path, cards); });
  };
  EXPECT_EQ(error_of("[values]\nbattle_fury = 15\nparry = 0\n"), "");
  write_text(path, "[values]\nbattle_fury = 15\n");
  const std::map<std::string, int> values = load_card_values(path, cards);
  EXPECT_EQ(values, (std::map<std::string, int>{{"battle_fury", 15}}));
  // A card that is not in cards.toml, with a near miss's hint.
  const std::string typo = error_of("[values]\nbattle_furry = 15\n");
  EXPECT_NE(typo.find(path + ":2:"), std::string::npos) << typo;
  EXPECT_NE(typo.find("battle_furry"), std::string::npos) << typo;
  EXPECT_NE(typo.find("Did you mean 'battle_fury'?"), std::string::npos) << typo;
  // A value that is not a whole number of points.
  const std::string value = error_of("[values]\nparry = \"ten\"\n");
  EXPECT_NE(value.find(path + ":2:"), std::string::npos) << value;
  EXPECT_NE(value.find("whole number from -1000 to 1000"), std::string::npos) << value;
  EXPECT_NE(error_of("[values]\nparry = 2000\n").find("whole number from -1000 to 1000"),
            std::string::npos);
  EXPECT_EQ(error_of("[values]\nparry = -5\n"), "");  // below the average card
  // No [values] table.
  EXPECT_NE(error_of("parry = 5\n").find("unknown key 'parry'"), std::string::npos);
  // No file: no values.
  EXPECT_TRUE(load_card_values((dir / "none.toml").string(), cards).empty());
  fs::remove_all(dir);
}

}  // namespace
}  // namespace warband::agame
