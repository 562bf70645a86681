// Conflict's costs.toml (creation_rules.h, load_creation_rules): the input is the file's text, read
// beside the shipped folder's creation.toml and abilities.toml, its [units] overrides matched to
// the shipped characters. It is refused with InputError, or it reads to a formula that prices
// every shipped character from 0 to kMaxUnitPrice points, its breakdown in words too, and their
// cost-term shares.
#include <string>

#include "core/registry.h"
#include "core/unit_price_overrides.h"
#include "fuzz/support/fuzz_support.h"
#include "rulesets/conflict/character_catalog.h"
#include "rulesets/conflict/character_cost.h"
#include "rulesets/conflict/cost_terms.h"
#include "rulesets/conflict/creation_rules.h"

using namespace warband;
using namespace warband::conflict;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string folder = content_conflict_folder();
  static const CharacterCatalog shipped = read_character_catalog(folder);
  const std::string path =
      fuzz::ScratchFolder::instance().write("costs.toml", fuzz::input_text(data, size));
  const auto rules = fuzz::read_or_refuse([&] { return load_creation_rules(folder, path); });
  if (!rules) return 0;
  fuzz::must("pricing the shipped characters", [&] {
    for (const Character& character : shipped.characters) {
      character_cost(character, rules->costs);
      const int points = character_points(character, rules->costs);
      if (points < 0 || points > kMaxUnitPrice)
        fuzz::defect("a shipped character priced outside 0 to kMaxUnitPrice points");
      character_term_points(character, rules->costs);
    }
    return cost_terms(rules->costs).size();
  });
  return 0;
}
