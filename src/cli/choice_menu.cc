#include "cli/choice_menu.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>

#include "cli/human_input.h"
#include "cli/narration.h"
#include "core/grid.h"
#include "core/tabletop.h"
#include "core/tabletop_text.h"
#include "core/text.h"

namespace warband::cli {
namespace {

// Words that join names in typed moves ("R3 to F7") and say nothing of which action.
const std::set<std::string> kJoiningWords = {"to",   "at", "on", "the", "with", "and",
                                             "then", "a",  "->", "→",   "-"};

// How many squares a "can reach" sentence names before "…".
constexpr std::size_t kListedSquares = 24;
// A list whose entries are all this short is laid out in columns.
constexpr std::size_t kColumnEntry = 14;

int int_field(const nlohmann::json& view, const char* field) {
  const auto found = view.find(field);
  return found != view.end() && found->is_number_integer() ? found->get<int>() : -1;
}

// The first space of an action view's "cells" ([[x, y], ...]) by name, or "".
std::string first_square(const nlohmann::json& view) {
  const auto cells = view.find("cells");
  if (cells == view.end() || !cells->is_array() || cells->empty()) return "";
  const nlohmann::json& cell = cells->front();
  if (!cell.is_array() || cell.size() != 2 || !cell[0].is_number_integer() ||
      !cell[1].is_number_integer())
    return "";
  return grid::cell_name(
      {static_cast<std::int8_t>(cell[0].get<int>()), static_cast<std::int8_t>(cell[1].get<int>())});
}

// The text all of `texts` start with, cut back to a word's end so that no entry loses part of a
// word ("A1" of "A10"); "" when one of them would be left empty.
std::string shared_start(const std::vector<std::string>& texts) {
  if (texts.size() < 2) return "";
  std::size_t length = texts.front().size();
  for (const std::string& text : texts) {
    std::size_t same = 0;
    while (same < length && same < text.size() && text[same] == texts.front()[same])
      ++same;
    length = same;
  }
  const std::size_t space = texts.front().rfind(' ', length == 0 ? 0 : length - 1);
  if (length == 0 || space == std::string::npos) return "";
  length = space + 1;
  for (const std::string& text : texts)
    if (text.size() <= length) return "";
  return texts.front().substr(0, length);
}

std::vector<std::string> words_of(std::string_view line) {
  std::vector<std::string> words;
  std::string word;
  for (const char c : lower(line)) {
    if (std::isspace(static_cast<unsigned char>(c)) || c == ',') {
      if (!word.empty()) words.push_back(std::move(word));
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) words.push_back(std::move(word));
  return words;
}

// True if `word` starts a word of `text` (both lower case): "run" in "r3 orc: run (acti 3)".
bool starts_a_word(const std::string& text, const std::string& word) {
  for (auto at = text.find(word); at != std::string::npos; at = text.find(word, at + 1))
    if (at == 0 || !std::isalnum(static_cast<unsigned char>(text[at - 1]))) return true;
  return false;
}

// Labels and squares as the board writes them: "R3", "F7".
std::string upper_case(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return text;
}

MenuAnswer chosen(std::vector<Action> actions) {
  return {MenuAnswer::Kind::kChosen, std::move(actions), ""};
}

MenuAnswer invalid_answer(std::string text) {
  return {MenuAnswer::Kind::kInvalid, {}, std::move(text)};
}

}  // namespace

ChoiceMenu::ChoiceMenu(const State& state, int player) : state_(state), player_(player) {
  for (const Action action : state.legal_actions()) {
    const nlohmann::json view = state.action_view(action);
    const auto group = view.find("group");
    options_.push_back(
        {action, state.action_to_string_for(player, action), int_field(view, "unit"),
         int_field(view, "target"), first_square(view),
         group != view.end() && group->is_string() ? group->get<std::string>() : std::string(),
         int_field(view, "orientation")});
    const auto point = view.find("point");
    if (point != view.end() && point->is_array() && point->size() == 2 && (*point)[0].is_number() &&
        (*point)[1].is_number()) {
      options_.back().has_point = true;
      options_.back().point_x = std::llround((*point)[0].get<double>() * tabletop::kUnitsPerInch);
      options_.back().point_y = std::llround((*point)[1].get<double>() * tabletop::kUnitsPerInch);
    }
  }
  // Unit labels as the board shows them, where the table view gives them.
  const nlohmann::json table = state.table_view(player);
  const auto inches_of = [&](const char* key) -> std::int64_t {
    const auto value = table.find(key);
    return value != table.end() && value->is_number()
               ? std::llround(value->get<double>() * tabletop::kUnitsPerInch)
               : 0;
  };
  if (table.value("kind", "") == "tabletop") {
    table_width_ = inches_of("width");
    table_depth_ = inches_of("depth");
  }
  const auto units = table.find("units");
  if (units != table.end() && units->is_array())
    for (const nlohmann::json& unit : *units) {
      const int index = int_field(unit, "index");
      const auto label = unit.find("label");
      if (index < 0 || label == unit.end() || !label->is_string()) continue;
      if (static_cast<std::size_t>(index) >= labels_.size()) labels_.resize(index + 1);
      labels_[index] = label->get<std::string>();
    }
  build_top();
}

std::string ChoiceMenu::unit_label(int unit) const {
  return unit >= 0 && static_cast<std::size_t>(unit) < labels_.size() ? labels_[unit] : "";
}

void ChoiceMenu::build_top() {
  std::vector<Item> flat;
  for (const Option& option : options_)
    flat.push_back({option.text, option.text, {option.action}, {}});
  if (options_.size() <= kFlatListMost) return show(std::move(flat), "", false);
  // Group by acting unit, or by the action view's "group" where it names one (a spell cast by
  // the one unit that acts), in the order the groups first appear.
  std::vector<Item> grouped;
  std::map<std::string, std::size_t> group_of_unit;
  for (std::size_t i = 0; i < options_.size(); ++i) {
    const Option& option = options_[i];
    if (option.unit < 0 && option.group.empty()) {
      grouped.push_back(flat[i]);
      continue;
    }
    const std::string key =
        option.group.empty() ? fmt::format("unit {}", option.unit) : "group " + option.group;
    auto [at, added] = group_of_unit.try_emplace(key, grouped.size());
    if (added) grouped.push_back({});
    grouped[at->second].group.push_back(i);
  }
  if (grouped.size() >= options_.size() || grouped.size() < 2)
    return show(std::move(flat), "", false);
  for (Item& item : grouped) {
    if (item.group.empty()) continue;
    if (item.group.size() == 1) {
      item = flat[item.group.front()];
      continue;
    }
    std::vector<std::string> texts;
    for (const std::size_t i : item.group)
      texts.push_back(options_[i].text);
    std::string title = shared_start(texts);
    while (!title.empty() && (title.back() == ' ' || title.back() == ':'))
      title.pop_back();
    if (title.empty()) title = options_[item.group.front()].group;
    if (title.empty()) title = unit_label(options_[item.group.front()].unit);
    if (title.empty()) title = fmt::format("unit {}", options_[item.group.front()].unit);
    item.label = title;
    item.shown = fmt::format("{} ({} choices)", title, item.group.size());
  }
  show(std::move(grouped), "", false);
}

void ChoiceMenu::show(std::vector<Item> items, std::string title, bool nested) {
  // Entries that all start alike are listed without it, under a heading that says it once.
  std::vector<std::string> labels;
  bool leaves = true;
  for (const Item& item : items) {
    labels.push_back(item.label);
    leaves &= item.group.empty();
  }
  const std::string start = leaves && items.size() > kFlatListMost ? shared_start(labels) : "";
  for (Item& item : items)
    item.shown = item.group.empty() ? item.label.substr(start.size()) : item.shown;
  if (!start.empty()) title = (title.empty() ? "" : title + "\n") + start + "…";
  level_ = std::move(items);
  level_title_ = std::move(title);
  nested_ = nested;
  if (!nested) {
    top_ = level_;
    top_title_ = level_title_;
  }
}

std::string ChoiceMenu::listing() const {
  const bool grouped = std::any_of(level_.begin(), level_.end(),
                                   [](const Item& item) { return !item.group.empty(); });
  std::string out =
      fmt::format("{} to move{}\n", player_name(player_),
                  grouped ? ": choose a unit, then what it does ('back' returns)" : ":");
  if (!level_title_.empty()) out += level_title_ + "\n";
  const bool in_columns =
      level_.size() > kFlatListMost && std::all_of(level_.begin(), level_.end(), [](const Item& i) {
        return display_columns(i.shown) <= kColumnEntry;
      });
  if (!in_columns) {
    for (std::size_t i = 0; i < level_.size(); ++i)
      out += fmt::format("  {:>2}. {}\n", i + 1, level_[i].shown);
    return out;
  }
  // Four entries a line: "  12. F7-F8         " is 20 columns.
  std::string line;
  for (std::size_t i = 0; i < level_.size(); ++i) {
    std::string entry = fmt::format("  {:>2}. {}", i + 1, level_[i].shown);
    entry.append(20 - std::min<std::size_t>(20, display_columns(entry)), ' ');
    line += entry;
    if ((i + 1) % 4 == 0 || i + 1 == level_.size()) {
      while (line.ends_with(' '))
        line.pop_back();
      out += line + "\n";
      line.clear();
    }
  }
  return out;
}

MenuAnswer ChoiceMenu::open_item(const Item& item) {
  if (item.group.empty()) return chosen(item.path);
  std::vector<Item> items;
  for (const std::size_t i : item.group)
    items.push_back({options_[i].text, options_[i].text, {options_[i].action}, {}});
  // The group's own start ("R3 Orc Warrior: ") is said once, in the heading.
  std::vector<std::string> texts;
  for (const Item& entry : items)
    texts.push_back(entry.label);
  const std::string start = shared_start(texts);
  for (Item& entry : items)
    entry.shown = entry.label.substr(start.size());
  level_ = std::move(items);
  level_title_ = fmt::format("{}… ('back' for the whole list)", start.empty() ? item.label : start);
  nested_ = true;
  return {MenuAnswer::Kind::kListed, {}, listing()};
}

MenuAnswer ChoiceMenu::answer(std::string_view line) {
  std::vector<std::string> shown;
  for (const Item& item : level_)
    shown.push_back(item.shown);
  const HumanInput input = interpret_human_input(line, shown);
  switch (input.kind) {
    case HumanInput::Kind::kAction:
      return open_item(level_[input.action_index]);
    case HumanInput::Kind::kBoard:
      return {MenuAnswer::Kind::kBoard, {}, ""};
    case HumanInput::Kind::kHelp:
      return {MenuAnswer::Kind::kHelp, {}, ""};
    case HumanInput::Kind::kQuit:
      return {MenuAnswer::Kind::kQuit, {}, ""};
    case HumanInput::Kind::kBack:
      if (!nested()) return {MenuAnswer::Kind::kBack, {}, ""};
      level_ = top_;
      level_title_ = top_title_;
      nested_ = false;
      return {MenuAnswer::Kind::kListed, {}, listing()};
    case HumanInput::Kind::kInvalid:
      break;
  }
  const std::string_view text = trim(line);
  if (text.empty() ||
      std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c) != 0; }))
    return invalid_answer(input.problem);
  // A point typed on a tabletop: the nearest point offered, shown to be confirmed.
  const tabletop::TypedPoint typed = tabletop::parse_typed_point(text);
  if (typed.ok()) {
    MenuAnswer point = answer_point(typed.point);
    if (point.kind != MenuAnswer::Kind::kInvalid || table_width_ > 0) return point;
  }
  // Any action's full text, or a unique start of it, at any level.
  std::vector<std::string> texts;
  for (const Option& option : options_)
    texts.push_back(option.text);
  const HumanInput full = interpret_human_input(line, texts);
  if (full.kind == HumanInput::Kind::kAction) return chosen({options_[full.action_index].action});
  const MenuAnswer words = match_words(text);
  if (words.kind != MenuAnswer::Kind::kInvalid || !words.text.empty()) return words;
  // On a tabletop, what starts like a number was meant as a point: say how one is typed.
  const bool point_like =
      table_width_ > 0 && !typed.ok() &&
      std::string_view("0123456789+-.([").find(text.front()) != std::string_view::npos;
  if (point_like && has_points()) {
    std::string problem = typed.problem + ".";
    problem.front() = static_cast<char>(std::toupper(static_cast<unsigned char>(problem.front())));
    return invalid_answer(problem);
  }
  return invalid_answer(input.problem);
}

