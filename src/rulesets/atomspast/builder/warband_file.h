// Reading and writing AtomsPast warband files for the builder: the TOML format of
// content/atomspast/warbands/ (docs/content/atomspast.md), its JSON twin, and atomic writes.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "rulesets/atomspast/content.h"

namespace warband::atomspast::builder {

// The content the builder prices and validates against: `--content DIR`, or the built-in one
// (read again only when its files change: loaded_content.h).
Content load_builder_content(const std::string& dir);

// The content plus the warband's own custom profiles, so that validate_warband and
// warband_points (the engine's) see them like catalog units.
Content content_with_custom_units(const WarbandDef& warband, const Content& content);

// A profile of the warband or the catalog; nullptr when neither has it.
const UnitProfile* find_profile(const WarbandDef& warband, const Content& content,
                                const std::string& id);

// The warband as a TOML warband file, stamped with the content version and its points now.
std::string warband_toml(const WarbandDef& warband, const Content& content);
// The same document as JSON (the keys and values of the TOML file).
nlohmann::json warband_document(const WarbandDef& warband, const Content& content);

// Reads a warband from TOML text or a JSON document (as warband_document writes it); `source`
// names it in errors.
WarbandDef parse_warband_toml(const std::string& text, const std::string& source,
                              const Content& content);
WarbandDef parse_warband_json(const std::string& text, const std::string& source,
                              const Content& content);

// "Tom's Orcs" -> "tom_s_orcs": an id from a name (lower-case letters, digits, underscores).
std::string id_from_name(const std::string& name);

// A TOML basic string, quoted and escaped.
std::string toml_quote(const std::string& text);

// The Spell Deck's cards, copies counted, and its (spell id, copies) sorted by id.
int deck_cards(const WarbandDef& warband);
std::vector<std::pair<std::string, int>> sorted_deck(const WarbandDef& warband);

}  // namespace warband::atomspast::builder
