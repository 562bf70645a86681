// What a human chooses from at a decision node, generic over the game interface:
//   - a short list (at most kFlatListMost actions), or one that does not group: numbered as it is;
//   - a long one: first what can act (the actions grouped by State::action_view's "unit", or its
//     "group" where it names one, shown as the text the group's actions share: "R3 Orc
//     Warrior"), then what it does; `back` leaves a half-made choice;
//   - typed words naming units and squares ("R3 to F7", "deploy R1 at B8"): matched against each
//     action's action_view ("unit", "target", "cells" whose first space names the square; unit
//     labels from table_view's "units") and its text, looking one decision ahead where an action
//     leads to another of the same player's (a Move, then where to).
//   - a square may be followed by a rotation, "r0" to "r3", where actions have an "orientation"
//     ("Fireball G4 r1"); none typed means r0 where both match;
//   - words alone ("mending light", "defend") match the actions whose text they start words of;
//   - a point typed on a tabletop ("12.5 7", "(12.5, 7)", "-5 2") where actions have a "point":
//     the nearest of them, listed to be confirmed; a point off the table is said to be off it
//     (the table view's "width" and "depth") before the nearest is offered.
// An action's full text, or a unique prefix of it, chooses it at any level, as before.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/tabletop.h"

namespace warband::cli {

// The longest action list shown flat; longer ones are grouped when grouping shortens them.
inline constexpr std::size_t kFlatListMost = 12;

struct MenuAnswer {
  enum class Kind {
    kChosen,   // `actions`: the first to apply now, the rest at the player's next decisions
    kListed,   // `text`: a new list to show (a group opened, candidates to choose from)
    kBack,     // back typed with no half-made choice in the menu: the play loop's to handle
    kBoard,    // board
    kHelp,     // help
    kQuit,     // quit
    kInvalid,  // `text`: what is wrong and what to type
  };
  Kind kind = Kind::kInvalid;
  std::vector<Action> actions;
  std::string text;
};

class ChoiceMenu {
 public:
  // `player` reads the actions as State::action_to_string_for gives them.
  ChoiceMenu(const State& state, int player);

  // The list at the current level, with its heading: "Red to move:\n   1. ...\n".
  std::string listing() const;
  // Interprets one typed line at the current level.
  MenuAnswer answer(std::string_view line);
  // How many entries the list shown now has: what its numbers count.
  std::size_t listed() const { return level_.size(); }
  // True while inside a group or a candidate list (back leaves it).
  bool nested() const { return nested_; }

 private:
  struct Option {
    Action action = 0;
    std::string text;
    int unit = -1;
    int target = -1;
    std::string square;    // the first space of the action's "cells", named ("F7"), or ""
    std::string group;     // the action view's "group" ("R1 Ember casts Fireball"), or ""
    int orientation = -1;  // the action view's "orientation" (quarter turns of an area), or -1
    // The action view's "point" ([x, y] inches) on a tabletop, in hundredths of an inch.
    bool has_point = false;
    std::int64_t point_x = 0;
    std::int64_t point_y = 0;
  };
  // One entry of a shown list: a path of actions, or a group of option indexes.
  struct Item {
    std::string label;  // the full text
    std::string shown;  // as listed: without the text every item of the list starts with
    std::vector<Action> path;
    std::vector<std::size_t> group;
  };
  // A path of one or two actions and the words that name it.
  struct Path {
    std::vector<Action> actions;
    std::vector<std::string> names;    // unit labels and squares, lower case
    std::vector<std::string> squares;  // the squares alone, as the board names them
    std::string first;                 // the first action's text, lower case
    std::string text;                  // the texts joined, lower case
    std::string shown;                 // for a person: "R3 Orc Warrior: Move (AcTi 2), then ..."
    int unit = -1;
    int orientation = -1;  // the last action's quarter turns, where it has them
  };

  void build_top();
  // Makes `items` the list shown, under `title`; not nested: the top list, where back leaves.
  void show(std::vector<Item> items, std::string title, bool nested);
  MenuAnswer open_item(const Item& item);
  MenuAnswer match_words(std::string_view line);
  const std::vector<Path>& paths_ahead();
  std::string unit_label(int unit) const;

  const State& state_;
  int player_;
  std::vector<Option> options_;
  std::vector<std::string> labels_;  // table_view's unit labels by index ("" if none)
  // A tabletop's size (table_view's "kind" "tabletop", "width" and "depth"), in hundredths of an
  // inch; 0 when the table is not a tabletop.
  std::int64_t table_width_ = 0;
  std::int64_t table_depth_ = 0;
  // What a typed point means here: the nearest point offered, to confirm, or why there is none.
  MenuAnswer answer_point(const tabletop::Point& typed);
  bool has_points() const;  // an action here has a "point"
  std::vector<Item> top_;
  std::vector<Item> level_;  // the list shown now: top_ or a group's
  std::string level_title_;
  std::string top_title_;
  bool nested_ = false;
  std::vector<Path> paths_;  // filled once words need them
  bool paths_built_ = false;
};

}  // namespace warband::cli
