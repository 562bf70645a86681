#include "server/markdown_html.h"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include <array>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <vector>

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

// GitHub's extensions: tables above all (the rules texts' cost charts). tagfilter acts on raw
// HTML only, which safe mode leaves out already; it stays as GitHub renders.
constexpr std::array<const char*, 4> kExtensions = {"table", "strikethrough", "autolink",
                                                    "tagfilter"};

// Each link's address rewritten, or the link replaced by its text (markdown_html.h).
void rewrite_links(cmark_node* document, const LinkRewrite& rewrite_link) {
  std::vector<cmark_node*> links;
  cmark_iter* iter = cmark_iter_new(document);
  for (cmark_event_type event; (event = cmark_iter_next(iter)) != CMARK_EVENT_DONE;) {
    cmark_node* node = cmark_iter_get_node(iter);
    if (event == CMARK_EVENT_ENTER && cmark_node_get_type(node) == CMARK_NODE_LINK)
      links.push_back(node);
  }
  cmark_iter_free(iter);
  for (cmark_node* link : links) {
    const char* url = cmark_node_get_url(link);
    if (const std::optional<std::string> address = rewrite_link(url != nullptr ? url : "")) {
      cmark_node_set_url(link, address->c_str());
      continue;
    }
    while (cmark_node* child = cmark_node_first_child(link))
      cmark_node_insert_before(link, child);  // moves it out of the link
    cmark_node_free(link);
  }
}

// cmark-gfm's HTML of `markdown` (freed with std::free), every block marked with its
// data-sourcepos. Safe: without CMARK_OPT_UNSAFE raw HTML and javascript: links are left out.
char* gfm_to_html(std::string_view markdown, const LinkRewrite& rewrite_link) {
  // cmark-gfm keeps global tables (the registered extensions; the inline characters an attached
  // extension adds): one render at a time. Rendering runs at start, so nobody waits.
  static std::mutex rendering;
  std::lock_guard lock(rendering);
  static const bool registered = [] {
    cmark_gfm_core_extensions_ensure_registered();
    return true;
  }();
  (void)registered;
  constexpr int kOptions = CMARK_OPT_SOURCEPOS;
  const std::unique_ptr<cmark_parser, decltype(&cmark_parser_free)> parser(
      cmark_parser_new(kOptions), &cmark_parser_free);
  for (const char* name : kExtensions) {
    cmark_syntax_extension* extension = cmark_find_syntax_extension(name);
    if (extension == nullptr || cmark_parser_attach_syntax_extension(parser.get(), extension) == 0)
      throw std::runtime_error(std::string("cmark-gfm has no '") + name + "' extension");
  }
  cmark_parser_feed(parser.get(), markdown.data(), markdown.size());
  const std::unique_ptr<cmark_node, decltype(&cmark_node_free)> document(
      cmark_parser_finish(parser.get()), &cmark_node_free);
  if (rewrite_link) rewrite_links(document.get(), rewrite_link);
  return cmark_render_html(document.get(), kOptions,
                           cmark_parser_get_syntax_extensions(parser.get()));
}

}  // namespace

std::string markdown_to_html(std::string_view markdown, const LinkRewrite& rewrite_link) {
  // cmark marks every block with data-sourcepos="LINE:COL-LINE:COL": that is how a heading is
  // matched to the line rules_text found it on. The attribute is then dropped everywhere, and on
  // a heading replaced by its id. (Text cannot hold the pattern: cmark escapes '"' in text.)
  const std::unique_ptr<char, decltype(&std::free)> rendered(gfm_to_html(markdown, rewrite_link),
                                                             &std::free);
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
