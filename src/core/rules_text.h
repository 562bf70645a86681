// Reading Markdown rules texts: sections by heading, GitHub anchors, topic lookup and word search.
// Knows no ruleset: it works on any Markdown (the embedded docs, a file, a test string).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/docs.h"

namespace warband::rules_text {

struct Section {
  std::string title;      // the heading's text, as written
  std::string anchor;     // the slug GitHub gives the heading, unique in its document
  int level = 0;          // 1 for "#", 6 for "######"
  std::string_view body;  // from after the heading line to the next heading of any level
  std::string_view full;  // the heading line and everything up to the next heading of its level
                          // or higher: the section with its subsections
};

// GitHub's anchor for a heading text: lower case, punctuation dropped, spaces to hyphens.
// (Non-ASCII bytes are dropped too: enough for these docs, whose headings are ASCII.)
std::string slug(std::string_view heading);

// The sections of `markdown` in order; headings inside ``` fences are not headings. Duplicate
// slugs get "-1", "-2"… as on GitHub. The views point into `markdown`.
std::vector<Section> split_sections(std::string_view markdown);

// A topic looked up among sections: exact anchor (or the topic's slug) first, then exact title,
// then a unique prefix, then a unique substring. `index` is set when exactly one section fits;
// otherwise `candidates` holds the sections that fit equally well (empty when none does).
struct TopicLookup {
  std::ptrdiff_t index = -1;
  std::vector<std::size_t> candidates;
  bool found() const { return index >= 0; }
};
TopicLookup find_topic(const std::vector<Section>& sections, std::string_view topic);

// A section where every searched word appears (case-insensitively, in its title or body).
struct SearchHit {
  std::string ruleset;
  std::string kind;  // "rules" | "rulings"
  std::string title;
  std::string anchor;
  std::string snippet;    // a line's worth of the body around the first match, "…" where cut
  int title_matches = 0;  // how many of the words are in the title
  int total_matches = 0;  // how many times the words occur in title and body
};

// Every section of `docs` holding all `words`, best first: more words in the title, then more
// occurrences, then document order. No words → no hits.
std::vector<SearchHit> search(const std::vector<Doc>& docs, const std::vector<std::string>& words);

// A Markdown link `[text](target)` found in a text.
struct Link {
  std::string text;
  std::string target;
};
std::vector<Link> links(std::string_view markdown);

}  // namespace warband::rules_text
