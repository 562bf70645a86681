// The content version a saved list carries: a hash of everything that prices or validates it, so
// that opening an old list after a re-pricing can say what changed.
#include <fmt/format.h>

#include <cstdint>
#include <string>

#include "rulesets/atomspast/content.h"

namespace warband::atomspast {
namespace {

// FNV-1a, 64 bits: stable across platforms and builds (std::hash is not).
struct Fnv1a {
  std::uint64_t value = 0xcbf29ce484222325ULL;
  void add(const std::string& text) {
    for (unsigned char c : text) {
      value ^= c;
      value *= 0x100000001b3ULL;
    }
    value ^= 0xff;  // a separator, so that "ab","c" and "a","bc" differ
    value *= 0x100000001b3ULL;
  }
  void add(long long number) { add(std::to_string(number)); }
  void add(double number) { add(fmt::format("{:.17g}", number)); }
};

}  // namespace

std::string content_version(const Content& content) {
  Fnv1a hash;
  const Parameters& rules = content.parameters;
  for (int number : {rules.deck_size, rules.max_power_level, rules.kon_points_surcharge})
    hash.add(static_cast<long long>(number));
  for (const UnitProfile& unit : content.units) {
    hash.add(unit.id);
    hash.add(unit.name);
    for (int number : {unit.move, unit.melee.skill, unit.melee.dice, unit.melee.range,
                       unit.ranged.skill, unit.ranged.dice, unit.ranged.range, unit.wounds,
                       unit.shield, unit.base.area(), static_cast<int>(unit.base.w), unit.points})
      hash.add(static_cast<long long>(number));
    for (const std::string& keyword : unit.keywords)
      hash.add(keyword);
    hash.add(unit.text);
  }
  for (const SpellCard& spell : content.spells) {
    hash.add(spell.id);
    hash.add(static_cast<long long>(spell.acti));
    hash.add(static_cast<long long>(spell.knowledge));
    hash.add(spell.text);
  }
  // The formula itself, so that custom profiles re-price with it.
  const PointsFormula& formula = content.points;
  hash.add(formula.base);
  for (const auto& [name, weight] : formula.stat_weights) {
    hash.add(name);
    hash.add(weight);
  }
  for (const auto& [name, weight] : formula.keyword_weights) {
    hash.add("keyword " + name);
    hash.add(weight);
  }
  for (const auto& [id, adjust] : formula.adjust) {
    hash.add("adjust " + id);
    hash.add(static_cast<long long>(adjust));
  }
  for (const auto& [id, points] : formula.override_points) {
    hash.add("override " + id);
    hash.add(static_cast<long long>(points));
  }
  return fmt::format("{:016x}", hash.value);
}

}  // namespace warband::atomspast
