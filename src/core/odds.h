// Odds queries, a ruleset's optional capability (Ruleset::odds, registry.h): `warband odds RULESET
// --opt value ...` and the browser's odds forms are built from these declarations alone, so the
// apps never include a ruleset.
//
// A query declares its options, computes the exact distribution, and can sample the same quantity
// through the ruleset's real chance nodes (Monte Carlo), so the two can be printed side by side.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/distribution.h"
#include "core/rng.h"

namespace warband {

// Options every query gets from `warband odds` itself; a query may not declare them.
inline constexpr std::array<std::string_view, 5> kReservedOddsOptions = {"json", "svg", "samples",
                                                                         "seed", "help"};

// The options given (only those), by name. Which options are given selects what a query computes
// (a card game's query may print its whole table when given none, and an attack's damage when given
// `--attack A --defense D`). Parsing and range checks are the query's: a bad value throws
// InputError("--skill", "must be a whole number from 1 to 6, got 0").
using OddsArgs = std::map<std::string, std::string>;

// A value an option may be picked from (a unit of the content): the browser's forms offer these
// instead of free text.
struct OddsChoice {
  std::string value;  // what the option is given: "orc_warrior"
  std::string label;  // what a person reads: "Orc Warrior"
  // Offered only while another option holds a value (an attack of the picked attacker:
  // {"attacker", "Vampire Swordfighter"}); empty: always offered.
  std::string only_with_option = "";
  std::string only_with_value = "";
};

struct OddsOption {
  std::string name;   // "skill": given as --skill on the command line
  std::string help;   // one line for --help, saying the default if there is one
  bool flag = false;  // a yes/no switch (--defend): value "true" when given
  // The values to pick from, when the option takes one of a known list (null: any text).
  std::function<std::vector<OddsChoice>()> choices = nullptr;
  // A picker that always holds a choice (the units of an attack): the form offers no "none".
  bool required = false;
  // What a person calls it, in the form and in error sentences ("Attack Strength"); empty: the
  // name's words.
  std::string label = "";
  // Options whose change empties this one in a form, so the query falls back to its default: the
  // dice typed for one attack may be more than the next attack allows.
  std::vector<std::string> reset_by = {};
};

// One question a query answers ("An attack between two units"), and the options that ask it:
// the browser groups its form by these, so a person sees only the options of one question.
struct OddsQuestion {
  std::string title;                 // "An attack between two units"
  std::vector<std::string> options;  // the names of the options it takes
  // What a form fills in when this question is picked with all its options empty, so it answers
  // at once: {{"attacker", "orc_warrior"}, {"target", "footmen"}}. Each must compute.
  OddsArgs example = {};
};

struct OddsResult {
  std::string title;          // "[S3/D4] skill roll: the total"
  std::string outcome_label;  // "total", "damage", "wounds", "X"
  Distribution exact;
  // Extra named figures worth printing ("P(cast succeeds)": 0.42), in order.
  std::vector<std::pair<std::string, double>> figures;
};

struct OddsQuery {
  std::string summary;  // one line for `warband odds --help`
  std::vector<OddsOption> options;
  std::function<OddsResult(const OddsArgs&)> compute;
  // Plays the same mechanic `samples` times through the ruleset's chance nodes, sampling each
  // outcome with `rng`, and returns the value of each run (what `exact` is the distribution of).
  std::function<std::vector<int>(const OddsArgs&, Rng& rng, int samples)> sample;
  // The questions, in the order a form offers them (empty: one question, every option).
  std::vector<OddsQuestion> questions = {};
};

// Helpers for queries reading their arguments. odds_int: a whole number in [min, max], or
// `fallback` when the option is not given (a required option passes no fallback and throws
// InputError when missing).
int odds_int(const OddsArgs& args, const std::string& name, int min, int max);
int odds_int(const OddsArgs& args, const std::string& name, int min, int max, int fallback);
bool odds_flag(const OddsArgs& args, const std::string& name);
bool odds_given(const OddsArgs& args, const std::string& name);
std::string odds_string(const OddsArgs& args, const std::string& name,
                        const std::string& fallback = "");

}  // namespace warband
