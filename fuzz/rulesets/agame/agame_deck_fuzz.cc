// A Game decks (deck_file.h): a `*.deck.toml` file (read collecting every problem) or an
// exported JSON deck (an input starting with '{'). A deck is refused with InputError, or it
// reads to one that validates and exports, and whose TOML and JSON each read back to the same
// deck.
#include "core/json_input.h"
#include "fuzz/support/fuzz_support.h"
#include "rulesets/agame/deck_file.h"

using namespace warband;
using namespace warband::agame;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const BuildRules& rules = content_build_rules();
  const std::string_view text = fuzz::input_text(data, size);
  const auto deck = fuzz::read_or_refuse([&] {
    if (fuzz::looks_like_json(text))
      return deck_from_json(parse_json(text, "deck.json"), "deck.json");
    const DeckRead read = read_deck_toml(text, "fuzz.deck.toml");
    all_deck_problems(read, rules);
    return parse_deck_toml(text, "fuzz.deck.toml");
  });
  if (!deck) return 0;
  const std::string toml = fuzz::must("the deck read", [&] {
    deck_problems(*deck, rules);
    deck_to_markdown(*deck, rules);
    return deck_to_toml(*deck);
  });
  const Deck from_toml = fuzz::must("the written TOML read back",
                                    [&] { return parse_deck_toml(toml, "written.toml"); });
  if (!(from_toml == *deck)) fuzz::require_same(toml, deck_to_toml(from_toml), "a deck (TOML)");
  const nlohmann::json json = deck_to_json(*deck, rules);
  const Deck from_json = fuzz::must("the written JSON read back",
                                    [&] { return deck_from_json(json, "written.json"); });
  if (!(from_json == *deck))
    fuzz::require_same(json.dump(), deck_to_json(from_json, rules).dump(), "a deck (JSON)");
  return 0;
}
