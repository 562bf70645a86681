#include "rulesets/spellweavers/wizard.h"

#include <fmt/format.h>

#include <map>

#include "core/error.h"

namespace warband::spellweavers {

std::vector<std::string> wizard_problems(const Wizard& wizard, const Parameters& parameters) {
  std::vector<std::string> problems;
  if (wizard.name.empty()) problems.push_back("The wizard has no name.");
  // Element Incarnate: "choose an element (that isn't pure magical energy)".
  const bool incarnate = wizard.talent.talent == Talent::kElementIncarnate;
  if (incarnate &&
      (wizard.talent.element.empty() || same_element(wizard.talent.element, kPureMagic)))
    problems.push_back(
        "Element Incarnate needs an element chosen, and not pure magical energy (e.g. fire).");
  if (!incarnate && !wizard.talent.element.empty())
    problems.push_back(
        fmt::format("A talent element ('{}') is only for Element Incarnate; {} "
                    "takes none.",
                    wizard.talent.element, talent_name(wizard.talent.talent)));
  const int count = static_cast<int>(wizard.spells.size());
  if (count > parameters.wizard_max_spells)
    problems.push_back(fmt::format("The spell list has {} spells; it can contain up to {}.", count,
                                   parameters.wizard_max_spells));
  std::map<std::string, int> names;  // each name: how many spells have it
  for (size_t i = 0; i < wizard.spells.size(); ++i) {
    const Spell& spell = wizard.spells[i];
    const std::string label =
        spell.name.empty() ? fmt::format("Spell {}", i + 1) : fmt::format("Spell '{}'", spell.name);
    if (spell.name.empty()) problems.push_back(label + " has no name.");
    // Once per name, however many share it.
    if (!spell.name.empty() && ++names[spell.name] == 2)
      problems.push_back(fmt::format("Two spells are named '{}'.", spell.name));
    for (const std::string& problem : spell_problems(spell, &wizard.talent))
      problems.push_back(fmt::format("{}: {}.", label, problem));
    const int cheapest = cheapest_mp_cost(spell, &wizard.talent, parameters);
    if (cheapest > parameters.wizard_max_mp)
      problems.push_back(
          fmt::format("{} costs at least {} MP (power {}), more than the wizard's {} "
                      "max MP: it could never be cast.",
                      label, cheapest, spell_power(spell).power, parameters.wizard_max_mp));
  }
  return problems;
}

void check_castable(const Spell& spell, const Wizard& wizard, const Parameters& parameters) {
  // "Tetramino - [...] Squares affected: 4. Special - The affected squares must be orthogonally
  // adjacent to each other": any other shape is no Tetramino, and no cast could place it.
  if (spell.area == AreaClass::kTetramino &&
      (spell.shape.size() != 4 || !orthogonally_connected(spell.shape)))
    throw InputError("--shape",
                     fmt::format("must be exactly 4 squares of a Tetramino, each sharing a side "
                                 "with another (a tetris block, e.g. 0,0;1,0;2,0;1,1), got {}",
                                 spell.shape.empty() ? "no squares" : shape_text(spell.shape)));
  // "To cast a spell, spend its MP cost from your wizard's MP": with every action count it may
  // be cast with, the spell costs more than the wizard ever has.
  const int cheapest = cheapest_mp_cost(spell, &wizard.talent, parameters);
  if (cheapest > parameters.wizard_max_mp)
    throw InputError(
        "--effect",
        fmt::format("is too strong for this wizard: '{}' has power {}, so even its cheapest "
                    "cast costs {} MP, more than {}'s max MP of {}; it could never be cast",
                    spell.name, spell_power(spell).power, cheapest, wizard.name,
                    parameters.wizard_max_mp));
}

const Spell* find_spell(const Wizard& wizard, const std::string& name) {
  for (const Spell& spell : wizard.spells)
    if (spell.name == name) return &spell;
  return nullptr;
}

}  // namespace warband::spellweavers
