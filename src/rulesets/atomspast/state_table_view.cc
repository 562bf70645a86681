// AtomsPast as data for graphical front ends (docs/api.md, "Table views"): the board, the units,
// the players' piles and what the side to move may do, with what the viewer may not see left
// out; and each action as data. Everything here reads the engine's own rules code (movement,
// line of sight, attacks), so the browser never needs a second copy of the rules.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <map>
#include <string_view>

#include "core/error.h"
#include "core/grid_json.h"
#include "core/sides.h"
#include "rulesets/atomspast/atomspast_state.h"

namespace warband::atomspast {
namespace {

const char* phase_id(Phase phase) {
  switch (phase) {
    case Phase::kDiceOff:
      return "dice_off";
    case Phase::kSetupPlace:
      return "setup";
    case Phase::kDeploy:
      return "deploy";
    case Phase::kSpellPhase:
      return "spell";
    case Phase::kKonPhase:
      return "kon";
    case Phase::kBattlefield:
      return "battlefield";
    case Phase::kEffects:
      return "effects";
    case Phase::kSpellEffects:
      return "spell_effects";
    case Phase::kKonEffects:
      return "kon_effects";
    case Phase::kGameOver:
      return "game_over";
  }
  return "?";
}

const char* action_kind_id(ActionKind kind) {
  switch (kind) {
    case ActionKind::kFirstPlayer:
      return "first_player";
    case ActionKind::kDrawCard:
      return "draw_card";
    case ActionKind::kDie:
      return "die";
    case ActionKind::kDone:
      return "done";
    case ActionKind::kDecline:
      return "decline";
    case ActionKind::kPlaceSpell:
      return "place_spell";
    case ActionKind::kChannel:
      return "channel";
    case ActionKind::kCast:
      return "cast";
    case ActionKind::kExtraDowntick:
      return "extra_downtick";
    case ActionKind::kKonDowntickUnit:
      return "kon_downtick_unit";
    case ActionKind::kKonDowntickSpell:
      return "kon_downtick_spell";
    case ActionKind::kKonCast:
      return "kon_cast";
    case ActionKind::kDeploy:
      return "deploy";
    case ActionKind::kMove:
      return "move";
    case ActionKind::kRun:
      return "run";
    case ActionKind::kMeleeAttack:
      return "melee_attack";
    case ActionKind::kRangedAttack:
      return "ranged_attack";
    case ActionKind::kCharge:
      return "charge";
    case ActionKind::kDestination:
      return "destination";
    case ActionKind::kAttackTarget:
      return "attack_target";
    case ActionKind::kSpellTarget:
      return "spell_target";
    case ActionKind::kDeployUnit:
      return "deploy_unit";
    case ActionKind::kAttackLine:
      return "attack_line";
  }
  return nullptr;
}

nlohmann::json cells_json(const grid::FootprintCells& cells) {
  nlohmann::json out = nlohmann::json::array();
  for (int i = 0; i < cells.count; ++i)
    out.push_back(cell_json(cells.cells[i]));
  return out;
}

nlohmann::json cell_set_json(const grid::CellSet& set) {
  nlohmann::json out = nlohmann::json::array();
  // Row by row, north first: the order cells are drawn in.
  for (int index = 0; index < grid::kMaxCells; ++index)
    if (set.test(index)) out.push_back(cell_json(grid::cell_at(index)));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Terrain: one symbol per distinct kind of space (the content's flags, combined freely).

struct TerrainKind {
  std::uint8_t flags = 0;
  std::uint8_t dangerous = 0;
  friend auto operator<=>(const TerrainKind&, const TerrainKind&) = default;
};

// The symbol the terminal board uses for the common kinds (state_text.cc), so both read alike.
char preferred_symbol(TerrainKind kind) {
  if (kind.dangerous > 0) return kind.flags == 0 ? '!' : 0;
  switch (kind.flags) {
    case 0:
      return '.';
    case kWall:
      return '#';
    case kBlocksSight:
      return 'X';
    case kHeavyCover:
      return 'H';
    case kLightCover:
      return 'h';
    case kDifficult | kObscuring:
      return '%';
    case kDifficult:
      return '^';
    case kObscuring:
      return '~';
    default:
      return 0;
  }
}

// Symbols for the other kinds, in the order they first appear on the map.
constexpr std::string_view kSpareSymbols =
    "abcdefgijklmnopqrstuvwxyzABCDEFGIJKLMNOPQRSTUVWYZ0123456789&*+=<>?@$/|:;,_-()[]{}'`";

nlohmann::json legend_entry(TerrainKind kind) {
  // The names the content's map legends use (docs/content/atomspast.md).
  static constexpr std::pair<std::uint8_t, const char*> kFlagNames[] = {
      {kWall, "wall"},           {kBlocksSight, "blocks_sight"}, {kDifficult, "difficult"},
      {kObscuring, "obscuring"}, {kLightCover, "light_cover"},   {kHeavyCover, "heavy_cover"},
  };
  nlohmann::json flags = nlohmann::json::array();
  std::string name;
  for (const auto& [flag, flag_name] : kFlagNames)
    if (kind.flags & flag) {
      flags.push_back(flag_name);
      std::string words = flag_name;
      std::replace(words.begin(), words.end(), '_', ' ');
      name += (name.empty() ? "" : ", ") + words;
    }
  if (kind.dangerous > 0) {
    flags.push_back(fmt::format("dangerous:{}", kind.dangerous));
    name += fmt::format("{}dangerous {}", name.empty() ? "" : ", ", kind.dangerous);
  }
  if (name.empty()) name = "open ground";
  const bool heavy = kind.flags & kHeavyCover;
  const bool light = kind.flags & kLightCover;
  return {
      {"name", name},
      {"flags", flags},
      {"blocks_sight", (kind.flags & (kWall | kBlocksSight)) != 0},
      {"blocks_move", (kind.flags & kWall) != 0},
      {"difficult", (kind.flags & kDifficult) != 0},
      {"obscuring", (kind.flags & kObscuring) != 0},
      {"cover", heavy   ? nlohmann::json("heavy")
                : light ? nlohmann::json("light")
                        : nullptr},
      {"dangerous", kind.dangerous},
  };
}

// Fills view["terrain"], view["legend"] and view["heights"] from the board.
void add_terrain(const grid::Board& board, nlohmann::json& view) {
  std::map<TerrainKind, char> symbols;
  std::string used;
  std::size_t next_spare = 0;
  nlohmann::json terrain = nlohmann::json::array();
  nlohmann::json heights = nlohmann::json::array();
  nlohmann::json legend = nlohmann::json::object();
  for (int y = 0; y < board.height(); ++y) {
    std::string row;
    nlohmann::json height_row = nlohmann::json::array();
    for (int x = 0; x < board.width(); ++x) {
      const grid::Space& space =
          board.at(grid::Cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)});
      const TerrainKind kind{space.terrain, static_cast<std::uint8_t>(dangerous(space))};
      auto found = symbols.find(kind);
      if (found == symbols.end()) {
        char symbol = preferred_symbol(kind);
        while (symbol == 0 || used.find(symbol) != std::string::npos) {
          WB_CHECK(next_spare < kSpareSymbols.size() && "more kinds of terrain than symbols");
          symbol = kSpareSymbols[next_spare++];
        }
        used += symbol;
        found = symbols.emplace(kind, symbol).first;
        legend[std::string(1, symbol)] = legend_entry(kind);
      }
      row += found->second;
      height_row.push_back(space.height);
    }
    terrain.push_back(std::move(row));
    heights.push_back(std::move(height_row));
  }
  view["terrain"] = std::move(terrain);
  view["heights"] = std::move(heights);
  view["legend"] = std::move(legend);
}

// "3/4/1": Skill / Dice / Range, or null for a unit without that attack.
nlohmann::json attack_json(int skill, int dice, int range) {
  if (dice <= 0 || range <= 0) return nullptr;
  return fmt::format("{}/{}/{}", skill, dice, range);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// The prompt: what the side to move must decide now, in words.

std::string AtomsPastState::decision_prompt() const {
  const auto& d = data_;
  const std::string who = side_name(d.active);
  const auto& params = game_->parameters();
  if (d.phase == Phase::kGameOver)
    return d.winner < 0 ? "The game is a draw" : fmt::format("{} wins", side_name(d.winner));
  if (d.phase == Phase::kDiceOff) return "Dice-off: who goes first";
  if (d.step == Step::kDraw)
    return fmt::format("{} draws {} card{}", who, d.draws_left, d.draws_left == 1 ? "" : "s");
  if (const char* purpose = roll_purpose(d.step))
    return fmt::format("{}: {} roll [S{}/D{}], die {} of {}", who, purpose, d.roll.skill,
                       d.roll.dice, d.roll.rolled + 1, d.roll.dice);
  const std::string actor =
      d.action.actor >= 0 ? game_->roster()[d.action.actor].profile->name : "";
  const std::string decline = d.action.optional ? " (or decline)" : "";
  switch (d.step) {
    case Step::kChannelExtra:
      return fmt::format(
          "{}: choose a spell in the Casting Zone for a remaining Downtick ({} left)", who,
          d.extra_downticks_left);
    case Step::kSpellTarget: {
      const SpellCard& spell = game_->spell(d.spell.spell);
      const TargetSlot& slot = spell.targets[d.spell.targets_chosen];
      const char* side = slot.side == TargetSide::kFriendly ? "a friendly unit"
                         : slot.side == TargetSide::kEnemy  ? "an enemy unit"
                                                            : "a unit";
      return fmt::format("{}: choose {} as '{}' for {}", who, side, slot.name, spell.name);
    }
    case Step::kDestination:
      switch (d.action.kind) {
        case UnitActionKind::kRun:
          return fmt::format("{}: choose where {} runs", who, actor);
        case UnitActionKind::kCharge:
          return fmt::format("{}: choose where {} charges to attack {}", who, actor,
                             game_->roster()[d.action.target].profile->name);
        default:
          return fmt::format("{}: choose where {} moves{}", who, actor, decline);
      }
    case Step::kAttackTarget:
      return fmt::format("{}: choose what {} attacks{}", who, actor, decline);
    case Step::kDeployPlace:
      return fmt::format("{}: choose where {} deploys", who, unit_name(*game_, d.deploy_next));
    case Step::kAttackLine:
      return fmt::format(
          "{}: the line from {} to {} passes exactly through a corner: choose the side it is "
          "drawn on",
          who, actor, game_->roster()[d.action.target].profile->name);
    default:
      break;
  }
  switch (d.phase) {
    case Phase::kSetupPlace:
      return fmt::format("{}: place a spell in the Casting Zone ({} of {} placed), or stop", who,
                         d.setup_placed, params.setup_places);
    case Phase::kDeploy: {
      int left = 0;
      for (int unit = 0; unit < d.num_units; ++unit)
        left += side_of(unit) == d.active && !d.units[unit].deployed && d.units[unit].alive;
      return fmt::format("{}: choose which unit deploys next ({} to deploy)", who, left);
    }
    case Phase::kSpellPhase:
      return fmt::format("{}: Spell Phase: place, channel or cast a spell, or end the phase", who);
    case Phase::kKonPhase:
      return fmt::format("{}: choose a Kon Action", who);
    case Phase::kBattlefield:
      return fmt::format("{}: choose a unit to activate, or end the Battlefield Phase", who);
    default:
      return fmt::format("{}: {} Phase: Additional Effects", who,
                         d.phase == Phase::kSpellEffects ? "Spell"
                         : d.phase == Phase::kKonEffects ? "Kon"
                                                         : "Battlefield");
  }
}

// ---------------------------------------------------------------------------------------------
// What one unit of the side to move may do at this decision.

void AtomsPastState::add_unit_options(int unit, const std::vector<Action>& legal,
                                      nlohmann::json& out) const {
  const auto& d = data_;
  const auto& board = game_->board();
  grid::CellSet reach, targets;
  std::vector<Action> steps;
  const auto add_placement = [&](int placement_index) {
    grid::FootprintCells cells;
    grid::covered_cells(footprint(unit), grid::placement_at(placement_index), cells);
    for (int i = 0; i < cells.count; ++i)
      reach.set(grid::cell_index(cells.cells[i]));
  };
  if (d.step == Step::kDestination || d.step == Step::kAttackTarget ||
      d.step == Step::kAttackLine) {
    // Inside an action: only its actor has options, and they are the legal choices themselves.
    if (unit == d.action.actor) {
      for (Action action : legal) {
        if (kind_of(action) == ActionKind::kDestination) add_placement(arg_a(action));
        if (kind_of(action) == ActionKind::kAttackTarget) targets.set(arg_a(action));
      }
      if (d.action.kind == UnitActionKind::kCharge || d.step == Step::kAttackLine)
        targets.set(d.action.target);
    }
  } else {
    for (Action action : legal) {
      if (arg_a(action) != unit) continue;
      switch (kind_of(action)) {
        case ActionKind::kMove: {
          // The destinations of this Move, by the search its destination step runs.
          grid::Reach move_reach;
          compute_move_reach(unit, stat(unit, Stat::kMove), 1, move_reach);
          for (int placement : move_reach.destinations)
            add_placement(placement);
          break;
        }
        case ActionKind::kMeleeAttack:
        case ActionKind::kRangedAttack: {
          const AttackKind kind = kind_of(action) == ActionKind::kMeleeAttack ? AttackKind::kMelee
                                                                              : AttackKind::kRanged;
          for (int target = 0; target < d.num_units; ++target)
            if (attack_possible(unit, target, kind, nullptr)) targets.set(target);
          break;
        }
        case ActionKind::kCharge:
          targets.set(arg_b(action));
          break;
        default:
          break;
      }
    }
  }
  out["reach"] = cell_set_json(reach);
  nlohmann::json target_list = nlohmann::json::array();
  for (int target = 0; target < d.num_units; ++target)
    if (targets.test(target)) target_list.push_back(target);
  out["targets"] = std::move(target_list);

  // Sight: every space a line from the unit reaches, other units blocking as they do for attacks:
  // a unit standing on the space does not block the line to it through its other spaces (an
  // attack or Charge at it leaves it out of the blockers too).
  grid::FootprintCells own, space, cells;
  cells_of(unit, own);
  const grid::CellSet blockers = occupied(unit);
  std::array<std::int8_t, grid::kMaxCells> standing;
  standing.fill(-1);
  for (int other = 0; other < d.num_units; ++other) {
    if (other == unit || !on_board(other)) continue;
    cells_of(other, cells);
    for (int i = 0; i < cells.count; ++i)
      standing[grid::cell_index(cells.cells[i])] = static_cast<std::int8_t>(other);
  }
  grid::CellSet seen;
  space.count = 1;
  for (int y = 0; y < board.height(); ++y)
    for (int x = 0; x < board.width(); ++x) {
      space.cells[0] = grid::Cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
      const int index = grid::cell_index(space.cells[0]);
      bool own_space = false;
      for (int i = 0; i < own.count; ++i)
        own_space |= own.cells[i] == space.cells[0];
      if (own_space) continue;
      const int other = standing[index];
      const bool multi = other >= 0 && footprint(other).w * footprint(other).h > 1;
      if (grid::sight_between(board, own, space, multi ? occupied(unit, other) : blockers).clear)
        seen.set(index);
    }
  out["sight"] = cell_set_json(seen);
}

// ---------------------------------------------------------------------------------------------
// The table.

nlohmann::json AtomsPastState::table_view(int viewer) const {
  const auto& d = data_;
  const auto& board = game_->board();
  nlohmann::json view = {
      {"kind", "grid"},
      {"width", board.width()},
      {"height", board.height()},
      {"map", {{"id", game_->map().id}, {"name", game_->map().name}}},
  };
  add_terrain(board, view);
  nlohmann::json zones = nlohmann::json::array();
  for (int side = 0; side < 2; ++side) {
    const DeployZone zone = game_->deploy_zone(side);
    zones.push_back({zone.x0, zone.y0, zone.x1, zone.y1});
  }
  view["deploy_zones"] = std::move(zones);
  view["phase"] = phase_id(d.phase);
  view["phase_name"] = phase_name(d.phase);
  view["round"] = d.round;
  view["turn"] = turn_number(d);
  view["active"] = d.active;
  view["winner"] = d.phase == Phase::kGameOver && d.winner >= 0 ? nlohmann::json(d.winner)
                                                                : nlohmann::json(nullptr);
  view["prompt"] = decision_prompt();
  // The unit whose Move, Run, Charge or Attack (or a spell's free one) is being resolved.
  view["acting_unit"] = d.action.kind != UnitActionKind::kNone ? d.action.actor : -1;

  // The side to move's options are shown to that side (and to replays) at its decisions.
  const bool decision = current_player() >= 0;
  const bool show_options = decision && (viewer == -1 || viewer == d.active);
  std::vector<Action> legal;
  if (show_options) legal_actions_into(legal);

  nlohmann::json units = nlohmann::json::array();
  grid::FootprintCells cells;
  for (int unit = 0; unit < d.num_units; ++unit) {
    const UnitState& state = d.units[unit];
    const RosterEntry& entry = game_->roster()[unit];
    nlohmann::json cell_list = nlohmann::json::array();
    if (on_board(unit)) {
      cells_of(unit, cells);
      cell_list = cells_json(cells);
    }
    nlohmann::json json = {
        {"index", unit},
        {"label", entry.label},
        {"name", entry.profile->name},
        {"side", entry.side},
        {"kon", entry.is_kon},
        {"deployed", state.deployed},
        {"alive", state.alive},
        {"cells", std::move(cell_list)},
        {"base", {entry.profile->base.w, entry.profile->base.h}},
        {"rotated", state.placement.rotated},
        {"acti", state.acti},
        {"wounds", state.wounds},
        {"max_wounds", state.max_wounds},
        {"move", stat(unit, Stat::kMove)},
        {"shield", stat(unit, Stat::kShield)},
        {"melee", attack_json(stat(unit, Stat::kMeleeSkill), stat(unit, Stat::kMeleeDice),
                              stat(unit, Stat::kMeleeRange))},
        {"ranged", attack_json(stat(unit, Stat::kRangedSkill), stat(unit, Stat::kRangedDice),
                               stat(unit, Stat::kRangedRange))},
        {"keywords", entry.profile->keywords},
        {"points", entry.profile->points},
    };
    // What a board shows of it in words: the badge on its token, the rows of its card.
    json["badge"] = state.acti;
    const auto or_dash = [](const nlohmann::json& value) {
      return value.is_null() ? std::string("—") : value.get<std::string>();
    };
    json["stats"] = nlohmann::json::array({
        {"AcTi", std::to_string(state.acti)},
        {"Wounds", fmt::format("{} / {}", state.wounds, state.max_wounds)},
        {"Move", std::to_string(stat(unit, Stat::kMove))},
        {"Shield", std::to_string(stat(unit, Stat::kShield))},
        {"Melee", or_dash(json["melee"])},
        {"Ranged", or_dash(json["ranged"])},
        {"Keywords", entry.profile->keywords.empty()
                         ? std::string("—")
                         : fmt::format("{}", fmt::join(entry.profile->keywords, ", "))},
    });
    if (show_options && entry.side == d.active && on_board(unit))
      add_unit_options(unit, legal, json);
    units.push_back(std::move(json));
  }
  view["units"] = std::move(units);
  view["unit_key"] =
      "A unit: its label; the badge is its AcTi, the bar its wounds left; a gold rim is the Kon";

  nlohmann::json players = nlohmann::json::array();
  for (int side = 0; side < 2; ++side) {
    const PlayerState& player = d.players[side];
    const int deck = player.deck.size();
    int discard = 0;
    for (int spell = 0; spell < kMaxGameSpells; ++spell)
      discard += player.discard[spell];
    nlohmann::json hand = nullptr;
    if (viewer == -1 || viewer == side) {
      hand = nlohmann::json::array();
      for (int i = 0; i < player.hand_size; ++i)
        hand.push_back(game_->spell(player.hand[i]).name);
    }
    nlohmann::json zone = nlohmann::json::array();
    for (int slot = 0; slot < player.zone_size; ++slot) {
      const ZoneCard& card = player.zone[slot];
      zone.push_back({{"slot", slot},
                      {"spell", game_->spell(card.spell).name},
                      {"acti", card.acti},
                      {"boost", card.boost}});
    }
    players.push_back({
        {"side", side},
        {"name", side_name(side)},
        {"warband", game_->warband(side).name},
        {"hand", std::move(hand)},
        {"hand_size", player.hand_size},
        {"deck", deck},
        {"discard", discard},
        {"points_destroyed", player.points_destroyed},
        {"kon_spell", game_->spell(game_->kon_spell(side)).name},
        {"kon_spell_acti", player.kon_spell_acti},
        {"kon_power_level", game_->kon_power_level(side)},
        {"zone", std::move(zone)},
    });
  }
  view["players"] = std::move(players);

  // The rules text of every card the viewer can see, for the card a player points at.
  nlohmann::json cards = nlohmann::json::object();
  const auto add_card = [&](int spell) {
    const SpellCard& card = game_->spell(spell);
    if (!cards.contains(card.name))
      cards[card.name] = {{"acti", card.acti}, {"text", card.text}, {"flavour", card.flavour}};
  };
  for (int side = 0; side < 2; ++side) {
    const PlayerState& player = d.players[side];
    add_card(game_->kon_spell(side));
    for (int slot = 0; slot < player.zone_size; ++slot)
      add_card(player.zone[slot].spell);
    if (viewer == -1 || viewer == side)
      for (int i = 0; i < player.hand_size; ++i)
        add_card(player.hand[i]);
  }
  if (d.spell.active) add_card(d.spell.spell);
  view["cards"] = std::move(cards);

  // The spell being resolved, once cast (public: it was cast on the table).
  if (d.spell.active) {
    nlohmann::json targets = nlohmann::json::array();
    for (int slot = 0; slot < d.spell.targets_chosen; ++slot)
      targets.push_back(d.spell.targets[slot]);
    view["spell"] = {{"name", game_->spell(d.spell.spell).name},
                     {"x", d.spell.x},
                     {"from_kon", d.spell.from_kon},
                     {"targets", std::move(targets)}};
  } else {
    view["spell"] = nullptr;
  }

  // The roll in progress, or the last one made.
  if (d.roll.dice > 0) {
    nlohmann::json rolled = nlohmann::json::array();
    for (int i = 0; i < std::min<int>(d.roll.rolled, kMaxRollFaces); ++i)
      rolled.push_back(d.roll.faces[i]);
    const char* purpose = roll_purpose(d.step);
    view["roll"] = {{"skill", d.roll.skill},
                    {"dice", d.roll.dice},
                    {"rolled", std::move(rolled)},
                    {"total", d.roll.total},
                    {"faces", 6},
                    {"in_progress", purpose != nullptr},
                    {"purpose", purpose ? nlohmann::json(purpose) : nlohmann::json(nullptr)},
                    {"notation", skill_roll_notation(d.roll.skill, d.roll.dice)},
                    // The words the log gives the roll (state_text.cc), without its purpose
                    // once it is over (the step that knew it has moved on).
                    {"explanation", describe_skill_roll(purpose ? purpose : "", d.roll)}};
  } else {
    view["roll"] = nullptr;
  }
  return view;
}

// ---------------------------------------------------------------------------------------------
// One action as data.

nlohmann::json AtomsPastState::action_view(Action action) const {
  const auto& d = data_;
  const ActionKind kind = kind_of(action);
  const int a = arg_a(action);
  const int b = arg_b(action);
  const char* kind_name = action_kind_id(kind);
  if (!kind_name) return {{"text", action_to_string(action)}};
  int unit = -1, target = -1, private_to = -1;
  nlohmann::json cells = nlohmann::json::array();
  nlohmann::json view = {{"text", action_to_string(action)}, {"kind", kind_name}};
  const auto footprint_at = [&](int who, int placement_index) {
    grid::FootprintCells covered;
    grid::covered_cells(footprint(who), grid::placement_at(placement_index), covered);
    return cells_json(covered);
  };
  switch (kind) {
    case ActionKind::kFirstPlayer:
      view["side"] = a;
      break;
    case ActionKind::kDrawCard:
      // The card goes into the hand of the side drawing: only that side may read which it is.
      private_to = d.active;
      break;
    case ActionKind::kDie:
      view["face"] = a;
      unit = d.step == Step::kAttackRoll || d.step == Step::kDangerRoll ? d.action.actor : -1;
      target = d.step == Step::kAttackRoll   ? d.action.target
               : d.step == Step::kDangerRoll ? d.action.actor
               : d.step == Step::kDamageRoll ? d.spell.pending_unit
                                             : -1;
      break;
    case ActionKind::kDecline:
      unit = d.action.actor;
      break;
    case ActionKind::kPlaceSpell:
      if (a < static_cast<int>(game_->spells().size())) view["spell"] = game_->spell(a).name;
      break;
    case ActionKind::kCast:
    case ActionKind::kExtraDowntick:
      view["slot"] = a;
      if (a < d.players[d.active].zone_size)
        view["spell"] = game_->spell(d.players[d.active].zone[a].spell).name;
      break;
    case ActionKind::kKonDowntickUnit:
      unit = game_->kon_unit(d.active);
      break;
    case ActionKind::kKonDowntickSpell:
    case ActionKind::kKonCast:
      unit = game_->kon_unit(d.active);
      view["spell"] = game_->spell(game_->kon_spell(d.active)).name;
      break;
    case ActionKind::kDeploy:
      unit = a;
      if (a < d.num_units && b < grid::kMaxPlacements) cells = footprint_at(a, b);
      break;
    case ActionKind::kDeployUnit:
      unit = a;
      break;
    case ActionKind::kMove:
    case ActionKind::kRun:
    case ActionKind::kMeleeAttack:
    case ActionKind::kRangedAttack:
      unit = a;
      break;
    case ActionKind::kCharge:
      unit = a;
      target = b;
      break;
    case ActionKind::kDestination:
      unit = d.action.actor;
      if (unit >= 0 && a < grid::kMaxPlacements) cells = footprint_at(unit, a);
      // Where the move starts, so that a front end can draw it from there to `cells`.
      if (unit >= 0 && on_board(unit)) {
        grid::FootprintCells from;
        cells_of(unit, from);
        view["from"] = cells_json(from);
        // The way it goes, placement by placement, so the mark follows the route round walls.
        nlohmann::json path = nlohmann::json::array();
        for (const grid::Placement& step : destination_route(action))
          path.push_back(footprint_at(unit, grid::placement_index(step)));
        view["path"] = std::move(path);
      }
      view["danger"] = destination_danger(action);
      view["move_lost"] = destination_move_lost(action);
      break;
    case ActionKind::kAttackTarget:
      unit = d.action.actor;
      target = a;
      view["partner"] = b - 1;
      break;
    case ActionKind::kSpellTarget:
      target = a;
      if (d.spell.active) view["spell"] = game_->spell(d.spell.spell).name;
      break;
    case ActionKind::kAttackLine: {
      unit = d.action.actor;
      target = d.action.target;
      view["partner"] = d.action.partner;
      Sight sight;
      if (attack_line_of(action, sight)) {
        // The line drawn: its two end spaces, the spaces it crosses, and what they are worth.
        grid::LineTrace trace;
        grid::trace_line(sight.from, sight.to, sight.side, trace);
        nlohmann::json crossed = nlohmann::json::array();
        for (int i = 0; i < trace.count; ++i)
          crossed.push_back(cell_json(trace.cells[i]));
        view["line"] = {{"from", cell_json(sight.from)},
                        {"to", cell_json(sight.to)},
                        {"crosses", std::move(crossed)},
                        {"side", corner_side_name(sight.from, sight.to, sight.side)},
                        {"obscuring", sight.obscuring},
                        {"cover", sight.cover == 2   ? nlohmann::json("heavy")
                                  : sight.cover == 1 ? nlohmann::json("light")
                                                     : nullptr},
                        {"higher_ground", sight.higher_ground}};
      }
      break;
    }
    default:
      break;
  }
  view["unit"] = unit;
  view["target"] = target;
  view["cells"] = std::move(cells);
  view["private_to"] = private_to;
  return view;
}

}  // namespace warband::atomspast
