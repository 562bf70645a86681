#include "rulesets/atomspast/builder/build_args.h"

#include <fmt/format.h>

#include <charconv>

#include "core/error.h"
#include "rulesets/atomspast/builder/warband_file.h"
#include "rulesets/atomspast/stat_ranges.h"

namespace warband::atomspast::builder {
namespace {

bool parse_whole(const std::string& text, long long& value) {
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  return !text.empty() && stop == end && error == std::errc();
}

}  // namespace

std::string required_arg(const BuildArgs& args, const std::string& name,
                         const std::string& expected) {
  const auto found = args.find(name);
  if (found == args.end() || found->second.empty())
    throw InputError("--" + name, "missing: give " + expected);
  return found->second;
}

std::string optional_arg(const BuildArgs& args, const std::string& name,
                         const std::string& fallback) {
  const auto found = args.find(name);
  return found == args.end() ? fallback : found->second;
}

bool has_arg(const BuildArgs& args, const std::string& name) {
  return args.count(name) > 0;
}

int required_int_arg(const BuildArgs& args, const std::string& name, int low, int high) {
  const std::string text =
      required_arg(args, name, fmt::format("a whole number from {} to {}", low, high));
  long long value = 0;
  if (!parse_whole(text, value) || value < low || value > high)
    throw InputError("--" + name, fmt::format("must be a whole number from {} to {}, got '{}'", low,
                                              high, text));
  return static_cast<int>(value);
}

int int_arg(const BuildArgs& args, const std::string& name, int low, int high, int fallback) {
  return has_arg(args, name) ? required_int_arg(args, name, low, high) : fallback;
}

std::vector<std::string> list_arg(const BuildArgs& args, const std::string& name) {
  std::vector<std::string> values;
  const auto found = args.find(name);
  if (found == args.end()) return values;
  std::size_t start = 0;
  while (start <= found->second.size()) {
    const std::size_t end = std::min(found->second.find('\n', start), found->second.size());
    if (end > start) values.push_back(found->second.substr(start, end - start));
    start = end + 1;
  }
  return values;
}

AttackProfile attack_arg(const BuildArgs& args, const std::string& name) {
  const std::string text = optional_arg(args, name, "0/0/0");
  AttackProfile attack;
  int* parts[] = {&attack.skill, &attack.dice, &attack.range};
  const StatRange ranges[] = {kAttackSkillRange, kAttackDiceRange, kAttackReachRange};
  std::size_t start = 0;
  for (int i = 0; i < 3; ++i) {
    const std::size_t slash = i < 2 ? text.find('/', start) : text.size();
    long long value = 0;
    if (slash == std::string::npos || !parse_whole(text.substr(start, slash - start), value) ||
        value < ranges[i].min || value > ranges[i].max)
      throw InputError(
          "--" + name,
          fmt::format("expected SKILL/DICE/RANGE such as 3/4/1 (Skill {}-{}, Dice "
                      "{}-{}, Range {}-{}), got '{}'",
                      kAttackSkillRange.min, kAttackSkillRange.max, kAttackDiceRange.min,
                      kAttackDiceRange.max, kAttackReachRange.min, kAttackReachRange.max, text));
    *parts[i] = static_cast<int>(value);
    start = slash + 1;
  }
  if (text.find('/', start) != std::string::npos && start <= text.size())
    throw InputError("--" + name, fmt::format("expected SKILL/DICE/RANGE, got '{}'", text));
  return attack;
}

BuildOption file_option(const std::string& help) {
  return {"file", help, BuildTakes::kDocument};
}

Content content_arg(const BuildInput& input) {
  // The content root (a folder per ruleset) the CLI's --content named as every command's does
  // (content_root_of), or the server's; "" is the built-in content.
  return load_builder_content(input.content_root.empty() ? "" : input.content_root + "/atomspast");
}

const BuildDocument& document_arg(const BuildInput& input, const std::string& expected) {
  if (input.documents.empty()) throw InputError("--file", "missing: give " + expected);
  return input.documents.front();
}

WarbandDef load_list(const BuildDocument& document, const Content& content) {
  if (!document.text) throw InputError(document.name, "file not found (or not a file)");
  return parse_warband_text(*document.text, document.name, content);
}

std::string list_text(const WarbandDef& warband, const Content& content) {
  return warband_toml(warband, content);
}

}  // namespace warband::atomspast::builder
