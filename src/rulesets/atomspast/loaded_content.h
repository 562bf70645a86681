// An AtomsPast content folder as loaded, with what games derive from it: each map's board with
// its sight tables, and the what-if copies of `content_overrides`. They are kept together so that
// when a designer saves a file and the folder loads again, what was derived from the old files goes
// with them: a new game plays the new files, a game already built keeps the content it holds.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>

#include "rulesets/atomspast/content.h"

namespace warband::atomspast {

class LoadedContent {
 public:
  explicit LoadedContent(Content content);
  // Moved only as it is made, before anyone shares it (FolderCache stores what its load returns).
  LoadedContent(LoadedContent&& made) noexcept;

  const std::shared_ptr<const Content>& content() const { return content_; }

  // The map `id` with its board finalized (the sight tables: the costly part of building a game),
  // once; throws std::out_of_range when the content has no such map.
  const MapDef& finalized_map(const std::string& id) const;

  // The content with `overrides` applied (content_overrides.h); the content itself when there are
  // none. The games that name the same overrides share one copy. A few sets are kept (a sweep's,
  // a price jitter's 4, a reprice round's); each game's setup may name its own (the server takes
  // them from any request), so the copies are bounded, those no game holds dropped first.
  std::shared_ptr<const Content> with_overrides(const nlohmann::json& overrides) const;

  static constexpr std::size_t kKeptOverrideSets = 64;

 private:
  std::shared_ptr<const Content> content_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::unique_ptr<const MapDef>> finalized_maps_;    // by map id
  mutable std::map<std::string, std::shared_ptr<const Content>> override_copies_;  // by JSON text
};

// The content folder `dir` (content/atomspast), loaded again when one of its files changed
// (core/folder_cache.h: within a sweep, as it was when the sweep began).
std::shared_ptr<const LoadedContent> loaded_content(const std::string& dir);

}  // namespace warband::atomspast
