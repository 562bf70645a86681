// Markdown rendered to HTML on the server (cmark, CommonMark), so the browser shows the rules,
// rulings and reports without a Markdown library of its own.
#pragma once

#include <string>
#include <string_view>

namespace warband::server {

// CommonMark to HTML, plus GitHub's tables ("| a | b |" rows under a "|---|---|" row), which
// CommonMark has not and the rules texts use. Raw HTML in the text is left out (cmark's safe mode);
// headings get `id` attributes equal to the anchors rules_text gives them (GitHub's slugs, "-1" on
// repeats), so a link "#kon-spells" and the CLI's `warband rules RULESET kon-spells` name the same
// section.
std::string markdown_to_html(std::string_view markdown);

}  // namespace warband::server
