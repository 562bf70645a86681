#include "rulesets/spellweavers/random_wizard.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "core/error.h"

namespace warband::spellweavers {
namespace {

// How often each effect is drawn. Damage wins games, so it comes up most (a list without it
// rarely wins at all); every other effect the formula prices still comes up in many lists.
struct EffectDraw {
  Effect effect;
  int weight;
  int max_amount;  // X of Damage, Healing, Shift is drawn from 1 to this; 0: no X
};

std::vector<EffectDraw> effect_draws() {
  std::vector<EffectDraw> draws;
  draws.push_back({{.kind = EffectKind::kDamage}, 8, 6});
  draws.push_back({{.kind = EffectKind::kHealing}, 3, 6});
  draws.push_back({{.kind = EffectKind::kShift}, 2, 4});
  for (StatusCondition status :
       {StatusCondition::kPoison, StatusCondition::kSlow, StatusCondition::kStun,
        StatusCondition::kRegenerate, StatusCondition::kProtection, StatusCondition::kDispel})
    draws.push_back({{.kind = EffectKind::kStatus, .status = status}, 2, 0});
  for (TerrainCondition terrain :
       {TerrainCondition::kBurning, TerrainCondition::kRough, TerrainCondition::kDark,
        TerrainCondition::kFortified, TerrainCondition::kWall})
    draws.push_back({{.kind = EffectKind::kTerrain, .terrain = terrain}, 2, 0});
  for (Conjuration conjuration : {Conjuration::kGrizzlyBear, Conjuration::kAnnoyingImps})
    draws.push_back({{.kind = EffectKind::kConjure, .conjuration = conjuration}, 2, 0});
  return draws;
}

Effect draw_effect(Rng& rng) {
  static const std::vector<EffectDraw> draws = effect_draws();
  int total = 0;
  for (const EffectDraw& draw : draws)
    total += draw.weight;
  int pick = static_cast<int>(rng.below(total));
  for (const EffectDraw& draw : draws) {
    if (pick >= draw.weight) {
      pick -= draw.weight;
      continue;
    }
    Effect effect = draw.effect;
    if (draw.max_amount > 0) effect.amount = 1 + static_cast<int>(rng.below(draw.max_amount));
    return effect;
  }
  return draws.front().effect;  // unreachable: pick < total
}

// Each area's largest shape (the most squares its AreaMod pays for); a Tetramino's tetris block.
std::vector<Square> area_shape(AreaClass area, Rng& rng) {
  const auto block = [](int width, int height) {
    std::vector<Square> shape;
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x)
        shape.push_back({x, y});
    return shape;
  };
  switch (area) {
    case AreaClass::kSmall:
      return block(2, 2);
    case AreaClass::kMedium:
      return block(4, 2);
    case AreaClass::kLarge:
      return block(4, 4);
    case AreaClass::kTetramino: {
      static const std::vector<std::vector<Square>> blocks = {
          {{0, 0}, {1, 0}, {2, 0}, {3, 0}},  // I
          {{0, 0}, {1, 0}, {0, 1}, {1, 1}},  // O
          {{0, 0}, {1, 0}, {2, 0}, {1, 1}},  // T
          {{0, 0}, {0, 1}, {0, 2}, {1, 2}},  // L
          {{1, 0}, {2, 0}, {0, 1}, {1, 1}},  // S
      };
      return rng.pick(blocks);
    }
    default:
      return {};  // Single, Nuke and Line take no shape
  }
}

const std::vector<std::string>& elements() {
  static const std::vector<std::string> names = {std::string(kPureMagic), "fire", "water", "earth",
                                                 "air"};
  return names;
}

// Legal with `spell`'s effects: a new kind of Damage/Healing/Shift, a new Status, and at most one
// Terrain and one Conjure (ruling "One of each effect").
bool fits_with(const Spell& spell, const Effect& effect) {
  for (const Effect& other : spell.effects) {
    if (other.kind != effect.kind) continue;
    if (effect.kind != EffectKind::kStatus || other.status == effect.status) return false;
  }
  return true;
}

}  // namespace

