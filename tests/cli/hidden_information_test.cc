// What the terminal shows a human is what State::view gives that human (issue 16, "A leak
// first"): against a bot, no card of the bot's is ever named unless it went on the table; in the
// hot seat, a "pass the device" screen between the sides and each side's own hand only after it;
// with no human, everything. Played in-process through the PlayLoop, on AtomsPast (hands and
// draws) and on the toy game (a dealt card, through the game interface's defaults).
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/narration.h"
#include "cli/play_loop.h"
#include "core/registry.h"
#include "tests/support/play_loop_run.h"
#include "tests/support/test_files.h"

namespace warband::cli {
namespace {

using nlohmann::json;

Played play_hidden(const std::string& ruleset, std::vector<std::string> players, std::uint64_t seed,
                   const std::string& input, bool terminal = false) {
  PlaySettings settings;
  settings.players = std::move(players);
  settings.seed = seed;
  return play_loop(ruleset, std::move(settings), input, json::object(), terminal);
}

// Every "  Hand: ..." line of `side`'s part of the boards in `text` (AtomsPast's board in words:
// "Blue — warband ...", "  Casting Zone: ...", "  Hand: ...", a long line continued on lines
// indented four), its continuation lines joined to it.
std::vector<std::string> hand_lines(const std::string& text, const std::string& side) {
  std::vector<std::string> hands;
  const std::vector<std::string> lines = lines_of(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (!lines[i].starts_with(side + " — ")) continue;
    std::size_t hand = i + 1;
    while (hand < lines.size() && hand < i + 6 && !lines[hand].starts_with("  Hand:"))
      ++hand;
    if (hand >= lines.size() || !lines[hand].starts_with("  Hand:")) continue;
    std::string joined = lines[hand];
    for (std::size_t next = hand + 1; next < lines.size() && lines[next].starts_with("    ");
         ++next)
      joined.append(" ").append(lines[next], 4);
    hands.push_back(joined);
  }
  return hands;
}

bool hidden_hand(const std::string& line) {
  return line.ends_with(" cards (hidden)");
}

// The AtomsPast cards each side drew in `record` (from the full text of its draws, "Blue draws
// Clockwork Legs"), and every card name Red could read at some point: its own hand, the Casting
// Zones, the Kon Spells, a spell being cast (the table view's "cards" for Red).
struct Cards {
  std::set<std::string> drawn[2];
  std::set<std::string> seen_by_red;
};

Cards cards_of(const GameRecord& record) {
  Cards cards;
  std::unique_ptr<State> state = record.game().new_initial_state();
  const auto look = [&] {
    const json table = state->table_view(0);
    for (const auto& [name, text] : table.at("cards").items())
      cards.seen_by_red.insert(name);
  };
  for (const Action action : record.actions()) {
    look();
    if (state->is_chance()) {
      const json view = state->action_view(action);
      const int owner = view.value("private_to", -1);
      if (owner >= 0) {
        const std::string text = state->action_to_string(action);
        const std::string prefix = player_name(owner) + " draws ";
        EXPECT_TRUE(text.starts_with(prefix)) << text;
        cards.drawn[owner].insert(text.substr(prefix.size()));
      }
    }
    state->apply(action);
  }
  look();
  return cards;
}

TEST(PlayLoopHiddenInformation, AgainstABotNoCardOfTheBotsIsEverNamed) {
  const Played played = play_hidden("atomspast", {"human", "bot"}, 3, repeated_lines("1", 4000));
  ASSERT_EQ(played.end, PlayEnd::kFinished) << played.err;
  ASSERT_TRUE(played.record.state().is_terminal());
  const Cards cards = cards_of(played.record);

  // The cards the bot held that never went on the table and Red never held.
  std::set<std::string> secret;
  for (const std::string& name : cards.drawn[1])
    if (!cards.seen_by_red.contains(name)) secret.insert(name);
  ASSERT_FALSE(secret.empty()) << "the game should leave Blue with a card Red never saw";
  for (const std::string& name : secret) {
    EXPECT_EQ(played.out.find(name), std::string::npos) << "Blue's hidden card named: " << name;
    EXPECT_EQ(played.err.find(name), std::string::npos) << name;
  }
  // Had the terminal shown everything, they would have been named: the test can see a leak.
  std::string full;
  {
    std::unique_ptr<State> state = played.record.game().new_initial_state();
    for (const Action action : played.record.actions()) {
      full += action_line(*state, action) + "\n";
      state->apply(action);
    }
  }
  for (const std::string& name : secret)
    EXPECT_NE(full.find("chance: Blue draws " + name), std::string::npos) << name;

  // Blue's draws are told, unnamed; Red's own draws are named.
  EXPECT_GT(count_of(played.out, "chance: Blue draws a card\n"), 0);
  EXPECT_EQ(count_of(played.out, "chance: Red draws a card\n"), 0);
  ASSERT_FALSE(cards.drawn[0].empty());
  for (const std::string& name : cards.drawn[0])
    EXPECT_NE(played.out.find("chance: Red draws " + name + "\n"), std::string::npos) << name;

  // Every board is drawn from Red's side: Blue's hand a count, Red's by name.
  const std::vector<std::string> blue_hands = hand_lines(played.out, "Blue");
  const std::vector<std::string> red_hands = hand_lines(played.out, "Red");
  ASSERT_GT(blue_hands.size(), 5u);
  for (const std::string& hand : blue_hands)
    EXPECT_TRUE(hidden_hand(hand)) << hand;
  for (const std::string& hand : red_hands)
    EXPECT_FALSE(hidden_hand(hand)) << hand;
  // Nothing asked the screen to be cleared: there is one human.
  EXPECT_EQ(count_of(played.out, "Pass the device"), 0);
}

TEST(PlayLoopHiddenInformation, HumanAsBlueSeesBluesSide) {
  const Played played = play_hidden("atomspast", {"bot", "human"}, 4, repeated_lines("1", 4000));
  ASSERT_EQ(played.end, PlayEnd::kFinished) << played.err;
  EXPECT_GT(count_of(played.out, "chance: Red draws a card\n"), 0);
  EXPECT_EQ(count_of(played.out, "chance: Blue draws a card\n"), 0);
  EXPECT_GT(count_of(played.out, "chance: Blue draws "), 0);
  for (const std::string& hand : hand_lines(played.out, "Red"))
    EXPECT_TRUE(hidden_hand(hand)) << hand;
}

// The output cut at each "Pass the device to X" screen: {X, what follows until the next}; the
// first part, before any, has X empty.
std::vector<std::pair<std::string, std::string>> passes_of(const std::string& out) {
  const std::string marker = "Pass the device to ";
  std::vector<std::pair<std::string, std::string>> parts;
  std::size_t at = out.find(marker);
  parts.push_back({"", out.substr(0, at)});
  while (at != std::string::npos) {
    const std::size_t name_start = at + marker.size();
    const std::string who = out.substr(name_start, out.find(':', name_start) - name_start);
    const std::size_t next = out.find(marker, name_start);
    parts.push_back({who, out.substr(name_start, next == std::string::npos ? std::string::npos
                                                                           : next - name_start)});
    at = next;
  }
  return parts;
}

TEST(PlayLoopHiddenInformation, HotSeatPassesTheDeviceAndShowsOnlyTheNewSidesHand) {
  // "1" for every prompt, the pass screens' included.
  const Played played = play_hidden("atomspast", {"human", "human"}, 3, repeated_lines("1", 300));
  const auto parts = passes_of(played.out);
  ASSERT_GE(parts.size(), 5u) << played.out;

  // Before the first pass no one holds the device: both hands hidden, every draw unnamed.
  for (const char* side : {"Red", "Blue"}) {
    for (const std::string& hand : hand_lines(parts[0].second, side))
      EXPECT_TRUE(hidden_hand(hand)) << hand;
  }
  EXPECT_EQ(count_of(parts[0].second, " draws a card\n"), count_of(parts[0].second, " draws "));
  EXPECT_EQ(count_of(parts[0].second, "Red> "), 0);

  int named_draws = 0, asked_parts = 0;
  std::string previous;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const auto& [who, text] = parts[i];
    ASSERT_TRUE(who == "Red" || who == "Blue") << who;
    const std::string other = who == "Red" ? "Blue" : "Red";
    EXPECT_NE(who, previous) << "the device passes only to the other side";
    previous = who;
    EXPECT_NE(text.find(who + ", press Enter> "), std::string::npos) << text;
    // Only the new side's hand; the board before any decision of the new side.
    const std::vector<std::string> own = hand_lines(text, who);
    const auto asked = text.find(who + " to move:\n");
    if (asked != std::string::npos) {
      ++asked_parts;
      EXPECT_LT(text.find("\n" + who + " — "), asked) << "the board comes first:\n" << text;
    }
    for (const std::string& hand : own)
      EXPECT_FALSE(hidden_hand(hand)) << hand;
    for (const std::string& hand : hand_lines(text, other))
      EXPECT_TRUE(hidden_hand(hand)) << hand;
    EXPECT_EQ(count_of(text, "chance: " + other + " draws "),
              count_of(text, "chance: " + other + " draws a card\n"));
    EXPECT_EQ(count_of(text, other + " to move:"), 0) << "the other side is never asked here";
    named_draws += count_of(text, "chance: " + who + " draws ") -
                   count_of(text, "chance: " + who + " draws a card\n");
  }
  EXPECT_GT(named_draws, 0) << "a side holding the device reads its own draws";
  EXPECT_GT(asked_parts, 4);
  EXPECT_TRUE(played.screen.empty()) << "no terminal: nothing is cleared";
}

TEST(PlayLoopHiddenInformation, HotSeatClearsATerminalBeforeEachPass) {
  // The toy game deals each player a card only its holder may read (through the game
  // interface's defaults: the table view's text, the action view's "private_to").
  const Played played = play_hidden("toy", {"human", "human"}, 5, repeated_lines("1", 400), true);
  const int passes = count_of(played.out, "Pass the device to ");
  ASSERT_GE(passes, 3) << played.out;
  EXPECT_EQ(count_of(played.screen, "\x1b[2J"), passes);
  EXPECT_EQ(played.out.find('\x1b'), std::string::npos);
  // Each deal is read by its holder alone: the device passes to Red, then to Blue, to read them.
  EXPECT_EQ(count_of(played.out, "chance: (hidden)\n"), 0);
  const auto parts = passes_of(played.out);
  ASSERT_GE(parts.size(), 4u);
  EXPECT_EQ(parts[1].first, "Red");
  EXPECT_EQ(count_of(parts[1].second, "chance: Red is dealt card "), 1);
  EXPECT_EQ(parts[2].first, "Blue");
  EXPECT_EQ(count_of(parts[2].second, "chance: Blue is dealt card "), 1);
  EXPECT_EQ(count_of(played.out, "is dealt card"), 2);
  // Each side's card is shown after the device comes to it, the other's as "?" until played.
  for (const auto& [who, text] : parts) {
    if (who.empty()) continue;
    const std::string other = who == "Red" ? "Blue" : "Red";
    for (const std::string& line : lines_of(text)) {
      if (line.starts_with("  " + who + " ")) {
        EXPECT_EQ(line.find("card ?"), std::string::npos) << line;
      }
      if (line.starts_with("  " + other + " ") && line.find("(played)") == std::string::npos) {
        EXPECT_NE(line.find("card ?"), std::string::npos) << line;
      }
    }
  }
}

TEST(PlayLoopHiddenInformation, HotSeatQuitAtThePassScreen) {
  // The first pass comes before Red's deal; Blue's deal is read by Blue, then Red is to move.
  const Played first = play_hidden("toy", {"human", "human"}, 6, "quit\n");
  EXPECT_EQ(first.end, PlayEnd::kQuit);
  EXPECT_NE(first.out.find("Red quits after 0 actions.\n"), std::string::npos) << first.out;
  const Played third = play_hidden("toy", {"human", "human"}, 6, "\n\nquit\n");
  EXPECT_EQ(third.end, PlayEnd::kQuit);
  EXPECT_NE(third.out.find("Red quits after 2 actions.\n"), std::string::npos) << third.out;
  const Played closed = play_hidden("toy", {"human", "human"}, 6, "\n");
  EXPECT_EQ(closed.end, PlayEnd::kInputClosed);
  EXPECT_NE(closed.err.find("Input ended while Blue was to move"), std::string::npos);
}

TEST(PlayLoopHiddenInformation, OneHumanReadsOnlyTheirOwnDeal) {
  const Played played = play_hidden("toy", {"human", "bot"}, 7, "quit\n");
  EXPECT_NE(played.out.find("chance: Red is dealt card "), std::string::npos) << played.out;
  EXPECT_NE(played.out.find("chance: (hidden)\n"), std::string::npos) << played.out;
  EXPECT_EQ(played.out.find("Blue is dealt"), std::string::npos) << played.out;
  EXPECT_NE(played.out.find("  Blue   0  card ?"), std::string::npos) << played.out;
}

TEST(PlayLoopHiddenInformation, WithNoHumanTheSpectatorSeesEverything) {
  const Played played = play_hidden("toy", {"bot", "bot"}, 8, "");
  ASSERT_EQ(played.end, PlayEnd::kFinished);
  EXPECT_NE(played.out.find("chance: Red is dealt card "), std::string::npos) << played.out;
  EXPECT_NE(played.out.find("chance: Blue is dealt card "), std::string::npos) << played.out;
  EXPECT_EQ(played.out.find("(hidden)"), std::string::npos) << played.out;
  EXPECT_EQ(played.out.find("card ?"), std::string::npos) << played.out;
}

}  // namespace
}  // namespace warband::cli
