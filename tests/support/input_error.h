// The message of the InputError a call throws, for tests that check what a user would read.
#pragma once

#include <string>

#include "core/error.h"

namespace warband::testing {

// The message ("where: what") of the InputError `call` throws, or "" if it throws none.
template <typename Call>
std::string input_error(Call call) {
  try {
    call();
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

}  // namespace warband::testing
