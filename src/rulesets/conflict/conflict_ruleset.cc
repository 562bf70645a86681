// Conflict's one registry entry (core/registry.h): the game on the inch tabletop, its parameter,
// odds, rules and the character and warband builder.
#include "rulesets/conflict/conflict_ruleset.h"

#include "core/registry.h"
#include "rulesets/conflict/build_operations.h"
#include "rulesets/conflict/conflict_game.h"
#include "rulesets/conflict/conflict_ruleset.h"

namespace warband::conflict {
namespace {

// The terminal's `help` during a game.
constexpr const char* kPlayHelp =
    "Deployment: the sides place their models in turn within 6\" of their edge\n"
    "  (type a point such as 18 3: the nearest place is offered).\n"
    "Rounds: both sides flip two cards for initiative, then activate one model each\n"
    "  in turn (pass when the enemy has 2 more to activate). An activation: one Move\n"
    "  (legs up to its Strides, a base diameter each), one maneuver (Charge, Run,\n"
    "  Disengage, Take Cover, Focused Attack, Brace, Shake, Shift, Aid, Throw), one\n"
    "  attack (a model, or reinforced terrain).\n"
    "  Knock out every enemy, or hold the centre with Influence at the round limit.\n"
    "  More: warband rules conflict\n";

// What the terminal's `help` says may be typed besides a number or an action's text.
constexpr const char* kTypedPoints =
    "a point on the table in inches, '18 3' or '(18, 3)' (the nearest legal one is listed to "
    "confirm)";

const RulesetRegistrar registrar(Ruleset{
    .name = "conflict",
    .title = "Conflict",
    .summary = "Conflict: an 18-card luck deck, sizes and strides (seed 003)",
    .parameters = {{.name = "round_limit",
                    .default_value = 0,
                    .min = 0,
                    .max = kMaxRoundLimit,
                    .doc = "Rounds before zone control decides (0: content/conflict/game.toml's)"},
                   {.name = "automatic_deployment",
                    .type = ParameterSpec::Type::kBool,
                    .default_value = 0,
                    .doc = "The engine places the models in their zones (quick games, bots) "
                           "instead of the players placing them in turn"}},
    .make_game = [](const nlohmann::json& setup) -> std::shared_ptr<const Game> {
      return std::make_shared<ConflictGame>(setup);
    },
    .setup_choices = setup_choices,
    .odds = odds_query(),
    .builder =
        BuilderHooks{
            .summary = "Conflict (seed 003): characters (size, stats, suit, attacks, abilities, "
                       "points from content/conflict/costs.toml) and warbands",
            .documents = document_kinds(),
            .operations = build_operations(),
        },
    .balance = balance_hooks(),
    .hints = {.table_kind = "tabletop",
              .odds_example = {},
              .default_map = kDefaultTable,
              .play_help = kPlayHelp,
              .typing_examples = kTypedPoints,
              .what_if_paths = "units.ID.points (a character's price), parameters.round_limit",
              .what_if_examples = {"units.knight_captain.points=60", "parameters.round_limit=8"}},
});

}  // namespace
}  // namespace warband::conflict
