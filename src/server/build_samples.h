// The sample documents a ruleset ships (content/<ruleset>/<kind>s/*.toml: a wargame's warbands, a
// wizard game's wizards), for the builder's "Start from ..." (GET /api/build/{ruleset}/samples).
// Generic: a ruleset gets samples by putting files in the folder named after a document kind
// its builder declares.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/builder.h"

namespace warband::server {

// [{kind, id (the file's name without its suffix), name (the file's own `name`, else the id),
// text}], sorted by kind then id. `content_root` "" is the built-in content.
nlohmann::json build_samples(const std::string& ruleset, const BuilderHooks& hooks,
                             const std::string& content_root);

}  // namespace warband::server
