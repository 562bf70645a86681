// A game's setup as a browser sends it, made into one the ruleset can build: no field of a request
// may name a file or folder on the server's disk, and a saved warband is given by its document id.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "server/store.h"

namespace warband::server {

using DocumentLookup = std::function<std::optional<DocumentRow>(const std::string& id)>;

// The store's documents, by id.
DocumentLookup store_documents(Store& store);

// Checks `setup` (a request's field, named `where` in errors: "body.setup") and returns the setup
// to build the game from:
//   - only "warbands", "map", "parameters" and "content_overrides" may be given ("content_dir" and
//     anything unknown: 400);
//   - a warband is a content id ("toms_orcs": letters, digits, '_' and '-', so never a path), a
//     warband object (the JSON twin of a warband file), or {"document": "ID"}: the saved warband
//     document's TOML, turned into that JSON object so the log holds the whole warband and
//     replays anywhere (404 for an unknown document, 400 for one of another ruleset or kind);
//   - `content_dir` (the server's --content, "" for the built-in content) is added when set.
// A null setup is {}. Throws ApiError.
nlohmann::json web_setup(const std::string& ruleset, const nlohmann::json& setup,
                         const std::string& where, const DocumentLookup& documents,
                         const std::string& content_dir);

// TOML text (a warband file) as the JSON object with the same keys and values; ApiError 400 at
// `where` naming the line if it is not valid TOML.
nlohmann::json toml_text_to_json(const std::string& text, const std::string& where);

}  // namespace warband::server
