// Conflict's one registry entry (core/registry.h). No game yet: odds, rules and the character and
// warband builder.
#include "rulesets/conflict/conflict_ruleset.h"

#include "core/registry.h"
#include "rulesets/conflict/build_operations.h"

namespace warband::conflict {
namespace {

const RulesetRegistrar registrar(Ruleset{
    .name = "conflict",
    .title = "Conflict",
    .summary = "Conflict: an 18-card luck deck, sizes and strides (seed 003)",
    .odds = odds_query(),
    .builder =
        BuilderHooks{
            .summary = "Conflict (seed 003): characters (size, stats, suit, attacks, abilities, "
                       "points from content/conflict/costs.toml) and warbands",
            .documents = document_kinds(),
            .operations = build_operations(),
        },
    .hints = {.odds_example = {}},
});

}  // namespace
}  // namespace warband::conflict
