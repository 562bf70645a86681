#include "rulesets/atomspast/builder/rules_terms.h"

#include <string_view>

#include "core/docs.h"
#include "core/rules_text.h"

namespace warband::atomspast::builder {
namespace {

// The glossary titles a Warband List's readers meet.
constexpr std::string_view kTerms[] = {
    "Kon",
    "Kon Spell",
    "Power Level",
    "Cast Result",
    "AcTi",
    "Downtick",
    "Boost",
    "Knowledge",
    "Spell Deck",
    "Casting Zone",
    "Skill roll [S/D]",
    "MS, MD, RS, RD, RR",
};

// "See [Boosting](#boosting)." -> "See Boosting."; line breaks become spaces.
std::string plain_text(std::string_view markdown) {
  std::string out;
  for (std::size_t i = 0; i < markdown.size(); ++i) {
    const char c = markdown[i];
    if (c == '[') {
      const std::size_t close = markdown.find("](", i);
      const std::size_t end = close == std::string_view::npos ? close : markdown.find(')', close);
      if (close != std::string_view::npos && end != std::string_view::npos) {
        out += markdown.substr(i + 1, close - i - 1);
        i = end;
        continue;
      }
    }
    out += c == '\n' ? ' ' : c;
  }
  const auto first = out.find_first_not_of(' ');
  const auto last = out.find_last_not_of(' ');
  return first == std::string::npos ? "" : out.substr(first, last - first + 1);
}

}  // namespace

std::vector<RulesTerm> builder_rules_terms() {
  std::vector<RulesTerm> terms;
  for (const Doc& doc : embedded_docs()) {
    if (doc.ruleset != "atomspast" || doc.kind != "rules") continue;
    const auto sections = rules_text::split_sections(doc.markdown);
    for (std::string_view wanted : kTerms) {
      bool in_glossary = false;
      for (const rules_text::Section& section : sections) {
        if (section.level <= 2) in_glossary = section.title == "Glossary";
        if (in_glossary && section.level == 3 && section.title == wanted) {
          terms.push_back({section.title, section.anchor, plain_text(section.body)});
          break;
        }
      }
    }
  }
  return terms;
}

}  // namespace warband::atomspast::builder
