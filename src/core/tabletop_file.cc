#include "core/tabletop_file.h"

#include <fmt/format.h>

#include <cmath>
#include <sstream>

#include "core/error.h"
#include "core/file_io.h"
#include "core/tabletop_text.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"

namespace warband::tabletop {

namespace {

inline constexpr int kMaxSize = 20;                     // size categories: far above any seed's
inline constexpr int kMaxHeight = 100 * kUnitsPerInch;  // a piece's height
inline constexpr int kMinSide = 10;                     // a footprint's side: 0.1 inch at least
inline constexpr int kMinTableSide = kUnitsPerInch;     // a table of 1 inch at least

// A number of `key` with at most `decimals` decimals, scaled by 10^decimals to an integer from
// low to high (both scaled). Whole numbers and decimals are both taken ("12", "12.5").
std::int64_t fixed_point(const TomlFields& fields, std::string_view key, int decimals,
                         std::int64_t low, std::int64_t high, std::string_view unit) {
  const toml::node& node = fields.require(key, fmt::format("a number of {}", unit));
  const std::int64_t scale = decimals == 2 ? 100 : 10;
  const auto range = [&] {
    return fmt::format("a number of {} from {} to {} with at most {} decimal{}", unit,
                       inches_text(low * (100 / scale)), inches_text(high * (100 / scale)),
                       decimals, decimals == 1 ? "" : "s");
  };
  const auto wrong = [&] {
    fields.fail(node,
                fmt::format("'{}' must be {}, got {}", key, range(), describe_toml_value(node)));
  };
  std::int64_t scaled = 0;
  if (const auto* whole = node.as_integer()) {
    const std::int64_t v = whole->get();
    if (v < low / scale - 1 || v > high / scale + 1) wrong();
    scaled = v * scale;
  } else if (const auto* real = node.as_floating_point()) {
    const double v = real->get() * static_cast<double>(scale);
    if (!std::isfinite(v) || v < static_cast<double>(low) - 1 || v > static_cast<double>(high) + 1)
      wrong();
    const double rounded = std::round(v);
    if (std::abs(v - rounded) > 1e-6) wrong();
    scaled = static_cast<std::int64_t>(rounded);
  } else {
    wrong();
  }
  if (scaled < low || scaled > high) wrong();
  return scaled;
}

std::int64_t inches_of(const TomlFields& fields, std::string_view key, std::int64_t low,
                       std::int64_t high) {
  return fixed_point(fields, key, 2, low, high, "inches");
}

// Text in TOML's quotes, escaped by toml++ itself.
std::string quoted(const std::string& text) {
  std::ostringstream out;
  out << toml::value<std::string>(text);
  return out.str();
}

std::string degrees_text(int units) {
  return units % 10 == 0 ? fmt::format("{}", units / 10)
                         : fmt::format("{}.{}", units / 10, units % 10);
}

Piece read_piece(const TomlFields& fields, const Table& table) {
  const std::vector<std::string_view> shapes = {"circle", "rectangle"};
  const bool circle = fields.choice("shape", shapes) == 0;
  if (circle)
    fields.check_keys({"name", "shape", "x", "y", "diameter", "size", "height", "reinforced",
                       "destructible", "impassable"});
  else
    fields.check_keys({"name", "shape", "x", "y", "width", "depth", "rotation", "size", "height",
                       "reinforced", "destructible", "impassable"});
  const Point centre{static_cast<std::int32_t>(inches_of(fields, "x", 0, table.width)),
                     static_cast<std::int32_t>(inches_of(fields, "y", 0, table.depth))};
  const int size = fields.integer("size", 0, kMaxSize);
  const int height = static_cast<int>(inches_of(fields, "height", 0, kMaxHeight));
  std::uint8_t flags = 0;
  if (fields.boolean_or("impassable", false)) flags |= kImpassable;
  if (fields.boolean_or("reinforced", false)) flags |= kReinforced;
  if (fields.boolean_or("destructible", false)) flags |= kDestructible;
  Piece piece;
  if (circle) {
    const int diameter = static_cast<int>(inches_of(fields, "diameter", kMinSide, kMaxTableSide));
    piece = make_circle(centre, diameter, size, height, flags);
  } else {
    const int width = static_cast<int>(inches_of(fields, "width", kMinSide, kMaxTableSide));
    const int depth = static_cast<int>(inches_of(fields, "depth", kMinSide, kMaxTableSide));
    const int rotation =
        fields.has("rotation")
            ? static_cast<int>(fixed_point(fields, "rotation", 1, -kTurn, kTurn, "degrees"))
            : 0;
    piece = make_rectangle(centre, width, depth, rotation, size, height, flags);
  }
  if (!table.piece_on_table(piece))
    fields.fail_here(fmt::format(
        "lies off the table: its footprint reaches from ({}, {}) to ({}, {}) inches, beyond the "
        "table's {} x {}",
        inches_text(piece.low.x), inches_text(piece.low.y), inches_text(piece.high.x),
        inches_text(piece.high.y), inches_text(table.width), inches_text(table.depth)));
  return piece;
}

}  // namespace

TableDocument parse_table_document(std::string_view text, const std::string& path) {
  const toml::table root = parse_toml_text(text, path);
  const TomlFields fields(path, root);
  fields.check_keys({"name", "width", "depth", "piece", "objective"});
  TableDocument document;
  document.name = fields.string("name", "the table's name");
  Table& table = document.table;
  table.width = static_cast<std::int32_t>(inches_of(fields, "width", kMinTableSide, kMaxTableSide));
  table.depth = static_cast<std::int32_t>(inches_of(fields, "depth", kMinTableSide, kMaxTableSide));
  const std::vector<const toml::table*> pieces = fields.tables_of("piece", "[[piece]] tables");
  if (pieces.size() > static_cast<std::size_t>(kMaxPieces))
    TomlFields(path, *pieces[kMaxPieces])
        .fail_here(fmt::format("a table holds at most {} pieces", kMaxPieces));
  std::vector<std::string> wheres;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    TomlFields piece_fields(path, *pieces[i], fmt::format("piece #{}", i + 1));
    std::string name = piece_fields.string_or("name", fmt::format("piece #{}", i + 1));
    if (piece_fields.has("name")) piece_fields.set_context(fmt::format("piece '{}'", name));
    const Piece piece = read_piece(piece_fields, table);
    for (int j = 0; j < table.piece_count; ++j)
      if (pieces_overlap(table.pieces[j], piece))
        piece_fields.fail_here(fmt::format("overlaps '{}' ({}): pieces may touch but not overlap",
                                           document.piece_names[j], wheres[j]));
    table.pieces[table.piece_count++] = piece;
    document.piece_names.push_back(std::move(name));
    wheres.push_back(piece_fields.where(*pieces[i]));
  }
  const std::vector<const toml::table*> objectives =
      fields.tables_of("objective", "[[objective]] tables");
  if (objectives.size() > static_cast<std::size_t>(kMaxTableObjectives))
    TomlFields(path, *objectives[kMaxTableObjectives])
        .fail_here(fmt::format("a table holds at most {} objectives", kMaxTableObjectives));
  for (std::size_t i = 0; i < objectives.size(); ++i) {
    TomlFields f(path, *objectives[i], fmt::format("objective #{}", i + 1));
    f.check_keys({"name", "x", "y", "kind", "points"});
    TableObjective objective;
    objective.name = f.string_or("name", fmt::format("objective #{}", i + 1));
    if (f.has("name")) f.set_context(fmt::format("objective '{}'", objective.name));
    objective.at = {static_cast<std::int32_t>(inches_of(f, "x", 0, table.width)),
                    static_cast<std::int32_t>(inches_of(f, "y", 0, table.depth))};
    objective.kind = f.id("kind", "\"seize\"");
    objective.points = f.integer_or("points", 1, 0, 100);
    document.objectives.push_back(std::move(objective));
  }
  return document;
}

