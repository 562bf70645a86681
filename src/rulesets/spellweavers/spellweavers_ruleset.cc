// Spellweavers' one registry entry (core/registry.h). No game yet: odds, the spell creator and
// wizards, and rules.
#include "rulesets/spellweavers/spellweavers_ruleset.h"
#include "core/registry.h"
#include "rulesets/spellweavers/build_operations.h"

namespace warband::spellweavers {
namespace {

const RulesetRegistrar registrar(Ruleset{
    .name = "spellweavers",
    .title = "Spellweavers",
    .summary = "Spellweavers: wizards who craft their own spells (seed 002)",
    .odds = odds_query(),
    .builder =
        BuilderHooks{
            .summary = "Spellweavers (seed 002): the spell creator (power, MP cost) and wizards "
                       "(talent, spell list)",
            .documents = document_kinds(),
            .operations = build_operations(),
        },
    .hints = {.odds_example = {{"damage-dice", "3"}}},
});

}  // namespace
}  // namespace warband::spellweavers
