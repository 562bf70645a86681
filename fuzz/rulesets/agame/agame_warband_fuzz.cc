// A Game warbands (warband_file.h): a `*.warband.toml` file (read collecting every problem) or an
// exported JSON warband (an input starting with '{'). A warband is refused with InputError, or it
// reads to one that validates and exports, and whose TOML and JSON each read back to the same
// warband.
#include "core/json_input.h"
#include "fuzz/support/fuzz_support.h"
#include "rulesets/agame/warband_file.h"

using namespace warband;
using namespace warband::agame;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const BuildRules& rules = content_build_rules();
  const std::string_view text = fuzz::input_text(data, size);
  const auto warband = fuzz::read_or_refuse([&] {
    if (fuzz::looks_like_json(text))
      return warband_from_json(parse_json(text, "warband.json"), "warband.json");
    const WarbandRead read = read_warband_toml(text, "fuzz.warband.toml");
    all_warband_problems(read, rules);
    return parse_warband_toml(text, "fuzz.warband.toml");
  });
  if (!warband) return 0;
  const std::string toml = fuzz::must("the warband read", [&] {
    warband_problems(*warband, rules);
    warband_to_markdown(*warband, rules);
    return warband_to_toml(*warband);
  });
  const Warband from_toml = fuzz::must("the written TOML read back",
                                       [&] { return parse_warband_toml(toml, "written.toml"); });
  if (!(from_toml == *warband))
    fuzz::require_same(toml, warband_to_toml(from_toml), "a warband (TOML)");
  const nlohmann::json json = warband_to_json(*warband, rules);
  const Warband from_json = fuzz::must("the written JSON read back",
                                       [&] { return warband_from_json(json, "written.json"); });
  if (!(from_json == *warband))
    fuzz::require_same(json.dump(), warband_to_json(from_json, rules).dump(), "a warband (JSON)");
  return 0;
}
