// Small pieces A Game's document files share: a TOML string as written, "where: " prefixes
// (core/document_problems.h sorts and refuses their problems).
#pragma once

#include <toml++/toml.h>

#include <sstream>
#include <string>

#include "core/document_problems.h"

namespace warband::agame {

inline std::string toml_quoted(const std::string& text) {
  std::ostringstream out;
  out << toml::value<std::string>(text);
  return out.str();
}

// "where: what", or "what" when where is unknown.
inline std::string at(const std::string& where, const std::string& what) {
  return where.empty() ? what : where + ": " + what;
}

}  // namespace warband::agame
