#include "core/builder.h"

namespace warband {

const DocumentKind* BuilderHooks::find_document(const std::string& kind) const {
  for (const DocumentKind& document : documents)
    if (document.kind == kind) return &document;
  return nullptr;
}

}  // namespace warband
