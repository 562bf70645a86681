#include "server/build_samples.h"

#include <algorithm>
#include <filesystem>

#include "core/error.h"
#include "core/file_io.h"
#include "core/registry.h"
#include "core/toml_input.h"

namespace warband::server {
namespace {

namespace fs = std::filesystem;

// Far more than any ruleset ships; a folder holding more is cut, not read whole.
constexpr std::size_t kMaxSamples = 200;

bool ends_with(const std::string& text, const std::string& tail) {
  return text.size() >= tail.size() &&
         text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

// The file's own top-level `name`, or "" when it has none (or is not TOML).
std::string own_name(const std::string& text, const std::string& where) {
  try {
    const toml::table table = parse_toml_text(text, where);
    if (const auto name = table["name"].value<std::string>()) return *name;
  } catch (const InputError&) {
  }
  return "";
}

}  // namespace

nlohmann::json build_samples(const std::string& ruleset, const BuilderHooks& hooks,
                             const std::string& content_root) {
  const fs::path root = content_root.empty() ? default_content_dir() : content_root;
  nlohmann::json samples = nlohmann::json::array();
  for (const DocumentKind& kind : hooks.documents) {
    const fs::path folder = root / ruleset / (kind.kind + "s");
    std::error_code error;
    if (!fs::is_directory(folder, error)) continue;
    const std::string suffix = kind.suffix.empty() ? ".toml" : kind.suffix;
    std::vector<fs::path> files;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder, error)) {
      const std::string file = entry.path().filename().string();
      if (entry.is_regular_file(error) && ends_with(file, suffix) && file.size() > suffix.size())
        files.push_back(entry.path());
      if (files.size() >= kMaxSamples) break;
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& path : files) {
      const std::string file = path.filename().string();
      const std::string id = file.substr(0, file.size() - suffix.size());
      const std::string text = read_text_file(path.string());
      const std::string name = own_name(text, path.string());
      samples.push_back(
          {{"kind", kind.kind}, {"id", id}, {"name", name.empty() ? id : name}, {"text", text}});
    }
  }
  return samples;
}

}  // namespace warband::server
