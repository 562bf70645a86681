// AGameState::hash(): FNV-1a over to_json().dump() (State::hash()'s value, which saved replays and
// summaries hold), with that text written straight into the digest (core/json_hash_writer.h)
// instead of built as a JSON tree of a few hundred nodes and serialized. Each writer lists its
// object's keys in nlohmann's sorted order, with the punctuation before them; AGameHashText proves
// the text equal to to_json().dump() after every apply of random games.
#include <array>
#include <span>
#include <string>

#include "core/fnv1a.h"
#include "core/json_hash_writer.h"
#include "rulesets/agame/agame_state.h"

namespace warband::agame {
namespace {

// state_json.cc's model_json.
template <typename Out>
void agame_model_text(Out& out, const ModelState& s) {
  out.add("{\"activated\":");
  json_text_bool(out, s.activated);
  out.add(",\"at\":[");
  json_text_number(out, s.at.x);
  out.add(',');
  json_text_number(out, s.at.y);
  out.add("],\"card_accuracy\":");
  json_text_number(out, s.card_accuracy);
  out.add(",\"charmed\":");
  json_text_bool(out, s.charmed);
  out.add(",\"dead\":");
  json_text_bool(out, s.dead);
  out.add(",\"dice\":[");
  json_text_number(out, s.attack_dice);
  out.add(',');
  json_text_number(out, s.defense_dice);
  out.add(',');
  json_text_number(out, s.wild_dice);
  out.add(',');
  json_text_number(out, s.movement_dice);
  out.add("],\"dying\":");
  json_text_bool(out, s.dying);
  out.add(",\"dying_round\":");
  json_text_number(out, s.dying_round);
  out.add(",\"mist_ending\":");
  json_text_bool(out, s.mist_ending);
  out.add(",\"mistform\":");
  json_text_bool(out, s.mistform);
  out.add(",\"pathfinder\":");
  json_text_bool(out, s.pathfinder);
  out.add(",\"prone\":");
  json_text_bool(out, s.prone);
  out.add(",\"sweeping\":");
  json_text_bool(out, s.sweeping);
  out.add(",\"unmovable\":");
  json_text_bool(out, s.unmovable);
  out.add(",\"wounds\":");
  json_text_number(out, s.wounds);
  out.add('}');
}

// state_json.cc's strike_json.
template <typename Out>
void agame_strike_text(Out& out, const Strike& s) {
  out.add("{\"attack\":");
  json_text_number(out, s.attack);
  out.add(",\"attacker\":");
  json_text_number(out, s.attacker);
  out.add(",\"cards\":");
  json_text_numbers(out, std::array<std::int8_t, 6>{s.extra_dice, s.accuracy, s.power, s.damage,
                                                    s.chance, s.extra_dodge});
  out.add(",\"dice\":");
  json_text_number(out, s.dice);
  out.add(",\"dodges\":");
  json_text_number(out, s.dodges);
  out.add(",\"hits\":");
  json_text_number(out, s.hits);
  out.add(",\"phase\":");
  json_text_number(out, static_cast<int>(s.phase));
  out.add(",\"pos\":");
  json_text_number(out, s.pos);
  out.add(",\"rolled\":");
  json_text_number(out, s.rolled);
  out.add(",\"saves\":");
  json_text_number(out, s.saves);
  out.add(",\"targets\":");
  json_text_numbers(out, std::span(s.targets.data(), static_cast<std::size_t>(s.target_count)));
  out.add(",\"to_roll\":");
  json_text_number(out, s.to_roll);
  out.add('}');
}

// state_json.cc's last_json.
template <typename Out>
void agame_last_text(Out& out, const LastRoll& last) {
  out.add("{\"attack\":");
  json_text_number(out, last.attack);
  out.add(",\"attacker\":");
  json_text_number(out, last.attacker);
  out.add(",\"cover\":");
  json_text_bool(out, last.cover);
  out.add(",\"faces\":[");
  for (int phase = 0; phase < 3; ++phase) {
    if (phase > 0) out.add(',');
    json_text_numbers(
        out, std::span(last.faces[phase].data(), static_cast<std::size_t>(last.count[phase])));
  }
  out.add("],\"high_ground\":");
  json_text_bool(out, last.high_ground);
  out.add(",\"needs\":");
  json_text_numbers(out, last.needs);
  out.add(",\"target\":");
  json_text_number(out, last.target);
  out.add(",\"wounds\":");
  json_text_number(out, last.wounds);
  out.add('}');
}

// state_json.cc's placed_json: [card, side, x, y, turned] each.
template <typename Out>
void agame_placed_text(Out& out, std::span<const Placed> placed) {
  out.add('[');
  for (std::size_t i = 0; i < placed.size(); ++i) {
    const Placed& p = placed[i];
    out.add(i > 0 ? ",[" : "[");
    json_text_number(out, p.card);
    out.add(',');
    json_text_number(out, p.side);
    out.add(',');
    json_text_number(out, p.at.x);
    out.add(',');
    json_text_number(out, p.at.y);
    out.add(p.turned ? ",1]" : ",0]");
  }
  out.add(']');
}

// agame_draft.cc's card_json with the keys a view adds to it: a table's card has its deck and
// index, a hand's its played flag and, once the draft is done, its slot (-1: the key is absent).
struct CardExtras {
  int deck = -1;
  int index = -1;
  int played = -1;
  int slot = -1;
};

template <typename Out>
void agame_card_text(Out& out, const Card& card, const CardExtras& extras) {
  out.add("{\"card\":");
  json_text_string(out, card.id);
  if (extras.deck >= 0) {
    out.add(",\"deck\":");
    json_text_number(out, extras.deck);
  }
  if (extras.index >= 0) {
    out.add(",\"index\":");
    json_text_number(out, extras.index);
  }
  out.add(",\"name\":");
  json_text_string(out, card.name);
  if (extras.played >= 0) {
    out.add(",\"played\":");
    json_text_bool(out, extras.played == 1);
  }
  if (extras.slot >= 0) {
    out.add(",\"slot\":");
    json_text_number(out, extras.slot);
  }
  out.add(",\"text\":");
  json_text_string(out, card.text);
  out.add(",\"timing\":");
  json_text_string(out, timing_keys()[static_cast<int>(card.timing)]);
  out.add('}');
}

// agame_draft.cc's cards_view (the game has a draft).
template <typename Out>
void agame_cards_view_text(Out& out, const AGameState& state) {
  const AGameGame& game = state.agame();
  const StateData& data = state.data();
  out.add("{\"decks\":[");
  json_text_string(out, game.deck_name(0));
  out.add(',');
  json_text_string(out, game.deck_name(1));
  out.add(']');
  if (data.stage == Stage::kShuffle || data.stage == Stage::kRollOff) {
    out.add(data.stage == Stage::kShuffle ? ",\"hands\":[[],[]],\"step\":\"shuffle\""
                                          : ",\"hands\":[[],[]],\"step\":\"roll_off\"");
    out.add(",\"table\":[]}");
    return;
  }
  if (const Draft* draft = state.draft()) {
    out.add(",\"first_player\":");
    json_text_number(out, data.draft.first);
    out.add(",\"hands\":[");
    for (int side = 0; side < 2; ++side) {
      out.add(side > 0 ? ",[" : "[");
      bool first = true;
      for (const std::string& id : draft->hand(side)) {
        if (!first) out.add(',');
        first = false;
        agame_card_text(out, *find_card(game.cards(), id), {.played = 0});
      }
      out.add(']');
    }
    out.add("],\"round\":");
    json_text_number(out, draft->round());
    out.add(",\"rounds\":");
    json_text_number(out, game.draft_rules().rounds);
    out.add(",\"step\":");
    json_text_string(out, draft_step_name(draft->step()));
    out.add(",\"table\":[");
    for (std::size_t i = 0; i < draft->table().size(); ++i) {
      const OfferedCard& offered = draft->table()[i];
      if (i > 0) out.add(',');
      agame_card_text(out, *find_card(game.cards(), offered.card),
                      {.deck = offered.deck, .index = static_cast<int>(i)});
    }
    out.add("],\"to_choose\":");
    json_text_number(out, draft->to_choose());
    out.add('}');
    return;
  }
  out.add(",\"hands\":[");
  for (int side = 0; side < 2; ++side) {
    out.add(side > 0 ? ",[" : "[");
    for (int slot = 0; slot < data.draft.hand_size[side]; ++slot) {
      if (slot > 0) out.add(',');
      agame_card_text(out, game.card(data.draft.hands[side][slot]),
                      {.played = state.holds(side, slot) ? 0 : 1, .slot = slot});
    }
    out.add(']');
  }
  out.add("],\"step\":\"done\",\"table\":[]}");
}

// state_json.cc's draft_json (the game has a draft).
template <typename Out>
void agame_draft_text(Out& out, const AGameState& state) {
  const AGameGame& game = state.agame();
  const DraftData& d = state.data().draft;
  out.add("{\"choices\":");
  json_text_numbers(out, std::span(d.choices.data(), static_cast<std::size_t>(d.choice_count)));
  out.add(",\"decks\":[");
  for (int side = 0; side < 2; ++side) {
    out.add(side > 0 ? ",[" : "[");
    for (std::size_t i = 0; i < game.deck(side).size(); ++i) {
      if (i > 0) out.add(',');
      json_text_string(out, game.card(d.decks[side][i]).id);
    }
    out.add(']');
  }
  out.add("],\"first\":");
  json_text_number(out, d.first);
  out.add(",\"played\":[");
  for (int side = 0; side < 2; ++side) {
    out.add(side > 0 ? ",[" : "[");
    bool first = true;
    for (int slot = 0; slot < d.hand_size[side]; ++slot) {
      if (state.holds(side, slot)) continue;
      if (!first) out.add(',');
      first = false;
      json_text_number(out, slot);
    }
    out.add(']');
  }
  out.add("],\"shuffled\":");
  json_text_numbers(out, d.shuffled);
  out.add(",\"view\":");
  agame_cards_view_text(out, state);
  out.add('}');
}

// The whole state, as AGameState::to_json() lists it, in its keys' sorted order.
template <typename Out>
void agame_state_text(Out& out, const AGameState& state) {
  const StateData& d = state.data();
  out.add("{\"ability_used\":");
  json_text_bool(out, d.ability_used);
  out.add(",\"active\":");
  json_text_number(out, d.active);
  out.add(",\"card_model\":");
  json_text_number(out, d.card_model);
  out.add(",\"card_moment\":");
  json_text_number(out, static_cast<int>(d.card_moment));
  out.add(",\"card_window\":");
  json_text_bool(out, d.card_window);
  out.add(",\"dasher\":");
  json_text_number(out, d.dasher);
  out.add(",\"depth\":");
  json_text_number(out, d.depth);
  out.add(",\"draft\":");
  if (state.agame().draft_on())
    agame_draft_text(out, state);
  else
    out.add("null");
  out.add(",\"end_reason\":");
  json_text_number(out, d.end_reason);
  out.add(",\"format\":\"");
  out.add(kStateFormat);
  out.add("\",\"last\":");
  agame_last_text(out, d.last);
  out.add(",\"leg\":");
  json_text_number(out, static_cast<int>(d.leg));
  out.add(",\"leg_budget\":");
  json_text_number(out, d.leg_budget);
  out.add(",\"leg_start\":[");
  json_text_number(out, d.leg_start.x);
  out.add(',');
  json_text_number(out, d.leg_start.y);
  out.add("],\"models\":[");
  for (int m = 0; m < state.agame().model_count(); ++m) {
    if (m > 0) out.add(',');
    agame_model_text(out, d.models[m]);
  }
  out.add("],\"placed\":");
  agame_placed_text(out, state.placed());
  out.add(",\"placing\":[");
  json_text_number(out, d.placing_card);
  out.add(',');
  json_text_number(out, d.placing_side);
  out.add("],\"player\":");
  json_text_number(out, d.player);
  out.add(",\"reaction\":");
  json_text_number(out, d.reaction);
  out.add(",\"reactor\":");
  json_text_number(out, d.reactor);
  out.add(",\"round\":");
  json_text_number(out, d.round);
  out.add(",\"setup_done\":");
  json_text_number(out, d.setup_done);
  out.add(",\"stage\":");
  json_text_number(out, static_cast<int>(d.stage));
  out.add(",\"strikes\":[");
  agame_strike_text(out, d.strikes[0]);
  out.add(',');
  agame_strike_text(out, d.strikes[1]);
  out.add("],\"winner\":");
  json_text_number(out, d.winner);
  out.add('}');
}

}  // namespace

std::uint64_t AGameState::hash() const {
  Fnv1a digest;
  agame_state_text(digest, *this);
  return digest.digest();
}

std::string AGameState::hash_text() const {
  std::string text;
  JsonTextString out{text};
  agame_state_text(out, *this);
  return text;
}

}  // namespace warband::agame
