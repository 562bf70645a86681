// The Warband List for people: Markdown, and a print-ready HTML page (a card per unit, the spell
// deck, the Kon and its spell). Both are built from the same priced, validated view.
#pragma once

#include <string>

#include "rulesets/atomspast/content.h"

namespace warband::atomspast::builder {

std::string warband_markdown(const WarbandDef& warband, const Content& content);
std::string warband_html(const WarbandDef& warband, const Content& content);

// "[S3/D4] Range 1", or "none" for an attack the unit does not have.
std::string attack_words(const AttackProfile& attack);

}  // namespace warband::atomspast::builder
