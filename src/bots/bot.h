// Bots: players that choose actions through the game interface alone, so every registered
// ruleset gets them. A bot is named by a spec, "kind" or "kind:option=value,option=value":
//   random                       a uniformly random legal action
//   greedy                       one activation ahead, exact expected values over the rolls
//   mcts:iterations=N|ms=N,...   UCT search, chance sampled, hidden information determinised
// The same specs work in `warband play`, `warband sim` and `warband balance`.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/budget.h"
#include "core/game.h"
#include "core/rng.h"

namespace warband::bots {

// A parsed spec: "mcts:ms=50" -> kind "mcts", options {ms: "50"}.
struct BotSpec {
  std::string kind;
  std::map<std::string, std::string> options;
  std::string text;  // as given, for reports and logs

  // Reads `text`; throws InputError(where, ...) on an empty kind or a malformed option list.
  static BotSpec parse(const std::string& text, const std::string& where);
  // The option as a number within [min, max], `fallback` when absent; throws InputError naming
  // `where` and the option otherwise.
  double number(const std::string& option, double fallback, double min, double max,
                const std::string& where) const;
  // Throws InputError naming the first option not in `known`.
  void expect_only(const std::vector<std::string>& known, const std::string& where) const;
};

class Bot {
 public:
  virtual ~Bot() = default;
  // A legal action for state.current_player() at a decision node. Every random choice comes
  // from `rng`, so a bot with an iteration budget plays the same game for the same seed (a bot
  // with a time budget does not).
  //
  // `budget` caps the search whatever the bot's own options say: when it runs out (or is
  // cancelled) a search bot stops and plays the best action it has valued so far, or the first
  // legal action if it has valued none. A caller that needs the unbounded bot's exact choice
  // (a replayed sweep game) checks budget.exhausted() afterwards and discards the game.
  virtual Action choose(const State& state, Rng& rng, const Budget& budget) = 0;
  Action choose(const State& state, Rng& rng) { return choose(state, rng, Budget::unlimited()); }
  // The spec this bot was made from.
  virtual const std::string& spec() const = 0;
};

// The spec a player names: "bot", which `warband play` and the HTTP API take for a player, is
// "greedy", the opponent the browser's new-game form offers first (a newcomer told to play "the
// bot" meets one that plays to win, not random moves); any other text is a spec as it is.
std::string player_spec(const std::string& player);

// How much an mcts spec may search a decision: ms= and iterations= each from 1 to these. The
// command line takes the defaults; the server caps both lower (a request waits for its bots). Every
// check and message of the two budgets reads them here.
struct SearchLimits {
  int milliseconds = 3'600'000;  // an hour
  int iterations = 100'000'000;
};

// Makes a bot from its spec; throws InputError(where, ...) naming the known kinds or the bad
// option, an mcts budget out of [1, `limits`] among them. `where` is what the user typed it into
// ("--red").
std::unique_ptr<Bot> make_bot(const std::string& spec, const std::string& where = "bot",
                              const SearchLimits& limits = {});

}  // namespace warband::bots
