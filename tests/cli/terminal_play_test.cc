// AtomsPast played in the terminal as a newcomer meets it (issue 16, "Terminal"): every line of
// the default output fits 80 columns on every map (`--wide` keeps the roomier board), moves and
// deployments typed by square name, the two-step choice with `back`, the ruleset's `help`, and
// the reason a game ended on the result line. Played in-process through the PlayLoop.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/choice_menu.h"
#include "cli/play_loop.h"
#include "core/grid.h"
#include "core/registry.h"
#include "core/rng.h"
#include "core/text.h"
#include "tests/support/play_loop_run.h"

namespace warband::cli {
namespace {

using nlohmann::json;

Played play_on_terminal(std::vector<std::string> players, std::uint64_t seed,
                        const std::string& input, const json& setup = json::object(),
                        int columns = 80) {
  PlaySettings settings;
  settings.players = std::move(players);
  settings.seed = seed;
  settings.columns = columns;
  return play_loop("atomspast", std::move(settings), input, setup);
}

// The lines of `text` wider than `columns` (in characters: "—" is one).
std::vector<std::string> too_wide(const std::string& text, std::size_t columns) {
  std::vector<std::string> wide;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) {
    // A prompt ("Red> ") is followed by what the human types and Enter on a terminal; here the
    // input is not echoed, so what follows it lands on the prompt's line.
    std::string_view shown = line;
    while (shown.starts_with("Red> ") || shown.starts_with("Blue> "))
      shown.remove_prefix(shown.find("> ") + 2);
    if (display_columns(shown) > columns) wide.push_back(line);
  }
  return wide;
}

std::vector<std::string> map_ids() {
  std::vector<std::string> ids;
  const json choices = Registry::instance().find("atomspast").setup_choices("");
  for (const json& map : choices["maps"])
    ids.push_back(map["id"]);
  return ids;
}

TEST(TerminalPlay, EveryLineFitsEightyColumnsOnEveryMap) {
  const std::vector<std::string> maps = map_ids();
  ASSERT_GE(maps.size(), 4u);
  for (const std::string& map : maps) {
    // A human who always types 1 (into both steps of a grouped choice), against a bot, to the end.
    const Played played =
        play_on_terminal({"human", "bot"}, 11, repeated_lines("1", 6000), {{"map", map}});
    ASSERT_EQ(played.end, PlayEnd::kFinished) << map << played.err;
    EXPECT_NE(played.out.find("Result: "), std::string::npos) << map;
    EXPECT_EQ(too_wide(played.out, 80), std::vector<std::string>{}) << map;
  }
}

TEST(TerminalPlay, WideKeepsTheRoomyBoard) {
  // Ashen Valley is 28 columns: three characters a space take 88 columns.
  const json setup = {{"map", "ashen_valley"}};
  const Played wide = play_on_terminal({"bot", "bot"}, 2, "", setup, 0);
  ASSERT_EQ(wide.end, PlayEnd::kFinished);
  EXPECT_FALSE(too_wide(wide.out, 80).empty());
  const Played narrow = play_on_terminal({"bot", "bot"}, 2, "", setup);
  EXPECT_EQ(too_wide(narrow.out, 80), std::vector<std::string>{});
  // The same game either way.
  EXPECT_EQ(wide.out.substr(wide.out.find("Actions: ")),
            narrow.out.substr(narrow.out.find("Actions: ")));
}

// A game advanced by `choose` (the first legal action, or a sampled chance outcome) until `stop`
// holds at one of Red's decisions.
template <typename Stop>
std::unique_ptr<State> advance_until(std::uint64_t seed, Stop stop) {
  const std::shared_ptr<const Game> game = make_game("atomspast", json::object());
  std::unique_ptr<State> state = game->new_initial_state();
  Rng rng(seed);
  for (int step = 0; step < 20000 && !state->is_terminal(); ++step) {
    if (state->is_chance()) {
      state->apply(rng.sample(state->chance_outcomes()));
      continue;
    }
    if (state->current_player() == 0 && stop(*state)) return state;
    state->apply(rng.pick(state->legal_actions()));
  }
  return nullptr;
}

bool offers_kind(const State& state, const std::string& kind) {
  for (const Action action : state.legal_actions())
    if (state.action_view(action).value("kind", "") == kind) return true;
  return false;
}

std::string label_of(const State& state, int unit) {
  const json table = state.table_view(0);
  for (const json& entry : table["units"])
    if (entry["index"] == unit) return entry["label"].get<std::string>();
  return "?";
}

std::string square_of(const json& view) {
  if (!view.contains("cells") || view["cells"].empty()) return "";
  const json& cell = view["cells"][0];
  return grid::cell_name(
      {static_cast<std::int8_t>(cell[0].get<int>()), static_cast<std::int8_t>(cell[1].get<int>())});
}

// The last legal action whose first space no other action starts from: a long base may stand
// two ways on one square, and then a square alone does not choose.
Action with_a_square_of_its_own(const State& state) {
  std::map<std::string, int> starts;
  for (const Action action : state.legal_actions())
    ++starts[square_of(state.action_view(action))];
  Action own = -1;
  for (const Action action : state.legal_actions()) {
    const std::string square = square_of(state.action_view(action));
    if (!square.empty() && starts[square] == 1) own = action;
  }
  EXPECT_GE(own, 0);
  return own;
}

TEST(TerminalPlay, DeploymentTypedBySquareName) {
  // Red chooses which unit deploys next: "deploy R2 at B8" names both decisions at once.
  const std::unique_ptr<State> state =
      advance_until(4, [](const State& s) { return offers_kind(s, "deploy_unit"); });
  ASSERT_TRUE(state);
  Action pick = -1;
  for (const Action action : state->legal_actions())
    if (state->action_view(action)["kind"] == "deploy_unit") pick = action;
  std::unique_ptr<State> next = state->clone();
  next->apply(pick);
  const Action where = with_a_square_of_its_own(*next);
  const json view = next->action_view(where);
  ASSERT_EQ(view["kind"], "deploy");
  const std::string typed = "deploy " + label_of(*state, view["unit"]) + " at " + square_of(view);
  ChoiceMenu menu(*state, 0);
  const MenuAnswer answer = menu.answer(typed);
  ASSERT_EQ(answer.kind, MenuAnswer::Kind::kChosen) << typed << ": " << answer.text;
  EXPECT_EQ(answer.actions, (std::vector<Action>{pick, where})) << typed;
  // Lower case works too.
  EXPECT_EQ(ChoiceMenu(*state, 0).answer(lower(typed)).actions, answer.actions);
}

TEST(TerminalPlay, MoveTypedBySquareNameAndTheNoMatchSentence) {
  const std::unique_ptr<State> state =
      advance_until(5, [](const State& s) { return offers_kind(s, "move"); });
  ASSERT_TRUE(state);
  Action move = -1;
  for (const Action action : state->legal_actions())
    if (state->action_view(action)["kind"] == "move") move = action;
  const int unit = state->action_view(move)["unit"];
  const std::string label = label_of(*state, unit);
  std::unique_ptr<State> next = state->clone();
  next->apply(move);
  const Action destination = with_a_square_of_its_own(*next);
  const std::string square = square_of(next->action_view(destination));

  // "R3 move to F7" is one path: the Move, then where.
  const MenuAnswer answer = ChoiceMenu(*state, 0).answer(label + " move to " + square);
  ASSERT_EQ(answer.kind, MenuAnswer::Kind::kChosen) << answer.text;
  EXPECT_EQ(answer.actions, (std::vector<Action>{move, destination}));
  // "R3 to F7" too, or a list of the ways there (a Move and a Run) to choose from.
  const MenuAnswer shorter = ChoiceMenu(*state, 0).answer(label + " to " + square);
  if (shorter.kind == MenuAnswer::Kind::kListed)
    EXPECT_NE(shorter.text.find("could be any of these"), std::string::npos) << shorter.text;
  else
    EXPECT_EQ(shorter.actions, (std::vector<Action>{move, destination})) << shorter.text;

  // A square none of the unit's actions reaches: said, with where the unit can go.
  std::set<std::string> reached;
  for (const Action action : state->legal_actions()) {
    if (state->action_view(action)["unit"] != unit) continue;
    std::unique_ptr<State> after = state->clone();
    after->apply(action);
    if (after->current_player() != 0) continue;
    for (const Action then : after->legal_actions()) {
      const json view = after->action_view(then);
      if (!view["cells"].empty()) reached.insert(square_of(view));
    }
  }
  std::string unreachable;
  for (int x = 0; x < 26 && unreachable.empty(); ++x)
    for (int y = 0; y < 18 && unreachable.empty(); ++y) {
      const std::string name =
          grid::cell_name({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)});
      if (!reached.contains(name) && name != label) unreachable = name;
    }
  const MenuAnswer refused = ChoiceMenu(*state, 0).answer(label + " to " + unreachable);
  EXPECT_EQ(refused.kind, MenuAnswer::Kind::kInvalid);
  EXPECT_TRUE(refused.text.starts_with("No legal move takes " + label + " to " + unreachable +
                                       "; " + label + " can reach "))
      << refused.text;
  const std::size_t listed = refused.text.find("can reach ") + 10;
  const std::string first = refused.text.substr(listed, refused.text.find(' ', listed) - listed);
  EXPECT_TRUE(reached.contains(first)) << refused.text;
}