TableDocument read_table_document(const std::string& path) {
  return parse_table_document(read_text_file(path), path);
}

std::string table_document_toml(const TableDocument& document) {
  const Table& table = document.table;
  std::string out = fmt::format("name = {}\nwidth = {}\ndepth = {}\n", quoted(document.name),
                                inches_text(table.width), inches_text(table.depth));
  for (int i = 0; i < table.piece_count; ++i) {
    const Piece& p = table.pieces[i];
    out += fmt::format("\n[[piece]]\nname = {}\n", quoted(document.piece_names[i]));
    out += fmt::format("shape = \"{}\"\nx = {}\ny = {}\n",
                       p.shape == Shape::kCircle ? "circle" : "rectangle", inches_text(p.centre.x),
                       inches_text(p.centre.y));
    if (p.shape == Shape::kCircle) {
      out += fmt::format("diameter = {}\n", inches_text(p.width));
    } else {
      out += fmt::format("width = {}\ndepth = {}\nrotation = {}\n", inches_text(p.width),
                         inches_text(p.depth), degrees_text(p.rotation));
    }
    out += fmt::format("size = {}\nheight = {}\n", p.size, inches_text(p.height));
    if (p.flags & kImpassable) out += "impassable = true\n";
    if (p.flags & kReinforced) out += "reinforced = true\n";
    if (p.flags & kDestructible) out += "destructible = true\n";
  }
  for (const TableObjective& objective : document.objectives)
    out += fmt::format("\n[[objective]]\nname = {}\nx = {}\ny = {}\nkind = {}\npoints = {}\n",
                       quoted(objective.name), inches_text(objective.at.x),
                       inches_text(objective.at.y), quoted(objective.kind), objective.points);
  return out;
}

}  // namespace warband::tabletop
