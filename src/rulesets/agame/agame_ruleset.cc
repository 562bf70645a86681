// A Game's one registry entry (core/registry.h). No game yet: odds, rules and the builder (decks,
// warbands, campaigns).
#include "rulesets/agame/agame_ruleset.h"

#include "core/registry.h"
#include "rulesets/agame/build_operations.h"

namespace warband::agame {
namespace {

const RulesetRegistrar registrar(Ruleset{
    .name = "agame",
    .title = "A Game",
    .summary = "A Game: a card draft, dice pools and a step-by-step attack pipeline (seed 004)",
    .odds = odds_query(),
    .builder =
        BuilderHooks{
            .summary = "A Game (seed 004): decks of draft cards, warbands of 3 to 10 models "
                       "(points from content/agame/costs.toml) and campaigns with experience",
            .documents = document_kinds(),
            .operations = build_operations(),
        },
    .hints = {.odds_example = {{"attacker", "Vampire Swordfighter"},
                               {"attack", "Vicious Stab"},
                               {"dice", "2"},
                               {"defender", "Great Ram of Shamborga"},
                               {"dodge-dice", "1"}}},
});

}  // namespace
}  // namespace warband::agame