bool ChoiceMenu::has_points() const {
  return std::any_of(options_.begin(), options_.end(),
                     [](const Option& option) { return option.has_point; });
}

MenuAnswer ChoiceMenu::answer_point(const tabletop::Point& typed) {
  const Option* nearest = nullptr;
  std::int64_t nearest_distance = 0;
  for (const Option& option : options_) {
    if (!option.has_point) continue;
    const std::int64_t dx = option.point_x - typed.x;
    const std::int64_t dy = option.point_y - typed.y;
    if (nearest == nullptr || dx * dx + dy * dy < nearest_distance) {
      nearest = &option;
      nearest_distance = dx * dx + dy * dy;
    }
  }
  if (nearest == nullptr)
    return invalid_answer(fmt::format(
        "No choice here goes to a point, so {} is not an answer; type a number from the list "
        "(1 to {}), an action, or 'help'.",
        tabletop::point_text(typed), level_.size()));
  // A point off the table is not quietly moved onto it: the player reads where it lay and
  // confirms the nearest place offered (or goes back), as for any typed point.
  const bool off_table = table_width_ > 0 && (typed.x < 0 || typed.y < 0 ||
                                              typed.x > table_width_ || typed.y > table_depth_);
  const std::string where =
      off_table ? fmt::format(
                      "{} is off the table (it runs from (0, 0) to {}); the nearest "
                      "place offered is {}",
                      tabletop::point_text(typed),
                      tabletop::point_text({static_cast<std::int32_t>(table_width_),
                                            static_cast<std::int32_t>(table_depth_)}),
                      nearest->text)
                : fmt::format("{} is nearest {}", tabletop::point_text(typed), nearest->text);
  show({{nearest->text, nearest->text, {nearest->action}, {}}},
       fmt::format("{} ('back' for the whole list):", where), true);
  return {MenuAnswer::Kind::kListed, {}, listing()};
}

