// AtomsPast state <-> JSON (saves, views, hashes). A save read back gives an equal state; a
// malformed one is an InputError naming what is wrong.
#include <array>
#include <nlohmann/json.hpp>
#include <string_view>

#include "core/checked_load.h"
#include "core/error.h"
#include "core/fnv1a.h"
#include "core/json_fields.h"
#include "core/json_hash_writer.h"
#include "rulesets/atomspast/atomspast_state.h"

namespace warband::grid {
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Cell, x, y)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Placement, anchor, rotated)
}  // namespace warband::grid

namespace warband::atomspast {

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(UnitState, placement, acti, wounds, max_wounds, alive, deployed,
                                   move_lost, stat_changes)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ZoneCard, spell, acti, boost)
// The deck is written as its count of each spell (as saves have always held it).
void to_json(nlohmann::json& json, const PlayerState& player) {
  std::array<int, kMaxGameSpells> deck{};
  for (int spell = 0; spell < kMaxGameSpells; ++spell)
    deck[spell] = player.deck.count(spell);
  json = {{"deck", deck},
          {"discard", player.discard},
          {"hand", player.hand},
          {"hand_size", player.hand_size},
          {"zone", player.zone},
          {"zone_size", player.zone_size},
          {"kon_spell_acti", player.kon_spell_acti},
          {"points_destroyed", player.points_destroyed}};
}

void from_json(const nlohmann::json& json, PlayerState& player) {
  std::array<std::uint8_t, kMaxGameSpells> deck{};
  json.at("deck").get_to(deck);
  player.deck = CardDeck();
  for (int spell = 0; spell < kMaxGameSpells; ++spell)
    player.deck.add(spell, deck[spell]);
  json.at("discard").get_to(player.discard);
  json.at("hand").get_to(player.hand);
  json.at("hand_size").get_to(player.hand_size);
  json.at("zone").get_to(player.zone);
  json.at("zone_size").get_to(player.zone_size);
  json.at("kon_spell_acti").get_to(player.kon_spell_acti);
  json.at("points_destroyed").get_to(player.points_destroyed);
}
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(LastingEffect, owner, spell, effect, unit, x, turns_left, amount,
                                   repeats)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(SpellContext, active, from_kon, repeating, spell, x, targets,
                                   targets_chosen, next_effect, effect_end, pending_unit,
                                   destroyed_slots)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ActionContext, kind, actor, target, partner, budget, skill_bonus,
                                   dice_bonus, optional)
// RollContext is core's SkillRoll, written by core/skill_roll.h with these same fields: skill,
// dice, rolled, total, faces.

