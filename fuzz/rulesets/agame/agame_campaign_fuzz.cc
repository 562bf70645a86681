// A Game campaigns (campaign_file.h): a `*.campaign.toml` file (read collecting every problem) or
// an exported JSON campaign (an input starting with '{'). A campaign is refused with InputError, or
// it reads to one that validates and exports, and whose TOML and JSON each read back to the same
// campaign.
#include "core/json_input.h"
#include "fuzz/support/fuzz_support.h"
#include "rulesets/agame/campaign_file.h"

using namespace warband;
using namespace warband::agame;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const BuildRules& rules = content_build_rules();
  const std::string_view text = fuzz::input_text(data, size);
  const auto campaign = fuzz::read_or_refuse([&] {
    if (fuzz::looks_like_json(text))
      return campaign_from_json(parse_json(text, "campaign.json"), "campaign.json");
    const CampaignRead read = read_campaign_toml(text, "fuzz.campaign.toml");
    all_campaign_problems(read, rules);
    return parse_campaign_toml(text, "fuzz.campaign.toml");
  });
  if (!campaign) return 0;
  const std::string toml = fuzz::must("the campaign read", [&] {
    campaign_problems(*campaign, rules);
    campaign_to_markdown(*campaign, rules);
    return campaign_to_toml(*campaign);
  });
  const Campaign from_toml = fuzz::must("the written TOML read back",
                                        [&] { return parse_campaign_toml(toml, "written.toml"); });
  if (!(from_toml == *campaign))
    fuzz::require_same(toml, campaign_to_toml(from_toml), "a campaign (TOML)");
  // Recording a game either refuses the outcome or gives a campaign that prints and reads back.
  if (campaign->warbands.size() >= 2) {
    Campaign played = *campaign;
    const GameOutcome outcome{.warbands = {played.warbands[0].name, played.warbands[1].name},
                              .winner = played.warbands[0].name,
                              .models = {}};
    if (fuzz::read_or_refuse([&] { return record_game(played, outcome, rules, "game.json"); }))
      fuzz::must("a recorded campaign read back",
                 [&] { return parse_campaign_toml(campaign_to_toml(played), "recorded.toml"); });
  }
  const nlohmann::json json = campaign_to_json(*campaign, rules);
  const Campaign from_json = fuzz::must("the written JSON read back",
                                        [&] { return campaign_from_json(json, "written.json"); });
  if (!(from_json == *campaign))
    fuzz::require_same(json.dump(), campaign_to_json(from_json, rules).dump(), "a campaign (JSON)");
  return 0;
}
