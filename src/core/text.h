// Small text helpers every layer uses, in one place.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace warband {

// `text` without leading and trailing white space (a view into it).
std::string_view trim(std::string_view text);

// `text` with ASCII letters made lower case.
std::string lower(std::string_view text);

// Levenshtein distance: the fewest one-character insertions, deletions and substitutions that
// turn `a` into `b`.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The project's one "did you mean": the candidate nearest to `name` when it is near enough to be
// a typo of it (at most 2 edits, and fewer edits than the candidate has characters, so that "x"
// does not suggest "id"); "" when none is. Ties go to the earlier candidate.
std::string closest_match(std::string_view name, const std::vector<std::string_view>& candidates);

// ". Did you mean 'move'?" to end a message about `name` (one without a full stop of its own), or
// "" when no candidate is near.
std::string did_you_mean(std::string_view name, const std::vector<std::string_view>& candidates);

}  // namespace warband
