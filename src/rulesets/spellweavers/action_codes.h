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
  kCast,          // a = spell | actions << 8 | orientation << 10, b = the anchor (encode_cast)
  kShift,         // a = the cell the shifted combatant is moved to
};

using action_code::arg_a;
using action_code::arg_b;
using action_code::encode;
inline ActionKind kind_of(Action action) {
  return action_code::kind_of<ActionKind>(action);
}

// A cast: which of the wizard's spells, with how many actions, placed where. The anchor (the
// square under the shape's origin) may lie off the board when part of the shape is on it, so it
// is packed as x + 128 and y + 128, a byte each.
struct CastChoice {
  int spell = 0;
  int actions = 1;
  grid::Cell anchor;
  int orientation = 0;
};
inline Action encode_cast(const CastChoice& cast) {
  return encode(ActionKind::kCast, cast.spell | cast.actions << 8 | cast.orientation << 10,
                (cast.anchor.x + 128) | (cast.anchor.y + 128) << 8);
}
inline CastChoice decode_cast(Action action) {
  return CastChoice{arg_a(action) & 0xff, (arg_a(action) >> 8) & 0x3,
                    grid::Cell{static_cast<std::int8_t>((arg_b(action) & 0xff) - 128),
                               static_cast<std::int8_t>((arg_b(action) >> 8) - 128)},
                    arg_a(action) >> 10};
}

}  // namespace warband::spellweavers
