// Spellweavers dice (seed 002, "COMBAT RULES", "EFFECTS", "STATUS CONDITIONS", "TERRAIN
// CONDITIONS"); rulings in docs/rulings/spellweavers.md.
#include "rulesets/spellweavers/dice.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdint>

#include "core/error.h"

namespace warband::spellweavers {

int reduce_damage(int damage, const Reductions& reductions, const Parameters& parameters) {
  // "reduce that damage by 4 (but not to less than 1)", once for each reduction that applies.
  const auto reduce = [&](bool applies, int amount) {
    if (applies) damage = std::max(std::min(damage, parameters.minimum_damage), damage - amount);
  };
  reduce(reductions.defend, parameters.defend_reduction);
  reduce(reductions.protection, parameters.protection_reduction);
  reduce(reductions.fortified, parameters.fortified_reduction);
  return damage;
}

ConditionRule condition_rule(Condition condition, const Parameters& parameters) {
  switch (condition) {
    case Condition::kPoison:
      // "they take damage equal to the roll's result (even on a roll of 6)"
      return {"Poison", parameters.poison_remove, ConditionTick::kDamage, false};
    case Condition::kSlow:
      return {"Slow", parameters.slow_remove, ConditionTick::kNothing, false};
    case Condition::kStun:
      // "At the end of their turn, remove this condition without rolling." (ruling "Stun")
      return {"Stun", parameters.stun_remove, ConditionTick::kNothing, true};
    case Condition::kRegenerate:
      // "they regain HP equal to the roll's result (even on a roll of 6)"
      return {"Regenerate", parameters.regenerate_remove, ConditionTick::kHealing, false};
    case Condition::kProtection:
      return {"Protection", parameters.protection_remove, ConditionTick::kNothing, false};
  }
  WB_CHECK(false && "unknown condition");
  return {};
}

Condition parse_condition(const std::string& name, const std::string& where) {
  std::string lower = name;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  const std::pair<const char*, Condition> known[] = {{"poison", Condition::kPoison},
                                                     {"slow", Condition::kSlow},
                                                     {"stun", Condition::kStun},
                                                     {"regenerate", Condition::kRegenerate},
                                                     {"protection", Condition::kProtection}};
  for (const auto& [known_name, condition] : known)
    if (lower == known_name) return condition;
  const char* const names = "poison, slow, stun, regenerate, protection";
  if (lower == "dispel")
    throw InputError(where, fmt::format("Dispel has no removal roll (\"Remove: N/A\": it removes "
                                        "every condition at once); conditions with one: {}",
                                        names));
  throw InputError(where, fmt::format("unknown status condition '{}'; conditions with a removal "
                                      "roll: {}",
                                      name, names));
}

// ---------------------------------------------------------------------------------------------
// Machines.

std::vector<ChanceOutcome> DiceMachine::chance_outcomes() const {
  if (done()) return {};
  return die_outcomes(faces_);
}

int play(DiceMachine& machine, Rng& rng) {
  while (!machine.done())
    machine.apply(rng.sample(machine.chance_outcomes()));
  return machine.value();
}

PoolRoll::PoolRoll(int dice, bool is_damage, const Reductions& reductions,
                   const Parameters& parameters)
    : DiceMachine(parameters.die_faces),
      pool_(dice, parameters.die_faces),
      is_damage_(is_damage),
      reductions_(reductions),
      parameters_(parameters) {}

PoolRoll PoolRoll::damage(int dice, const Reductions& reductions, const Parameters& parameters) {
  return PoolRoll(dice, true, reductions, parameters);
}

PoolRoll PoolRoll::healing(int dice, const Parameters& parameters) {
  return PoolRoll(dice, false, Reductions{}, parameters);
}

int PoolRoll::value() const {
  return is_damage_ ? reduce_damage(pool_.total(), reductions_, parameters_) : pool_.total();
}

ConditionRolls::ConditionRolls(Condition condition, int turns, Measure measure,
                               const Reductions& reductions, const Parameters& parameters)
    : DiceMachine(parameters.die_faces),
      rule_(condition_rule(condition, parameters)),
      turns_(turns),
      measure_(measure),
      reductions_(reductions),
      parameters_(parameters) {
  WB_CHECK(turns >= 0);
}

void ConditionRolls::apply(Action action) {
  const int face = static_cast<int>(action);
  WB_CHECK(!done() && face >= 1 && face <= faces_);
  // Only the end-of-turn rolls deal or restore: "When the affected combatant rolls to remove
  // this condition at end of turn" (ruling "Poison and Regenerate").
  if (turn_ > 0 && rule_.tick == ConditionTick::kDamage)
    total_ += reduce_damage(face, reductions_, parameters_);
  if (turn_ > 0 && rule_.tick == ConditionTick::kHealing) total_ += face;
  if (face >= rule_.remove) {
    removed_turn_ = turn_;
    return;
  }
  ++turn_;
  after_roll();
}

void ConditionRolls::after_roll() {
  if (rule_.ends_at_first_turn_end && turn_ == 1 && turn_ <= turns_) removed_turn_ = 1;
}

int ConditionRolls::value() const {
  return measure_ == Measure::kRemovalTurn ? removed_turn_ : total_;
}

// ---------------------------------------------------------------------------------------------
// Exact distributions.

Distribution damage_roll_odds(int dice, const Reductions& reductions,
                              const Parameters& parameters) {
  return pool_total(dice, parameters.die_faces).map([&](int total) {
    return reduce_damage(total, reductions, parameters);
  });
}

Distribution healing_roll_odds(int dice, const Parameters& parameters) {
  return pool_total(dice, parameters.die_faces);
}

Distribution removal_turn_odds(Condition condition, int turns, const Parameters& parameters) {
  WB_CHECK(turns >= 0);
  const ConditionRule rule = condition_rule(condition, parameters);
  const std::uint64_t faces = parameters.die_faces;
  const std::uint64_t removing = faces - rule.remove + 1;  // faces at or above the remove value
  const std::uint64_t staying = faces - removing;
  if (rule.ends_at_first_turn_end) {
    // Removed by the roll when applied, else at the first turn end without a roll.
    if (turns == 0) return Distribution::from_ways(kStillActive, {staying, removing});
    return Distribution::from_ways(0, {removing, staying});
  }
  // Removed at roll t (t = 0 when applied, then each turn end): staying^t * removing ways out
  // of faces^(t+1); still on after `turns`: staying^(turns+1). Index 0 is kStillActive.
  std::uint64_t denominator = 0;
  if (checked_power(faces, turns + 1, denominator)) {
    std::vector<std::uint64_t> ways(turns + 2);
    std::uint64_t stay_ways = 1;  // staying^t
    for (int t = 0; t <= turns; ++t) {
      std::uint64_t later = 1;  // the rolls after t count every face: faces^(turns - t)
      checked_power(faces, turns - t, later);
      ways[t + 1] = stay_ways * removing * later;
      stay_ways *= staying;
    }
    ways[0] = stay_ways;
    return Distribution::from_ways(kStillActive, ways);
  }
  const double p = static_cast<double>(removing) / faces;
  std::vector<double> probabilities(turns + 2);
  double still = 1.0;  // (1 - p)^t
  for (int t = 0; t <= turns; ++t) {
    probabilities[t + 1] = still * p;
    still *= 1.0 - p;
  }
  probabilities[0] = still;
  return Distribution::from_probabilities(kStillActive, probabilities);
}

Distribution condition_total_odds(Condition condition, int turns, const Reductions& reductions,
                                  const Parameters& parameters) {
  WB_CHECK(turns >= 0);
  const ConditionRule rule = condition_rule(condition, parameters);
  const int faces = parameters.die_faces;
  if (rule.tick == ConditionTick::kNothing || rule.remove <= 1) return Distribution::point(0);
  const auto amount = [&](int face) {
    return rule.tick == ConditionTick::kDamage ? reduce_damage(face, reductions, parameters) : face;
  };
  const double p = static_cast<double>(faces - rule.remove + 1) / faces;
  // One end-of-turn roll that keeps the condition, and the one that removes it (it still counts).
  const Distribution keeps = Distribution::uniform(1, rule.remove - 1).map(amount);
  const Distribution removes = Distribution::uniform(rule.remove, faces).map(amount);

  std::vector<double> weights{p};  // removed by the roll when applied: nothing dealt
  std::vector<Distribution> totals{Distribution::point(0)};
  Distribution kept_so_far;  // the total of the rolls so far, given each kept the condition
  double reach = 1.0 - p;    // the chance the condition is still on at this turn end
  for (int turn = 1; turn <= turns; ++turn) {
    weights.push_back(reach * p);
    totals.push_back(kept_so_far.plus(removes));
    kept_so_far = kept_so_far.plus(keeps);
    reach *= 1.0 - p;
  }
  weights.push_back(reach);  // still on after the last turn
  totals.push_back(kept_so_far);
  return Distribution::mixture(weights, totals);
}

}  // namespace warband::spellweavers
