// Runs the `warband` command in-process (cli::run) with the given arguments and standard input,
// capturing its exit code and both output streams: the CLI tests' one runner.
#pragma once

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/app.h"

namespace warband::cli {

struct Ran {
  int code;
  std::string out;
  std::string err;
};

// `args` without the program name: warband({"odds", "conflict"}).
inline Ran warband(std::vector<std::string> args, const std::string& input = "") {
  args.insert(args.begin(), "warband");
  std::istringstream in(input);
  std::ostringstream out, err;
  const int code = run(args, in, out, err);
  return {code, out.str(), err.str()};
}

// `warband balance ARGS...`.
inline Ran warband_balance(std::vector<std::string> args) {
  args.insert(args.begin(), "balance");
  return warband(std::move(args));
}

// `warband build atomspast ARGS...`.
inline Ran build_atomspast(std::vector<std::string> args) {
  args.insert(args.begin(), {"build", "atomspast"});
  return warband(std::move(args));
}

}  // namespace warband::cli
