// A Game's card draft (seed 004: "Draw 4 cards, 2 from each deck: burn - 1st player, pick - 2nd
// player, pick - 1st player, discard. Do this 8 times, each player now has 8 cards to use."), as a
// pure state machine the game engine plays as decisions. The decks come in already shuffled (the
// engine's random stream shuffles them), so a draft is the same every time for the same decks and
// choices.
//
// Ruling "The draft's decks" (docs/rulings/agame.md): 8 rounds of 4 draws need 32 cards from 20,
// so a burned or discarded card goes back under the deck it came from; a picked card leaves it. A
// deck holding fewer than 2 cards gives what it has and the other deck makes up the rest. Ruling
// "The draft's first player": the first player of round 1 is the engine's (the roll-off's); the
// roles change hands every round when DraftRules::alternate_first is on.
//
// How the engine plays it: at setup, shuffle each player's deck (a deck document's card ids,
// deck_file.h) with the game's random stream, roll off for the first player, and make a Draft.
// While !done(), the decision belongs to to_choose(); its legal actions are legal_choices()
// (indices into table(), which a view shows with each card's deck), and choose(player, index)
// plays one; the discard needs no decision. The hands are hand(0) and hand(1), card ids of
// content_cards() (cards.h), each played once at its timing. A Draft is a plain value: copying a
// game state copies it.
#pragma once

#include <array>
#include <deque>
#include <string>
#include <vector>

namespace warband::agame {

// The draft's numbers (content/agame/draft.toml).
struct DraftRules {
  int deck_size = 10;      // cards a player brings
  int copies_max = 2;      // copies of one card a deck may hold
  int rounds = 8;          // rounds of draws
  int draws_per_deck = 2;  // cards each deck puts on the table a round
  bool alternate_first = true;
};

// Reads content/agame/draft.toml; InputError("draft.toml:LINE", what) on a problem.
DraftRules load_draft_rules(const std::string& path);
const DraftRules& content_draft_rules();

enum class DraftStep { kBurn, kSecondPick, kFirstPick, kDone };
const char* draft_step_name(DraftStep step);  // "burn", "pick", "pick", "done"

struct OfferedCard {
  std::string card;  // the card's id
  int deck = 0;      // whose deck it came from: 0 or 1
  bool operator==(const OfferedCard&) const = default;
};

class Draft {
 public:
  // decks[p]: player p's deck, top card first. `first_player` (0 or 1) burns in round 1.
  // InputError when a deck is not rules.deck_size cards.
  Draft(const DraftRules& rules, std::array<std::vector<std::string>, 2> decks, int first_player);

  DraftStep step() const { return step_; }
  bool done() const { return step_ == DraftStep::kDone; }
  int round() const { return round_; }  // 1-based; rules.rounds + 1 when done
  int first_player() const;             // of this round
  // The player who chooses now; -1 when the draft is done.
  int to_choose() const;
  // The cards on the table, in the order drawn (deck 0's, then deck 1's).
  const std::vector<OfferedCard>& table() const { return table_; }
  // The indices into table() the player to choose may take: every card still there.
  std::vector<int> legal_choices() const;
  // `player` burns or picks table()[index]. InputError with the reason on a choice out of turn,
  // after the end, or off the table. The last card of a round is discarded without a choice and
  // the next round drawn.
  void choose(int player, int index);

  const std::vector<std::string>& hand(int player) const { return hands_[player]; }
  const std::deque<std::string>& deck(int player) const { return decks_[player]; }
  // What left the table unpicked this draft, in order (burned, discarded).
  const std::vector<OfferedCard>& returned() const { return returned_; }

 private:
  void draw_round();
  void return_to_deck(const OfferedCard& card);

  DraftRules rules_;
  std::array<std::deque<std::string>, 2> decks_;
  std::array<std::vector<std::string>, 2> hands_;
  std::vector<OfferedCard> table_;
  std::vector<OfferedCard> returned_;
  int starting_player_ = 0;
  int round_ = 1;
  DraftStep step_ = DraftStep::kBurn;
};

}  // namespace warband::agame