TEST(TerminalPlay, ALongListIsChosenInTwoStepsWithBack) {
  const std::unique_ptr<State> state = advance_until(6, [](const State& s) {
    return offers_kind(s, "move") && s.legal_actions().size() > kFlatListMost;
  });
  ASSERT_TRUE(state);
  ChoiceMenu menu(*state, 0);
  const std::string top = menu.listing();
  EXPECT_NE(top.find("choose a unit, then what it does"), std::string::npos) << top;
  EXPECT_LT(menu.listed(), state->legal_actions().size());
  // Find a group ("R2 Orc Warrior (2 choices)") and open it by its number.
  std::size_t group = 0;
  {
    std::istringstream lines(top);
    for (std::string line; std::getline(lines, line);)
      if (group == 0 && line.find(" choices)") != std::string::npos)
        group = std::stoul(line.substr(0, line.find('.')));
  }
  ASSERT_GT(group, 0u) << top;
  const MenuAnswer opened = menu.answer(std::to_string(group));
  ASSERT_EQ(opened.kind, MenuAnswer::Kind::kListed);
  EXPECT_NE(opened.text.find("'back' for the whole list"), std::string::npos) << opened.text;
  EXPECT_TRUE(menu.nested());
  // back: the first list again; back at the top is the play loop's (take back a choice).
  const MenuAnswer back = menu.answer("back");
  ASSERT_EQ(back.kind, MenuAnswer::Kind::kListed);
  EXPECT_EQ(back.text, top);
  EXPECT_FALSE(menu.nested());
  EXPECT_EQ(menu.answer("back").kind, MenuAnswer::Kind::kBack);
  // A unit's label opens its choices too, typed inside a group.
  std::string group_line;
  {
    std::istringstream lines(top);
    for (std::string line; std::getline(lines, line);)
      if (group_line.empty() && line.find(" choices)") != std::string::npos) group_line = line;
  }
  const std::size_t name_at = group_line.find(". ") + 2;
  const std::string unit = group_line.substr(name_at, group_line.find(' ', name_at) - name_at);
  ASSERT_EQ(menu.answer(std::to_string(group)).kind, MenuAnswer::Kind::kListed);
  const MenuAnswer by_name = menu.answer(lower(unit));
  ASSERT_EQ(by_name.kind, MenuAnswer::Kind::kListed) << unit << ": " << by_name.text;
  EXPECT_NE(by_name.text.find(unit + " "), std::string::npos) << by_name.text;
  EXPECT_TRUE(menu.nested());
  ASSERT_EQ(menu.answer("back").kind, MenuAnswer::Kind::kListed);
  // An action's whole text still chooses it from the top.
  const Action last = state->legal_actions().back();
  const MenuAnswer typed = menu.answer(state->action_to_string_for(0, last));
  ASSERT_EQ(typed.kind, MenuAnswer::Kind::kChosen);
  EXPECT_EQ(typed.actions, std::vector<Action>{last});
}

