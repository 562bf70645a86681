// A Game's one registry entry (core/registry.h). No game yet: odds and rules.
#include "rulesets/agame/agame_ruleset.h"
#include "core/registry.h"

namespace warband::agame {
namespace {

const RulesetRegistrar registrar(Ruleset{
    .name = "agame",
    .title = "A Game",
    .summary = "A Game: a card draft, dice pools and a step-by-step attack pipeline (seed 004)",
    .odds = odds_query(),
    .hints = {.odds_example = {{"attacker", "Vampire Swordfighter"},
                               {"attack", "Vicious Stab"},
                               {"dice", "2"},
                               {"defender", "Great Ram of Shamborga"},
                               {"dodge-dice", "1"}}},
});

}  // namespace
}  // namespace warband::agame
