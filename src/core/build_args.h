// Reading a builder operation's arguments (BuildArgs, core/builder.h): what every ruleset's
// operations do with `--name value` pairs, in one place.
#pragma once

#include <fmt/format.h>

#include <sstream>
#include <string>
#include <vector>

#include "core/builder.h"
#include "core/error.h"

namespace warband::build_args {

// The value of --name, or nullptr when it was not given.
inline const std::string* given(const BuildArgs& args, const char* name) {
  const auto found = args.find(name);
  return found == args.end() ? nullptr : &found->second;
}

// The value of --name; InputError "--name: is required, e.g. --name EXAMPLE" when it is missing
// or empty.
inline const std::string& required(const BuildArgs& args, const char* name, const char* example) {
  const std::string* value = given(args, name);
  if (!value || value->empty())
    throw InputError(fmt::format("--{}", name),
                     fmt::format("is required, e.g. --{} {}", name, example));
  return *value;
}

// A switch: given, and not "false".
inline bool flag(const BuildArgs& args, const char* name) {
  const std::string* value = given(args, name);
  return value && *value != "false";
}

// A multi-line value (one effect, ability... a line) as its lines.
inline std::vector<std::string> lines_of(const std::string& joined) {
  std::vector<std::string> lines;
  std::istringstream in(joined);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

}  // namespace warband::build_args
