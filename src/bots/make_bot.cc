#include <fmt/format.h>

#include "bots/bot.h"
#include "bots/greedy_bot.h"
#include "bots/mcts_bot.h"
#include "bots/random_bot.h"
#include "core/error.h"

namespace warband::bots {

std::unique_ptr<Bot> make_bot(const std::string& text, const std::string& where,
                              const SearchLimits& limits) {
  const BotSpec spec = BotSpec::parse(text, where);
  if (spec.kind == "random") {
    spec.expect_only({}, where);
    return std::make_unique<RandomBot>(text);
  }
  if (spec.kind == "greedy") {
    spec.expect_only({"depth", "nodes"}, where);
    GreedyOptions options;
    options.depth = static_cast<int>(spec.number("depth", options.depth, 1, 8, where));
    options.nodes = static_cast<int>(spec.number("nodes", options.nodes, 1, 1e7, where));
    return std::make_unique<GreedyBot>(text, options);
  }
  if (spec.kind == "balance") {
    // The balance bot (issue 20): greedy over one activation, 8 follow-ups sampled, so a game
    // costs well under 100 CPU-ms. A fixed spec, so that balance runs stay comparable; what it
    // values is the ruleset's evaluate() (its content's heuristics, where it has them).
    spec.expect_only({}, where);
    return std::make_unique<GreedyBot>(text, GreedyOptions{.depth = 2, .nodes = 8});
  }
  if (spec.kind == "mcts") {
    spec.expect_only({"iterations", "ms", "c", "rollout", "widen"}, where);
    if (spec.options.count("iterations") && spec.options.count("ms"))
      throw InputError(where, fmt::format("mcts takes iterations= or ms=, not both ('{}')", text));
    MctsOptions options;
    options.iterations = static_cast<int>(
        spec.number("iterations", options.iterations, 1, limits.iterations, where));
    options.milliseconds = static_cast<int>(spec.number("ms", 0, 1, limits.milliseconds, where));
    options.exploration = spec.number("c", options.exploration, 0, 100, where);
    options.widen = spec.number("widen", options.widen, 0, 1000, where);
    const auto rollout = spec.options.find("rollout");
    if (rollout != spec.options.end() && rollout->second == "full")
      options.rollout = -1;
    else if (rollout != spec.options.end())
      try {
        options.rollout = static_cast<int>(spec.number("rollout", 0, 0, 1e6, where));
      } catch (const InputError&) {
        throw InputError(where, fmt::format("bot option rollout={} is neither 'full' nor a "
                                            "number of decisions in [0, 1000000]",
                                            rollout->second));
      }
    return std::make_unique<MctsBot>(text, options);
  }
  throw InputError(
      where, fmt::format("unknown bot '{}'; known bots: random, greedy, mcts, balance", spec.kind));
}

}  // namespace warband::bots
