#include "core/content_root.h"

#include <fmt/format.h>
#include <filesystem>

#include "core/error.h"
#include "core/registry.h"

namespace warband {

std::string setup_content_root(const nlohmann::json& setup) {
  if (!setup.is_object() || !setup.contains("content_dir")) return default_content_dir();
  const nlohmann::json& root = setup["content_dir"];
  if (!root.is_string()) throw InputError("setup.content_dir", "expected a string");
  return root.get<std::string>().empty() ? default_content_dir() : root.get<std::string>();
}

std::string content_root_of(const std::string& dir, const std::string& ruleset,
                            const std::string& option) {
  namespace fs = std::filesystem;
  const fs::path path(dir);
  std::error_code error;
  if (fs::is_directory(path / ruleset, error)) return dir;
  const fs::path folder = path.filename().empty() ? path.parent_path() : path;
  if (fs::is_directory(folder, error) && folder.filename() == ruleset)
    return folder.parent_path().empty() ? "." : folder.parent_path().string();
  if (!fs::is_directory(path, error))
    throw InputError(option,
                     fmt::format("'{}' is not a content folder: there is no such folder", dir));
  throw InputError(option, fmt::format("'{0}' is not a content folder: it holds no {1}/ folder (a "
                                       "content folder holds one folder per ruleset, as content/ "
                                       "does: copy content/{1} to {0}/{1}, or name the folder that "
                                       "holds {1}/)",
                                       dir, ruleset));
}

}  // namespace warband
