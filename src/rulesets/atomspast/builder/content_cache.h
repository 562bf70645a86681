// The builder's content, read once per process and again only when a file under its folder has
// changed: the server runs a builder operation per request, and reading the TOML is most of one.
#pragma once

#include <string>

#include "rulesets/atomspast/content.h"

namespace warband::atomspast::builder {

// load_content(dir), or a copy of what it gave last time when no file under `dir` was added,
// removed, resized or rewritten since. Thread-safe; errors are load_content's (nothing is cached).
Content cached_content(const std::string& dir);

}  // namespace warband::atomspast::builder
