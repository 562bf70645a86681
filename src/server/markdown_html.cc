#include "server/markdown_html.h"

#include <cmark.h>

#include <cstdlib>
#include <map>
#include <memory>

#include "core/markup.h"
#include "core/rules_text.h"

namespace warband::server {
namespace {

// The anchor of each heading that rules_text sees, by its line (from 1) in `markdown`.
std::map<long, std::string> anchors_by_line(std::string_view markdown) {
  std::map<long, std::string> anchors;
  long line = 1;
  std::size_t counted = 0;
  for (const rules_text::Section& section : rules_text::split_sections(markdown)) {
    const auto offset = static_cast<std::size_t>(section.full.data() - markdown.data());
    for (; counted < offset; ++counted)
      if (markdown[counted] == '\n') ++line;
    anchors.emplace(line, section.anchor);
  }
  return anchors;
}

}  // namespace

std::string markdown_to_html(std::string_view markdown) {
  // cmark marks every block with data-sourcepos="LINE:COL-LINE:COL": that is how a heading is
  // matched to the line rules_text found it on. The attribute is then dropped everywhere, and on
  // a heading replaced by its id. (Text cannot hold the pattern: cmark escapes '"' in text.)
  std::unique_ptr<char, decltype(&std::free)> rendered(
      cmark_markdown_to_html(markdown.data(), markdown.size(), CMARK_OPT_SOURCEPOS), &std::free);
  const std::string_view html(rendered.get());
  const std::map<long, std::string> anchors = anchors_by_line(markdown);

  constexpr std::string_view kAttribute = " data-sourcepos=\"";
  std::string out;
  out.reserve(html.size());
  std::size_t at = 0;
  while (true) {
    const std::size_t found = html.find(kAttribute, at);
    if (found == std::string_view::npos) break;
    out.append(html.substr(at, found - at));
    const std::size_t value = found + kAttribute.size();
    const std::size_t close = html.find('"', value);
    if (close == std::string_view::npos) {  // cannot happen with cmark's output; keep it whole
      at = found;
      break;
    }
    // The tag this attribute belongs to: "<h2" just before it means a heading.
    const std::size_t tag = html.rfind('<', found);
    const bool heading = tag != std::string_view::npos && found - tag == 3 &&
                         html[tag + 1] == 'h' && html[tag + 2] >= '1' && html[tag + 2] <= '6';
    if (heading) {
      const long line =
          std::strtol(std::string(html.substr(value, close - value)).c_str(), nullptr, 10);
      if (const auto anchor = anchors.find(line); anchor != anchors.end()) {
        out += " id=\"";
        out += escape_markup(anchor->second);
        out += '"';
      }
    }
    at = close + 1;
  }
  out.append(html.substr(at));
  return out;
}

}  // namespace warband::server
