// State JSON (Game::state_from_json, core/game.h) of every playable ruleset, each with its default
// setup: a document is refused with InputError, or it reads to a state that is consistent, lists
// its moves, and writes JSON that reads back to the same JSON.
#include <cstdlib>
#include <fstream>
#include <memory>
#include <vector>

#include "core/json_input.h"
#include "core/registry.h"
#include "core/rng.h"
#include "fuzz/support/fuzz_support.h"

using namespace warband;

namespace {

const std::vector<std::shared_ptr<const Game>>& games() {
  static const std::vector<std::shared_ptr<const Game>> games = [] {
    std::vector<std::shared_ptr<const Game>> made;
    for (const std::string& name : Registry::instance().names(Capability::kGame))
      made.push_back(make_game(name, nlohmann::json::object()));
    return made;
  }();
  return games;
}

// Seeds for fuzz/gather_corpus.sh: states of a few random games of each game, at several points.
void write_seeds(const std::string& folder) {
  int written = 0;
  for (const auto& game : games()) {
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      Rng rng(seed);
      auto state = game->new_initial_state();
      for (int step = 0; !state->is_terminal(); ++step) {
        if (step % 150 == 0)
          std::ofstream(folder + "/state" + std::to_string(++written) + ".json")
              << state->to_json().dump();
        state->apply(state->is_chance() ? rng.sample(state->chance_outcomes())
                                        : rng.pick(state->legal_actions()));
      }
      std::ofstream(folder + "/state" + std::to_string(++written) + ".json")
          << state->to_json().dump();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  if (const char* folder = std::getenv("WARBAND_FUZZ_WRITE_SEEDS")) {
    write_seeds(folder);
    std::exit(0);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto json =
      fuzz::read_or_refuse([&] { return parse_json(fuzz::input_text(data, size), "state.json"); });
  if (!json) return 0;
  for (const auto& game : games()) {
    const auto state = fuzz::read_or_refuse([&] { return game->state_from_json(*json); });
    if (!state) continue;
    const std::string printed = fuzz::must("the state read", [&] {
      (*state)->check_consistency();
      (*state)->legal_actions();
      (*state)->chance_outcomes();
      return (*state)->to_json().dump();
    });
    const std::string printed_again = fuzz::must("the written state read back", [&] {
      return game->state_from_json(nlohmann::json::parse(printed))->to_json().dump();
    });
    fuzz::require_same(printed, printed_again, "a state read from JSON");
  }
  return 0;
}
