#include "rulesets/atomspast/loaded_content.h"

#include <stdexcept>

#include "core/folder_cache.h"
#include "rulesets/atomspast/content_overrides.h"

namespace warband::atomspast {

LoadedContent::LoadedContent(Content content)
    : content_(std::make_shared<const Content>(std::move(content))) {}

LoadedContent::LoadedContent(LoadedContent&& made) noexcept : content_(std::move(made.content_)) {}

const MapDef& LoadedContent::finalized_map(const std::string& id) const {
  {
    std::lock_guard lock(mutex_);
    if (const auto found = finalized_maps_.find(id); found != finalized_maps_.end())
      return *found->second;
  }
  const MapDef* map = content_->find_map(id);
  if (!map) throw std::out_of_range("no map '" + id + "' in " + content_->dir);
  // Finalized outside the lock (tens of milliseconds); a map finalized twice at once keeps the
  // first, which every caller then reads.
  auto finalized = std::make_unique<MapDef>(*map);
  finalized->board.finalize();
  std::lock_guard lock(mutex_);
  return *finalized_maps_.try_emplace(id, std::move(finalized)).first->second;
}

std::shared_ptr<const Content> LoadedContent::with_overrides(
    const nlohmann::json& overrides) const {
  if (overrides.is_null() || (overrides.is_object() && overrides.empty())) return content_;
  const std::string key = overrides.dump();
  {
    std::lock_guard lock(mutex_);
    if (const auto found = override_copies_.find(key); found != override_copies_.end())
      return found->second;
  }
  auto changed = std::make_shared<const Content>(content_with_overrides(*content_, overrides));
  std::lock_guard lock(mutex_);
  if (override_copies_.size() >= kKeptOverrideSets) {
    std::erase_if(override_copies_, [](const auto& kept) { return kept.second.use_count() == 1; });
    if (override_copies_.size() >= kKeptOverrideSets) override_copies_.clear();
  }
  return override_copies_.try_emplace(key, std::move(changed)).first->second;
}

std::shared_ptr<const LoadedContent> loaded_content(const std::string& dir) {
  static FolderCache<LoadedContent> cache(
      [](const std::string& folder) { return LoadedContent(load_content(folder)); });
  return cache.get(dir);
}

}  // namespace warband::atomspast