namespace {

constexpr const char* kStateFormat = "atomspast-state";

// ---- hash(): to_json().dump()'s text, written piece by piece (core/json_hash_writer.h) ----
// Each writer below lists its keys in nlohmann's sorted order, with the punctuation before them.
// The HashText test proves the whole text equal to to_json().dump() on random games.

template <typename Out>
void hash_text_of(Out& out, const UnitState& unit) {
  out.add("{\"acti\":");
  json_text_number(out, unit.acti);
  out.add(",\"alive\":");
  json_text_bool(out, unit.alive);
  out.add(",\"deployed\":");
  json_text_bool(out, unit.deployed);
  out.add(",\"max_wounds\":");
  json_text_number(out, unit.max_wounds);
  out.add(",\"move_lost\":");
  json_text_number(out, unit.move_lost);
  out.add(",\"placement\":{\"anchor\":{\"x\":");
  json_text_number(out, unit.placement.anchor.x);
  out.add(",\"y\":");
  json_text_number(out, unit.placement.anchor.y);
  out.add("},\"rotated\":");
  json_text_bool(out, unit.placement.rotated);
  out.add("},\"stat_changes\":");
  json_text_numbers(out, unit.stat_changes);
  out.add(",\"wounds\":");
  json_text_number(out, unit.wounds);
  out.add('}');
}

template <typename Out>
void hash_text_of(Out& out, const ZoneCard& card) {
  out.add("{\"acti\":");
  json_text_number(out, card.acti);
  out.add(",\"boost\":");
  json_text_number(out, card.boost);
  out.add(",\"spell\":");
  json_text_number(out, card.spell);
  out.add('}');
}

template <typename Out>
void hash_text_of(Out& out, const PlayerState& player) {
  out.add("{\"deck\":[");
  for (int spell = 0; spell < kMaxGameSpells; ++spell) {
    if (spell > 0) out.add(',');
    json_text_number(out, player.deck.count(spell));
  }
  out.add("],\"discard\":");
  json_text_numbers(out, player.discard);
  out.add(",\"hand\":");
  json_text_numbers(out, player.hand);
  out.add(",\"hand_size\":");
  json_text_number(out, player.hand_size);
  out.add(",\"kon_spell_acti\":");
  json_text_number(out, player.kon_spell_acti);
  out.add(",\"points_destroyed\":");
  json_text_number(out, player.points_destroyed);
  out.add(",\"zone\":[");
  for (std::size_t slot = 0; slot < player.zone.size(); ++slot) {
    if (slot > 0) out.add(',');
    hash_text_of(out, player.zone[slot]);
  }
  out.add("],\"zone_size\":");
  json_text_number(out, player.zone_size);
  out.add('}');
}

template <typename Out>
void hash_text_of(Out& out, const LastingEffect& effect) {
  out.add("{\"amount\":");
  json_text_number(out, effect.amount);
  out.add(",\"effect\":");
  json_text_number(out, effect.effect);
  out.add(",\"owner\":");
  json_text_number(out, effect.owner);
  out.add(",\"repeats\":");
  json_text_bool(out, effect.repeats);
  out.add(",\"spell\":");
  json_text_number(out, effect.spell);
  out.add(",\"turns_left\":");
  json_text_number(out, effect.turns_left);
  out.add(",\"unit\":");
  json_text_number(out, effect.unit);
  out.add(",\"x\":");
  json_text_number(out, effect.x);
  out.add('}');
}

template <typename Out>
void hash_text_of(Out& out, const ActionContext& action) {
  out.add("{\"actor\":");
  json_text_number(out, action.actor);
  out.add(",\"budget\":");
  json_text_number(out, action.budget);
  out.add(",\"dice_bonus\":");
  json_text_number(out, action.dice_bonus);
  out.add(",\"kind\":");
  json_text_number(out, static_cast<int>(action.kind));
  out.add(",\"optional\":");
  json_text_bool(out, action.optional);
  out.add(",\"partner\":");
  json_text_number(out, action.partner);
  out.add(",\"skill_bonus\":");
  json_text_number(out, action.skill_bonus);
  out.add(",\"target\":");
  json_text_number(out, action.target);
  out.add('}');
}

template <typename Out>
void hash_text_of(Out& out, const RollContext& roll) {
  out.add("{\"dice\":");
  json_text_number(out, roll.dice);
  out.add(",\"faces\":");
  json_text_numbers(out, roll.faces);
  out.add(",\"rolled\":");
  json_text_number(out, roll.rolled);
  out.add(",\"skill\":");
  json_text_number(out, roll.skill);
  out.add(",\"total\":");
  json_text_number(out, roll.total);
  out.add('}');
}

template <typename Out>
void hash_text_of(Out& out, const SpellContext& spell) {
  out.add("{\"active\":");
  json_text_bool(out, spell.active);
  out.add(",\"destroyed_slots\":");
  json_text_number(out, spell.destroyed_slots);
  out.add(",\"effect_end\":");
  json_text_number(out, spell.effect_end);
  out.add(",\"from_kon\":");
  json_text_bool(out, spell.from_kon);
  out.add(",\"next_effect\":");
  json_text_number(out, spell.next_effect);
  out.add(",\"pending_unit\":");
  json_text_number(out, spell.pending_unit);
  out.add(",\"repeating\":");
  json_text_bool(out, spell.repeating);
  out.add(",\"spell\":");
  json_text_number(out, spell.spell);
  out.add(",\"targets\":");
  json_text_numbers(out, spell.targets);
  out.add(",\"targets_chosen\":");
  json_text_number(out, spell.targets_chosen);
  out.add(",\"x\":");
  json_text_number(out, spell.x);
  out.add('}');
}

// The whole state, as AtomsPastState::to_json() lists it, in its keys' sorted order.
template <typename Out>
void hash_text_of(Out& out, const StateData& d) {
  out.add("{\"action\":");
  hash_text_of(out, d.action);
  out.add(",\"active\":");
  json_text_number(out, d.active);
  out.add(",\"cast_slot\":");
  json_text_number(out, d.cast_slot);
  out.add(",\"casts_used\":");
  json_text_number(out, d.casts_used);
  out.add(",\"channels_used\":");
  json_text_number(out, d.channels_used);
  out.add(",\"danger\":");
  json_text_number(out, d.danger);
  out.add(",\"deploy_next\":");
  json_text_number(out, d.deploy_next);
  out.add(",\"draws_left\":");
  json_text_number(out, d.draws_left);
  out.add(",\"effects_next\":");
  json_text_number(out, d.effects_next);
  out.add(",\"extra_downticks_left\":");
  json_text_number(out, d.extra_downticks_left);
  out.add(",\"extra_given\":");
  json_text_number(out, d.extra_given);
  out.add(",\"first_player\":");
  json_text_number(out, d.first_player);
  out.add(",\"format\":\"");
  out.add(kStateFormat);
  out.add("\",\"kon_action_taken\":");
  json_text_number(out, d.kon_action_taken);
  out.add(",\"lasting\":[");
  for (int i = 0; i < d.num_lasting; ++i) {
    if (i > 0) out.add(',');
    hash_text_of(out, d.lasting[i]);
  }
  out.add("],\"phase\":");
  json_text_number(out, static_cast<int>(d.phase));
  out.add(",\"places_used\":");
  json_text_number(out, d.places_used);
  out.add(",\"players\":[");
  hash_text_of(out, d.players[0]);
  out.add(',');
  hash_text_of(out, d.players[1]);
  out.add("],\"roll\":");
  hash_text_of(out, d.roll);
  out.add(",\"round\":");
  json_text_number(out, d.round);
  out.add(",\"setup_placed\":");
  json_text_number(out, d.setup_placed);
  out.add(",\"spell\":");
  hash_text_of(out, d.spell);
  out.add(",\"step\":");
  json_text_number(out, static_cast<int>(d.step));
  out.add(",\"units\":[");
  for (int i = 0; i < d.num_units; ++i) {
    if (i > 0) out.add(',');
    hash_text_of(out, d.units[i]);
  }
  out.add("],\"winner\":");
  json_text_number(out, d.winner);
  out.add('}');
}

}  // namespace

