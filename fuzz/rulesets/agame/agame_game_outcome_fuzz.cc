// A finished game's outcome as `campaign-record --result` reads it (campaign_file.h): refused with
// InputError, or recorded into the shipped campaign, which then prints and reads back whole.
#include "core/file_io.h"
#include "core/json_input.h"
#include "fuzz/support/fuzz_support.h"
#include "rulesets/agame/campaign_file.h"

using namespace warband;
using namespace warband::agame;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const BuildRules& rules = content_build_rules();
  static const Campaign shipped = parse_campaign_toml(
      read_text_file(content_agame_folder() + "/campaigns/red_marches.campaign.toml"),
      "red_marches.campaign.toml");
  const std::string_view text = fuzz::input_text(data, size);
  Campaign campaign = shipped;
  const auto gains = fuzz::read_or_refuse([&] {
    const GameOutcome outcome = game_outcome_from_json(parse_json(text, "game.json"), "game.json");
    return record_game(campaign, outcome, rules, "game.json");
  });
  if (!gains) {
    // A refused outcome changes nothing.
    if (!(campaign == shipped)) fuzz::defect("a refused outcome changed the campaign");
    return 0;
  }
  const Campaign read_back = fuzz::must("the recorded campaign read back", [&] {
    return parse_campaign_toml(campaign_to_toml(campaign), "recorded.toml");
  });
  if (!(read_back == campaign))
    fuzz::require_same(campaign_to_toml(campaign), campaign_to_toml(read_back), "a campaign");
  return 0;
}