TEST(TerminalPlay, BackTakesBackTheLastChoiceUntilSomethingIsRevealed) {
  // Seed 11's first decision of Red's comes after the dice-off and the draws: nothing to take
  // back, as Red has made no choice yet. A spell placed is Red's own decision with nothing
  // rolled since: back takes it back. Then nothing again, the placement taken back was the only
  // choice.
  const Played played = play_on_terminal({"human", "bot"}, 11, "back\n2\nback\nback\nquit\n");
  EXPECT_EQ(played.end, PlayEnd::kQuit) << played.err;
  const std::size_t refused = played.out.find("Nothing to take back: you have made no choice yet.");
  const std::size_t placed = played.out.find("Red: places ");
  const std::size_t taken = played.out.find("Red takes back: places ");
  ASSERT_NE(refused, std::string::npos) << played.out;
  ASSERT_NE(placed, std::string::npos);
  ASSERT_NE(taken, std::string::npos);
  EXPECT_LT(refused, placed);
  EXPECT_LT(placed, taken);
  EXPECT_NE(played.out.find("Nothing to take back: you have made no choice yet.", taken),
            std::string::npos);
  EXPECT_EQ(played.out.find("Nothing to take back: dice were rolled"), std::string::npos);
  // What was placed is what was taken back, and the game is back where it was.
  const std::string spell =
      played.out.substr(placed + 12, played.out.find('\n', placed) - placed - 12);
  EXPECT_NE(played.out.find("Red takes back: places " + spell + "\n"), std::string::npos) << spell;
  // The record is as it was before the placement: only the dice-off and the draws.
  int chances = 0;
  for (std::size_t at = played.out.find("\nchance: "); at < placed;
       at = played.out.find("\nchance: ", at + 1))
    ++chances;
  EXPECT_GT(chances, 0);
  EXPECT_NE(played.out.find(fmt::format("Red quits after {} actions.", chances)),
            std::string::npos);
}

