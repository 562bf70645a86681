// The ledger of confirmed saves: the latest of each save wins, merging keeps it, and it survives
// its JSON file unchanged.
#include "tools/load_test/ledger.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace warband::load {
namespace {

TEST(LoadLedger, KeepsTheLatestConfirmation) {
  Ledger ledger;
  ledger.confirm_document("3", 1, "name = \"a\"\n");
  ledger.confirm_document("3", 2, "name = \"b\"\n");
  ledger.confirm_document("3", 1, "stale answer");  // never replaces a later revision
  ledger.confirm_game("7", 4);
  ledger.confirm_game("7", 9);
  ledger.confirm_game("7", 5);
  ASSERT_EQ(ledger.documents().size(), 1u);
  EXPECT_EQ(ledger.documents().at("3").revision, 2);
  EXPECT_EQ(ledger.documents().at("3").text, "name = \"b\"\n");
  EXPECT_EQ(ledger.games().at("7").length, 9);
  EXPECT_EQ(ledger.document_saves(), 3);
  EXPECT_EQ(ledger.game_saves(), 3);

  Ledger other;
  other.confirm_document("3", 5, "five");
  other.confirm_document("4", 1, "four");
  other.confirm_game("7", 2);
  ledger.merge(other);
  EXPECT_EQ(ledger.documents().at("3").text, "five");
  EXPECT_EQ(ledger.documents().at("4").revision, 1);
  EXPECT_EQ(ledger.games().at("7").length, 9);
  EXPECT_EQ(ledger.document_saves(), 5);
  EXPECT_EQ(ledger.game_saves(), 4);
}

TEST(LoadLedger, JsonRoundTripAndBadFiles) {
  Ledger ledger;
  ledger.confirm_document("12", 3, "text with \"quotes\"\nand a second line\n");
  ledger.confirm_game("5", 44);
  const Ledger back = Ledger::from_json(nlohmann::json::parse(ledger.to_json().dump()), "f");
  EXPECT_EQ(back.to_json(), ledger.to_json());
  EXPECT_EQ(back.documents().at("12").text, "text with \"quotes\"\nand a second line\n");

  try {
    Ledger::from_json({{"documents", {{{"id", "1"}, {"revision", "2"}}}}, {"games", {}}},
                      "saves.json");
    FAIL() << "a revision given as a string was accepted";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("saves.json: documents[0]"), std::string::npos)
        << error.what();
    EXPECT_NE(std::string(error.what()).find("'revision'"), std::string::npos) << error.what();
  }
  EXPECT_THROW(Ledger::from_json(nlohmann::json::array(), "f"), InputError);
}

}  // namespace
}  // namespace warband::load
