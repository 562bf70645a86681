// SpellweaversState::hash(): FNV-1a over to_json().dump() (State::hash()'s value, which saved
// replays and summaries hold), with that text written straight into the digest
// (core/json_hash_writer.h) instead of built as a JSON tree and serialized: a sweep hashes every
// game's end. Each writer lists its object's keys in nlohmann's sorted order, with the
// punctuation before them; SpellweaversHashText proves the text equal to to_json().dump() after
// every apply of random games.
#include <string>

#include "core/fnv1a.h"
#include "core/json_hash_writer.h"
#include "rulesets/spellweavers/spellweavers_state.h"

namespace warband::spellweavers {
namespace {

// core/grid_json.h's cell_json: [x, y].
template <typename Out>
void spellweavers_cell_text(Out& out, grid::Cell cell) {
  out.add('[');
  json_text_number(out, cell.x);
  out.add(',');
  json_text_number(out, cell.y);
  out.add(']');
}

// state_json.cc's combatant_json.
template <typename Out>
void spellweavers_combatant_text(Out& out, const Combatant& c) {
  out.add("{\"cell\":");
  spellweavers_cell_text(out, c.cell);
  out.add(",\"conditions\":");
  json_text_number(out, c.conditions);
  out.add(",\"defending\":");
  json_text_bool(out, c.defending);
  out.add(",\"hp\":");
  json_text_number(out, c.hp);
  out.add(",\"kind\":");
  json_text_number(out, static_cast<int>(c.kind));
  out.add(",\"mp\":");
  json_text_number(out, c.mp);
  out.add('}');
}

template <typename Out>
void spellweavers_cast_text(Out& out, const CastInProgress& cast) {
  out.add("{\"actions\":");
  json_text_number(out, cast.actions);
  out.add(",\"affected\":[");
  if (cast.affected.any()) {
    bool first = true;
    for (int index = 0; index < grid::kMaxCells; ++index) {
      if (!cast.affected[index]) continue;
      if (!first) out.add(',');
      first = false;
      json_text_number(out, index);
    }
  }
  out.add("],\"anchor\":");
  spellweavers_cell_text(out, cast.anchor);
  out.add(",\"caster\":");
  json_text_number(out, cast.caster);
  out.add(",\"next_combatant\":");
  json_text_number(out, cast.next_combatant);
  out.add(",\"next_effect\":");
  json_text_number(out, cast.next_effect);
  out.add(",\"orientation\":");
  json_text_number(out, cast.orientation);
  out.add(",\"rolled\":");
  json_text_bool(out, cast.rolled);
  out.add(",\"shifted\":");
  json_text_number(out, cast.shifted);
  out.add(",\"spell\":");
  json_text_number(out, cast.spell);
  out.add('}');
}

template <typename Out>
void spellweavers_pending_text(Out& out, const Pending& pending) {
  out.add("{\"condition\":");
  json_text_number(out, static_cast<int>(pending.condition));
  out.add(",\"dice\":");
  json_text_number(out, pending.dice);
  out.add(",\"last_total\":");
  json_text_number(out, pending.last_total);
  out.add(",\"purpose\":");
  json_text_number(out, static_cast<int>(pending.purpose));
  out.add(",\"target\":");
  json_text_number(out, pending.target);
  out.add(",\"when\":");
  json_text_number(out, static_cast<int>(pending.when));
  out.add('}');
}

// The whole state, as SpellweaversState::to_json() lists it, in its keys' sorted order.
template <typename Out>
void spellweavers_state_text(Out& out, const StateData& d) {
  out.add("{\"actions_left\":");
  json_text_number(out, d.actions_left);
  out.add(",\"actor\":");
  json_text_number(out, d.actor);
  out.add(",\"cast\":");
  spellweavers_cast_text(out, d.cast);
  out.add(",\"cast_this_turn\":");
  json_text_bool(out, d.cast_this_turn);
  out.add(",\"combatants\":[");
  for (std::size_t i = 0; i < d.combatants.size(); ++i) {
    if (i > 0) out.add(',');
    spellweavers_combatant_text(out, d.combatants[i]);
  }
  out.add("],\"end_rolls_next\":");
  json_text_number(out, d.end_rolls_next);
  out.add(",\"format\":\"");
  out.add(kStateFormat);
  out.add("\",\"initiative\":");
  json_text_numbers(out, d.initiative);
  out.add(",\"num_wizards\":");
  json_text_number(out, d.num_wizards);
  out.add(",\"order\":");
  json_text_numbers(out, d.order);
  out.add(",\"order_pos\":");
  json_text_number(out, d.order_pos);
  out.add(",\"pending\":");
  spellweavers_pending_text(out, d.pending);
  out.add(",\"phase\":");
  json_text_number(out, static_cast<int>(d.phase));
  out.add(",\"round\":");
  json_text_number(out, d.round);
  out.add(",\"step\":");
  json_text_number(out, static_cast<int>(d.step));
  out.add(",\"terrain\":[");
  bool first = true;
  for (int index = 0; index < grid::kMaxCells; ++index) {
    if (!d.terrain[index]) continue;
    out.add(first ? "[" : ",[");
    first = false;
    json_text_number(out, index);
    out.add(',');
    json_text_number(out, d.terrain[index]);
    out.add(']');
  }
  out.add("],\"winner\":");
  json_text_number(out, d.winner);
  out.add('}');
}

}  // namespace

std::uint64_t SpellweaversState::hash() const {
  Fnv1a digest;
  spellweavers_state_text(digest, data_);
  return digest.digest();
}

std::string SpellweaversState::hash_text() const {
  std::string text;
  JsonTextString out{text};
  spellweavers_state_text(out, data_);
  return text;
}

}  // namespace warband::spellweavers
