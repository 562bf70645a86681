// Every list an input can make long (a spell's effects, a warband's units, a request's entries)
// has a named limit, and a longer one is refused when it is read, before any work or any report
// grows with it (issue 14: 5,000 effects in one request grew past 6.9 GB). The limits themselves
// belong to the ruleset or the format that reads the list; this is the one check and message.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace warband {

// Throws InputError(where, "5000 effects, more than the 24 allowed") when `size` > `limit`.
// `items` is the plural noun: "effects", "squares".
void check_list_size(std::size_t size, std::size_t limit, const std::string& where,
                     std::string_view items);

}  // namespace warband
