// Spellweavers' one registry entry (core/registry.h): the game, its parameters, odds, the spell
// creator and wizards, and what a front end needs to draw it.
#include "rulesets/spellweavers/spellweavers_ruleset.h"

#include "core/registry.h"
#include "rulesets/spellweavers/action_codes.h"
#include "rulesets/spellweavers/build_operations.h"
#include "rulesets/spellweavers/parameters.h"
#include "rulesets/spellweavers/spellweavers_game.h"

namespace warband::spellweavers {
namespace {

// The terminal's `help` during a game.
constexpr const char* kPlayHelp =
    "Turns: each combatant has 2 actions a turn: move (3 squares, diagonals count\n"
    "  1), Staff Strike (2d6 to an adjacent enemy), defend (4 less damage until\n"
    "  your next turn) or cast a spell (one a turn). A wizard's conjurations act\n"
    "  right after it. Knock out every enemy wizard to win.\n"
    "  More: warband rules spellweavers combat rules\n";

const RulesetRegistrar registrar(Ruleset{
    .name = "spellweavers",
    .title = "Spellweavers",
    .summary = "Spellweavers: wizards who craft their own spells (seed 002)",
    .parameters = parameter_specs(),
    .make_game = [](const nlohmann::json& setup) -> std::shared_ptr<const Game> {
      return std::make_shared<SpellweaversGame>(setup);
    },
    .setup_choices = setup_choices,
    // The unstaged cast (kCast) is no longer listed: a log holding one predates the staged choice.
    .retired_action_reason = [](Action action) -> std::string {
      if (kind_of(action) != ActionKind::kCast) return "";
      return "it is a Spellweavers cast of the old kind (spell and placement in one action): the "
             "log was recorded before casts were staged (now a cast is the spell, then where it "
             "lands) and this build cannot replay it";
    },
    .odds = odds_query(),
    .builder =
        BuilderHooks{
            .summary = "Spellweavers (seed 002): the spell creator (power, MP cost) and wizards "
                       "(talent, spell list)",
            .documents = document_kinds(),
            .operations = build_operations(),
        },
    .balance = balance_hooks(),
    .hints = {.table_kind = "grid",
              .odds_example = {{"damage-dice", "3"}},
              .default_map = kDefaultMap,
              .play_help = kPlayHelp,
              .typing_examples = "units and squares by name: 'R1 to E4', a spell and where it "
                                 "lands ('Fireball G4', turned: 'Fireball G4 r1'), 'R1' (its "
                                 "choices)",
              .what_if_paths = "parameters.NAME (a rule number: wizard_max_hp, "
                               "defend_reduction, mp_per_action…); a spell's power formula is "
                               "what the run measures",
              .what_if_examples = {"parameters.wizard_max_hp=40", "parameters.defend_reduction=3"}},
});

}  // namespace
}  // namespace warband::spellweavers
