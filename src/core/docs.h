// The rules and rulings texts (docs/rules/*.md, docs/rulings/*.md), embedded in the build so the
// CLI and the browser can show and search them without the source tree.
#pragma once

#include <string_view>
#include <vector>

namespace warband {

struct Doc {
  std::string_view ruleset;   // the file's stem: the ruleset's name
  std::string_view kind;      // "rules" | "rulings"
  std::string_view markdown;  // the whole file
};

// Every embedded doc, sorted by kind then ruleset. Defined in a source generated at build time.
const std::vector<Doc>& embedded_docs();

}  // namespace warband
