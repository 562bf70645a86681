// A Game's four dice pools (seed 004, "Die Types") and the one table of their names: what a
// profile's dice, an attack's or ability's cost_dice, a card's pool and a view's "dice" say.
#pragma once

#include <array>
#include <string_view>

#include "rulesets/agame/content.h"

namespace warband::agame {

// kNone: a card effect without a pool (cards.toml); the other four are the seed's.
enum class Pool { kNone, kAttack, kDefense, kMovement, kWild };

struct PoolName {
  Pool pool;
  std::string_view name;
};
// In the order content lists them ("attack", "defense", "wild", "movement"): choices and error
// messages keep it.
inline constexpr std::array<PoolName, 4> kPoolNames = {{{Pool::kAttack, "attack"},
                                                        {Pool::kDefense, "defense"},
                                                        {Pool::kWild, "wild"},
                                                        {Pool::kMovement, "movement"}}};

// The pool named `name`; kNone for any other name.
constexpr Pool pool_named(std::string_view name) {
  for (const PoolName& entry : kPoolNames)
    if (entry.name == name) return entry.pool;
  return Pool::kNone;
}

// A pool's dice in anything that counts the four (a Model's per round, a ModelState's left):
// writable through a non-const holder. kNone reads the movement dice, as a cost's pool always
// names one of the four.
template <class Holder>
auto& dice_in(Holder& holder, Pool pool) {
  switch (pool) {
    case Pool::kAttack:
      return holder.attack_dice;
    case Pool::kDefense:
      return holder.defense_dice;
    case Pool::kWild:
      return holder.wild_dice;
    default:
      return holder.movement_dice;
  }
}

// The dice `attack` may take from `holder`'s pools (Attack::pool) once `cost` dice of its
// cost_dice are paid: below 0 when the cost takes more than the pools hold.
template <class Holder>
int attack_pool_dice(const Holder& holder, const Attack& attack, int cost) {
  const Pool paid = pool_named(attack.cost_dice);
  switch (attack.pool) {
    case DicePool::kAttackAndWild:
      return holder.attack_dice + holder.wild_dice -
             (paid == Pool::kAttack || paid == Pool::kWild ? cost : 0);
    case DicePool::kAttack:
      return holder.attack_dice - (paid == Pool::kAttack ? cost : 0);
    case DicePool::kDefense:
      return holder.defense_dice - (paid == Pool::kDefense ? cost : 0);
  }
  return 0;
}

}  // namespace warband::agame
