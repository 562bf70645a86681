#include "cli/run_command.h"

#include <CLI/CLI.hpp>
#include <ostream>

#include "core/error.h"

namespace warband::cli {

std::optional<int> parse_arguments(CLI::App& app, const std::vector<std::string>& args,
                                   std::ostream& out, std::ostream& err) {
  std::vector<const char*> argv;
  for (const std::string& arg : args)
    argv.push_back(arg.c_str());
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError& error) {
    // --help prints and returns 0; every parse error is a bad-arguments exit.
    return app.exit(error, out, err) == 0 ? kExitOk : kExitBadInput;
  }
  return std::nullopt;
}

int run_command(Command& command, Io& io) {
  try {
    return command.run(io);
  } catch (const InputError& error) {
    io.out.flush();
    io.err << "error: " << error.message() << "\n";
    return kExitBadInput;
  } catch (const std::exception& error) {
    io.out.flush();
    io.err << "internal error: " << error.what() << "\n";
    return kExitInternal;
  }
}

std::shared_ptr<CLI::Formatter> subcommand_formatter(const std::string& label) {
  auto formatter = std::make_shared<CLI::Formatter>();
  formatter->label("SUBCOMMAND", label);
  return formatter;
}

std::string unmatched_name(const CLI::App& command) {
  for (const std::string& argument : command.remaining())
    if (!argument.starts_with('-')) return argument;
  return "";
}

}  // namespace warband::cli
