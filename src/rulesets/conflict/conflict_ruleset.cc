// Conflict's one registry entry (core/registry.h). No game yet: odds and rules.
#include "rulesets/conflict/conflict_ruleset.h"
#include "core/registry.h"

namespace warband::conflict {
namespace {

const RulesetRegistrar registrar(Ruleset{
    .name = "conflict",
    .title = "Conflict",
    .summary = "Conflict: an 18-card luck deck, sizes and strides (seed 003)",
    .odds = odds_query(),
    .hints = {.odds_example = {}},
});

}  // namespace
}  // namespace warband::conflict