TEST(TerminalPlay, HelpExplainsAcTiRollsAndPhases) {
  const Played played = play_on_terminal({"human", "bot"}, 3, "help\nquit\n");
  EXPECT_EQ(played.end, PlayEnd::kQuit);
  for (const char* part :
       {"'R3 to F7'", "'back'", "AcTi (Activation Timer)", "[S/D] rolls",
        "[S3/D4] rolling 1, 3, 2, 6 makes 1 + 3 + 2 + 1 = 7", "Spell Phase",
        "warband rules atomspast game phases", "warband rules atomspast activation timers"})
    EXPECT_NE(played.out.find(part), std::string::npos) << part;
  EXPECT_EQ(too_wide(played.out, 80), std::vector<std::string>{});
}

// The ways to type a move are each ruleset's own: the help offered AtomsPast's squares and
// "deploy R1 at B8" on Conflict's and A Game's tables, where a move is a point in inches.
TEST(TerminalPlay, HelpOffersTheRulesetsOwnWaysToTypeAMove) {
  for (const char* ruleset : {"conflict", "agame", "spellweavers"}) {
    PlaySettings settings;
    settings.players = {"human", "bot"};
    settings.seed = 3;
    const Played played = play_loop(ruleset, std::move(settings), "help\nquit\n", json::object());
    EXPECT_EQ(played.end, PlayEnd::kQuit) << ruleset;
    EXPECT_EQ(played.out.find("deploy R1 at B8"), std::string::npos) << ruleset << played.out;
    EXPECT_EQ(played.out.find("'R3 run to F7'"), std::string::npos) << ruleset;
    EXPECT_NE(played.out.find("'back' leaves"), std::string::npos) << ruleset;
    const bool tabletop = std::string(ruleset) != "spellweavers";
    // Each example is whole on its line.
    for (const char* example : {"'18 3'", "'(18, 3)'"})
      EXPECT_NE(played.out.find(tabletop ? example : "'R1 to E4'"), std::string::npos)
          << ruleset << played.out;
    const std::size_t help = played.out.find("Type a number from the list");
    ASSERT_NE(help, std::string::npos) << ruleset;
    EXPECT_EQ(too_wide(played.out.substr(help, played.out.find("\n\n", help) - help), 80),
              std::vector<std::string>{})
        << ruleset;
  }
}

TEST(TerminalPlay, TheResultSaysWhyTheGameEnded) {
  int kon_falls = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Played played = play_on_terminal({"bot", "bot"}, seed, "", json::object(), 0);
    ASSERT_EQ(played.end, PlayEnd::kFinished);
    const std::size_t at = played.out.find("Result: ");
    ASSERT_NE(at, std::string::npos);
    const std::string result = played.out.substr(at, played.out.find('\n', at) - at);
    EXPECT_TRUE(result.find(": no Kon fell in 20 rounds") != std::string::npos ||
                result.find(" (Kon) destroyed") != std::string::npos)
        << result;
    if (result.find(" (Kon) destroyed by ") != std::string::npos) ++kon_falls;
    // The fallen Kon is the loser's: the Kon is each side's unit 1.
    if (result.find("no Kon fell") == std::string::npos) {
      if (result.starts_with("Result: Blue wins: ")) {
        EXPECT_TRUE(result.starts_with("Result: Blue wins: R1 ")) << result;
      } else {
        EXPECT_TRUE(result.starts_with("Result: Red wins: B1 ")) << result;
      }
    }
  }
  EXPECT_GT(kon_falls, 0);
}

TEST(TerminalPlay, NoEndReasonWhileTheGameGoesOn) {
  const std::shared_ptr<const Game> game = make_game("atomspast", json::object());
  EXPECT_EQ(game->new_initial_state()->end_reason(), "");
}

}  // namespace
}  // namespace warband::cli