std::uint64_t AtomsPastState::hash() const {
  Fnv1a digest;
  hash_text_of(digest, data_);
  return digest.digest();
}

std::string AtomsPastState::hash_text() const {
  std::string text;
  JsonTextString out{text};
  hash_text_of(out, data_);
  return text;
}

// A field added here (or to a struct's NLOHMANN_DEFINE_TYPE above) goes into hash_text_of too:
// AtomsPastHashText and the conformance suite fail until it does.
nlohmann::json AtomsPastState::to_json() const {
  const auto& d = data_;
  nlohmann::json units = nlohmann::json::array();
  for (int i = 0; i < d.num_units; ++i)
    units.push_back(d.units[i]);
  nlohmann::json lasting = nlohmann::json::array();
  for (int i = 0; i < d.num_lasting; ++i)
    lasting.push_back(d.lasting[i]);
  return {
      {"format", kStateFormat},
      {"phase", d.phase},
      {"step", d.step},
      {"first_player", d.first_player},
      {"active", d.active},
      {"round", d.round},
      {"winner", d.winner},
      {"setup_placed", d.setup_placed},
      {"places_used", d.places_used},
      {"channels_used", d.channels_used},
      {"casts_used", d.casts_used},
      {"kon_action_taken", d.kon_action_taken},
      {"draws_left", d.draws_left},
      {"extra_downticks_left", d.extra_downticks_left},
      {"extra_given", d.extra_given},
      {"deploy_next", d.deploy_next},
      {"effects_next", d.effects_next},
      {"cast_slot", d.cast_slot},
      {"danger", d.danger},
      {"units", units},
      {"players", d.players},
      {"lasting", lasting},
      {"spell", d.spell},
      {"action", d.action},
      {"roll", d.roll},
  };
}

