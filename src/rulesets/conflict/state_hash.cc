// ConflictState::hash(): FNV-1a over to_json().dump() (State::hash()'s value, which saved replays
// and summaries hold), with that text written straight into the digest (core/json_hash_writer.h)
// instead of built as a JSON tree and serialized. Each writer lists its object's keys in
// nlohmann's sorted order, with the punctuation before them; ConflictHashText proves the text
// equal to to_json().dump() after every apply of random games.
#include <span>
#include <string>

#include "core/fnv1a.h"
#include "core/json_hash_writer.h"
#include "rulesets/conflict/conflict_state.h"

namespace warband::conflict {
namespace {

// state_json.cc's model_json.
template <typename Out>
void conflict_model_text(Out& out, const ModelState& s) {
  if (s.abilities_used != 0) {
    out.add("{\"abilities_used\":");
    json_text_number(out, s.abilities_used);
    out.add(",\"activated\":");
  } else {
    out.add("{\"activated\":");
  }
  json_text_bool(out, s.activated);
  out.add(",\"aid_bonus\":");
  json_text_number(out, s.aid_bonus);
  out.add(",\"aid_target\":");
  json_text_number(out, s.aid_target);
  out.add(",\"at\":[");
  json_text_number(out, s.at.x);
  out.add(',');
  json_text_number(out, s.at.y);
  out.add("],\"braced\":");
  json_text_bool(out, s.braced);
  out.add(",\"charging\":");
  json_text_bool(out, s.charging);
  out.add(",\"conditions\":");
  json_text_numbers(out, s.conditions);
  out.add(",\"exhaust\":");
  json_text_numbers(out, s.exhaust);
  out.add(",\"facing\":");
  json_text_number(out, s.facing);
  out.add(",\"focus\":");
  json_text_number(out, s.focus);
  if (s.guard != 0) {
    out.add(",\"guard\":");
    json_text_number(out, s.guard);
  }
  out.add(",\"on_piece\":");
  json_text_number(out, s.on_piece);
  out.add(",\"out\":");
  json_text_bool(out, s.out);
  out.add(",\"prone\":");
  json_text_bool(out, s.prone);
  out.add(",\"ran\":");
  json_text_bool(out, s.ran);
  out.add(",\"took_cover\":");
  json_text_bool(out, s.took_cover);
  out.add(",\"wounds\":");
  json_text_number(out, s.wounds);
  out.add('}');
}

// The whole state, as ConflictState::to_json() lists it, in its keys' sorted order.
template <typename Out>
void conflict_state_text(Out& out, const ConflictState& state) {
  const StateData& d = state.data();
  const ConflictGame& game = state.conflict();
  const int pieces = game.table().piece_count;
  if (d.ability >= 0) {
    out.add("{\"ability\":");
    json_text_number(out, d.ability);
    out.add(",\"active\":");
  } else {
    out.add("{\"active\":");
  }
  json_text_number(out, d.active);
  out.add(",\"attack\":");
  json_text_number(out, d.attack);
  out.add(",\"card_count\":");
  json_text_number(out, d.card_count);
  out.add(",\"cards\":");
  json_text_numbers(out, d.cards);
  out.add(",\"deployed\":");
  json_text_numbers(out, d.deployed);
  out.add(",\"destroyed\":[");
  bool first = true;
  for (int p = 0; p < pieces; ++p) {
    if (!(d.destroyed >> p & 1)) continue;
    if (!first) out.add(',');
    first = false;
    json_text_number(out, p);
  }
  out.add("],\"end_reason\":");
  json_text_number(out, d.end_reason);
  out.add(",\"format\":\"");
  out.add(kStateFormat);
  out.add("\",\"impact\":");
  json_text_number(out, d.impact);
  out.add(",\"initiative\":");
  json_text_number(out, d.initiative);
  out.add(",\"last_damage\":");
  json_text_number(out, d.last_damage);
  out.add(",\"leg\":");
  json_text_number(out, static_cast<int>(d.leg));
  out.add(",\"models\":[");
  for (int m = 0; m < game.model_count(); ++m) {
    if (m > 0) out.add(',');
    conflict_model_text(out, d.models[m]);
  }
  out.add("],\"objectives\":[");
  for (int o = 0; o < game.objective_count(); ++o) {
    out.add(o > 0 ? ",{\"at\":[" : "{\"at\":[");
    json_text_number(out, d.objective_at[o].x);
    out.add(',');
    json_text_number(out, d.objective_at[o].y);
    out.add("],\"carrier\":");
    json_text_number(out, d.objective_carrier[o]);
    out.add(",\"owner\":");
    json_text_number(out, d.objective_owner[o]);
    out.add('}');
  }
  out.add("],\"piece_wounds\":");
  json_text_numbers(out, std::span(d.piece_wounds.data(), static_cast<std::size_t>(pieces)));
  out.add(",\"player\":");
  json_text_number(out, d.player);
  out.add(",\"round\":");
  json_text_number(out, d.round);
  out.add(",\"stage\":");
  json_text_number(out, static_cast<int>(d.stage));
  out.add(",\"strides_left\":");
  json_text_number(out, d.strides_left);
  out.add(",\"target_piece\":");
  json_text_number(out, d.target_piece);
  out.add(",\"target_pos\":");
  json_text_number(out, d.target_pos);
  out.add(",\"targets\":");
  json_text_numbers(out, std::span(d.targets.data(), static_cast<std::size_t>(d.target_count)));
  out.add(",\"winner\":");
  json_text_number(out, d.winner);
  out.add('}');
}

}  // namespace

std::uint64_t ConflictState::hash() const {
  Fnv1a digest;
  conflict_state_text(digest, *this);
  return digest.digest();
}

std::string ConflictState::hash_text() const {
  std::string text;
  JsonTextString out{text};
  conflict_state_text(out, *this);
  return text;
}

}  // namespace warband::conflict
