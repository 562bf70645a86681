#include "rulesets/spellweavers/power_terms.h"

#include <map>
#include <string>

#include "core/error.h"

namespace warband::spellweavers {
namespace {

// The effect term an effect's points go to: "damage", "status:stun"...
std::string effect_term(const Effect& effect) {
  switch (effect.kind) {
    case EffectKind::kDamage:
      return "damage";
    case EffectKind::kHealing:
      return "healing";
    case EffectKind::kShift:
      return "shift";
    default:
      return effect_key(effect);
  }
}

std::vector<FormulaTerm> make_terms() {
  std::vector<FormulaTerm> terms;
  const auto effect = [&](const Effect& e, double current, const std::string& name) {
    terms.push_back({.family = "effect", .id = effect_term(e), .name = name, .current = current});
  };
  effect({.kind = EffectKind::kDamage}, 5, "Damage (power per die)");
  effect({.kind = EffectKind::kHealing}, 5, "Healing (power per die)");
  effect({.kind = EffectKind::kShift}, 2, "Shift (power per square)");
  for (StatusCondition status :
       {StatusCondition::kPoison, StatusCondition::kSlow, StatusCondition::kStun,
        StatusCondition::kRegenerate, StatusCondition::kProtection, StatusCondition::kDispel}) {
    const Effect e{.kind = EffectKind::kStatus, .status = status};
    effect(e, effect_power(e), effect_name(e));
  }
  for (TerrainCondition terrain :
       {TerrainCondition::kBurning, TerrainCondition::kRough, TerrainCondition::kDark,
        TerrainCondition::kFortified, TerrainCondition::kWall}) {
    const Effect e{.kind = EffectKind::kTerrain, .terrain = terrain};
    effect(e, effect_power(e), effect_name(e));
  }
  for (Conjuration conjuration : {Conjuration::kGrizzlyBear, Conjuration::kAnnoyingImps}) {
    const Effect e{.kind = EffectKind::kConjure, .conjuration = conjuration};
    effect(e, effect_power(e), effect_name(e));
  }
  terms.push_back({.family = "effect",
                   .id = "snapcast",
                   .name = "Snapcast (+ power)",
                   .current = kSnapcastPlus});
  terms.push_back({.family = "effect",
                   .id = "adaptable",
                   .name = "Adaptable (x power)",
                   .current = kAdaptableTenths / 10.0,
                   .suggest = "bonus"});
  for (AreaClass area :
       {AreaClass::kSingle, AreaClass::kSmall, AreaClass::kMedium, AreaClass::kLarge,
        AreaClass::kNuke, AreaClass::kLine, AreaClass::kTetramino})
    terms.push_back({.family = "area",
                     .id = area_key(area),
                     .name = "AreaMod " + area_name(area),
                     .current = area_mod_tenths(area) / 10.0});
  for (RangeClass range :
       {RangeClass::kClose, RangeClass::kMedium, RangeClass::kFar, RangeClass::kSnipe})
    terms.push_back({.family = "range",
                     .id = range_key(range),
                     .name = "RangeMod " + range_name(range),
                     .current = range_mod_tenths(range) / 10.0});
  for (const std::string& key : all_talent_keys())
    terms.push_back({.family = "talent",
                     .id = key,
                     .name = "Talent " + talent_name(parse_talent(key, "talent")),
                     .current = 0,
                     .suggest = "none"});
  return terms;
}

std::size_t index_of(const std::string& family, const std::string& id) {
  static const std::map<std::pair<std::string, std::string>, std::size_t> indices = [] {
    std::map<std::pair<std::string, std::string>, std::size_t> map;
    const std::vector<FormulaTerm>& terms = power_terms();
    for (std::size_t t = 0; t < terms.size(); ++t)
      map[{terms[t].family, terms[t].id}] = t;
    return map;
  }();
  const auto found = indices.find({family, id});
  WB_CHECK(found != indices.end());
  return found->second;
}

}  // namespace

const std::vector<FormulaTerm>& power_terms() {
  static const std::vector<FormulaTerm> terms = make_terms();
  return terms;
}

void add_spell_points(const Spell& spell, Talent talent, std::vector<double>& points) {
  WB_CHECK_EQ(points.size(), power_terms().size());
  const PowerBreakdown breakdown = spell_power(spell);
  const double power = breakdown.exact_thousandths / 1000.0;
  points[index_of("area", area_key(spell.area))] += power;
  points[index_of("range", range_key(spell.range))] += power;
  points[index_of("talent", talent_key(talent))] += power;
  // The effect family: the +'s, then the x special's share, then the effects by their powers.
  const double multiplied = power - breakdown.plus;
  if (breakdown.plus > 0) points[index_of("effect", "snapcast")] += breakdown.plus;
  const double multiplier = breakdown.multiplier_tenths / 10.0;
  const double adaptable = multiplied * (multiplier - 1.0) / multiplier;
  if (spell.adaptable) points[index_of("effect", "adaptable")] += adaptable;
  if (breakdown.effect_total <= 0) return;
  const double rest = multiplied - adaptable;
  for (std::size_t e = 0; e < spell.effects.size(); ++e)
    points[index_of("effect", effect_term(spell.effects[e]))] +=
        rest * breakdown.effect_powers[e] / breakdown.effect_total;
}

std::vector<double> wizard_points(const Wizard& wizard) {
  std::vector<double> points(power_terms().size(), 0.0);
  for (const Spell& spell : wizard.spells)
    add_spell_points(spell, wizard.talent.talent, points);
  return points;
}

}  // namespace warband::spellweavers
