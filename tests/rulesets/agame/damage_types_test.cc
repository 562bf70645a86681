// A model's `vulnerable_to` / `resistant_to` names damage types something deals: a misspelt type
// (which would never apply) is refused at its file and line, with the nearest type.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/registry.h"
#include "rulesets/agame/content.h"
#include "tests/support/test_files.h"

namespace warband::agame {
namespace {

std::string shipped_profiles() {
  return read_file_text(default_content_dir() + "/agame/profiles.toml");
}

std::string profiles_with(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(AGameDamageTypes, AnUnknownVulnerabilityIsRefusedAtItsLine) {
  const std::string shipped = shipped_profiles();
  const std::size_t line =
      1 + std::count(shipped.begin(), shipped.begin() + shipped.find("vulnerable_to = ["), '\n');
  const std::string path = write_temp_file(
      "agame_damage_types.toml", profiles_with(shipped, "vulnerable_to = [\"Radiant\"]",
                                               "vulnerable_to = [\"Radiant\", \"Radient\"]"));
  try {
    load_profiles(path);
    ADD_FAILURE() << "a misspelt damage type was accepted";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), path + ":" + std::to_string(line));
    EXPECT_NE(error.problem().find("'vulnerable_to': unknown damage type 'Radient'"),
              std::string::npos)
        << error.what();
    EXPECT_NE(error.problem().find("Did you mean 'Radiant'?"), std::string::npos) << error.what();
  }
}

TEST(AGameDamageTypes, TheSeedsTypesAndTheAttacksTagsAreKnown) {
  // The shipped file names Radiant and Cold, which no attack deals (the seed's own), and loads.
  EXPECT_NO_THROW(load_profiles(default_content_dir() + "/agame/profiles.toml"));
  // An attack's tag is a damage type, whatever its case.
  const std::string path = write_temp_file(
      "agame_damage_types_tags.toml", profiles_with(shipped_profiles(), "resistant_to = [\"Cold\"]",
                                                    "resistant_to = [\"Cold\", \"blade\"]"));
  const std::vector<Model> models = load_profiles(path);
  EXPECT_EQ(models.front().resistant_to, (std::vector<std::string>{"Cold", "blade"}));
}

}  // namespace
}  // namespace warband::agame
