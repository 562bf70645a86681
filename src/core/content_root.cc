#include "core/content_root.h"

#include "core/error.h"
#include "core/registry.h"

namespace warband {

std::string setup_content_root(const nlohmann::json& setup) {
  if (!setup.is_object() || !setup.contains("content_dir")) return default_content_dir();
  const nlohmann::json& root = setup["content_dir"];
  if (!root.is_string()) throw InputError("setup.content_dir", "expected a string");
  return root.get<std::string>().empty() ? default_content_dir() : root.get<std::string>();
}

}  // namespace warband
