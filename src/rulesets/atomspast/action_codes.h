// How AtomsPast packs its decisions and chance outcomes into one Action: core/action_code.h's
// packing (the kind in bits 32..39, then two 16-bit arguments) over AtomsPast's kinds. Kinds are
// numbered in the order legal actions list them (kinds added later come last, so that the codes
// of saved games stay the same).
#pragma once

#include <cstdint>

#include "core/action_code.h"
#include "core/game.h"

namespace warband::atomspast {

enum class ActionKind : std::uint8_t {
  // Chance outcomes.
  kFirstPlayer = 1,  // a = the dice-off winner
  kDrawCard,         // a = game spell index
  kDie,              // a = face 1..6
  // Decisions.
  kDone = 10,         // end the step: stop placing, end the Spell/Battlefield Phase, Kon waits
  kDecline,           // decline an optional effect ("may")
  kPlaceSpell,        // a = game spell index from hand
  kChannel,           // roll [S3/D4] and Downtick the Casting Zone
  kCast,              // a = Casting Zone slot
  kExtraDowntick,     // a = Casting Zone slot given a remaining Downtick
  kKonDowntickUnit,   // Kon Action: Downtick the Kon's Unit AcTi
  kKonDowntickSpell,  // Kon Action: Downtick the Kon Spell's AcTi
  kKonCast,           // Kon Action: cast the Kon Spell
  kDeploy,            // a = unit (the one chosen by kDeployUnit), b = placement index
  kMove,              // a = unit
  kRun,               // a = unit
  kMeleeAttack,       // a = unit
  kRangedAttack,      // a = unit
  kCharge,            // a = unit, b = target unit
  kDestination,       // a = placement index, b = what the path costs (encode_destination)
  kAttackTarget,      // a = target unit, b = partner unit + 1 for a Combined Attack (0: none)
  kSpellTarget,       // a = unit
  kDeployUnit,        // a = the unit to deploy next (then kDeploy says where)
  kAttackLine,        // a = the attacker's space, b = 2 x the target's space + side (cell_index)
};

using action_code::arg_a;
using action_code::arg_b;
using action_code::encode;
inline ActionKind kind_of(Action action) {
  return action_code::kind_of<ActionKind>(action);
}

// A destination carries what its path costs beyond the placement, so that applying it needs no
// second search: the Dangerous X met (low byte) and the Move lost to Difficult Terrain (high).
inline Action encode_destination(int placement, int danger, int move_lost) {
  return encode(ActionKind::kDestination, placement, (danger & 0xff) | (move_lost & 0xff) << 8);
}
inline int destination_danger(Action action) {
  return arg_b(action) & 0xff;
}
inline int destination_move_lost(Action action) {
  return arg_b(action) >> 8;
}

}  // namespace warband::atomspast
