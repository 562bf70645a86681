// What the AtomsPast builder operations share: reading their options, loading the content and the
// warband document they work on, and its new text.
#pragma once

#include <string>
#include <vector>

#include "core/builder.h"
#include "rulesets/atomspast/content.h"

namespace warband::atomspast::builder {

std::string required_arg(const BuildArgs& args, const std::string& name,
                         const std::string& expected);
std::string optional_arg(const BuildArgs& args, const std::string& name,
                         const std::string& fallback = "");
bool has_arg(const BuildArgs& args, const std::string& name);
int int_arg(const BuildArgs& args, const std::string& name, int low, int high, int fallback);
int required_int_arg(const BuildArgs& args, const std::string& name, int low, int high);
// A repeatable option's values (given several times: joined with '\n').
std::vector<std::string> list_arg(const BuildArgs& args, const std::string& name);
// "3/4/1": Skill/Dice/Range.
AttackProfile attack_arg(const BuildArgs& args, const std::string& name);

// The option of the warband file an operation works on.
BuildOption file_option(const std::string& help = "The warband file (TOML)");

// The content of the input's content root (the CLI's --content, the server's), else the
// built-in one.
Content content_arg(const BuildInput& input);

// The document of --file; InputError("--file", "missing: give " + expected) when none was given.
const BuildDocument& document_arg(const BuildInput& input, const std::string& expected);
// A warband document's text, loaded against the content; its name names it in errors.
WarbandDef load_list(const BuildDocument& document, const Content& content);
// The list's new text, stamped with the content version and its points now.
std::string list_text(const WarbandDef& warband, const Content& content);

}  // namespace warband::atomspast::builder
