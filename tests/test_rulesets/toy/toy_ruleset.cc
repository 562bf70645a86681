// The toy's one registry entry (core/registry.h): a game with parameters, and odds.
#include "core/registry.h"
#include "tests/test_rulesets/toy/toy_game.h"

namespace warband::toy {
namespace {

const RulesetRegistrar registrar(Ruleset{
    .name = "toy",
    .title = "Toy",
    .summary = "Toy dice race with a hidden card (tests only)",
    .parameters = {{.name = "target",
                    .default_value = 20,
                    .min = 5,
                    .max = 100,
                    .doc = "Score that wins (reaching it banks at once)"},
                   {.name = "max_turns",
                    .default_value = 20,
                    .min = 1,
                    .max = 200,
                    .doc = "Turns before the higher score wins"}},
    .make_game = make_toy_game,
    .odds = toy_odds_query(),
    .hints = {.odds_example = {{"dice", "3"}}},
});

}  // namespace
}  // namespace warband::toy
