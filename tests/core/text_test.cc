// The small text helpers, and the project's one "did you mean".
#include "core/text.h"

#include <gtest/gtest.h>

namespace warband {
namespace {

TEST(Text, TrimAndLower) {
  EXPECT_EQ(trim("  a b \n"), "a b");
  EXPECT_EQ(trim(" \t"), "");
  EXPECT_EQ(lower("Orc Warrior 2"), "orc warrior 2");
}

TEST(Text, DisplayColumnsCountCharactersNotBytes) {
  EXPECT_EQ(display_columns("abc"), 3u);
  EXPECT_EQ(display_columns("Red — Orcs · C4→F6"), 18u);
  EXPECT_EQ(display_columns(""), 0u);
}

TEST(Text, WrapPartsBreaksBetweenPartsOnly) {
  EXPECT_EQ(wrap_parts({"aaa", "bbb", "ccc"}, " · ", 10, "  "), "aaa · bbb\n  ccc");
  EXPECT_EQ(wrap_parts({"aaa", "bbb", "ccc"}, " · ", 0, "  "), "aaa · bbb · ccc");
  // A part longer than a line gets its own line.
  EXPECT_EQ(wrap_parts({"a", "bbbbbbbbbbbb", "c"}, " ", 5, ""), "a\nbbbbbbbbbbbb\nc");
}

TEST(Text, FitLinesWrapsOnlyTheLongLines) {
  EXPECT_EQ(fit_lines("short\n  one two three four\nend", 12),
            "short\n  one two\n      three\n      four\nend");
  EXPECT_EQ(fit_lines("one two three", 0), "one two three");
  EXPECT_EQ(fit_lines("ends with a newline\n", 10), "ends with\n    a\n    newline\n");
}

TEST(Text, EditDistanceCountedByHand) {
  EXPECT_EQ(edit_distance("", ""), 0u);
  EXPECT_EQ(edit_distance("move", "move"), 0u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);       // three insertions
  EXPECT_EQ(edit_distance("mvoe", "move"), 2u);  // a swap is two substitutions
  EXPECT_EQ(edit_distance("rnage", "range"), 2u);
  EXPECT_EQ(edit_distance("die_face", "die_faces"), 1u);  // one insertion
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);      // k->s, e->i, +g
}

TEST(Text, ClosestMatchIsATypoOrNothing) {
  EXPECT_EQ(closest_match("mvoe", {"id", "name", "move", "wounds"}), "move");
  // The nearest wins, not the last within reach: "rang" is 1 from "range", 2 from "ranged".
  EXPECT_EQ(closest_match("rang", {"ranged", "range"}), "range");
  // Ties go to the earlier candidate.
  EXPECT_EQ(closest_match("cat", {"bat", "hat"}), "bat");
  // More than two edits away: no hint.
  EXPECT_EQ(closest_match("flavour", {"id", "name", "move"}), "");
  // Two edits would rewrite all of "id": no hint for "x".
  EXPECT_EQ(closest_match("x", {"id"}), "");
  EXPECT_EQ(closest_match("anything", {}), "");
  EXPECT_EQ(did_you_mean("spels", {"name", "spells"}), ". Did you mean 'spells'?");
  EXPECT_EQ(did_you_mean("hat", {"name", "talent"}), "");
}

// Defect 12 of issue 14: text from files reached the terminal unfiltered.
TEST(TerminalText, ControlCharactersAreEscapedOneBytePerEscape) {
  // The window title and clear-screen sequences a hostile name may carry.
  EXPECT_EQ(escape_control_characters("\x1b]0;pwned\x07Orcs"), "\\x1b]0;pwned\\x07Orcs");
  EXPECT_EQ(escape_control_characters("\x1b[2J\x1b[H"), "\\x1b[2J\\x1b[H");
  EXPECT_EQ(escape_control_characters(std::string("a\0b", 3)), "a\\x00b");  // not cut short
  EXPECT_EQ(escape_control_characters("over\rwrite\b\x7f"), "over\\x0dwrite\\x08\\x7f");
  // Line feeds and tabs lay text out: they stay.
  EXPECT_EQ(escape_control_characters("a\tb\nc\n"), "a\tb\nc\n");
}

TEST(TerminalText, UnicodePassesButC1ControlsAndBrokenUtf8DoNot) {
  EXPECT_EQ(escape_control_characters("C4→F6 Crème ✓ 🐉"), "C4→F6 Crème ✓ 🐉");
  // U+009B is CSI on terminals that take C1 controls: both bytes of its UTF-8 are escaped.
  EXPECT_EQ(escape_control_characters("\xc2\x9b"
                                      "2J"),
            "\\xc2\\x9b2J");
  EXPECT_EQ(escape_control_characters("\xc2\xa0"), "\xc2\xa0");  // U+00A0 is no control
  // A lone continuation byte, a Latin-1 byte, an overlong form, a surrogate, a truncated end.
  EXPECT_EQ(escape_control_characters("\x9b"), "\\x9b");
  EXPECT_EQ(escape_control_characters("Cr\xe8me"), "Cr\\xe8me");
  EXPECT_EQ(escape_control_characters("\xc0\x9b"), "\\xc0\\x9b");
  EXPECT_EQ(escape_control_characters("\xed\xa0\x80"), "\\xed\\xa0\\x80");
  EXPECT_EQ(escape_control_characters("ok\xe2\x86"), "ok\\xe2\\x86");
}

TEST(TerminalText, AStreamJudgesACharacterSplitBetweenPiecesWhole) {
  ControlCharacterEscaper escaper;
  std::string out;
  escaper.feed("C4\xe2", out);
  EXPECT_EQ(out, "C4");  // the arrow's first byte waits
  escaper.feed(
      "\x86\x92"
      "F6\xc2",
      out);
  escaper.feed("\x9b", out);
  escaper.feed("\xf0\x9f", out);
  escaper.finish(out);  // never finished: escaped
  EXPECT_EQ(out, "C4→F6\\xc2\\x9b\\xf0\\x9f");
}

}  // namespace
}  // namespace warband
