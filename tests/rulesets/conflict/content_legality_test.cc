// A designer's content folder: no game plays a character or a warband the builder refuses (a
// character over its size's Wounds, a warband over its points limit), and the message names the
// file and line.
#include <gtest/gtest.h>

#include "core/error.h"
#include "core/file_io.h"
#include "core/registry.h"
#include "rulesets/conflict/conflict_game.h"
#include "rulesets/conflict/warband_file.h"
#include "tests/support/test_files.h"

namespace warband::conflict {
namespace {

// The InputError's text building a game on `setup` throws, "" when it builds.
std::string refusal_of(const nlohmann::json& setup) {
  try {
    ConflictGame game(setup);
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

TEST(ConflictContentLegality, ACharacterOverItsSizesWoundsIsNotPlayed) {
  const ScratchFolder scratch;
  scratch.copy_folder(default_content_dir() + "/conflict", "conflict");
  const nlohmann::json setup = {{"content_dir", scratch.root()}};
  EXPECT_EQ(refusal_of(setup), "");
  // The Knight Captain is size 2 (Small): 9 Wounds at most (creation.toml).
  replace_in_file(scratch.file("conflict/characters/knight_captain.character.toml"), "wounds = 5",
                  "wounds = 500");
  const std::string refusal = refusal_of(setup);
  EXPECT_NE(refusal.find("iron_pact.warband.toml"), std::string::npos) << refusal;
  EXPECT_NE(refusal.find("not a legal warband"), std::string::npos) << refusal;
  EXPECT_NE(refusal.find("Knight Captain"), std::string::npos) << refusal;
  EXPECT_NE(refusal.find("500"), std::string::npos) << refusal;
}

TEST(ConflictContentLegality, AWarbandOverItsLimitIsNotPlayedButABalanceSideIs) {
  const ScratchFolder scratch;
  scratch.copy_folder(default_content_dir() + "/conflict", "conflict");
  replace_in_file(scratch.file("conflict/warbands/iron_pact.warband.toml"), "points_limit = 550",
                  "points_limit = 100");
  const std::string refusal = refusal_of({{"content_dir", scratch.root()}});
  EXPECT_NE(refusal.find("iron_pact.warband.toml:"), std::string::npos) << refusal;
  EXPECT_NE(refusal.find("over the limit of 100"), std::string::npos) << refusal;

  // A side given whole, as a balance run's drawn at other prices, is played over its limit.
  const std::string hunt = scratch.file("conflict/warbands/wild_hunt.warband.toml");
  const ConflictGame built({{"content_dir", scratch.root()}, {"warbands", {hunt, hunt}}});
  nlohmann::json side = warband_to_json(
      parse_warband_toml(read_text_file(hunt), hunt, scratch.file("conflict/characters")),
      built.creation());
  side["points_limit"] = 10;
  EXPECT_EQ(refusal_of({{"content_dir", scratch.root()}, {"warbands", {side, "wild_hunt"}}}), "");
}

}  // namespace
}  // namespace warband::conflict
