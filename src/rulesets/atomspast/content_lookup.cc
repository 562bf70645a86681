// Lookups by id over loaded content.
#include "rulesets/atomspast/content.h"

namespace warband::atomspast {
namespace {

template <typename T>
int index_of(const std::vector<T>& items, const std::string& id) {
  for (std::size_t i = 0; i < items.size(); ++i)
    if (items[i].id == id) return static_cast<int>(i);
  return -1;
}

template <typename T>
const T* find_in(const std::vector<T>& items, const std::string& id) {
  const int index = index_of(items, id);
  return index < 0 ? nullptr : &items[index];
}

}  // namespace

const Weapon* Content::find_weapon(const std::string& id) const {
  return find_in(weapons, id);
}
const UnitProfile* Content::find_unit(const std::string& id) const {
  return find_in(units, id);
}
const SpellCard* Content::find_spell(const std::string& id) const {
  return find_in(spells, id);
}
const MapDef* Content::find_map(const std::string& id) const {
  return find_in(maps, id);
}
const WarbandDef* Content::find_warband(const std::string& id) const {
  return find_in(warbands, id);
}
int Content::spell_index(const std::string& id) const {
  return index_of(spells, id);
}

}  // namespace warband::atomspast
