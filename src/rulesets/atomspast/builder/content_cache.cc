#include "rulesets/atomspast/builder/content_cache.h"

#include "core/folder_cache.h"

namespace warband::atomspast::builder {

Content cached_content(const std::string& dir) {
  static FolderCache<Content> cache(load_content);
  return *cache.get(dir);
}

}  // namespace warband::atomspast::builder
