#include "core/document_kind_operations.h"

#include "core/build_args.h"
#include "core/error.h"

namespace warband {

const BuildDocument& document_of(const BuildInput& input, std::string_view example) {
  if (input.documents.empty())
    throw InputError("--file", fmt::format("is required, e.g. --file {}", example));
  return input.documents.front();
}

const std::string& text_of(const BuildDocument& document) {
  if (!document.text) throw InputError(document.name, "file not found (or not a file)");
  return *document.text;
}

const BuildDocument& text_option(const BuildInput& input, std::string_view option,
                                 std::string_view example) {
  const auto found = input.texts.find(std::string(option));
  if (found == input.texts.end())
    throw InputError(fmt::format("--{}", option),
                     fmt::format("is required, e.g. --{} {}", option, example));
  return found->second;
}

void refuse_overwrite(const BuildInput& input, const BuildDocument& document) {
  if (document.text && !build_args::flag(input.args, "force"))
    throw InputError(document.name, "already exists; give --force to replace it");
}

std::string problems_text(const std::vector<std::string>& problems, std::string_view what) {
  if (problems.empty()) return fmt::format("The {} is legal.\n", what);
  std::string text =
      fmt::format("{} problem{}:\n", problems.size(), problems.size() == 1 ? "" : "s");
  for (const std::string& problem : problems)
    text += "  - " + problem + "\n";
  return text;
}

BuildOutput export_result(const BuildArgs& args, nlohmann::json json, std::string markdown,
                          std::optional<std::string> toml) {
  const std::string* given = build_args::given(args, "format");
  const std::string format = given ? *given : "markdown";
  if (format != "markdown" && format != "json" && (format != "toml" || !toml))
    throw InputError("--format", fmt::format("must be {}, got '{}'",
                                             toml ? "markdown, json or toml" : "markdown or json",
                                             format.substr(0, 40)));
  BuildOutput result;
  std::string exported = format == "json"   ? json.dump(2) + "\n"
                         : format == "toml" ? std::move(*toml)
                                            : std::move(markdown);
  result.json = std::move(json);
  if (const std::string* out = build_args::given(args, "out")) {
    result.output = std::move(exported);
    result.text = fmt::format("Wrote {} ({}).\n", *out, format);
  } else {
    result.text = std::move(exported);
  }
  return result;
}

}  // namespace warband
