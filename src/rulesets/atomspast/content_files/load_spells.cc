// spells.toml: spell cards, the targets a caster picks and the effects that follow, each effect
// kind with the fields it takes.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "rulesets/atomspast/content_files/content_files.h"
#include "rulesets/atomspast/stat_ranges.h"

namespace warband::atomspast::content_files {
namespace {

constexpr std::string_view kAmountWords =
    "a whole number or an amount such as \"X\", \"2X\", \"X/2\", \"3+X\" or \"1+X/2\"";

Amount parse_amount(const TomlFields& f, const toml::node& node, std::string_view key) {
  Amount amount;
  if (const auto* i = node.as_integer()) {
    if (i->get() < -1000 || i->get() > 1000)
      f.fail(node, fmt::format("'{}' must be from -1000 to 1000, got {}", key, i->get()));
    amount.constant = static_cast<int>(i->get());
    return amount;
  }
  // Bounded so that no amount asks the engine for a million dice.
  if (const auto* s = node.as_string()) {
    if (s->get().size() <= 40 && parse_amount_text(s->get(), amount) &&
        std::abs(amount.constant) <= 1000 && std::abs(amount.x_num) <= 100 && amount.x_den >= 1 &&
        amount.x_den <= 100)
      return amount;
  }
  f.fail(node,
         fmt::format("'{}' must be {}, got {}", key, kAmountWords, describe_toml_value(node)));
}

Amount amount_field(const TomlFields& f, std::string_view key, bool required,
                    Amount fallback = {}) {
  const toml::node* node = required ? &f.require(key, kAmountWords) : f.find(key);
  return node ? parse_amount(f, *node, key) : fallback;
}

// Effect fields each kind takes, beyond kind / when / every_turn / phase.
struct EffectShape {
  std::string_view kind;
  EffectKind value;
  bool target;
  std::vector<std::string_view> fields;
};

const std::vector<EffectShape>& effect_shapes() {
  static const std::vector<EffectShape> shapes = {
      {"alter", EffectKind::kAlter, true, {"stat", "amount", "turns"}},
      {"attack", EffectKind::kAttack, true, {"attack", "skill", "dice", "optional"}},
      {"damage", EffectKind::kDamage, true, {"skill", "dice"}},
      {"heal", EffectKind::kHeal, true, {"amount"}},
      {"move", EffectKind::kMove, true, {"amount", "optional"}},
      {"acti", EffectKind::kActi, true, {"amount"}},
      {"draw", EffectKind::kDraw, false, {"amount"}},
      {"channel", EffectKind::kChannel, false, {"amount"}},
  };
  return shapes;
}

const std::vector<std::pair<std::string_view, Stat>>& stat_names() {
  static const std::vector<std::pair<std::string_view, Stat>> names = {
      {"move", Stat::kMove},
      {"melee_skill", Stat::kMeleeSkill},
      {"melee_dice", Stat::kMeleeDice},
      {"melee_range", Stat::kMeleeRange},
      {"ranged_skill", Stat::kRangedSkill},
      {"ranged_dice", Stat::kRangedDice},
      {"ranged_range", Stat::kRangedRange},
      {"shield", Stat::kShield},
      {"wounds", Stat::kWounds},
  };
  return names;
}

std::string slot_list(const std::vector<TargetSlot>& slots) {
  std::string out;
  for (const TargetSlot& slot : slots)
    out += (out.empty() ? "'" : ", '") + slot.name + "'";
  return out.empty() ? "(none: the spell has no targets)" : out;
}

const TargetSlot* find_slot(const std::vector<TargetSlot>& slots, const std::string& name) {
  for (const TargetSlot& slot : slots)
    if (slot.name == name) return &slot;
  return nullptr;
}

TargetSlot load_target(const std::string& path, const toml::table& table,
                       const std::string& context, const std::vector<TargetSlot>& earlier) {
  TomlFields f(path, table, context);
  TargetSlot slot;
  slot.name = f.id("name", kIdExample);
  f.set_context(fmt::format("{}: target '{}'", context, slot.name));
  f.check_keys({"name", "side", "near", "within", "kon"});
  if (find_slot(earlier, slot.name))
    f.fail(*f.find("name"), "two targets have this name: each target needs its own name");

  // In TargetSide's order.
  slot.side = static_cast<TargetSide>(f.choice("side", {"friendly", "enemy", "any"}));

  if (const toml::node* near = f.find("near")) {
    slot.near = f.as_string(*near, "near", "the name of an earlier target");
    if (!find_slot(earlier, slot.near))
      f.fail(*near, fmt::format("'near' names '{}', which is not an earlier target of this "
                                "spell (earlier targets: {})",
                                slot.near, slot_list(earlier)));
  }
  if (const toml::node* within = f.find("within")) {
    double range = -1;
    if (const auto* i = within->as_integer()) range = static_cast<double>(i->get());
    if (const auto* d = within->as_floating_point()) range = d->get();
    const double halves = range * 2;
    if (!(range > 0 && range <= 60 && halves == std::floor(halves)))
      f.fail(*within, fmt::format("'within' must be a Range from 0.5 to 60 in steps of 0.5 "
                                  "(such as 1.5 or 6), got {}",
                                  describe_toml_value(*within)));
    slot.within_halves = static_cast<int>(halves);
  }
  if (!slot.near.empty() && slot.within_halves == 0)
    f.fail_here("'near' needs 'within' (the Range from that target, such as within = 1.5)");
  if (slot.near.empty() && slot.within_halves > 0)
    f.fail_here("'within' needs 'near' (the earlier target the Range is counted from)");
  slot.allow_kon = f.boolean_or("kon", true);
  return slot;
}

Effect load_effect(const std::string& path, const toml::table& table, const std::string& context,
                   const std::vector<TargetSlot>& slots) {
  TomlFields f(path, table, context);
  Effect effect;
  // First every key any effect takes; then, once the kind is known, the ones this kind takes.
  f.check_keys({"kind", "target", "stat", "amount", "turns", "attack", "skill", "dice", "optional",
                "when", "every_turn", "phase"});
  std::vector<std::string_view> kinds;
  for (const EffectShape& candidate : effect_shapes())
    kinds.push_back(candidate.kind);
  const EffectShape* shape = &effect_shapes()[f.choice("kind", kinds)];
  const std::string_view kind = shape->kind;
  effect.kind = shape->value;
  f.set_context(fmt::format("{} ({})", context, kind));

  // Keys that belong to another kind are errors too, with a message saying so.
  auto takes = [&](std::string_view key) {
    return std::find(shape->fields.begin(), shape->fields.end(), key) != shape->fields.end();
  };
  std::string allowed = "kind, when, every_turn, phase";
  if (shape->target) allowed += ", target";
  for (std::string_view key : shape->fields)
    allowed += fmt::format(", {}", key);
  for (auto&& [key, node] : table) {
    const std::string name(key.str());
    const bool known = name == "kind" || name == "when" || name == "every_turn" ||
                       name == "phase" || (name == "target" && shape->target) || takes(name);
    const bool other_kind = name == "target" || name == "stat" || name == "amount" ||
                            name == "turns" || name == "attack" || name == "skill" ||
                            name == "dice" || name == "optional";
    if (!known && other_kind)
      f.fail(node, fmt::format("'{}' does not apply to a '{}' effect (it takes: {})", name, kind,
                               allowed));
  }

  if (shape->target) {
    const toml::node& target = f.require("target", "the name of one of the spell's targets");
    effect.target = f.as_string(target, "target", "the name of one of the spell's targets");
    if (!find_slot(slots, effect.target))
      f.fail(target, fmt::format("'target' names '{}', which is not a target of this spell "
                                 "(its targets: {})",
                                 effect.target, slot_list(slots)));
  }

  switch (effect.kind) {
    case EffectKind::kAlter: {
      std::vector<std::string_view> stats;
      for (const auto& [name, value] : stat_names())
        stats.push_back(name);
      effect.stat = stat_names()[f.choice("stat", stats)].second;
      effect.amount = amount_field(f, "amount", true);
      effect.turns = f.integer_or("turns", 0, 0, 100);
      break;
    }
    case EffectKind::kAttack: {
      effect.attack_kind =
          f.choice("attack", {"melee", "ranged"}) == 0 ? AttackKind::kMelee : AttackKind::kRanged;
      effect.skill = amount_field(f, "skill", false);
      effect.dice = amount_field(f, "dice", false);
      effect.optional = f.boolean_or("optional", false);
      break;
    }
    case EffectKind::kDamage:
      effect.skill = amount_field(f, "skill", true);
      effect.dice = amount_field(f, "dice", true);
      break;
    case EffectKind::kMove:
      effect.amount = amount_field(f, "amount", true);
      effect.optional = f.boolean_or("optional", false);
      break;
    case EffectKind::kHeal:
    case EffectKind::kActi:
    case EffectKind::kDraw:
    case EffectKind::kChannel:
      effect.amount = amount_field(f, "amount", true);
      break;
  }

  if (const toml::node* when = f.find("when")) {
    effect.when = f.as_string(*when, "when", "\"destroyed:SLOT\" or \"survived:SLOT\"");
    const std::size_t colon = effect.when.find(':');
    const std::string condition = effect.when.substr(0, colon);
    const std::string slot = colon == std::string::npos ? "" : effect.when.substr(colon + 1);
    if ((condition != "destroyed" && condition != "survived") || slot.empty())
      f.fail(*when, fmt::format("'when' must be \"destroyed:SLOT\" or \"survived:SLOT\" (SLOT a "
                                "target of this spell), got {}",
                                describe_toml_value(*when)));
    if (!find_slot(slots, slot))
      f.fail(*when, fmt::format("'when' names '{}', which is not a target of this spell (its "
                                "targets: {})",
                                slot, slot_list(slots)));
  }
  if (const toml::node* every = f.find("every_turn")) {
    effect.every_turn = parse_amount(f, *every, "every_turn");
    if (effect.every_turn.constant < 0 || effect.every_turn.x_num < 0)
      f.fail(*every, "'every_turn' must not be negative: it counts the caster's phases");
  }
  // Which phase's Additional Effects step a repeating effect resolves at (ruling "Additional
  // Effects"): the Battlefield Phase's unless it says otherwise.
  if (const toml::node* phase = f.find("phase")) {
    if (!f.find("every_turn"))
      f.fail(*phase,
             "'phase' needs 'every_turn': it says at which phase's Additional Effects step "
             "a repeating effect resolves");
    static const std::vector<std::string_view> phases = {"spell", "kon", "battlefield"};
    effect.phase = static_cast<EffectPhase>(f.as_choice(*phase, "phase", phases));
  }
  return effect;
}

}  // namespace

std::vector<SpellCard> load_spells(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  const TomlFields top(path, root);
  top.check_keys({"spell"});
  const auto tables = top.tables_of("spell", "[[spell]]");
  if (tables.empty()) top.fail_here("no [[spell]] entries: expected at least one spell card");

  std::vector<SpellCard> spells;
  std::map<std::string, int> seen;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    TomlFields f(path, *tables[i], fmt::format("spell #{}", i + 1));
    SpellCard spell;
    spell.id = f.id("id", kIdExample);
    const std::string context = fmt::format("spell '{}'", spell.id);
    f.set_context(context);
    f.check_keys({"id", "name", "acti", "knowledge", "text", "flavour", "targets", "effects"});
    const int line = static_cast<int>(tables[i]->source().begin.line);
    if (auto [it, fresh] = seen.emplace(spell.id, line); !fresh)
      f.fail(*f.find("id"), fmt::format("duplicate id: another spell with id '{}' is at line {}",
                                        spell.id, it->second));
    spell.name = f.string("name");
    spell.acti = f.integer("acti", kSpellActiRange.min, kSpellActiRange.max);
    spell.knowledge = f.integer("knowledge", kSpellKnowledgeRange.min, kSpellKnowledgeRange.max);
    spell.text = f.string("text", "the card's rules text");
    spell.flavour = f.string_or("flavour", "");

    if (const toml::array* targets =
            f.array_or_null("targets",
                            "a list of targets such as [ { name = \"unit\", side = "
                            "\"friendly\" } ]")) {
      for (const toml::node& node : *targets) {
        const auto* table = node.as_table();
        if (!table)
          f.fail(node, fmt::format("each target must be a table such as {{ name = \"unit\", "
                                   "side = \"friendly\" }}, got {}",
                                   describe_toml_value(node)));
        spell.targets.push_back(load_target(path, *table, context, spell.targets));
      }
    }
    const toml::array& effects =
        f.array("effects", "a list of effects such as [ { kind = \"heal\", ... } ]");
    if (effects.empty()) f.fail(effects, "'effects' is empty: a spell needs at least one effect");
    for (const toml::node& node : effects) {
      const auto* table = node.as_table();
      if (!table)
        f.fail(node, fmt::format("each effect must be a table such as {{ kind = \"heal\", "
                                 "target = \"unit\", amount = \"X\" }}, got {}",
                                 describe_toml_value(node)));
      spell.effects.push_back(
          load_effect(path, *table, fmt::format("{}: effect {}", context, spell.effects.size() + 1),
                      spell.targets));
    }
    spells.push_back(std::move(spell));
  }
  return spells;
}

}  // namespace warband::atomspast::content_files
