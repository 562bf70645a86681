// Table documents (core/tabletop_file.h): a `*.table.toml` file's text. A table is refused with
// InputError, or it reads to a table within the limits whose every piece lies on the table and
// overlaps no other, which prints and reads back to the same text; then a model placed where it
// fits moves by the rules of core/tabletop_move.h: every destination of its reach passes
// check_move, and the list is sorted and without repeats.
#include <fmt/format.h>

#include "core/tabletop_file.h"
#include "core/tabletop_move.h"
#include "fuzz/support/fuzz_support.h"

using namespace warband;
using namespace warband::tabletop;

namespace {

void check_table(const Table& table) {
  if (table.width < kUnitsPerInch || table.width > kMaxTableSide || table.depth < kUnitsPerInch ||
      table.depth > kMaxTableSide)
    fuzz::defect(fmt::format("a table of {} x {} units", table.width, table.depth));
  if (table.piece_count < 0 || table.piece_count > kMaxPieces) fuzz::defect("too many pieces");
  for (int i = 0; i < table.piece_count; ++i) {
    if (!table.piece_on_table(table.pieces[i]))
      fuzz::defect(fmt::format("piece {} off the table", i));
    for (int j = 0; j < i; ++j)
      if (pieces_overlap(table.pieces[i], table.pieces[j]))
        fuzz::defect(fmt::format("pieces {} and {} overlap", j, i));
  }
}

// A 1" model at the first point of a coarse grid where it fits, then its reach.
void check_reach(const Table& table) {
  for (int y = 50; y < table.depth; y += 250) {
    for (int x = 50; x < table.width; x += 250) {
      const Point at{x, y};
      if (!table.base_on_table(at, kUnitsPerInch)) continue;
      bool clear = true;
      for (int i = 0; i < table.piece_count && clear; ++i)
        clear = !base_overlaps_piece(table.pieces[i], at, kUnitsPerInch);
      if (!clear) continue;
      const Model models[] = {Model{at, kUnitsPerInch, 0, 1}};
      MoveQuery query;
      query.budget = 300;
      query.cover_of = table.piece_count > 0 ? 1 : 0;
      static Reach reach_list;
      reach(table, models, query, reach_list);
      for (int i = 0; i < reach_list.count; ++i) {
        const Point p = reach_list.points[i];
        if (!check_move(table, models, query, p).ok())
          fuzz::defect("a destination check_move refuses");
        if (i > 0) {
          const Point q = reach_list.points[i - 1];
          if (!(q.x < p.x || (q.x == p.x && q.y < p.y))) fuzz::defect("a reach out of order");
        }
      }
      return;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::input_text(data, size);
  const auto document =
      fuzz::read_or_refuse([&] { return parse_table_document(text, "fuzz.table.toml"); });
  if (!document) return 0;
  check_table(document->table);
  const std::string printed = fuzz::must("print", [&] { return table_document_toml(*document); });
  const TableDocument again =
      fuzz::must("read back", [&] { return parse_table_document(printed, "again.table.toml"); });
  fuzz::require_same(printed, table_document_toml(again), "a table document");
  check_reach(document->table);
  return 0;
}
