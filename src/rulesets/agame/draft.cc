#include "rulesets/agame/draft.h"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <mutex>
#include <optional>

#include "core/error.h"
#include "core/registry.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"

namespace warband::agame {

DraftRules load_draft_rules(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  const TomlFields top(path, root);
  top.check_keys({"draft"});
  const TomlFields f(path, top.table("draft", "a [draft] table"), "draft");
  f.check_keys({"deck_size", "copies_max", "rounds", "draws_per_deck", "alternate_first"});
  DraftRules rules;
  rules.deck_size = f.integer("deck_size", 1, 100);
  rules.copies_max = f.integer("copies_max", 1, 100);
  rules.draws_per_deck = f.integer("draws_per_deck", 1, 10);
  rules.rounds = f.integer("rounds", 1, 100);
  rules.alternate_first = f.boolean_or("alternate_first", true);
  // Each round takes 2 cards for good (the picks) and needs 2 x draws_per_deck on the table; the
  // last round must still find them in the two decks.
  const int last_round_left = 2 * rules.deck_size - 2 * (rules.rounds - 1);
  if (rules.draws_per_deck * 2 < 3)
    f.fail(*f.find("draws_per_deck"),
           "'draws_per_deck' must be at least 2: a round burns, picks twice and discards");
  if (last_round_left < 2 * rules.draws_per_deck)
    f.fail(*f.find("rounds"),
           fmt::format("{} rounds leave {} cards in two decks of {} for the last round's {} "
                       "draws; lower 'rounds' or raise 'deck_size'",
                       rules.rounds, last_round_left, rules.deck_size, 2 * rules.draws_per_deck));
  return rules;
}

const DraftRules& content_draft_rules() {
  static std::mutex mutex;
  static std::optional<DraftRules> loaded;
  std::lock_guard lock(mutex);
  if (!loaded) loaded = load_draft_rules(default_content_dir() + "/agame/draft.toml");
  return *loaded;
}

const char* draft_step_name(DraftStep step) {
  switch (step) {
    case DraftStep::kBurn:
      return "burn";
    case DraftStep::kSecondPick:
    case DraftStep::kFirstPick:
      return "pick";
    case DraftStep::kDone:
      return "done";
  }
  return "?";
}

Draft::Draft(const DraftRules& rules, std::array<std::vector<std::string>, 2> decks,
             int first_player)
    : rules_(rules), starting_player_(first_player) {
  if (first_player != 0 && first_player != 1)
    throw InputError("draft", fmt::format("the first player must be 0 or 1, got {}", first_player));
  for (int p = 0; p < 2; ++p) {
    if (static_cast<int>(decks[p].size()) != rules.deck_size)
      throw InputError(
          fmt::format("player {}'s deck", p + 1),
          fmt::format("holds {} cards; a deck is {} cards", decks[p].size(), rules.deck_size));
    decks_[p].assign(decks[p].begin(), decks[p].end());
  }
  draw_round();
}

int Draft::first_player() const {
  const bool swapped = rules_.alternate_first && (round_ - 1) % 2 == 1;
  return swapped ? 1 - starting_player_ : starting_player_;
}

int Draft::to_choose() const {
  switch (step_) {
    case DraftStep::kBurn:
    case DraftStep::kFirstPick:
      return first_player();
    case DraftStep::kSecondPick:
      return 1 - first_player();
    case DraftStep::kDone:
      return -1;
  }
  return -1;
}

std::vector<int> Draft::legal_choices() const {
  std::vector<int> choices;
  if (done()) return choices;
  for (int i = 0; i < static_cast<int>(table_.size()); ++i)
    choices.push_back(i);
  return choices;
}

void Draft::return_to_deck(const OfferedCard& card) {
  decks_[card.deck].push_back(card.card);  // under the deck: it comes back last
  returned_.push_back(card);
}

void Draft::draw_round() {
  table_.clear();
  // Each deck gives its share; a short deck's shortfall comes from the other.
  std::array<int, 2> take{};
  int short_by = 0;
  for (int p = 0; p < 2; ++p) {
    take[p] = std::min<int>(rules_.draws_per_deck, static_cast<int>(decks_[p].size()));
    short_by += rules_.draws_per_deck - take[p];
  }
  for (int p = 0; p < 2; ++p) {
    const int extra = std::min<int>(short_by, static_cast<int>(decks_[p].size()) - take[p]);
    take[p] += extra;
    short_by -= extra;
  }
  for (int p = 0; p < 2; ++p)
    for (int i = 0; i < take[p]; ++i) {
      table_.push_back({decks_[p].front(), p});
      decks_[p].pop_front();
    }
}

void Draft::choose(int player, int index) {
  if (done())
    throw InputError(
        "draft", fmt::format("the draft is over: each player holds {} cards", hands_[0].size()));
  const int chooser = to_choose();
  const char* what = step_ == DraftStep::kBurn ? "burn" : "pick";
  if (player != chooser)
    throw InputError("draft", fmt::format("round {}: it is player {}'s turn to {}, not player {}'s",
                                          round_, chooser + 1, what, player + 1));
  if (index < 0 || index >= static_cast<int>(table_.size()))
    throw InputError(
        "draft", fmt::format("round {}: no card {} on the table: {} to {} from, 1 to {}", round_,
                             index + 1, table_.size(), what, table_.size()));
  const OfferedCard card = table_[index];
  table_.erase(table_.begin() + index);
  switch (step_) {
    case DraftStep::kBurn:
      return_to_deck(card);
      step_ = DraftStep::kSecondPick;
      return;
    case DraftStep::kSecondPick:
      hands_[player].push_back(card.card);
      step_ = DraftStep::kFirstPick;
      return;
    case DraftStep::kFirstPick:
      hands_[player].push_back(card.card);
      break;
    case DraftStep::kDone:
      return;
  }
  // The rest is discarded: back under their decks.
  for (const OfferedCard& left : table_)
    return_to_deck(left);
  table_.clear();
  if (++round_ > rules_.rounds) {
    step_ = DraftStep::kDone;
    return;
  }
  step_ = DraftStep::kBurn;
  draw_round();
}

}  // namespace warband::agame
