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

// `text` cut to at most `most` characters (most >= 3) for quoting in a message, its last three
// "..." when cut: input quoted in an error may be huge.
std::string shortened(std::string_view text, std::size_t most);

// How many columns `text` takes on a terminal: its UTF-8 characters ("—" is one), each counted
// one column wide.
std::size_t display_columns(std::string_view text);

// `parts` joined by `separator` into lines of at most `columns` columns (display_columns), a
// line broken only between parts; every line after the first starts with `indent`. A part longer
// than a line gets a line of its own. columns <= 0: one line.
std::string wrap_parts(const std::vector<std::string>& parts, std::string_view separator,
                       int columns, std::string_view indent);

// `text` with each line longer than `columns` broken between words, its continuation lines
// indented four more than the line's own indent. columns <= 0: `text` as it is.
std::string fit_lines(std::string_view text, int columns);

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

// Text from files, saves and requests made safe to print on a terminal: its control characters
// are shown as "\x1b"-style escapes, one per byte, so that a name cannot clear the screen, set
// the window title or hide what follows it, and a NUL does not end the text. Escaped: C0 controls
// (ESC, BEL, NUL, CR, ...) but line feed and tab, DEL, the C1 controls U+0080..U+009F (both bytes
// of their UTF-8), and every byte that is not part of valid UTF-8. Everything else, accents and
// symbols included, passes as it is. A backslash is not escaped: the result is for reading, not
// for reading back.
std::string escape_control_characters(std::string_view text);

// The same for text that arrives in pieces (a stream): a UTF-8 character split between two
// pieces is judged whole.
class ControlCharacterEscaper {
 public:
  // Appends the escaped form of `piece` to `out`; an unfinished character at its end waits for
  // the next piece.
  void feed(std::string_view piece, std::string& out);
  // Appends what still waits (a character never finished: escaped) to `out`.
  void finish(std::string& out);

 private:
  std::string pending_;
};

}  // namespace warband
