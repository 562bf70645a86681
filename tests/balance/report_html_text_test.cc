// A balance report's Markdown prose in its HTML: code spans and emphasis as tags, the "*" that
// marks a figure as it is, everything escaped.
#include <gtest/gtest.h>

#include "balance/report_table.h"

namespace warband::balance {
namespace {

TEST(ReportHtmlText, CodeAndEmphasisBecomeTags) {
  EXPECT_EQ(html_text("40 games, bot `greedy:depth=1` on both sides"),
            "40 games, bot <code>greedy:depth=1</code> on both sides");
  EXPECT_EQ(html_text("*Worth*: the points (`*` = the interval excludes 0)."),
            "<em>Worth</em>: the points (<code>*</code> = the interval excludes 0).");
  EXPECT_EQ(html_text("+0.41 [0.1, 0.7] * and 2 * 3"), "+0.41 [0.1, 0.7] * and 2 * 3");
  EXPECT_EQ(html_text("a <b> & `<c>` *d&e*"),
            "a &lt;b&gt; &amp; <code>&lt;c&gt;</code> <em>d&amp;e</em>");
  EXPECT_EQ(html_text("an unclosed ` and *half"), "an unclosed ` and *half");
}

}  // namespace
}  // namespace warband::balance
