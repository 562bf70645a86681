#include "core/input_limits.h"

#include <fmt/format.h>

#include "core/error.h"

namespace warband {

void check_list_size(std::size_t size, std::size_t limit, const std::string& where,
                     std::string_view items) {
  if (size > limit)
    throw InputError(where, fmt::format("{} {}, more than the {} allowed", size, items, limit));
}

}  // namespace warband
