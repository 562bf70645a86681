// The list as `show` prints it (and every edit after saving): each unit with its points, the
// total, the Kon, the deck size and whether it is legal.
#pragma once

#include <string>

#include "core/builder.h"
#include "rulesets/atomspast/content.h"

namespace warband::atomspast::builder {

BuildResult list_view(const WarbandDef& warband, const Content& content,
                      const std::string& headline = "");

}  // namespace warband::atomspast::builder
