#include "core/build_files.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <filesystem>

#include "core/error.h"
#include "core/file_io.h"
#include "core/toml_comments.h"

namespace warband {
namespace {

std::vector<std::string> paths_of(const std::string& joined) {
  std::vector<std::string> paths;
  std::size_t start = 0;
  while (start <= joined.size()) {
    const std::size_t end = std::min(joined.find('\n', start), joined.size());
    if (end > start) paths.push_back(joined.substr(start, end - start));
    start = end + 1;
  }
  return paths;
}

// Refuses an output path that would replace a file the user has: one the operation reads (an
// export over its own list, --force or not), or any existing file without --force. A device, a
// FIFO or a missing file is no such file.
void check_output(const std::string& option, const std::string& path, const BuildInput& input,
                  bool force) {
  if (path.empty()) throw InputError("--" + option, "missing: give a file");
  std::error_code ec;
  const auto same_file = [&](const std::string& read) {
    return std::filesystem::equivalent(path, read, ec) && !ec;
  };
  for (const BuildDocument& document : input.documents)
    if (document.text && same_file(document.name))
      throw InputError("--" + option, fmt::format("'{}' is the file being read (--file): choose "
                                                  "another file for the output",
                                                  path));
  for (const auto& [name, text] : input.texts)
    if (same_file(text.name))
      throw InputError("--" + option, fmt::format("'{}' is the file being read (--{}): choose "
                                                  "another file for the output",
                                                  path, name));
  struct stat status {};
  if (!force && ::stat(path.c_str(), &status) == 0 && S_ISREG(status.st_mode))
    throw InputError(path, "already exists: choose another file, or give --force to replace it");
}

}  // namespace

BuildResult run_on_files(const BuildOperation& operation, const BuildArgs& args,
                         std::vector<std::string>* notes, const std::string& content_root) {
  BuildInput input;
  input.content_root = content_root;
  const BuildOption* output_option = nullptr;
  for (const BuildOption& option : operation.options) {
    const auto given = args.find(option.name);
    if (given == args.end()) continue;
    switch (option.takes) {
      case BuildTakes::kDocument:
        for (const std::string& path : paths_of(given->second)) {
          std::error_code ec;
          // Only an operation that creates its document may name a file that is not there yet.
          if (operation.creates && !std::filesystem::exists(path, ec))
            input.documents.push_back({path, std::nullopt});
          else
            input.documents.push_back({path, read_text_file(path)});
        }
        break;
      case BuildTakes::kOtherDocument:
      case BuildTakes::kText:
        if (given->second.empty()) throw InputError("--" + option.name, "missing: give a file");
        input.texts[option.name] = {given->second, read_text_file(given->second)};
        break;
      case BuildTakes::kOutput:
        output_option = &option;
        input.args[option.name] = given->second;
        break;
      case BuildTakes::kValue:
      case BuildTakes::kFlag:
      case BuildTakes::kContent:
        input.args[option.name] = given->second;
        break;
    }
  }
  if (output_option != nullptr)
    check_output(output_option->name, args.at(output_option->name), input, args.contains("force"));

  BuildOutput output = operation.run(input);
  // Every file is checked and written aside before any is replaced: reprice --write over a good
  // and a bad list changes neither.
  FileSaveBatch saves;
  for (std::size_t i = 0; i < output.documents.size() && i < input.documents.size(); ++i)
    if (output.documents[i]) saves.stage(input.documents[i].name, *output.documents[i]);
  if (output.output && output_option != nullptr)
    saves.stage(args.at(output_option->name), *output.output, "output");
  saves.commit();

  if (notes != nullptr)
    for (std::size_t i = 0; i < output.documents.size() && i < input.documents.size(); ++i) {
      if (!output.documents[i] || !input.documents[i].text) continue;
      const std::size_t lost =
          lost_toml_comments(*input.documents[i].text, *output.documents[i]).size();
      if (lost > 0)
        notes->push_back(fmt::format(
            "{}: {} comment{} not kept (a builder edit writes the file anew from its data)",
            input.documents[i].name, lost, lost == 1 ? " was" : "s were"));
    }
  return output;
}

}  // namespace warband
