#include "core/odds.h"

#include <algorithm>
#include <charconv>

#include "core/error.h"

namespace warband {

namespace {

InputError not_in_range(const std::string& name, int min, int max, const std::string& got) {
  return InputError("--" + name,
                    fmt::format("must be a whole number from {} to {}, got {}", min, max, got));
}

}  // namespace

int odds_int(const OddsArgs& args, const std::string& name, int min, int max) {
  const auto found = args.find(name);
  if (found == args.end())
    throw InputError("--" + name,
                     fmt::format("missing: give a whole number from {} to {}", min, max));
  const std::string& text = found->second;
  // Strictly digits with an optional minus: no spaces, no plus, no trailing letters.
  long long value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  const bool whole = !text.empty() && stop == end &&
                     (error == std::errc() || error == std::errc::result_out_of_range);
  if (!whole) throw not_in_range(name, min, max, fmt::format("'{}'", text));
  if (error == std::errc::result_out_of_range || value < min || value > max)
    throw not_in_range(name, min, max, text);
  return static_cast<int>(value);
}

int odds_int(const OddsArgs& args, const std::string& name, int min, int max, int fallback) {
  return odds_given(args, name) ? odds_int(args, name, min, max) : fallback;
}

bool odds_flag(const OddsArgs& args, const std::string& name) {
  const auto found = args.find(name);
  if (found == args.end()) return false;
  const std::string& text = found->second;
  if (text == "true" || text == "1" || text == "yes") return true;
  if (text == "false" || text == "0" || text == "no") return false;
  throw InputError("--" + name, fmt::format("expected true or false, got '{}'", text));
}

bool odds_given(const OddsArgs& args, const std::string& name) {
  return args.find(name) != args.end();
}

std::string odds_string(const OddsArgs& args, const std::string& name,
                        const std::string& fallback) {
  const auto found = args.find(name);
  return found == args.end() ? fallback : found->second;
}

}  // namespace warband