Spell random_spell(const TalentChoice& talent, const Parameters& parameters, Rng& rng) {
  Spell spell;
  // One effect most often, two sometimes, three now and then.
  const std::uint64_t roll = rng.below(10);
  const int effects = roll < 6 ? 1 : roll < 9 ? 2 : 3;
  while (static_cast<int>(spell.effects.size()) < effects) {
    const Effect effect = draw_effect(rng);
    if (fits_with(spell, effect)) spell.effects.push_back(effect);
  }
  std::vector<AreaClass> areas = {AreaClass::kSingle, AreaClass::kSmall, AreaClass::kMedium,
                                  AreaClass::kLarge,  AreaClass::kNuke,  AreaClass::kLine};
  if (talent.talent == Talent::kTetraMaster) areas.push_back(AreaClass::kTetramino);
  spell.area = rng.pick(areas);
  spell.shape = area_shape(spell.area, rng);
  spell.range = rng.pick(std::vector<RangeClass>{RangeClass::kClose, RangeClass::kMedium,
                                                 RangeClass::kFar, RangeClass::kSnipe});
  spell.element = talent.talent == Talent::kElementIncarnate && rng.below(2) == 0
                      ? talent.element
                      : rng.pick(elements());
  spell.adaptable = rng.below(5) == 0;
  // Snapcast only where it can be used: its +3 keeps the power under snapcast_power_below.
  spell.snapcast = rng.below(3) == 0 &&
                   spell_power(spell).power + kSnapcastPlus < parameters.snapcast_power_below;
  return spell;
}

int spell_list_power(const Wizard& wizard) {
  int total = 0;
  for (const Spell& spell : wizard.spells)
    total += spell_power(spell).power;
  return total;
}

Wizard random_wizard(const std::string& name, int budget, int shortfall,
                     const Parameters& parameters, Rng& rng) {
  if (budget < 1)
    throw InputError("--points",
                     fmt::format("expected a power budget of at least 1, got {}", budget));
  if (shortfall < 0 || shortfall >= budget)
    throw InputError("--spread", fmt::format("expected 0 to {} below the budget of {}, got {}",
                                             budget - 1, budget, shortfall));
  const int lowest = budget - shortfall;
  // No spell castable from a full MP pool has more power than this (two actions and the largest
  // talent discount, Nuclear Option's 25).
  const int strongest = parameters.wizard_max_mp + 2 * parameters.mp_per_action + 25;
  if (lowest > parameters.wizard_max_spells * strongest)
    throw InputError("--points",
                     fmt::format("a budget of {} power is out of reach: a wizard holds at most {} "
                                 "spells, each castable only under about {} power; give a "
                                 "smaller budget or a wider --spread",
                                 budget, parameters.wizard_max_spells, strongest + 1));
  const std::vector<std::string> talents = all_talent_keys();
  constexpr int kListTries = 200;   // whole lists drawn before giving up
  constexpr int kSpellTries = 400;  // spells drawn for one place in a list
  for (int list_try = 0; list_try < kListTries; ++list_try) {
    Wizard wizard;
    wizard.name = name;
    wizard.description = "Drawn at random for a balance run";
    wizard.talent.talent = parse_talent(rng.pick(talents), "talent");
    if (wizard.talent.talent == Talent::kElementIncarnate)
      wizard.talent.element = elements()[1 + rng.below(elements().size() - 1)];
    int total = 0;
    for (int slot = 0; slot < parameters.wizard_max_spells; ++slot) {
      // Within the window the list may stop; past its middle, as often as not.
      if (total >= lowest && rng.below(2) == 0) break;
      const bool last = slot + 1 == parameters.wizard_max_spells;
      const int low = last ? std::max(1, lowest - total) : 1;
      const int high = budget - total;
      bool placed = false;
      for (int spell_try = 0; spell_try < kSpellTries && !placed && high >= low; ++spell_try) {
        Spell spell = random_spell(wizard.talent, parameters, rng);
        spell.name = fmt::format("Spell {}", slot + 1);
        const int power = spell_power(spell).power;
        if (power < low || power > high ||
            cheapest_mp_cost(spell, &wizard.talent, parameters) > parameters.wizard_max_mp)
          continue;
        wizard.spells.push_back(std::move(spell));
        total += power;
        placed = true;
      }
      if (!placed) break;
    }
    if (total >= lowest && total <= budget && wizard_problems(wizard, parameters).empty())
      return wizard;
  }
  throw InputError("--points",
                   fmt::format("no list of at most {} castable spells of {} to {} power could be "
                               "drawn; give a smaller budget or a wider --spread",
                               parameters.wizard_max_spells, lowest, budget));
}

}  // namespace warband::spellweavers
