#include "cli/human_input.h"
#include "core/text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>

namespace warband::cli {
namespace {

// How many candidate actions an "ambiguous" message lists.
constexpr std::size_t kListedCandidates = 5;

bool all_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(),
                                      [](unsigned char c) { return std::isdigit(c) != 0; });
}

HumanInput invalid_input(std::string problem) {
  return {HumanInput::Kind::kInvalid, 0, std::move(problem)};
}

HumanInput action(std::size_t index) {
  return {HumanInput::Kind::kAction, index, ""};
}

}  // namespace

HumanInput interpret_human_input(std::string_view line,
                                 const std::vector<std::string>& descriptions) {
  const std::string_view text = trim(line);
  const std::size_t count = descriptions.size();
  // A list of one entry is "type 1", not "from 1 to 1".
  const std::string numbers = count == 1 ? "1" : fmt::format("1 to {}", count);
  const std::string choose =
      fmt::format("type {}, an action, or 'help'", count == 1 ? "1" : "a number from " + numbers);
  if (text.empty()) return invalid_input("Nothing typed; " + choose + ".");

  if (all_digits(text)) {
    std::size_t number = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (error != std::errc() || end != text.data() + text.size() || number < 1 || number > count)
      return invalid_input(fmt::format("{} is not an action number; choose {}.", text, numbers));
    return action(number - 1);
  }

  for (std::size_t i = 0; i < count; ++i)
    if (descriptions[i] == text) return action(i);

  const std::string typed = lower(text);
  if (typed == "board") return {HumanInput::Kind::kBoard, 0, ""};
  if (typed == "help") return {HumanInput::Kind::kHelp, 0, ""};
  if (typed == "quit") return {HumanInput::Kind::kQuit, 0, ""};
  if (typed == "back") return {HumanInput::Kind::kBack, 0, ""};

  std::vector<std::size_t> exact;
  std::vector<std::size_t> prefixed;
  for (std::size_t i = 0; i < count; ++i) {
    const std::string description = lower(descriptions[i]);
    if (description == typed) exact.push_back(i);
    if (description.starts_with(typed)) prefixed.push_back(i);
  }
  if (exact.size() == 1) return action(exact.front());
  if (prefixed.size() == 1) return action(prefixed.front());
  if (prefixed.empty())
    return invalid_input(fmt::format("'{}' does not match any action; {}.", text, choose));

  std::vector<std::string> candidates;
  for (std::size_t i = 0; i < std::min(prefixed.size(), kListedCandidates); ++i)
    candidates.push_back(fmt::format("{}. {}", prefixed[i] + 1, descriptions[prefixed[i]]));
  return invalid_input(fmt::format(
      "'{}' matches {} actions ({}{}); type more of it, or its number.", text, prefixed.size(),
      fmt::join(candidates, ", "), prefixed.size() > kListedCandidates ? ", …" : ""));
}

}  // namespace warband::cli
