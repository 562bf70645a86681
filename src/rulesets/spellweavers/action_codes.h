// How Spellweavers packs its decisions and chance outcomes into one Action: core/action_code.h's
// packing (the kind in bits 32..39, then two 16-bit arguments) over Spellweavers' kinds. Kinds are
// numbered in the order legal actions list them (kinds added later come last, so that the codes
// of saved games stay the same).
#pragma once

#include <cstdint>

#include "core/action_code.h"
#include "core/game.h"
#include "core/grid.h"

namespace warband::spellweavers {

enum class ActionKind : std::uint8_t {
  // Chance outcomes.
  kInitiative = 1,  // a = the die's face (a wizard's initiative roll)
  kRollTotal,       // a = the total of the dice being rolled (Xd6 summed, one chance node)
  kRemovalDie,      // a = the face of a condition's removal roll
  // Decisions.
  kEndTurn = 10,  // end the combatant's turn, whatever actions are left
  kMove,          // a = the destination's cell index, b = Burning squares the path enters
  kStrike,        // a = the target combatant (Staff Strike, Maul or Jab)
  kDefend,        // "you take 4 less damage from all sources ... until your next turn"
  kCast,          // retired (never listed): the unstaged cast, spell and placement in one; a
                  // log holding one was recorded before casts were staged (retired_action_reason)
  kShift,         // a = the cell the shifted combatant is moved to
  kCastSpell,     // a = the spell, b = actions (0-2): the spell is committed, its placement next
  kPlacement,     // a = placement_code (spell_area.h) of where the committed spell is dropped
};

using action_code::arg_a;
using action_code::arg_b;
using action_code::encode;
inline ActionKind kind_of(Action action) {
  return action_code::kind_of<ActionKind>(action);
}

// A cast: which of the wizard's spells, with how many actions, placed where (kCastSpell, then
// kPlacement). The anchor may lie off the board when part of the shape is on it.
struct CastChoice {
  int spell = 0;
  int actions = 1;
  grid::Cell anchor;
  int orientation = 0;
};

}  // namespace warband::spellweavers
