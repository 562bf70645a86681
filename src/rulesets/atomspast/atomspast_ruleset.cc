// AtomsPast's one registry entry (core/registry.h): the game, its parameters, odds, builder,
// balance hooks and what a front end needs to draw it.
#include "rulesets/atomspast/atomspast_ruleset.h"
#include "core/registry.h"
#include "rulesets/atomspast/atomspast_game.h"
#include "rulesets/atomspast/parameter_table.h"

namespace warband::atomspast {
namespace {

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
                           ".toml", "new"},
                          {"collection", "Collection",
                           "The miniatures a player owns, by name and base", ".collection.toml",
                           "collection-add"}},
            .operations = all_build_operations(),
        },
    .balance = balance_hooks(),
    .hints = {.table_kind = "grid",
              .odds_example = {{"skill", "3"}, {"dice", "4"}},
              .default_map = "broken_hills"},
});

}  // namespace
}  // namespace warband::atomspast