const std::vector<ChoiceMenu::Path>& ChoiceMenu::paths_ahead() {
  if (paths_built_) return paths_;
  paths_built_ = true;
  const auto names_of = [&](const Option& option, Path& path) {
    for (const int unit : {option.unit, option.target})
      if (!unit_label(unit).empty()) path.names.push_back(lower(unit_label(unit)));
    if (!option.square.empty()) {
      path.names.push_back(lower(option.square));
      path.squares.push_back(option.square);
    }
  };
  for (const Option& option : options_) {
    Path path{{option.action},    {},          {},          lower(option.text),
              lower(option.text), option.text, option.unit, option.orientation};
    names_of(option, path);
    paths_.push_back(path);
    // One decision ahead, when this action leads to another of the same player's.
    std::unique_ptr<State> next = state_.clone();
    next->apply(option.action);
    if (next->current_player() != player_) continue;
    for (const Action action : next->legal_actions()) {
      const nlohmann::json view = next->action_view(action);
      const Option step{action,
                        next->action_to_string_for(player_, action),
                        int_field(view, "unit"),
                        int_field(view, "target"),
                        first_square(view),
                        "",
                        int_field(view, "orientation")};
      Path longer = path;
      longer.actions.push_back(action);
      longer.orientation = step.orientation;
      names_of(step, longer);
      longer.text += " / " + lower(step.text);
      longer.shown += ", then " + step.text;
      paths_.push_back(std::move(longer));
    }
  }
  return paths_;
}

