#include "core/build_files.h"

#include <filesystem>

#include "core/error.h"
#include "core/file_io.h"

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

}  // namespace

BuildResult run_on_files(const BuildOperation& operation, const BuildArgs& args) {
  BuildInput input;
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

  BuildOutput output = operation.run(input);
  for (std::size_t i = 0; i < output.documents.size() && i < input.documents.size(); ++i)
    if (output.documents[i]) write_file_atomically(input.documents[i].name, *output.documents[i]);
  if (output.output && output_option != nullptr)
    write_file_atomically(args.at(output_option->name), *output.output);
  return output;
}

}  // namespace warband
