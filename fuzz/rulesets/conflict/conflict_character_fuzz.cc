// Conflict characters (character_file.h): a `*.character.toml` file, or an exported JSON character
// (an input starting with '{'). A character is refused with InputError, or it reads (every read
// problem collected, none thrown but a TOML syntax error) to a character that validates, prices
// and exports, and whose TOML and JSON each read back to the same character.
#include "core/json_input.h"
#include "fuzz/support/fuzz_support.h"
#include "rulesets/conflict/character_cost.h"
#include "rulesets/conflict/character_file.h"

using namespace warband;
using namespace warband::conflict;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const CreationRules& rules = content_creation_rules();
  const std::string_view text = fuzz::input_text(data, size);
  const auto character = fuzz::read_or_refuse([&] {
    if (fuzz::looks_like_json(text))
      return character_from_json(parse_json(text, "knight.json"), "knight.json");
    // The lenient reader, as character-validate uses it: every problem listed, none thrown.
    const CharacterRead read = read_character_toml(text, "knight.character.toml");
    all_character_problems(read, rules);
    return parse_character_toml(text, "knight.character.toml");
  });
  if (!character) return 0;
  const std::string toml = fuzz::must("the character read", [&] {
    character_problems(*character, rules);
    character_cost(*character, rules.costs);
    character_to_markdown(*character, rules);
    return character_to_toml(*character);
  });
  const Character from_toml = fuzz::must(
      "the written TOML read back", [&] { return parse_character_toml(toml, "written.toml"); });
  if (!(from_toml == *character))
    fuzz::require_same(toml, character_to_toml(from_toml), "a character (TOML)");
  const nlohmann::json json = character_to_json(*character, rules);
  const Character from_json = fuzz::must("the written JSON read back",
                                         [&] { return character_from_json(json, "written.json"); });
  if (!(from_json == *character))
    fuzz::require_same(json.dump(), character_to_json(from_json, rules).dump(),
                       "a character (JSON)");
  return 0;
}
