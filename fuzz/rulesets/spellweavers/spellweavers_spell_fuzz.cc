// Spellweavers spells (spell_file.h): a `*.spell.toml` file, or a spell as JSON (an input starting
// with '{'). A spell is refused with InputError, or it reads to a spell that prices (power, MP
// cost) and whose JSON reads back to the same spell.
#include "core/json_input.h"
#include "core/toml_input.h"
#include "fuzz/support/fuzz_support.h"
#include "rulesets/spellweavers/spell_file.h"

using namespace warband;
using namespace warband::spellweavers;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::input_text(data, size);
  const auto spell = fuzz::read_or_refuse([&] {
    if (fuzz::looks_like_json(text))
      return spell_from_json(parse_json(text, "spell.json"), "spell.json");
    return spell_from_toml(parse_toml_text(text, "fire.spell.toml"), "fire.spell.toml");
  });
  if (!spell) return 0;
  const nlohmann::json json = fuzz::must("the spell read", [&] {
    spell_power(*spell);
    cheapest_mp_cost(*spell, nullptr, content_parameters());
    return spell_to_json(*spell);
  });
  const Spell again = fuzz::must("the written spell read back",
                                 [&] { return spell_from_json(json, "written.json"); });
  if (!(again == *spell))
    fuzz::require_same(json.dump(), spell_to_json(again).dump(), "a spell (JSON)");
  return 0;
}