nlohmann::json AtomsPastState::view(int player) const {
  // A player sees everything on the table, their own hand, and the size of every hidden pile:
  // not the opponent's hand, and no deck's contents (its order is hidden and random).
  nlohmann::json json = to_json();
  for (int side = 0; side < 2; ++side) {
    auto& pile = json["players"][side];
    pile["deck"] = data_.players[side].deck.size();
    if (side != player) pile["hand"] = nullptr;
  }
  return json;
}

void AtomsPastState::load_json(const nlohmann::json& json) {
  if (!json.is_object()) throw InputError("state", "expected a JSON object");
  // Not json.value("format", ""): it throws nlohmann's type_error for a format that is no string.
  const auto format = json.find("format");
  if (format == json.end() || !format->is_string() || *format != kStateFormat)
    throw InputError("state.format", std::string("expected \"") + kStateFormat + "\"");
  refuse_fractions(json, "state");
  StateData d;
  try {
    json.at("phase").get_to(d.phase);
    json.at("step").get_to(d.step);
    json.at("first_player").get_to(d.first_player);
    json.at("active").get_to(d.active);
    json.at("round").get_to(d.round);
    json.at("winner").get_to(d.winner);
    json.at("setup_placed").get_to(d.setup_placed);
    json.at("places_used").get_to(d.places_used);
    json.at("channels_used").get_to(d.channels_used);
    json.at("casts_used").get_to(d.casts_used);
    json.at("kon_action_taken").get_to(d.kon_action_taken);
    json.at("draws_left").get_to(d.draws_left);
    json.at("extra_downticks_left").get_to(d.extra_downticks_left);
    json.at("extra_given").get_to(d.extra_given);
    json.at("deploy_next").get_to(d.deploy_next);
    json.at("effects_next").get_to(d.effects_next);
    json.at("cast_slot").get_to(d.cast_slot);
    json.at("danger").get_to(d.danger);
    const auto& units = json.at("units");
    if (!units.is_array() || units.size() != game_->roster().size())
      throw InputError("state.units", "expected one entry per unit of the two warbands (" +
                                          std::to_string(game_->roster().size()) + ")");
    d.num_units = static_cast<std::int8_t>(units.size());
    for (std::size_t i = 0; i < units.size(); ++i)
      units[i].get_to(d.units[i]);
    json.at("players").get_to(d.players);
    const auto& lasting = json.at("lasting");
    if (!lasting.is_array() || lasting.size() > kMaxLasting)
      throw InputError("state.lasting",
                       "expected at most " + std::to_string(kMaxLasting) + " effects");
    d.num_lasting = static_cast<std::int8_t>(lasting.size());
    for (std::size_t i = 0; i < lasting.size(); ++i)
      lasting[i].get_to(d.lasting[i]);
    json.at("spell").get_to(d.spell);
    json.at("action").get_to(d.action);
    json.at("roll").get_to(d.roll);
  } catch (const nlohmann::json::exception& error) {
    throw InputError("state", std::string("malformed AtomsPast state: ") + error.what());
  }
  adopt_checked(*this, data_, d, "AtomsPast");
}

}  // namespace warband::atomspast
