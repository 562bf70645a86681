#include "core/rules_text.h"
#include "core/text.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace warband::rules_text {
namespace {

// A line starting with 1 to 6 '#' then a space is a heading; returns its level, or 0.
int heading_level(std::string_view line) {
  std::size_t hashes = 0;
  while (hashes < line.size() && line[hashes] == '#')
    ++hashes;
  if (hashes == 0 || hashes > 6) return 0;
  if (hashes < line.size() && line[hashes] != ' ' && line[hashes] != '\t') return 0;
  return static_cast<int>(hashes);
}

struct Line {
  std::string_view text;
  std::size_t begin;  // offset of the line in the document
  std::size_t end;    // offset just past its newline
};

std::vector<Line> split_lines(std::string_view text) {
  std::vector<Line> lines;
  std::size_t begin = 0;
  while (begin < text.size()) {
    std::size_t newline = text.find('\n', begin);
    const std::size_t end = newline == std::string_view::npos ? text.size() : newline + 1;
    std::string_view line = text.substr(begin, end - begin);
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
      line.remove_suffix(1);
    lines.push_back({line, begin, end});
    begin = end;
  }
  return lines;
}

std::size_t count_occurrences(std::string_view haystack, std::string_view needle) {
  std::size_t count = 0;
  for (std::size_t at = haystack.find(needle); at != std::string_view::npos;
       at = haystack.find(needle, at + needle.size()))
    ++count;
  return count;
}

// Markdown marks a reader does not need in a one-line snippet: link targets, emphasis, code
// ticks, quote marks at line starts.
std::string strip_markdown(std::string_view text) {
  std::string result;
  bool line_start = true;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (line_start && c == '>') continue;
    line_start = c == '\n' || (line_start && c == ' ');
    if (c == '\\' && i + 1 < text.size() && std::ispunct(static_cast<unsigned char>(text[i + 1]))) {
      result += text[++i];
      continue;
    }
    if (c == ']' && i + 1 < text.size() && text[i + 1] == '(') {
      // A link: keep its text, drop its '[' and its target.
      const std::size_t open = result.rfind('[');
      const std::size_t close = text.find(')', i);
      if (open != std::string::npos && close != std::string_view::npos) {
        result.erase(open, 1);
        i = close;
        continue;
      }
    }
    if (c == '`' || c == '*') continue;
    result += c;
  }
  return result;
}

// Whitespace runs to one space, so a snippet reads as one line.
std::string collapse_space(std::string_view text) {
  std::string result;
  bool in_space = false;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      in_space = true;
      continue;
    }
    if (in_space && !result.empty()) result += ' ';
    in_space = false;
    result += c;
  }
  return result;
}

// Moves `at` back to the start of a UTF-8 character, so a cut never splits one.
std::size_t char_start(std::string_view text, std::size_t at) {
  while (at > 0 && at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80)
    --at;
  return at;
}

constexpr std::size_t kSnippetBefore = 40;
constexpr std::size_t kSnippetLength = 120;

std::string snippet_around(std::string_view body, std::string_view lowered_word) {
  const std::string flat = collapse_space(strip_markdown(body));
  const std::size_t match = lower(flat).find(lowered_word);
  if (match == std::string::npos)
    return flat.size() <= kSnippetLength ? flat
                                         : flat.substr(0, char_start(flat, kSnippetLength)) + "…";
  std::size_t start = match > kSnippetBefore ? char_start(flat, match - kSnippetBefore) : 0;
  // Start on a word boundary when the cut is inside a word.
  if (start > 0) {
    const std::size_t space = flat.find(' ', start);
    if (space != std::string::npos && space < match) start = space + 1;
  }
  std::size_t end = std::min(flat.size(), start + kSnippetLength);
  if (end < flat.size()) {
    const std::size_t space = flat.rfind(' ', end);
    if (space != std::string::npos && space > match + lowered_word.size()) end = space;
    end = char_start(flat, end);
  }
  return (start > 0 ? "…" : "") + flat.substr(start, end - start) + (end < flat.size() ? "…" : "");
}

}  // namespace

std::string slug(std::string_view heading) {
  std::string result;
  for (char c : trim(heading)) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) || c == '-' || c == '_')
      result += static_cast<char>(std::tolower(byte));
    else if (c == ' ')
      result += '-';
  }
  return result;
}

