// Content files named by id (content_files.h).
#include "core/content_files.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>

#include "core/error.h"

namespace warband {

std::vector<std::string> content_ids(const std::string& folder, std::string_view suffix) {
  std::vector<std::string> ids;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    const std::string name = entry.path().filename().string();
    if (name.ends_with(suffix)) ids.push_back(name.substr(0, name.size() - suffix.size()));
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

std::string resolve_content_file(const nlohmann::json& given, const std::string& folder,
                                 std::string_view suffix, std::string_view what,
                                 const std::string& where) {
  if (!given.is_string()) throw InputError(where, fmt::format("expected a {} id or file", what));
  const std::string name = given.get<std::string>();
  if (name.find('/') != std::string::npos || name.ends_with(".toml")) return name;
  const std::vector<std::string> known = content_ids(folder, suffix);
  if (std::find(known.begin(), known.end(), name) == known.end())
    throw InputError(where,
                     fmt::format("unknown {} '{}'; known: {}", what, name, fmt::join(known, ", ")));
  return folder + "/" + name + std::string(suffix);
}

}  // namespace warband
