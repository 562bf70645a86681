// Spellweavers state <-> JSON (saves, views, hashes). A save read back gives an equal state; a
// malformed one is an InputError naming the field.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <utility>

#include "core/checked_load.h"
#include "core/error.h"
#include "core/grid_json.h"
#include "core/json_fields.h"
#include "core/json_sorted_fill.h"
#include "rulesets/spellweavers/spellweavers_state.h"

namespace warband::spellweavers {
namespace {

// Objects are filled in place, their keys in sorted order (core/json_sorted_fill.h), rather than
// from initializer lists, which nlohmann::json copies element by element (each pair built as an
// array first): the conformance suite, saves and views make a state's JSON many times. A key
// added here goes into state_hash.cc's text too.

nlohmann::json combatant_json(const Combatant& c) {
  nlohmann::json json(nlohmann::json::value_t::object);
  auto& o = json.get_ref<JsonObject&>();
  json_put_sorted(o, "cell", cell_json(c.cell));
  json_put_sorted(o, "conditions", c.conditions);
  json_put_sorted(o, "defending", c.defending);
  json_put_sorted(o, "hp", c.hp);
  json_put_sorted(o, "kind", static_cast<int>(c.kind));
  json_put_sorted(o, "mp", c.mp);
  return json;
}

// Reads a whole number in [lo, hi] at `where`.
int whole(const JsonFields& fields, std::string_view key, int lo, int hi) {
  return static_cast<int>(fields.integer(key, lo, hi));
}

grid::Cell read_cell(const JsonFields& fields, std::string_view key) {
  const JsonItems pair = fields.array(key);
  if (pair.size() != 2) throw InputError(pair.where(), "expected [x, y]");
  return grid::Cell{static_cast<std::int8_t>(pair.integer(0, 0, grid::kMaxWidth - 1)),
                    static_cast<std::int8_t>(pair.integer(1, 0, grid::kMaxHeight - 1))};
}

}  // namespace

nlohmann::json SpellweaversState::to_json() const {
  const StateData& d = data_;
  JsonArray combatants;
  combatants.reserve(d.combatants.size());
  for (const Combatant& c : d.combatants)
    combatants.emplace_back(combatant_json(c));
  JsonArray terrain;
  for (int index = 0; index < grid::kMaxCells; ++index)
    if (d.terrain[index]) terrain.emplace_back(JsonArray{index, d.terrain[index]});
  JsonArray affected;
  if (d.cast.affected.any())
    for (int index = 0; index < grid::kMaxCells; ++index)
      if (d.cast.affected[index]) affected.emplace_back(index);

  nlohmann::json pending(nlohmann::json::value_t::object);
  auto& p = pending.get_ref<JsonObject&>();
  json_put_sorted(p, "condition", static_cast<int>(d.pending.condition));
  json_put_sorted(p, "dice", d.pending.dice);
  json_put_sorted(p, "last_total", d.pending.last_total);
  json_put_sorted(p, "purpose", static_cast<int>(d.pending.purpose));
  json_put_sorted(p, "target", d.pending.target);
  json_put_sorted(p, "when", static_cast<int>(d.pending.when));

  nlohmann::json cast(nlohmann::json::value_t::object);
  auto& c = cast.get_ref<JsonObject&>();
  json_put_sorted(c, "actions", d.cast.actions);
  json_put_sorted(c, "affected", std::move(affected));
  json_put_sorted(c, "anchor", cell_json(d.cast.anchor));
  json_put_sorted(c, "caster", d.cast.caster);
  json_put_sorted(c, "next_combatant", d.cast.next_combatant);
  json_put_sorted(c, "next_effect", d.cast.next_effect);
  json_put_sorted(c, "orientation", d.cast.orientation);
  json_put_sorted(c, "rolled", d.cast.rolled);
  json_put_sorted(c, "shifted", d.cast.shifted);
  json_put_sorted(c, "spell", d.cast.spell);

  nlohmann::json json(nlohmann::json::value_t::object);
  auto& o = json.get_ref<JsonObject&>();
  json_put_sorted(o, "actions_left", d.actions_left);
  json_put_sorted(o, "actor", d.actor);
  json_put_sorted(o, "cast", std::move(cast));
  json_put_sorted(o, "cast_this_turn", d.cast_this_turn);
  json_put_sorted(o, "combatants", std::move(combatants));
  json_put_sorted(o, "end_rolls_next", d.end_rolls_next);
  json_put_sorted(o, "format", kStateFormat);
  json_put_sorted(o, "initiative", JsonArray(d.initiative.begin(), d.initiative.end()));
  json_put_sorted(o, "num_wizards", d.num_wizards);
  json_put_sorted(o, "order", JsonArray(d.order.begin(), d.order.end()));
  json_put_sorted(o, "order_pos", d.order_pos);
  json_put_sorted(o, "pending", std::move(pending));
  json_put_sorted(o, "phase", static_cast<int>(d.phase));
  json_put_sorted(o, "round", d.round);
  json_put_sorted(o, "step", static_cast<int>(d.step));
  json_put_sorted(o, "terrain", std::move(terrain));
  json_put_sorted(o, "winner", d.winner);
  return json;
}

void SpellweaversState::load_json(const nlohmann::json& json) {
  if (!json.is_object()) throw InputError("state", "expected a JSON object");
  const auto format = json.find("format");
  if (format == json.end() || !format->is_string() || *format != kStateFormat)
    throw InputError("state.format", std::string("expected \"") + kStateFormat + "\"");
  refuse_fractions(json, "state");
  const JsonFields f(json, "state");
  f.check_keys({"format", "phase", "step", "round", "winner", "num_wizards", "order", "initiative",
                "order_pos", "actor", "actions_left", "cast_this_turn", "end_rolls_next",
                "combatants", "terrain", "pending", "cast"});
  StateData d;
  d.phase = static_cast<Phase>(whole(f, "phase", 0, static_cast<int>(Phase::kGameOver)));
  d.step = static_cast<Step>(whole(f, "step", 0, static_cast<int>(Step::kPlacement)));
  d.round = static_cast<std::int16_t>(whole(f, "round", 0, 1000));
  d.winner = static_cast<std::int8_t>(whole(f, "winner", -1, 1));
  d.num_wizards = static_cast<std::int8_t>(whole(f, "num_wizards", 0, kMaxWizards));
  if (d.num_wizards != game_->num_wizards())
    throw InputError("state.num_wizards",
                     fmt::format("expected {}, the wizards of this game", game_->num_wizards()));
  for (const char* key : {"order", "initiative"}) {
    const JsonItems items = f.array(key);
    if (items.size() != kMaxWizards)
      throw InputError(items.where(), fmt::format("expected {} entries", kMaxWizards));
    for (std::size_t i = 0; i < items.size(); ++i) {
      const int value = static_cast<int>(
          items.integer(i, 0, key == std::string_view("order") ? kMaxWizards - 1 : 100));
      (key == std::string_view("order") ? d.order : d.initiative)[i] =
          static_cast<std::int8_t>(value);
    }
  }
  d.order_pos = static_cast<std::int8_t>(whole(f, "order_pos", 0, kMaxWizards - 1));
  d.actor = static_cast<std::int8_t>(whole(f, "actor", -1, kMaxCombatants - 1));
  d.actions_left = static_cast<std::int8_t>(whole(f, "actions_left", 0, 4));
  d.cast_this_turn = f.boolean("cast_this_turn");
  d.end_rolls_next = static_cast<std::int8_t>(whole(f, "end_rolls_next", 0, 5));
  const JsonItems combatants = f.array("combatants");
  if (combatants.size() != kMaxCombatants)
    throw InputError(combatants.where(), fmt::format("expected {} entries", kMaxCombatants));
  for (std::size_t i = 0; i < combatants.size(); ++i) {
    const JsonFields c = combatants.object(i);
    c.check_keys({"cell", "hp", "mp", "kind", "conditions", "defending"});
    Combatant& out = d.combatants[i];
    out.cell = read_cell(c, "cell");
    out.hp = static_cast<std::int16_t>(whole(c, "hp", -10000, 10000));
    out.mp = static_cast<std::int16_t>(whole(c, "mp", -10000, 10000));
    out.kind = static_cast<CombatantKind>(
        whole(c, "kind", 0, static_cast<int>(CombatantKind::kAnnoyingImp)));
    out.conditions = static_cast<std::uint8_t>(whole(c, "conditions", 0, 0x1f));
    out.defending = c.boolean("defending");
  }
  const JsonItems terrain = f.array("terrain");
  for (std::size_t i = 0; i < terrain.size(); ++i) {
    const JsonItems entry = terrain.array(i);
    if (entry.size() != 2) throw InputError(entry.where(), "expected [square, condition]");
    d.terrain[entry.integer(0, 0, grid::kMaxCells - 1)] = static_cast<std::uint8_t>(
        entry.integer(1, 1, 1 + static_cast<int>(TerrainCondition::kWall)));
  }
  const JsonFields p = f.object("pending");
  p.check_keys({"purpose", "dice", "target", "condition", "when", "last_total"});
  d.pending.purpose = static_cast<RollPurpose>(
      whole(p, "purpose", 0, static_cast<int>(RollPurpose::kBurningOnShift)));
  d.pending.dice = static_cast<std::int8_t>(whole(p, "dice", 0, 100));
  d.pending.target = static_cast<std::int8_t>(whole(p, "target", -1, kMaxCombatants - 1));
  d.pending.condition = static_cast<StatusCondition>(
      whole(p, "condition", 0, static_cast<int>(StatusCondition::kDispel)));
  d.pending.when =
      static_cast<RemovalWhen>(whole(p, "when", 0, static_cast<int>(RemovalWhen::kTurnEnd)));
  d.pending.last_total = static_cast<std::int16_t>(whole(p, "last_total", 0, 10000));
  const JsonFields c = f.object("cast");
  c.check_keys({"caster", "spell", "actions", "orientation", "next_effect", "next_combatant",
                "rolled", "shifted", "anchor", "affected"});
  d.cast.caster = static_cast<std::int8_t>(whole(c, "caster", -1, kMaxWizards - 1));
  d.cast.spell = static_cast<std::int8_t>(whole(c, "spell", -1, kMaxSpellsPerWizard - 1));
  d.cast.actions = static_cast<std::int8_t>(whole(c, "actions", 0, 2));
  d.cast.orientation = static_cast<std::int8_t>(whole(c, "orientation", 0, 7));
  d.cast.next_effect = static_cast<std::int8_t>(whole(c, "next_effect", 0, 100));
  d.cast.next_combatant = static_cast<std::int8_t>(whole(c, "next_combatant", 0, kMaxCombatants));
  d.cast.rolled = c.boolean("rolled");
  d.cast.shifted = static_cast<std::uint32_t>(c.integer("shifted", 0, 0xffffffffLL));
  {
    // A shape's origin may lie off the board (part of the shape on it).
    const JsonItems pair = c.array("anchor");
    if (pair.size() != 2) throw InputError(pair.where(), "expected [x, y]");
    d.cast.anchor = grid::Cell{static_cast<std::int8_t>(pair.integer(0, -128, 127)),
                               static_cast<std::int8_t>(pair.integer(1, -128, 127))};
  }
  const JsonItems affected = c.array("affected");
  for (std::size_t i = 0; i < affected.size(); ++i)
    d.cast.affected.set(static_cast<std::size_t>(affected.integer(i, 0, grid::kMaxCells - 1)));

  adopt_checked(*this, data_, d, "Spellweavers");
}

}  // namespace warband::spellweavers
