#include "rulesets/agame/attack_pipeline.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

#include "core/error.h"

namespace warband::agame {

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

int faces_meeting(int target, int faces) {
  return std::clamp(faces - target + 1, 0, faces);
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

AttackDice::AttackDice(const AttackRoll& roll) : roll_(roll) {
  WB_CHECK(roll.faces >= 1);
  WB_CHECK(roll.attack_dice >= 0 && roll.dodge_dice >= 0);
  advance();
}

void AttackDice::advance() {
  if (phase_ == Phase::kAttack && rolled_ == roll_.attack_dice) {
    phase_ = Phase::kDodge;
    rolled_ = 0;
  }
  if (phase_ == Phase::kDodge && rolled_ == roll_.dodge_dice) {
    phase_ = Phase::kSave;
    rolled_ = 0;
  }
  if (phase_ == Phase::kSave && rolled_ == hits_left()) phase_ = Phase::kDone;
}

std::vector<ChanceOutcome> AttackDice::chance_outcomes() const {
  std::vector<ChanceOutcome> outcomes;
  if (done()) return outcomes;
  const double probability = 1.0 / roll_.faces;
  outcomes.reserve(roll_.faces);
  for (int face = 1; face <= roll_.faces; ++face)
    outcomes.push_back({face, probability});
  return outcomes;
}

void AttackDice::apply(Action face) {
  WB_CHECK(!done());
  WB_CHECK(face >= 1 && face <= roll_.faces);
  const int roll = static_cast<int>(face);
  switch (phase_) {
    case Phase::kAttack:  // step 6
      hits_ += meets_target(roll, roll_.chance, roll_.faces);
      break;
    case Phase::kDodge:  // steps 9-11
      dodges_ += meets_target(roll, dodge_target(roll_.defense, roll_.accuracy), roll_.faces);
      break;
    case Phase::kSave:  // steps 15-16
      if (meets_target(roll, save_target(roll_.resistance, roll_.power), roll_.faces)) {
        ++saves_;
      } else {
        ++unsaved_;
      }
      break;
    case Phase::kDone:
      break;
  }
  ++rolled_;
  advance();
}

std::string AttackDice::action_to_string(Action face) const {
  const int roll = static_cast<int>(face);
  switch (phase_) {
    case Phase::kAttack:
      return fmt::format("Attack die: {} ({})", roll,
                         meets_target(roll, roll_.chance, roll_.faces) ? "hit" : "miss");
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

// Row r holds the coefficients of (failure + success x)^r: C(r, k) success^k failure^(r-k), the
// weight of k successes among r dice. Rows 0..n, built one from the previous.
template <typename Weight>
std::vector<std::vector<Weight>> binomial_rows(int n, Weight success, Weight failure) {
  std::vector<std::vector<Weight>> rows(n + 1);
  rows[0] = {Weight(1)};
  for (int r = 1; r <= n; ++r) {
    const std::vector<Weight>& previous = rows[r - 1];
    std::vector<Weight>& row = rows[r];
    row.assign(r + 1, Weight(0));
    for (int k = 0; k < r; ++k) {
      row[k] += previous[k] * failure;
      row[k + 1] += previous[k] * success;
    }
  }
  return rows;
}

template <typename Weight>
std::vector<Weight> binomial_row(int n, Weight success, Weight failure) {
  std::vector<Weight> row(n + 1, Weight(0));
  row[0] = Weight(1);
  for (int r = 1; r <= n; ++r)
    for (int k = r; k >= 0; --k)
      row[k] = row[k] * failure + (k > 0 ? row[k - 1] * success : Weight(0));
  return row;
}

// The weights of the wounds one model suffers: (hits) -> (hits left after dodges) -> (unsaved
// hits) -> wounds, each step a mixture of binomials. With Weight = probability, `scale` is 1 and
// the per-die weights are probabilities; with Weight = ways, they are face counts and the save
// dice are padded to the most there can be (`scale` = faces per die not rolled), so that every
// entry has the denominator faces^(2 x attack dice + dodge dice).
template <typename Weight>
std::vector<Weight> wound_weights(const AttackRoll& roll, Weight hit, Weight miss, Weight dodge,
                                  Weight no_dodge, Weight unsaved, Weight saved, Weight scale) {
  const int n = roll.attack_dice;
  const std::vector<Weight> hits = binomial_row(n, hit, miss);
  const std::vector<Weight> dodges = binomial_row(roll.dodge_dice, dodge, no_dodge);

  std::vector<Weight> left(n + 1, Weight(0));
  for (int h = 0; h <= n; ++h) {
    if (hits[h] == Weight(0)) continue;
    for (int d = 0; d <= roll.dodge_dice; ++d)
      left[hits_after_dodges(h, d)] += hits[h] * dodges[d];
  }

  std::vector<Weight> padding(n + 1, Weight(1));  // padding[k] = scale^k
  for (int k = 1; k <= n; ++k)
    padding[k] = padding[k - 1] * scale;
  const std::vector<std::vector<Weight>> saves = binomial_rows(n, unsaved, saved);

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
  std::uint64_t total = 1;
  const int dice = 2 * roll.attack_dice + roll.dodge_dice;
  for (int i = 0; i < dice; ++i)
    if (__builtin_mul_overflow(total, static_cast<std::uint64_t>(roll.faces), &total)) return false;
  return true;
}

}  // namespace

Distribution attack_wounds(const AttackRoll& roll) {
  WB_CHECK(roll.faces >= 1 && roll.attack_dice >= 0 && roll.dodge_dice >= 0 && roll.damage >= 0);
  const int faces = roll.faces;
  const int hit = faces_meeting(roll.chance, faces);
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
