// AtomsPast's one registry entry (core/registry.h): the game, its parameters, odds, builder,
// balance hooks and what a front end needs to draw it.
#include "rulesets/atomspast/atomspast_ruleset.h"
#include "core/registry.h"
#include "rulesets/atomspast/atomspast_game.h"
#include "rulesets/atomspast/parameter_table.h"

namespace warband::atomspast {
namespace {

// The terminal's `help` during a game: the three ideas a newcomer meets first.
constexpr const char* kPlayHelp =
    "AcTi (Activation Timer): what an action costs. A unit or card with AcTi above\n"
    "  0 waits; each Downtick takes 1 off (units at the start of the Battlefield\n"
    "  Phase, the Kon in the Kon Phase, spells when you Channel). At AcTi 0 it may\n"
    "  act, and acting sets a new AcTi.\n"
    "  More: warband rules atomspast activation timers\n"
    "[S/D] rolls: roll D dice; a die showing S or less counts its face, a higher\n"
    "  one counts 1: [S3/D4] rolling 1, 3, 2, 6 makes 1 + 3 + 2 + 1 = 7. Attacks,\n"
    "  Casts, Channels and Dangerous Terrain all roll this way.\n"
    "  More: warband rules atomspast dice\n"
    "Phases: each turn is the Spell Phase (place spells in your Casting Zone,\n"
    "  Channel to Downtick them, Cast those at AcTi 0), the Kon Phase (your Kon's\n"
    "  action), then the Battlefield Phase (each unit at AcTi 0 may Move, Run,\n"
    "  Charge or Attack). Destroy the enemy Kon to win.\n"
    "  More: warband rules atomspast game phases; all: warband rules atomspast\n";

std::vector<BuildOperation> all_build_operations() {
  std::vector<BuildOperation> operations = builder::edit_operations();
  for (BuildOperation& operation : builder::deck_operations())
    operations.push_back(std::move(operation));
  for (BuildOperation& operation : builder::report_operations())
    operations.push_back(std::move(operation));
  return operations;
}

const RulesetRegistrar registrar(Ruleset{
    .name = "atomspast",
    .title = "AtomsPast",
    .summary =
        "AtomsPast: Kon, Spell Deck, Casting Zone, activation timers, grid battlefield (seed 000)",
    .parameters = parameter_specs(),
    .make_game = [](const nlohmann::json& setup) -> std::shared_ptr<const Game> {
      return std::make_shared<AtomsPastGame>(setup);
    },
    .setup_choices = setup_choices,
    .odds = odds_query(),
    .builder =
        BuilderHooks{
            .summary = "AtomsPast warbands: units, custom profiles, the Kon, the Spell Deck, "
                       "points, collections",
            .documents = {{"warband", "Warband",
                           "A warband list: its units, custom profiles, Kon and Spell Deck",
                           ".toml", "new", /*plays_as_side=*/true},
                          {"collection", "Collection",
                           "The miniatures a player owns, by name and base", ".collection.toml",
                           "collection-add"}},
            .operations = all_build_operations(),
        },
    .balance = balance_hooks(),
    .hints = {.table_kind = "grid",
              .odds_example = {{"skill", "3"}, {"dice", "4"}},
              .default_map = "broken_hills",
              .play_help = kPlayHelp,
              .typing_examples = "units and squares by name: 'R3 to F7', 'R3 run to F7', "
                                 "'deploy R1 at B8', 'R3' (its choices)",
              .what_if_paths = "units.ID.STAT (points, move, melee_skill, melee_dice, wounds, "
                               "shield…), spells.ID.acti|knowledge, parameters.NAME",
              .what_if_examples = {"units.orc_warrior.wounds=3", "spells.bone_explosion.acti=5"},
              // The ruleset that plays end to end with every part of the app: a newcomer's start.
              .suggested_first = true},
});

}  // namespace
}  // namespace warband::atomspast
