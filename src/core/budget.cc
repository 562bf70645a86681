#include "core/budget.h"

#include <fmt/format.h>

namespace warband {

const Budget& Budget::unlimited() {
  static const Budget budget;
  return budget;
}

double Budget::seconds_given() const {
  if (deadline_ == Clock::time_point::max()) return 0;
  return std::chrono::duration<double>(deadline_ - start_).count();
}

void check_budget(const Budget& budget, const std::string& work) {
  if (budget.cancelled()) throw BudgetExhausted(fmt::format("{} was cancelled", work));
  if (budget.expired())
    throw BudgetExhausted(
        fmt::format("{} ran past its time limit of {:g} s", work, budget.seconds_given()));
}

}  // namespace warband
