// The rules terms a Warband List uses (AcTi, Knowledge, Kon, Power Level, ...), with their
// definitions read from the embedded rules' Glossary (docs/rules/atomspast.md): the list carries
// its rules with it, and the rules text stays the one source.
#pragma once

#include <string>
#include <vector>

namespace warband::atomspast::builder {

struct RulesTerm {
  std::string title;       // "AcTi"
  std::string anchor;      // "acti": `warband rules atomspast acti` opens it
  std::string definition;  // plain text, Markdown links reduced to their words
};

// The builder's terms, in the order a list uses them; a term missing from the Glossary is left
// out (a docs test checks they are all there).
std::vector<RulesTerm> builder_rules_terms();

}  // namespace warband::atomspast::builder
