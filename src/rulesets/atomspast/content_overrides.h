// What-if overrides of AtomsPast content (`warband balance --set PATH=VALUE`), recorded in a
// setup as {"content_overrides": {"units.orc_warrior.wounds": 14, ...}} so that every game and
// replay built from the setup plays them.
//
// Paths: units.<id>.<stat> (points, move, melee_skill, melee_dice, melee_range, ranged_skill,
// ranged_dice, ranged_range, wounds, shield), spells.<id>.<field> (acti, knowledge),
// parameters.<name> and heuristics.<weight> (the bots' evaluate() weights, to tune them).
// Overriding a stat keeps the unit's points (a unit made "stronger at the same cost"); set
// units.<id>.points as well to reprice it (docs/sim.md, "Balance").
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "rulesets/atomspast/content.h"

namespace warband::atomspast {

// Reads PATH=VALUE's value as the path wants it and checks the path against `content`; returns
// the JSON value to record. Throws InputError(path, what is allowed).
nlohmann::json parse_content_override(const std::string& path, const std::string& value,
                                      const Content& content);

// `content` with `overrides` (an object of path -> value, as recorded) applied. LoadedContent
// (loaded_content.h) keeps the copies games share.
Content content_with_overrides(const Content& content, const nlohmann::json& overrides);

}  // namespace warband::atomspast
