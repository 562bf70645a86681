// Spellweavers wizards (wizard_file.h): a `*.wizard.toml` file, or an exported JSON wizard (an
// input starting with '{'). A wizard is refused with InputError, or it reads to a wizard that
// validates and exports, and whose TOML and JSON each read back to the same wizard.
#include "core/json_input.h"
#include "fuzz/support/fuzz_support.h"
#include "rulesets/spellweavers/wizard_file.h"

using namespace warband;
using namespace warband::spellweavers;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Parameters& parameters = content_parameters();
  const std::string_view text = fuzz::input_text(data, size);
  const auto wizard = fuzz::read_or_refuse([&] {
    if (fuzz::looks_like_json(text))
      return wizard_from_json(parse_json(text, "wizard.json"), "wizard.json");
    return parse_wizard_toml(text, "ember.wizard.toml");
  });
  if (!wizard) return 0;
  const std::string toml = fuzz::must("the wizard read", [&] {
    wizard_problems(*wizard, parameters);
    wizard_to_markdown(*wizard, parameters);
    return wizard_to_toml(*wizard);
  });
  const Wizard from_toml = fuzz::must("the written TOML read back",
                                      [&] { return parse_wizard_toml(toml, "written.toml"); });
  if (!(from_toml == *wizard))
    fuzz::require_same(toml, wizard_to_toml(from_toml), "a wizard (TOML)");
  const nlohmann::json json = wizard_to_json(*wizard, parameters);
  const Wizard from_json = fuzz::must("the written JSON read back",
                                      [&] { return wizard_from_json(json, "written.json"); });
  if (!(from_json == *wizard))
    fuzz::require_same(json.dump(), wizard_to_json(from_json, parameters).dump(),
                       "a wizard (JSON)");
  return 0;
}