std::vector<Section> split_sections(std::string_view markdown) {
  std::vector<Section> sections;
  std::vector<std::size_t> heading_begins;  // offset of each section's heading line
  std::map<std::string, int> slug_uses;
  bool in_fence = false;
  for (const Line& line : split_lines(markdown)) {
    if (line.text.starts_with("```") || line.text.starts_with("~~~")) in_fence = !in_fence;
    const int level = in_fence ? 0 : heading_level(line.text);
    if (level == 0) continue;
    Section section;
    std::string_view title = trim(line.text.substr(static_cast<std::size_t>(level)));
    // A closing run of '#' is not part of the title.
    while (!title.empty() && title.back() == '#')
      title.remove_suffix(1);
    section.title = std::string(trim(title));
    section.level = level;
    const std::string base = slug(section.title);
    const int uses = slug_uses[base]++;
    section.anchor = uses == 0 ? base : base + "-" + std::to_string(uses);
    section.body = markdown.substr(line.end);  // cut below, at the next heading
    sections.push_back(std::move(section));
    heading_begins.push_back(line.begin);
  }
  for (std::size_t i = 0; i < sections.size(); ++i) {
    const std::size_t body_begin =
        static_cast<std::size_t>(sections[i].body.data() - markdown.data());
    const std::size_t next = i + 1 < sections.size() ? heading_begins[i + 1] : markdown.size();
    sections[i].body = markdown.substr(body_begin, next - body_begin);
    std::size_t end = markdown.size();
    for (std::size_t j = i + 1; j < sections.size(); ++j)
      if (sections[j].level <= sections[i].level) {
        end = heading_begins[j];
        break;
      }
    sections[i].full = markdown.substr(heading_begins[i], end - heading_begins[i]);
  }
  return sections;
}

TopicLookup find_topic(const std::vector<Section>& sections, std::string_view topic) {
  const std::string wanted = lower(trim(topic));
  const std::string wanted_slug = slug(wanted);
  TopicLookup lookup;
  if (wanted.empty()) return lookup;
  // Anchors are unique, so an exact anchor decides even where two headings share a title
  // ("Range" the rule and "Range" the glossary term are #range and #range-1).
  for (std::size_t i = 0; i < sections.size(); ++i)
    if (sections[i].anchor == wanted || sections[i].anchor == wanted_slug) {
      lookup.index = static_cast<std::ptrdiff_t>(i);
      lookup.candidates = {i};
      return lookup;
    }
  // Three passes, strictest first; the first pass with any fit decides.
  const auto fits = [&](const Section& section, int pass) {
    const std::string title = lower(section.title);
    switch (pass) {
      case 0:
        return title == wanted;
      case 1:
        return title.starts_with(wanted) ||
               (!wanted_slug.empty() && section.anchor.starts_with(wanted_slug));
      default:
        return title.find(wanted) != std::string::npos ||
               (!wanted_slug.empty() && section.anchor.find(wanted_slug) != std::string::npos);
    }
  };
  for (int pass = 0; pass < 3; ++pass) {
    for (std::size_t i = 0; i < sections.size(); ++i)
      if (fits(sections[i], pass)) lookup.candidates.push_back(i);
    if (lookup.candidates.empty()) continue;
    if (lookup.candidates.size() == 1)
      lookup.index = static_cast<std::ptrdiff_t>(lookup.candidates[0]);
    return lookup;
  }
  return lookup;
}

std::vector<SearchHit> search(const std::vector<Doc>& docs, const std::vector<std::string>& words) {
  std::vector<std::string> wanted;
  for (const std::string& word : words) {
    const std::string lowered = lower(trim(word));
    if (!lowered.empty()) wanted.push_back(lowered);
  }
  std::vector<SearchHit> hits;
  if (wanted.empty()) return hits;
  for (const Doc& doc : docs) {
    for (const Section& section : split_sections(doc.markdown)) {
      const std::string title = lower(section.title);
      const std::string body = lower(section.body);
      SearchHit hit;
      bool all_found = true;
      for (const std::string& word : wanted) {
        const std::size_t in_title = count_occurrences(title, word);
        const std::size_t in_body = count_occurrences(body, word);
        if (in_title + in_body == 0) {
          all_found = false;
          break;
        }
        hit.title_matches += in_title > 0 ? 1 : 0;
        hit.total_matches += static_cast<int>(in_title + in_body);
      }
      if (!all_found) continue;
      hit.ruleset = std::string(doc.ruleset);
      hit.kind = std::string(doc.kind);
      hit.title = section.title;
      hit.anchor = section.anchor;
      hit.snippet = snippet_around(section.body, wanted.front());
      hits.push_back(std::move(hit));
    }
  }
  std::stable_sort(hits.begin(), hits.end(), [](const SearchHit& a, const SearchHit& b) {
    if (a.title_matches != b.title_matches) return a.title_matches > b.title_matches;
    return a.total_matches > b.total_matches;
  });
  return hits;
}

std::vector<Link> links(std::string_view markdown) {
  std::vector<Link> found;
  for (std::size_t close = markdown.find("]("); close != std::string_view::npos;
       close = markdown.find("](", close + 2)) {
    const std::size_t target_end = markdown.find(')', close + 2);
    if (target_end == std::string_view::npos) break;
    // The text runs back to the '[' that opens it (links are not nested in these docs).
    const std::size_t open = markdown.rfind('[', close);
    if (open == std::string_view::npos) continue;
    found.push_back({std::string(markdown.substr(open + 1, close - open - 1)),
                     std::string(markdown.substr(close + 2, target_end - close - 2))});
  }
  return found;
}

}  // namespace warband::rules_text
