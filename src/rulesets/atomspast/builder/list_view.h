// The list as `show` prints it (and every edit after saving): each unit with its points, the
// total, the Kon, the deck size, whether it is legal and what is worth a look (warnings).
#pragma once

#include <string>

#include "core/builder.h"
#include "rulesets/atomspast/content.h"

namespace warband::atomspast::builder {

BuildResult list_view(const WarbandDef& warband, const Content& content,
                      const std::string& headline = "");

// What an edit answers: the list as `show` gives it after `what` and "Saved NAME.", with the
// document's new text.
BuildOutput saved_list(const BuildDocument& document, const WarbandDef& warband,
                       const Content& content, const std::string& what);

}  // namespace warband::atomspast::builder
