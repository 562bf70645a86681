// The table document (`*.table.toml`): a table's size and its terrain pieces, read with errors
// that name the file, the line and what is wrong, and printed back (docs/content/tables.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/tabletop.h"

namespace warband::tabletop {

// A marker a ruleset's scenario is played for (`[[objective]]`): a point on the table, on the
// ground or on a piece, with what the ruleset makes of it.
struct TableObjective {
  std::string name;
  Point at;
  std::string kind;  // an id the ruleset reads: "seize", "activate", "carry"
  int points = 1;    // what holding it is worth at the end
  friend bool operator==(const TableObjective&, const TableObjective&) = default;
};
inline constexpr int kMaxTableObjectives = 16;

struct TableDocument {
  std::string name;
  Table table;                           // its size and pieces; no models (a game places them)
  std::vector<std::string> piece_names;  // one per piece, in the file's order
  std::vector<TableObjective> objectives;
};

// Reads a table document's text; `path` names the file in errors: InputError("path:line",
// "piece 'Tower': ..."), e.g. a piece off the table, two pieces overlapping, a size below 0, a
// number with more than two decimals of an inch.
TableDocument parse_table_document(std::string_view text, const std::string& path);
// Reads a table document file (read_text_file's errors, then parse_table_document's).
TableDocument read_table_document(const std::string& path);
// The document as TOML that parse_table_document reads back to an equal document.
std::string table_document_toml(const TableDocument& document);

}  // namespace warband::tabletop
