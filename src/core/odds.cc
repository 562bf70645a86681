#include "core/odds.h"

#include <algorithm>
#include <charconv>

#include "core/error.h"

namespace warband {

OddsRegistry& OddsRegistry::instance() {
  static OddsRegistry registry;
  return registry;
}

void OddsRegistry::add(OddsQuery query) {
  WB_CHECK(!query.ruleset.empty());
  WB_CHECK(static_cast<bool>(query.compute));
  WB_CHECK(std::none_of(queries_.begin(), queries_.end(),
                        [&](const OddsQuery& q) { return q.ruleset == query.ruleset; }));
  for (std::size_t i = 0; i < query.options.size(); ++i) {
    const std::string& name = query.options[i].name;
    if (std::find(kReservedOddsOptions.begin(), kReservedOddsOptions.end(), name) !=
        kReservedOddsOptions.end())
      fail_check(
          __FILE__, __LINE__,
          fmt::format("odds for '{}': option --{} is the command's own", query.ruleset, name));
    for (std::size_t j = 0; j < i; ++j)
      WB_CHECK(query.options[j].name != name);
  }
  queries_.push_back(std::move(query));
}

const OddsQuery& OddsRegistry::find(const std::string& ruleset) const {
  for (const OddsQuery& query : queries_)
    if (query.ruleset == ruleset) return query;
  const std::vector<std::string> known = rulesets();
  throw InputError("",
                   fmt::format("no odds for ruleset '{}'; rulesets with odds: {}", ruleset,
                               known.empty() ? "none" : fmt::format("{}", fmt::join(known, ", "))));
}

std::vector<std::string> OddsRegistry::rulesets() const {
  std::vector<std::string> names;
  for (const OddsQuery& query : queries_)
    names.push_back(query.ruleset);
  std::sort(names.begin(), names.end());
  return names;
}

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
