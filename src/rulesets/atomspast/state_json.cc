// AtomsPast state <-> JSON (saves, views, hashes). A save read back gives an equal state; a
// malformed one is an InputError naming what is wrong.
#include <nlohmann/json.hpp>

#include "core/checked_load.h"
#include "core/error.h"
#include "core/json_fields.h"
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

}  // namespace

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
