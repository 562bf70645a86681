// A Game's draft played as the game's first decisions (seed 004: "Draw 4 cards, 2 from each deck:
// burn - 1st player, pick - 2nd player, pick - 1st player, discard. Do this 8 times"): each deck
// shuffled a card at a time by chance, a roll-off for the first player, then draft.h's Draft
// played one choice at a time. Rulings "The draft's decks", "The draft's first player" and "Hands
// are open" (docs/rulings/agame.md).
#include <fmt/format.h>

#include <utility>

#include "core/error.h"
#include "core/json_sorted_fill.h"
#include "rulesets/agame/agame_state.h"

namespace warband::agame {

bool AGameState::holds(int side, int slot) const {
  const DraftData& d = data_.draft;
  return slot >= 0 && slot < d.hand_size[side] && !(d.played[side] >> slot & 1);
}

void AGameState::shuffle_card(int pick) {
  DraftData& d = data_.draft;
  const int size = static_cast<int>(game_->deck(0).size());
  const int deck = d.shuffled[0] < size ? 0 : 1;
  // Fisher-Yates: the next place takes the pick-th of the cards not placed yet.
  const int at = d.shuffled[deck];
  std::swap(d.decks[deck][at], d.decks[deck][at + pick - 1]);
  ++d.shuffled[deck];
  if (d.shuffled[deck] == size - 1) ++d.shuffled[deck];  // the last card has no choice
  if (d.shuffled[1] == size) data_.stage = Stage::kRollOff;
}

void AGameState::start_draft() {
  data_.stage = Stage::kDraft;
  replay_draft();
}

void AGameState::draft_choice(int index) {
  auto next = std::make_shared<Draft>(*draft_);
  next->choose(next->to_choose(), index);
  DraftData& d = data_.draft;
  d.choices[d.choice_count++] = static_cast<std::int8_t>(index);
  draft_ = std::move(next);
  if (draft_->done()) finish_draft();
}

void AGameState::finish_draft() {
  finish_hands();
  start_setup();  // the setup cards come before round 1 (agame_placing.cc)
}

void AGameState::finish_hands() {
  DraftData& d = data_.draft;
  for (int side = 0; side < 2; ++side) {
    const std::vector<std::string>& hand = draft_->hand(side);
    d.hand_size[side] = static_cast<std::int8_t>(hand.size());
    for (std::size_t i = 0; i < hand.size(); ++i)
      d.hands[side][i] =
          static_cast<std::int8_t>(find_card(game_->cards(), hand[i]) - game_->cards().data());
  }
  draft_.reset();
}

void AGameState::replay_draft() {
  const DraftData& d = data_.draft;
  std::array<std::vector<std::string>, 2> decks;
  for (int side = 0; side < 2; ++side)
    for (std::size_t i = 0; i < game_->deck(side).size(); ++i) {
      const int card = d.decks[side][i];
      if (card < 0 || card >= static_cast<int>(game_->cards().size()))
        throw InputError(fmt::format("state.draft.decks[{}][{}]", side, i), "no such card");
      decks[side].push_back(game_->card(card).id);
    }
  auto draft = std::make_shared<Draft>(game_->draft_rules(), std::move(decks), d.first);
  for (int i = 0; i < d.choice_count; ++i) {
    if (draft->done())
      throw InputError(fmt::format("state.draft.choices[{}]", i), "a choice after the draft ended");
    const int index = d.choices[i];
    if (index < 0 || index >= static_cast<int>(draft->table().size()))
      throw InputError(
          fmt::format("state.draft.choices[{}]", i),
          fmt::format("card {} is not on the table of {} cards", index, draft->table().size()));
    draft->choose(draft->to_choose(), index);
  }
  draft_ = std::move(draft);
}

namespace {

// A card as the views show it, filled in place, its keys in sorted order (core/json_sorted_fill.h;
// an initializer list copies each element): the state's JSON holds every hand's cards, and the
// conformance suite and the views make it often.
// A key added here goes into state_hash.cc's text too.
nlohmann::json card_json(const Card& card) {
  nlohmann::json json(nlohmann::json::value_t::object);
  auto& o = json.get_ref<JsonObject&>();
  json_put_sorted(o, "card", card.id);
  json_put_sorted(o, "name", card.name);
  json_put_sorted(o, "text", card.text);
  json_put_sorted(o, "timing", timing_keys()[static_cast<int>(card.timing)]);
  return json;
}

const char* side_name(int side) {
  return side == 0 ? "Red" : "Blue";
}

}  // namespace

nlohmann::json AGameState::cards_view() const {
  if (!game_->draft_on()) return nullptr;
  const DraftData& d = data_.draft;
  nlohmann::json view(nlohmann::json::value_t::object);
  auto& o = view.get_ref<JsonObject&>();
  json_put_sorted(o, "decks", JsonArray{game_->deck_name(0), game_->deck_name(1)});
  JsonArray hands;
  hands.reserve(2);
  if (data_.stage == Stage::kShuffle || data_.stage == Stage::kRollOff) {
    hands.resize(2, JsonArray{});
    json_put_sorted(o, "hands", std::move(hands));
    json_put_sorted(o, "step", data_.stage == Stage::kShuffle ? "shuffle" : "roll_off");
    json_put_sorted(o, "table", JsonArray{});
    return view;
  }
  if (draft_) {
    for (int side = 0; side < 2; ++side) {
      JsonArray hand;
      hand.reserve(draft_->hand(side).size());
      for (const std::string& id : draft_->hand(side)) {
        nlohmann::json card = card_json(*find_card(game_->cards(), id));
        card.get_ref<JsonObject&>().emplace("played", false);
        hand.emplace_back(std::move(card));
      }
      hands.emplace_back(std::move(hand));
    }
    JsonArray table;
    table.reserve(draft_->table().size());
    for (std::size_t i = 0; i < draft_->table().size(); ++i) {
      const OfferedCard& offered = draft_->table()[i];
      nlohmann::json card = card_json(*find_card(game_->cards(), offered.card));
      auto& fields = card.get_ref<JsonObject&>();
      fields.emplace("index", i);
      fields.emplace("deck", offered.deck);
      table.emplace_back(std::move(card));
    }
    json_put_sorted(o, "first_player", d.first);
    json_put_sorted(o, "hands", std::move(hands));
    json_put_sorted(o, "round", draft_->round());
    json_put_sorted(o, "rounds", game_->draft_rules().rounds);
    json_put_sorted(o, "step", draft_step_name(draft_->step()));
    json_put_sorted(o, "table", std::move(table));
    json_put_sorted(o, "to_choose", draft_->to_choose());
    return view;
  }
  for (int side = 0; side < 2; ++side) {
    JsonArray hand;
    hand.reserve(static_cast<std::size_t>(d.hand_size[side]));
    for (int slot = 0; slot < d.hand_size[side]; ++slot) {
      nlohmann::json card = card_json(game_->card(d.hands[side][slot]));
      auto& fields = card.get_ref<JsonObject&>();
      fields.emplace("played", !holds(side, slot));
      fields.emplace("slot", slot);
      hand.emplace_back(std::move(card));
    }
    hands.emplace_back(std::move(hand));
  }
  json_put_sorted(o, "hands", std::move(hands));
  json_put_sorted(o, "step", "done");
  json_put_sorted(o, "table", JsonArray{});
  return view;
}

std::string AGameState::cards_text() const {
  if (!game_->draft_on()) return "";
  // Read from the state, not through cards_view(): to_string() is asked after many decisions.
  std::string out;
  if (draft_) {
    out += fmt::format("Draft round {} of {}: {} to {}. On the table:", draft_->round(),
                       game_->draft_rules().rounds, side_name(draft_->to_choose()),
                       draft_step_name(draft_->step()));
    for (const OfferedCard& offered : draft_->table())
      out += fmt::format(" {} ({}'s deck);", find_card(game_->cards(), offered.card)->name,
                         side_name(offered.deck));
    out += "\n";
  }
  const bool shuffling = data_.stage == Stage::kShuffle || data_.stage == Stage::kRollOff;
  for (int side = 0; side < 2 && !shuffling; ++side) {
    std::string names;
    const auto add = [&names](const std::string& name) {
      names += (names.empty() ? "" : ", ") + name;
    };
    if (draft_) {
      for (const std::string& id : draft_->hand(side))
        add(find_card(game_->cards(), id)->name);
    } else {
      for (int slot = 0; slot < data_.draft.hand_size[side]; ++slot)
        if (holds(side, slot)) add(game_->card(data_.draft.hands[side][slot]).name);
    }
    if (!names.empty()) out += fmt::format("{}'s hand: {}\n", side_name(side), names);
  }
  return out;
}

}  // namespace warband::agame
