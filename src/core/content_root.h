// The content root a game's setup names: every ruleset reads its folder under it.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace warband {

// The setup's "content_dir", or the built-in content (default_content_dir()) when it names none,
// names "" or is no object. InputError at setup.content_dir when it is not a string.
std::string setup_content_root(const nlohmann::json& setup);

// The content root that a `--content DIR` for `ruleset` names: DIR when it holds a `ruleset`/
// folder (a copy of content/), or DIR's parent when DIR is that folder itself
// (".../RULESET"). InputError at `option` otherwise, saying what a content folder holds.
std::string content_root_of(const std::string& dir, const std::string& ruleset,
                            const std::string& option);

}  // namespace warband
