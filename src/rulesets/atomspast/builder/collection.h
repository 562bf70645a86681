// The miniatures a player owns (a collection document), and what a warband needs of them. Seed 000:
// "In the Builder you construct a Warband based on miniatures you own".
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/grid.h"
#include "rulesets/atomspast/content.h"

namespace warband::atomspast::builder {

// A collection file with more entries is refused when read (issue 14); with counts of at most
// kMaxMiniatureCount each, a base's total stays well inside an int.
inline constexpr std::size_t kMaxMiniatures = 1000;
inline constexpr int kMaxMiniatureCount = 100000;

struct Miniature {
  std::string name;  // "Plastic orc"
  grid::Footprint base;
  int count = 1;
};

struct Collection {
  std::vector<Miniature> miniatures;
};

// A collection document's text; `source` names it in errors (a file, a document).
Collection parse_collection(const std::string& text, const std::string& source);
std::string collection_toml(const Collection& collection);

// "1x2": a base as written; throws InputError(where, ...) when it is not WxH with 1..4.
grid::Footprint parse_base_text(const std::string& text, const std::string& where);
std::string base_words(grid::Footprint base);  // "1x2"

// What the warband needs that the collection lacks: a unit needs one miniature of its base size
// (1x2 and 2x1 are the same base, turned). Empty when the collection covers it.
std::vector<std::string> collection_shortfall(const WarbandDef& warband, const Content& content,
                                              const Collection& collection);

}  // namespace warband::atomspast::builder
