// The rule numbers a balance run may change (`--set parameters.NAME=VALUE`), checked against the
// parameters the ruleset declares (Ruleset::parameters), so every ruleset's balance hooks apply
// and refuse them the same way.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/balance_hooks.h"
#include "core/parameter_spec.h"

namespace warband {

// The parameter `name` that `ruleset` declares, its lowest value raised to `lowest` (a
// round_limit of 0 means "the content's own", which is no what-if). A name the ruleset does not
// declare is a programmer error.
ParameterSpec declared_parameter(std::string_view ruleset, std::string_view name, double lowest);

// `setup` with each override `parameters.NAME=VALUE` written into setup["parameters"], NAME one of
// `what_ifs`. Throws InputError at "--set PATH": another path gets "<title> takes
// parameters.round_limit=N (1 to 50)", listing every what-if (more than four: "<title> takes
// parameters.NAME=VALUE, NAME one of: a, b, ..."); a value of the wrong type or out of range gets
// "expected a whole number from 1 to 50, got 'TEXT'".
nlohmann::json override_parameters(const nlohmann::json& setup,
                                   const std::vector<BalanceOverride>& overrides,
                                   std::string_view title,
                                   const std::vector<ParameterSpec>& what_ifs);

}  // namespace warband
