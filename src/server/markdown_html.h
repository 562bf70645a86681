// Markdown rendered to HTML on the server (cmark-gfm: CommonMark with GitHub's extensions), so
// the browser shows the rules and rulings without a Markdown library of its own.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace warband::server {

// GitHub Flavored Markdown to HTML: CommonMark plus tables, ~~strikethrough~~ and bare links
// (cmark-gfm's extensions). Raw HTML in the text is left out (cmark-gfm's safe mode);
// headings get `id` attributes equal to the anchors rules_text gives them (GitHub's slugs, "-1" on
// repeats), so a link "#kon-spells" and the CLI's `warband rules RULESET kon-spells` name the same
// section.
// What `rewrite_link` gives for each link's address replaces it (safe mode still drops a
// javascript: one); nullopt shows the link's text without a link (an address the reader could not
// open).
using LinkRewrite = std::function<std::optional<std::string>(std::string_view url)>;
std::string markdown_to_html(std::string_view markdown, const LinkRewrite& rewrite_link = nullptr);

}  // namespace warband::server
