// What a human types at `warband play` (cli/choice_menu.h): unit and square names ("R3 to F7"),
// numbers, prefixes of an action's text, `back`. Input: the first byte picks a position of a
// random game of each playable ruleset (made once per process), the rest is typed line by line.
// Every answer is a list, a sentence or a choice; a choice is a legal action of that position.
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "cli/choice_menu.h"
#include "core/registry.h"
#include "core/rng.h"
#include "fuzz/support/fuzz_support.h"

using namespace warband;

namespace {

// Decision nodes along one random game of every playable ruleset, every few actions.
const std::vector<std::unique_ptr<State>>& positions() {
  static const std::vector<std::unique_ptr<State>> made = [] {
    std::vector<std::unique_ptr<State>> states;
    for (const Ruleset* ruleset : Registry::instance().all()) {
      if (!ruleset->playable()) continue;
      const std::shared_ptr<const Game> game = make_game(ruleset->name, nlohmann::json::object());
      std::unique_ptr<State> state = game->new_initial_state();
      Rng rng(1);
      for (int step = 0; step < game->info().max_game_length && !state->is_terminal(); ++step) {
        if (state->is_chance()) {
          state->apply(rng.sample(state->chance_outcomes()));
          continue;
        }
        if (step % 5 == 0) states.push_back(state->clone());
        state->apply(rng.pick(state->legal_actions()));
      }
    }
    return states;
  }();
  return made;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto& states = positions();
  if (states.empty() || size == 0) return 0;
  const State& state = *states[data[0] % states.size()];
  const std::vector<Action> legal = state.legal_actions();
  std::string_view typed = fuzz::input_text(data + 1, size - 1);
  cli::ChoiceMenu menu(state, state.current_player());
  for (int line = 0; line < 16 && !typed.empty(); ++line) {
    const std::string_view typed_line = fuzz::split_first_line(typed).first;
    typed = fuzz::split_first_line(typed).second;
    const cli::MenuAnswer answer =
        fuzz::must("ChoiceMenu::answer", [&] { return menu.answer(typed_line); });
    if (answer.kind == cli::MenuAnswer::Kind::kChosen) {
      if (answer.actions.empty()) fuzz::defect("a choice with no action");
      if (!std::binary_search(legal.begin(), legal.end(), answer.actions.front()))
        fuzz::defect("the chosen action is not legal here");
      return 0;
    }
    if (answer.kind == cli::MenuAnswer::Kind::kInvalid && answer.text.empty())
      fuzz::defect("an invalid line with no sentence saying why");
    fuzz::must("ChoiceMenu::listing", [&] { return menu.listing(); });
  }
  return 0;
}