MenuAnswer ChoiceMenu::match_words(std::string_view line) {
  // The typed words that name a unit or a square; the others must be words of the action.
  std::vector<std::string> names, words;
  std::set<std::string> labels;
  for (const std::string& label : labels_)
    if (!label.empty()) labels.insert(lower(label));
  // "r1" right after a square is a quarter turn where some action has one (a spell's area), not
  // the unit labelled R1.
  const auto turns = [this] {
    return std::any_of(paths_ahead().begin(), paths_ahead().end(),
                       [](const Path& path) { return path.orientation >= 0; });
  };
  int rotation = -1;
  bool after_square = false;
  for (std::string& word : words_of(line)) {
    if (kJoiningWords.contains(word)) continue;
    if (after_square && word.size() == 2 && word[0] == 'r' && word[1] >= '0' && word[1] <= '3' &&
        turns()) {
      rotation = word[1] - '0';
      after_square = false;
      continue;
    }
    grid::Cell cell;
    const bool label = labels.contains(word);
    after_square = !label && grid::parse_cell_name(word, cell);
    if (label || after_square)
      names.push_back(std::move(word));
    else
      words.push_back(std::move(word));
  }
  // Words alone name actions by their text ("mending light", "defend"); a number or nothing is
  // the caller's to explain.
  if (names.empty() && words.empty()) return invalid_answer("");
  // What the list shown now offers first ("move" in a unit's list is that unit's), then all.
  std::set<Action> offered;
  for (const Item& item : level_) {
    if (!item.path.empty()) offered.insert(item.path.front());
    for (const std::size_t i : item.group)
      offered.insert(options_[i].action);
  }
  std::vector<const Path*> found;
  // A word names the first action ("move" is the Move, not the Run whose next step "moves"),
  // else any of the path's.
  // A two-step path counts only when its first action alone does not already match, and with one
  // name typed only when no single action matches: "R3 to B8" may be a Charge of unit B8 or a
  // Move to square B8, and both are offered; "R3" is R3's own actions, not also the moves of
  // other units to square R3.
  // A two-step path that reaches the typed squares as a one-step match already does is not
  // another meaning of the words but a longer way there: "R1 to E4" is the one Move to E4, not
  // also every pair of moves through another square, nor a Defend and then that Move.
  const auto typed_squares = [&](const Path& path) {
    std::set<std::string> reached;
    for (const std::string& square : path.squares)
      if (std::find(names.begin(), names.end(), lower(square)) != names.end())
        reached.insert(lower(square));
    return reached;
  };
  const auto find_paths = [&](bool first_only) {
    std::set<Action> matched_alone;
    std::vector<std::set<std::string>> reached_alone;
    for (const std::size_t length : {1u, 2u}) {
      if (length == 2 && !found.empty() && names.size() < 2) return;
      for (const Path& path : paths_ahead()) {
        if (path.actions.size() != length || !offered.contains(path.actions.front())) continue;
        if (length > 1 && matched_alone.contains(path.actions.front())) continue;
        if (length > 1 && !reached_alone.empty() &&
            std::find(reached_alone.begin(), reached_alone.end(), typed_squares(path)) !=
                reached_alone.end())
          continue;
        const bool named = std::all_of(names.begin(), names.end(), [&](const std::string& name) {
          return std::find(path.names.begin(), path.names.end(), name) != path.names.end();
        });
        const bool worded = std::all_of(words.begin(), words.end(), [&](const std::string& word) {
          return starts_a_word(first_only ? path.first : path.text, word);
        });
        if (!named || !worded || (rotation >= 0 && path.orientation != rotation)) continue;
        found.push_back(&path);
        if (length == 1) {
          matched_alone.insert(path.actions.front());
          reached_alone.push_back(typed_squares(path));
        }
      }
    }
  };
  find_paths(true);
  if (found.empty()) find_paths(false);
  if (found.empty() && nested()) {
    for (const Option& option : options_)
      offered.insert(option.action);
    find_paths(true);
    if (found.empty()) find_paths(false);
  }
  // No rotation typed: the unturned placement where turned ones match too.
  if (rotation < 0 && std::any_of(found.begin(), found.end(),
                                  [](const Path* path) { return path->orientation == 0; }))
    std::erase_if(found, [](const Path* path) { return path->orientation > 0; });
  const std::string typed(trim(line));
  if (found.size() == 1) return chosen(found.front()->actions);
  if (found.empty() && names.empty()) return invalid_answer("");  // the caller explains
  if (found.empty()) {
    // Say where the named unit could go instead, if a unit and a square were typed.
    std::string unit_name, square;
    for (const std::string& name : names)
      (labels.contains(name) && unit_name.empty() ? unit_name : square) = name;
    if (unit_name.empty())
      return invalid_answer(
          fmt::format("No legal action matches '{}'; type a number, an action, or "
                      "'help'.",
                      typed));
    std::vector<std::string> reachable;
    bool acts = false;
    for (const Path& path : paths_ahead()) {
      if (!offered.contains(path.actions.front())) continue;
      if (lower(unit_label(path.unit)) != unit_name) continue;
      acts = true;
      for (const std::string& reached : path.squares)
        if (std::find(reachable.begin(), reachable.end(), reached) == reachable.end())
          reachable.push_back(reached);
    }
    const std::string unit_upper = upper_case(unit_name);
    if (!acts) return invalid_answer(fmt::format("No legal action names {} now.", unit_upper));
    if (square.empty() || reachable.empty())
      return invalid_answer(fmt::format("No legal action of {} matches '{}'.", unit_upper, typed));
    const std::string square_upper = upper_case(square);
    // A unit and a square some action does name, with a word none of those has ("R1 ot E4"): the
    // word is what is wrong, not where the unit can go.
    if (!words.empty() &&
        std::find(reachable.begin(), reachable.end(), square_upper) != reachable.end())
      return invalid_answer(fmt::format(
          "{} can reach {}, but no action of it there has the word{} '{}'; type '{} to {}' "
          "without {}, a number, or 'help'.",
          unit_upper, square_upper, words.size() == 1 ? "" : "s", fmt::join(words, " "), unit_upper,
          square_upper, words.size() == 1 ? "it" : "them"));
    const std::size_t listed = std::min(reachable.size(), kListedSquares);
    return invalid_answer(fmt::format(
        "No legal move takes {} to {}; {} can reach {}{}.", unit_upper, square_upper, unit_upper,
        fmt::join(reachable.begin(), reachable.begin() + static_cast<std::ptrdiff_t>(listed), " "),
        reachable.size() > listed ? fmt::format(" and {} more", reachable.size() - listed) : ""));
  }
  // Several: the one entry of the top list that holds them all (a unit's, a spell's) if there is
  // one, else the candidates to choose from.
  const bool single_steps = std::all_of(found.begin(), found.end(),
                                        [](const Path* path) { return path->actions.size() == 1; });
  const auto holds_all = [&](const Item& item) {
    return !item.group.empty() && std::all_of(found.begin(), found.end(), [&](const Path* path) {
      return std::any_of(item.group.begin(), item.group.end(), [&](std::size_t i) {
        return options_[i].action == path->actions.front();
      });
    });
  };
  if (single_steps)
    for (const Item& item : top_)
      if (holds_all(item)) return open_item(item);
  std::vector<Item> candidates;
  for (const Path* path : found)
    candidates.push_back({path->shown, path->shown, path->actions, {}});
  show(std::move(candidates),
       fmt::format("'{}' could be any of these ('back' for the whole list):", typed), true);
  return {MenuAnswer::Kind::kListed, {}, listing()};
}

}  // namespace warband::cli
