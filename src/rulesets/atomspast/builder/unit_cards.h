// A unit card's weapons and stats, shared by the exports (Markdown, HTML, JSON, TOML comments):
// seed 000's "you will see what Attacks they can perform based on their Weapons and Keywords".
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rulesets/atomspast/content.h"

namespace warband::atomspast::builder {

// The catalog weapons a unit carries, in its order; ids the catalog lacks are left out
// (validate_warband reports them).
std::vector<const Weapon*> carried_weapons(const UnitProfile& unit, const Content& content);

// "Notched Cleaver (melee [S3/D4] Range 1)".
std::string weapon_words(const Weapon& weapon);
// "Notched Cleaver (melee [S3/D4] Range 1), Short Bow (...)", or "" when it carries none.
std::string weapons_words(const UnitProfile& unit, const Content& content);

nlohmann::json weapon_json(const Weapon& weapon);

// One card per listed unit: its stats, points, keywords, weapons (with their numbers and text)
// and text, for the JSON export. Import ignores it: the list itself is under "warband".
nlohmann::json unit_cards_json(const WarbandDef& warband, const Content& content);

}  // namespace warband::atomspast::builder
