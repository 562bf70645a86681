#include "core/error.h"

namespace warband {

void fail_check(const char* file, int line, const std::string& message) {
  throw InvariantError(fmt::format("{}:{}: {}", file, line, message));
}

}  // namespace warband
