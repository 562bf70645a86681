// The readers of content/atomspast's files, one per file schema, for content_loader.cc (which
// loads a folder in order) and nothing else. Each throws InputError("file.toml:LINE", "<thing>:
// <what is wrong and what was expected>"); content files are untrusted input, so nothing here
// may crash, whatever a file holds.
#pragma once

#include <toml++/toml.h>

#include <string>
#include <string_view>
#include <vector>

#include "core/toml_fields.h"
#include "rulesets/atomspast/content.h"

namespace warband::atomspast::content_files {

// How an id looks in messages ("'id' is missing: expected an id such as \"orc_warrior\"").
inline constexpr std::string_view kIdExample = "\"orc_warrior\"";

// parameters.toml: [parameters], every field optional (the defaults are in content.h).
Parameters load_parameters(const std::string& path);

// heuristics.toml: [heuristics], the weights of the bots' evaluate(); every field optional.
HeuristicWeights load_heuristics(const std::string& path);

// One heuristic weight by name (heuristics.toml's keys, `--set heuristics.NAME=VALUE`), with the
// range it must lie in; nullptr for an unknown name.
struct HeuristicField {
  std::string_view key;
  double HeuristicWeights::*value;
  double low;
  double high;
};
const std::vector<HeuristicField>& heuristic_fields();
// Throws InputError(where, ...) when the five shares sum to more than 1.
void check_heuristic_shares(const HeuristicWeights& weights, const std::string& where);

// weapons.toml: [[weapon]] entries.
std::vector<Weapon> load_weapons(const std::string& path);

// units.toml: [[unit]] entries, each giving its weapons' ids or inline attacks.
std::vector<UnitProfile> load_units(const std::string& path, const std::vector<Weapon>& weapons);

// The fields of one unit profile, shared by units.toml and a warband's [[custom]] profiles.
// `points` is -1 when the table gives none (priced by points.toml). A catalog unit's weapon
// problems are errors here; a custom unit's are left to validate_warband, which says them in a
// player's words with the list's other problems.
UnitProfile load_unit(TomlFields& f, bool allow_points, std::string_view default_faction,
                      const std::vector<Weapon>& weapons);

// points.toml: the points formula (base, [stats], [keywords], [weapons], [units] adjustments).
PointsFormula load_points(const std::string& path, const std::vector<UnitProfile>& units,
                          const std::vector<Weapon>& weapons);

// spells.toml: [[spell]] cards with their targets and effects.
std::vector<SpellCard> load_spells(const std::string& path);

// An amount as a spell writes it: terms joined by + and -, at most one of them an X term
// ([N]X[/D]), such as "X", "2X", "X/2", "3+X", "X+3", "1+X/2", "-1", "X-1", "-X/2" (spaces
// ignored; rounded down when evaluated). False, and `out` untouched, when `text` is not one.
bool parse_amount_text(std::string_view text, Amount& out);

// maps/*.toml: one map, its legend, terrain rows and heights.
MapDef load_map(const std::string& path);

// warbands/*.toml and a player's own list: against the units, spells and weapons loaded so far.
WarbandDef load_warband_table(const std::string& path, const toml::table& root,
                              const std::vector<UnitProfile>& units,
                              const std::vector<SpellCard>& spells,
                              const std::vector<Weapon>& weapons);

}  // namespace warband::atomspast::content_files
