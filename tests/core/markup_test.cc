// escape_markup: what the HTML and SVG writers put between tags and in quoted attributes.
#include "core/markup.h"

#include <gtest/gtest.h>

namespace warband {
namespace {

TEST(Markup, EscapesTheFiveSpecialCharactersAndNothingElse) {
  EXPECT_EQ(escape_markup(R"(Tom's <Orcs> & "Elves")"),
            "Tom&#39;s &lt;Orcs&gt; &amp; &quot;Elves&quot;");
  EXPECT_EQ(escape_markup("Orc Warrior [3S/D5] ±1 é"), "Orc Warrior [3S/D5] ±1 é");
  EXPECT_EQ(escape_markup(""), "");
  EXPECT_EQ(escape_markup("&amp;"), "&amp;amp;");  // text, not markup: escaped again
}

}  // namespace
}  // namespace warband
