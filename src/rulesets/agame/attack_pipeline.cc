#include "rulesets/agame/attack_pipeline.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

#include "core/error.h"

namespace warband::agame {

int hit_target(int chance, int cover) {
  return chance + cover;
}

int dodge_target(int defense, int accuracy) {
  return defense + accuracy;
}

int save_target(int resistance, int power) {
  return resistance + power;
}

bool meets_target(int roll, int target, int faces) {
  if (target <= 1) return true;
  if (target > faces) return false;
  return roll >= target;
}

int hits_after_dodges(int hits, int dodges) {
  return std::max(0, hits - dodges);
}

int wounds_suffered(int unsaved_hits, int damage, bool vulnerable, bool resistant) {
  if (unsaved_hits == 0) return 0;  // not a successful attack: no vulnerability either
  const int wounds = unsaved_hits * damage + (vulnerable ? 1 : 0) - (resistant ? 1 : 0);
  return std::max(0, wounds);  // "-1 wound (to a min of 0)"
}

// ---- the chance-node machine ----

AttackDice::AttackDice(const AttackRoll& roll)
    : roll_(roll),
      pool_(roll.attack_dice, roll.faces, hit_target(roll.chance, roll.cover)) {  // steps 5-6
  WB_CHECK(roll.faces >= 1);
  WB_CHECK(roll.attack_dice >= 0 && roll.dodge_dice >= 0);
  advance();
}

void AttackDice::advance() {
  if (phase_ == Phase::kAttack && pool_.done()) {
    hits_ = pool_.successes();
    phase_ = Phase::kDodge;  // steps 9-11
    pool_ = warband::DicePool(roll_.dodge_dice, roll_.faces,
                              dodge_target(roll_.defense, roll_.accuracy));
  }
  if (phase_ == Phase::kDodge && pool_.done()) {
    dodges_ = pool_.successes();
    phase_ = Phase::kSave;  // steps 15-16: one save die per hit left
    pool_ = warband::DicePool(hits_left(), roll_.faces, save_target(roll_.resistance, roll_.power));
  }
  if (phase_ == Phase::kSave && pool_.done()) phase_ = Phase::kDone;
}

void AttackDice::apply(Action face) {
  WB_CHECK(!done());
  pool_.apply(face);
  switch (phase_) {  // the running counts, read by the tests and the table mid-roll
    case Phase::kAttack:
      hits_ = pool_.successes();
      break;
    case Phase::kDodge:
      dodges_ = pool_.successes();
      break;
    case Phase::kSave:
      saves_ = pool_.successes();
      unsaved_ = pool_.failures();
      break;
    case Phase::kDone:
      break;
  }
  advance();
}

std::string AttackDice::action_to_string(Action face) const {
  const int roll = static_cast<int>(face);
  switch (phase_) {
    case Phase::kAttack:
      return fmt::format(
          "Attack die: {} ({})", roll,
          meets_target(roll, hit_target(roll_.chance, roll_.cover), roll_.faces) ? "hit" : "miss");
    case Phase::kDodge:
      return fmt::format(
          "Dodge die: {} ({})", roll,
          meets_target(roll, dodge_target(roll_.defense, roll_.accuracy), roll_.faces) ? "dodge"
                                                                                       : "failure");
    case Phase::kSave:
      return fmt::format("Save die: {} ({})", roll,
                         meets_target(roll, save_target(roll_.resistance, roll_.power), roll_.faces)
                             ? "saved"
                             : "failure");
    case Phase::kDone:
      break;
  }
  return fmt::format("die: {}", roll);
}

int AttackDice::wounds() const {
  WB_CHECK(done());
  return wounds_suffered(unsaved_, roll_.damage, roll_.vulnerable, roll_.resistant);
}

// ---- the exact distribution ----

namespace {

// The weights of the wounds one model suffers: (hits) -> (hits left after dodges) -> (unsaved
// hits) -> wounds, each step a mixture of binomials. With Weight = probability, `scale` is 1 and
// the per-die weights are probabilities; with Weight = ways, they are face counts and the save
// dice are padded to the most there can be (`scale` = faces per die not rolled), so that every
// entry has the denominator faces^(2 x attack dice + dodge dice).
template <typename Weight>
std::vector<Weight> wound_weights(const AttackRoll& roll, Weight hit, Weight miss, Weight dodge,
                                  Weight no_dodge, Weight unsaved, Weight saved, Weight scale) {
  const int n = roll.attack_dice;
  const std::vector<Weight> hits = success_weights(n, hit, miss);
  const std::vector<Weight> dodges = success_weights(roll.dodge_dice, dodge, no_dodge);

  std::vector<Weight> left(n + 1, Weight(0));
  for (int h = 0; h <= n; ++h) {
    if (hits[h] == Weight(0)) continue;
    for (int d = 0; d <= roll.dodge_dice; ++d)
      left[hits_after_dodges(h, d)] += hits[h] * dodges[d];
  }

  std::vector<Weight> padding(n + 1, Weight(1));  // padding[k] = scale^k
  for (int k = 1; k <= n; ++k)
    padding[k] = padding[k - 1] * scale;
  // Weighted by failures: an unsaved hit is the "success" counted here.
  const std::vector<std::vector<Weight>> saves = success_weight_rows(n, unsaved, saved);

  const int most_wounds = wounds_suffered(n, roll.damage, roll.vulnerable, false);
  std::vector<Weight> wounds(std::max(most_wounds, 0) + 1, Weight(0));
  for (int r = 0; r <= n; ++r) {
    if (left[r] == Weight(0)) continue;
    const Weight weight = left[r] * padding[n - r];
    for (int u = 0; u <= r; ++u)
      wounds[wounds_suffered(u, roll.damage, roll.vulnerable, roll.resistant)] +=
          weight * saves[r][u];
  }
  return wounds;
}

// faces^(2n + m) when it fits in 64 bits: every entry of the exact count is then below it.
bool ways_fit(const AttackRoll& roll) {
  std::uint64_t total = 0;
  return checked_power(static_cast<std::uint64_t>(roll.faces),
                       2 * roll.attack_dice + roll.dodge_dice, total);
}

}  // namespace

Distribution attack_wounds(const AttackRoll& roll) {
  WB_CHECK(roll.faces >= 1 && roll.attack_dice >= 0 && roll.dodge_dice >= 0 && roll.damage >= 0);
  const int faces = roll.faces;
  const int hit = faces_meeting(hit_target(roll.chance, roll.cover), faces);
  const int dodge = faces_meeting(dodge_target(roll.defense, roll.accuracy), faces);
  const int save = faces_meeting(save_target(roll.resistance, roll.power), faces);

  if (ways_fit(roll)) {
    using Ways = std::uint64_t;
    const auto f = static_cast<Ways>(faces);
    return Distribution::from_ways(
        0, wound_weights<Ways>(roll, hit, f - hit, dodge, f - dodge, f - save, save, f));
  }
  const double p = 1.0 / faces;
  return Distribution::from_probabilities(
      0, wound_weights<double>(roll, hit * p, (faces - hit) * p, dodge * p, (faces - dodge) * p,
                               (faces - save) * p, save * p, 1.0));
}

Distribution wide_attack_wounds(const AttackRoll& roll, int targets) {
  WB_CHECK(targets >= 1);
  return attack_wounds(roll).sum_of(targets);
}

}  // namespace warband::agame
