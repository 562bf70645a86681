#include "cli/app.h"

#include <cstdio>

namespace warband::cli {

int run(int, char**) {
  std::puts("warband");
  return 0;
}

}  // namespace warband::cli
