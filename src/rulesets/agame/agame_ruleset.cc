// A Game's one registry entry (core/registry.h): the game on the inch tabletop, its parameter,
// odds, rules and builder (decks, warbands, campaigns). The game opens with the card draft
// (parameter "draft").
#include "rulesets/agame/agame_ruleset.h"

#include "core/registry.h"
#include "rulesets/agame/agame_game.h"
#include "rulesets/agame/build_operations.h"

namespace warband::agame {
namespace {

// The terminal's `help` during a game.
constexpr const char* kPlayHelp =
    "Rounds: the sides activate one model each in turn (Red first in odd rounds).\n"
    "  An activation: one ability from the card (an attack or another ability), and\n"
    "  movement dice spent for 3\" each. An attack: pick the dice (attack dice, then\n"
    "  wild), roll; the defender picks dodge dice (defense, then wild) against the\n"
    "  hits; a save die per hit left. Pools refresh each round. Leave no enemy\n"
    "  standing, or have more standing at the round limit. More: warband rules agame\n";

// What the terminal's `help` says may be typed besides a number or an action's text.
constexpr const char* kTypedPoints =
    "a point on the table in inches, '18 3' or '(18, 3)' (the nearest legal one is listed to "
    "confirm)";

const RulesetRegistrar registrar(Ruleset{
    .name = "agame",
    .title = "A Game",
    .summary = "A Game: dice pools and a step-by-step attack pipeline on the inch tabletop "
               "(seed 004)",
    .parameters = {{.name = "round_limit",
                    .default_value = 0,
                    .min = 0,
                    .max = kMaxRoundLimit,
                    .doc = "Rounds before the standing models decide (0: "
                           "content/agame/parameters.toml's)"},
                   // Ruling "Points in play"; the defaults are warband.toml's as shipped.
                   {.name = "points_limit",
                    .default_value = 300,
                    .min = 0,
                    .max = 100000,
                    .doc = "The most points a side may have (0: none; default warband.toml's, or "
                           "a warband document's larger limit)"},
                   {.name = "points_gap",
                    .default_value = 60,
                    .min = 0,
                    .max = 100000,
                    .doc = "The most the two sides' points may differ by (0: any; default "
                           "warband.toml's)"},
                   {.name = "draft",
                    .default_value = 1,
                    .min = 0,
                    .max = 1,
                    .doc = "1: the game opens with the card draft and the cards are played; 0: "
                           "no draft, no cards"}},
    .make_game = [](const nlohmann::json& setup) -> std::shared_ptr<const Game> {
      return std::make_shared<AGameGame>(setup);
    },
    .setup_choices = setup_choices,
    .odds = odds_query(),
    .builder =
        BuilderHooks{
            .summary = "A Game (seed 004): decks of draft cards, warbands of 3 to 10 models "
                       "(points from content/agame/costs.toml) and campaigns with experience",
            .documents = document_kinds(),
            .operations = build_operations(),
        },
    .balance = balance_hooks(),
    .hints = {.table_kind = "tabletop",
              .odds_example = {{"attacker", "Vampire Swordfighter"},
                               {"attack", "Vicious Stab"},
                               {"dice", "2"},
                               {"defender", "Great Ram of Shamborga"},
                               {"dodge-dice", "1"}},
              .default_map = kDefaultTable,
              .play_help = kPlayHelp,
              .typing_examples = kTypedPoints,
              .what_if_paths = "units.ID.points (a profile's price), parameters.round_limit",
              .what_if_examples = {"units.vampire_swordfighter.points=150",
                                   "parameters.round_limit=6"}},
});

}  // namespace
}  // namespace warband::agame
