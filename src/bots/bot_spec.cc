#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <cmath>

#include "bots/bot.h"
#include "core/error.h"

namespace warband::bots {

BotSpec BotSpec::parse(const std::string& text, const std::string& where) {
  BotSpec spec;
  spec.text = text;
  const std::size_t colon = text.find(':');
  spec.kind = text.substr(0, colon);
  if (spec.kind.empty())
    throw InputError(
        where, fmt::format("'{}' names no bot; expected e.g. random, greedy, mcts:ms=50", text));
  if (colon == std::string::npos) return spec;
  std::string rest = text.substr(colon + 1);
  std::size_t start = 0;
  while (start <= rest.size()) {
    const std::size_t comma = std::min(rest.find(',', start), rest.size());
    const std::string item = rest.substr(start, comma - start);
    const std::size_t equals = item.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == item.size())
      throw InputError(where, fmt::format("bot option '{}' in '{}' is not name=value", item, text));
    const std::string name = item.substr(0, equals);
    if (spec.options.count(name))
      throw InputError(where, fmt::format("bot option '{}' is given twice in '{}'", name, text));
    spec.options[name] = item.substr(equals + 1);
    start = comma + 1;
  }
  return spec;
}

double BotSpec::number(const std::string& option, double fallback, double min, double max,
                       const std::string& where) const {
  const auto found = options.find(option);
  if (found == options.end()) return fallback;
  const std::string& value = found->second;
  double parsed = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), parsed);
  if (error != std::errc() || end != value.data() + value.size())
    throw InputError(where, fmt::format("bot option {}={} is not a number", option, value));
  // from_chars reads "nan" and "inf", which pass no range check a comparison makes.
  if (!std::isfinite(parsed))
    throw InputError(where, fmt::format("bot option {}={} is not a finite number", option, value));
  if (parsed < min || parsed > max)
    throw InputError(
        where, fmt::format("bot option {}={} is out of range [{}, {}]", option, value, min, max));
  return parsed;
}

std::string player_spec(const std::string& player) {
  return player == "bot" ? "greedy" : player;
}

void BotSpec::expect_only(const std::vector<std::string>& known, const std::string& where) const {
  for (const auto& [name, value] : options)
    if (std::find(known.begin(), known.end(), name) == known.end())
      throw InputError(
          where, fmt::format("{} has no option '{}'; its options: {}", kind, name,
                             known.empty() ? "none" : fmt::format("{}", fmt::join(known, ", "))));
}

}  // namespace warband::bots
