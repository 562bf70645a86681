#include "rulesets/conflict/character_problems.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "core/text.h"
#include "rulesets/conflict/character_cost.h"

namespace warband::conflict {
namespace {

// Collects problems, each "file:line: context: what" when the field's line is known.
class ProblemList {
 public:
  ProblemList(std::vector<std::string>& out, const FieldLines& lines, std::string prefix,
              std::string context)
      : out_(out), lines_(lines), prefix_(std::move(prefix)), context_(std::move(context)) {}

  // `field` is the path under the prefix ("wounds", "attacks.0.strength"); the line of the
  // nearest recorded field on the path is used, else the whole thing's (the key "").
  void add(const std::string& field, const std::string& what) const {
    std::string path = prefix_ + field;
    std::string where;
    while (true) {
      if (const auto found = lines_.find(path); found != lines_.end()) {
        where = found->second;
        break;
      }
      const auto dot = path.rfind('.');
      if (dot == std::string::npos) break;
      path.resize(dot);
    }
    if (where.empty())
      if (const auto whole = lines_.find(prefix_); whole != lines_.end()) where = whole->second;
    std::string message = context_.empty() ? what : context_ + ": " + what;
    out_.push_back(where.empty() ? message : where + ": " + message);
  }

 private:
  std::vector<std::string>& out_;
  const FieldLines& lines_;
  std::string prefix_;
  std::string context_;
};

// A problem unless `value` is in [low, high]. The field's path and label are callables, called
// only for a problem: writing them for every number checked was most of checking a character,
// which a game does for each it sets up.
template <typename Field, typename Label>
void check_range(const ProblemList& problems, const Field& field, const Label& label, int value,
                 int low, int high, std::string_view why) {
  if (value < low || value > high)
    problems.add(field(),
                 fmt::format("{} {} must be from {} to {} ({})", label(), value, low, high, why));
}

std::string attack_label(const Attack& attack, std::size_t index) {
  return attack.name.empty() ? fmt::format("attack #{}", index + 1)
                             : fmt::format("attack '{}'", attack.name);
}

void check_attack(const ProblemList& problems, const Attack& attack, std::size_t index,
                  const CreationLimits& limits) {
  // "attacks.0.strength" and "attack 'Sword'", written only for a problem.
  const auto field = [&](std::string_view key) { return fmt::format("attacks.{}.{}", index, key); };
  const auto label = [&] { return attack_label(attack, index); };
  if (attack.name.empty()) problems.add(field("name"), label() + " needs a name");
  if (attack.strength < kMinStrength || attack.strength > kMaxStrength)
    problems.add(field("strength"),
                 fmt::format("{}: strength {} is off the seed's Attack Strength 1-6", label(),
                             attack.strength));
  check_range(
      problems, [&] { return field("range"); }, [&] { return label() + ": range"; },
      attack.range_inches, 0, limits.range_max_inches,
      "inches, added to Attack Reach; [limits] range_max_inches");
  if (attack.target == TargetType::kArea)
    check_range(
        problems, [&] { return field("radius"); },
        [&] { return label() + ": an Area attack's radius"; }, attack.radius_inches, 1,
        limits.area_radius_max_inches, "inches; [limits] area_radius_max_inches");
  else if (attack.radius_inches != 0)
    problems.add(field("radius"), fmt::format("{}: a radius is for Area attacks only, not {}",
                                              label(), target_type_name(attack.target)));
  if (attack.target == TargetType::kRicochet)
    check_range(
        problems, [&] { return field("jumps"); },
        [&] { return label() + ": a Ricochet attack's jumps"; }, attack.ricochet_jumps, 1,
        limits.ricochet_jumps_max, "targets after the first; [limits] ricochet_jumps_max");
  else if (attack.ricochet_jumps != 0)
    problems.add(field("jumps"), fmt::format("{}: jumps are for Ricochet attacks only, not {}",
                                             label(), target_type_name(attack.target)));
  if (static_cast<int>(attack.effects.size()) > limits.effects_per_attack_max)
    problems.add(field("effects"),
                 fmt::format("{} has {} effects, more than the {} allowed ([limits] "
                             "effects_per_attack_max)",
                             label(), attack.effects.size(), limits.effects_per_attack_max));
  for (std::size_t e = 0; e < attack.effects.size(); ++e) {
    const AttackEffect& effect = attack.effects[e];
    const int most = stacks(effect.effect) ? kMaxTokens : 1;
    if (effect.tokens < 1 || effect.tokens > most)
      problems.add(field(fmt::format("effects.{}.tokens", e)),
                   fmt::format("{}: {} tokens {} must be from 1 to {} ({})", label(),
                               effect_name(effect.effect), effect.tokens, most,
                               stacks(effect.effect) ? "a condition stacks up to 3 times"
                                                     : "it happens once"));
  }
}

}  // namespace

std::vector<std::string> character_problems(const Character& character, const CreationRules& rules,
                                            const FieldLines& lines, const std::string& context) {
  std::vector<std::string> out;
  const ProblemList problems(out, lines, "", context);
  const CreationLimits& limits = rules.limits;
  if (character.name.empty()) problems.add("name", "the character needs a name");
  const SizeCategory* size = rules.find_size(character.size);
  if (!size)
    problems.add("size", fmt::format("size {} is off the Size Category table (1 to {})",
                                     character.size, rules.sizes.size()));
  const auto named = [](const char* name) { return [name] { return std::string(name); }; };
  check_range(problems, named("attack_skill"), named("attack_skill"), character.attack_skill, 0,
              limits.attack_skill_max, "[limits] attack_skill_max");
  check_range(problems, named("defense"), named("defense"), character.defense, 0,
              limits.defense_max, "[limits] defense_max");
  for (int t = 0; t < kAttackTypeCount; ++t)
    check_range(
        problems, [&] { return fmt::format("resistance.{}", attack_type_keys()[t]); },
        [&] { return fmt::format("resistance {}", attack_type_keys()[t]); },
        character.resistance[t], 0, limits.resistance_max, "[limits] resistance_max");
  if (character.wounds < 1)
    problems.add("wounds", fmt::format("wounds {} must be at least 1", character.wounds));
  else if (size && character.wounds > size->max_wounds)
    problems.add("wounds", fmt::format("wounds {} is more than a size {} ({}) character may have "
                                       "({}; creation.toml max_wounds)",
                                       character.wounds, size->size, size->name, size->max_wounds));
  check_range(problems, named("extra_strides"), named("extra_strides"), character.extra_strides, 0,
              limits.extra_strides_max, "[limits] extra_strides_max");

  if (character.attacks.empty())
    problems.add("attacks", "has no attack: a character needs at least one [[attacks]]");
  if (static_cast<int>(character.attacks.size()) > limits.attacks_max)
    problems.add("attacks", fmt::format("has {} attacks, more than the {} allowed ([limits] "
                                        "attacks_max)",
                                        character.attacks.size(), limits.attacks_max));
  std::set<std::string> attack_names;
  for (std::size_t i = 0; i < character.attacks.size(); ++i) {
    const Attack& attack = character.attacks[i];
    check_attack(problems, attack, i, limits);
    if (!attack.name.empty() && !attack_names.insert(attack.name).second)
      problems.add(fmt::format("attacks.{}.name", i),
                   fmt::format("two attacks are named '{}'", attack.name));
  }

  if (static_cast<int>(character.abilities.size()) > limits.abilities_max)
    problems.add("abilities", fmt::format("has {} abilities, more than the {} allowed ([limits] "
                                          "abilities_max)",
                                          character.abilities.size(), limits.abilities_max));
  std::set<std::string> abilities;
  for (const std::string& ability : character.abilities) {
    if (!rules.find_ability(ability)) {
      const std::vector<std::string> ids = rules.ability_ids();
      const std::vector<std::string_view> candidates(ids.begin(), ids.end());
      problems.add("abilities",
                   fmt::format("ability '{}' is not one of abilities.toml ({}){}", ability,
                               fmt::join(ids, ", "), did_you_mean(ability, candidates)));
    } else if (!abilities.insert(ability).second)
      problems.add("abilities", fmt::format("ability '{}' is listed twice", ability));
  }
  return out;
}

std::vector<std::string> warband_problems(const Warband& warband, const CreationRules& rules,
                                          const FieldLines& lines) {
  std::vector<std::string> out;
  const ProblemList problems(out, lines, "", "");
  if (warband.name.empty()) problems.add("name", "the warband needs a name");
  if (warband.points_limit < 1)
    problems.add("points_limit",
                 fmt::format("points_limit {} must be at least 1", warband.points_limit));
  if (warband.characters.empty())
    problems.add("characters", "has no character: add [[characters]]");
  if (static_cast<int>(warband.characters.size()) > rules.limits.warband_characters_max)
    problems.add("characters",
                 fmt::format("has {} characters, more than the {} allowed ([limits] "
                             "warband_characters_max)",
                             warband.characters.size(), rules.limits.warband_characters_max));
  for (std::size_t i = 0; i < warband.characters.size(); ++i) {
    const WarbandEntry& entry = warband.characters[i];
    const std::string label =
        entry.file.empty()
            ? fmt::format("character #{} '{}'", i + 1, entry.character.name)
            : fmt::format("character #{} '{}' ({})", i + 1, entry.character.name, entry.file);
    // An inline character's fields have their lines under "characters.N."; a file's lines are in
    // that file, which the content keeps legal (its own problems are found when it is read).
    FieldLines own;
    const std::string prefix = fmt::format("characters.{}.", i);
    for (const auto& [field, where] : lines)
      if (field.rfind(prefix, 0) == 0) own[field.substr(prefix.size())] = where;
    if (const auto found = lines.find(fmt::format("characters.{}", i)); found != lines.end())
      own[""] = found->second;  // the entry's own line, for a field with none
    // A file that could not be read is its own problem (the reader's): no more about it here.
    if (!entry.found) continue;
    for (std::string& problem : character_problems(entry.character, rules, own, label))
      out.push_back(std::move(problem));
  }
  const int points = warband_points(warband, rules.costs);
  if (warband.points_limit >= 1 && points > warband.points_limit)
    problems.add("points_limit", fmt::format("the characters cost {} points, over the limit of {}",
                                             points, warband.points_limit));
  return out;
}

}  // namespace warband::conflict
