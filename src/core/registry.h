// The one ruleset registry. Each ruleset registers exactly one entry, from one file of its own
// folder (`<name>_ruleset.cc`), with a static RulesetRegistrar:
//
//   const RulesetRegistrar registrar(Ruleset{
//       .name = "dice_race", .title = "Dice Race", .summary = "...",
//       .parameters = {{"target", ParameterSpec::Type::kInt, 20, 5, 100, "Score that wins"}},
//       .make_game = make_dice_race_game,
//       .odds = dice_race_odds_query(),
//   });
//
// Apps, tools and the server reach a ruleset only through its entry (and the game interface), so
// adding a ruleset touches nothing outside its own folders. Every capability but the name is
// optional: a ruleset may have odds and rules and no game yet.
#pragma once

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/balance_hooks.h"
#include "core/builder.h"
#include "core/game.h"
#include "core/odds.h"
#include "core/parameter_spec.h"

namespace warband {

// What a front end (the browser app) needs to show a ruleset without naming it in its code.
struct FrontEndHints {
  // The `kind` of the ruleset's table views (State::table_view): the browser draws it with the
  // board renderer of that kind, or with its generic view for "text".
  std::string table_kind = "text";
  // An odds query worth showing first (option -> value), when the ruleset has odds.
  OddsArgs odds_example;
  // The map a new game starts on unless one is chosen ("" when the ruleset has no maps).
  std::string default_map;
  // What the terminal's `help` says of the game during play, a few lines a topic, with the
  // `warband rules` sections to read further ("" when there is nothing to add).
  std::string play_help;
  // What the terminal's `help` offers besides a number and an action's text: the ways to name a
  // move typed in this ruleset's own words, examples quoted ("'R3 to F7', 'R3' (its choices)";
  // "" when there are none), so that no ruleset's help shows another's typing.
  std::string typing_examples;
  // What a balance run's what-ifs (`--set PATH=VALUE`) may change, for a ruleset with balance:
  // the paths in words ("units.ID.STAT (points, wounds…), parameters.NAME") and a few lines the
  // ruleset's overrides accept as written ("units.orc_warrior.wounds=3"), so that the Balance
  // view shows the chosen ruleset's own.
  std::string what_if_paths;
  std::vector<std::string> what_if_examples;
  // The ruleset the start page suggests to someone new to the app: the most finished, with the
  // shortest first game. The browser lists it first whatever the others offer (at most one
  // ruleset sets it; when none does, the one that offers most comes first).
  bool suggested_first = false;
};

struct Ruleset {
  std::string name;     // "dice_race": the command line's and the API's word for it
  std::string title;    // "Dice Race": what people read
  std::string summary;  // one line
  // The parameters a game's setup may set (setup["parameters"]), checked before make_game.
  std::vector<ParameterSpec> parameters;

  // Game: builds a Game from a setup document: {"content_dir": ..., "warbands": [...], "map":
  // ..., "parameters": {...}}. Every field is optional; defaults come from the ruleset's content.
  // Bad settings throw InputError.
  std::function<std::shared_ptr<const Game>(const nlohmann::json& setup)> make_game;
  // What a new-game form may offer, read from a content folder ("" = the built-in content):
  // {"maps": [{"id", "name"}], "warbands": [{"id", "name", "points"}], "default_warbands": [Red's
  // id, Blue's id] (what a setup without warbands plays; left out when it is the first two)}.
  std::function<nlohmann::json(const std::string& content_dir)> setup_choices;

  // Why an action the ruleset once listed and no longer does (a choice split in two) is refused,
  // in words, or "" when `action` is not one of them: replaying an old log then names the change,
  // not a bare "not legal here". Unset when nothing was retired.
  std::function<std::string(Action action)> retired_action_reason;

  std::optional<OddsQuery> odds;
  std::optional<BuilderHooks> builder;
  std::optional<BalanceHooks> balance;
  FrontEndHints hints;

  bool playable() const { return static_cast<bool>(make_game); }
};

// The capabilities a ruleset may have, for listing and for "which rulesets can do X" errors.
enum class Capability { kGame, kOdds, kBuilder, kBalance };

bool has(const Ruleset& ruleset, Capability capability);

class Registry {
 public:
  static Registry& instance();

  // Adds an entry. A second entry of the same name, or a malformed declaration (an odds or builder
  // option that is the command's own, an operation declared twice) is a programmer error.
  void add(Ruleset ruleset);
  // Throws InputError listing the known rulesets when `name` is not one of them.
  const Ruleset& find(std::string_view name) const;
  // The entry, which must have `capability`; otherwise InputError "no odds for ruleset 'x';
  // rulesets with odds: a, b" ("unknown ruleset 'x'; ..." when there is no such ruleset).
  const Ruleset& find(std::string_view name, Capability capability) const;
  std::vector<std::string> names() const;                       // sorted
  std::vector<std::string> names(Capability capability) const;  // sorted
  std::vector<const Ruleset*> all() const;                      // sorted by name

 private:
  std::vector<Ruleset> rulesets_;
};

struct RulesetRegistrar {
  explicit RulesetRegistrar(Ruleset ruleset) { Registry::instance().add(std::move(ruleset)); }
};

// A capability of a registered ruleset; each throws InputError (as Registry::find with the
// capability) when the ruleset is unknown or lacks it.
const OddsQuery& find_odds(std::string_view ruleset);
const BuilderHooks& find_builder(std::string_view ruleset);
const BalanceHooks& find_balance(std::string_view ruleset);

// Checks the setup's parameters against the ruleset's spec, then builds the game.
std::shared_ptr<const Game> make_game(const std::string& ruleset, const nlohmann::json& setup);

// The content folder: the one use_content_dir() chose, else $WARBAND_CONTENT if set, else the
// source tree's content/ baked in at build.
std::string default_content_dir();

// Makes `dir` (a content root: a folder per ruleset) the process's default_content_dir(), for a
// command whose --content reaches code that reads no setup (odds, a server's pages). Call it
// before any thread starts; "" goes back to $WARBAND_CONTENT or the built-in content. Returns the
// folder chosen before ("" for none), for a caller that puts it back.
std::string use_content_dir(const std::string& dir);

}  // namespace warband
