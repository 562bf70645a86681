// The AtomsPast turn structure (seed 000, "Game Phases", "Spell Phase", "The Kon Phase",
// "Battlefield Phase", and the example turn's Pre-Turn and Deployment Phase): which node the
// state is at, what may be done there, and the automatic steps between decisions.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <type_traits>

#include "core/error.h"
#include "rulesets/atomspast/atomspast_state.h"
#include "rulesets/atomspast/base_cells.h"

namespace warband::atomspast {
namespace {

bool is_roll_step(Step step) {
  return step == Step::kChannelRoll || step == Step::kCastRoll || step == Step::kDangerRoll ||
         step == Step::kAttackRoll || step == Step::kDamageRoll;
}

}  // namespace

AtomsPastState::AtomsPastState(std::shared_ptr<const AtomsPastGame> game) : game_(std::move(game)) {
  const auto& roster = game_->roster();
  data_.num_units = static_cast<std::int8_t>(roster.size());
  for (std::size_t i = 0; i < roster.size(); ++i) {
    auto& unit = data_.units[i];
    unit.wounds = unit.max_wounds = static_cast<std::int8_t>(roster[i].profile->wounds);
  }
  for (int side = 0; side < 2; ++side) {
    auto& player = data_.players[side];
    const auto& deck = game_->starting_deck(side);
    for (std::size_t spell = 0; spell < deck.size(); ++spell)
      player.deck.add(static_cast<CardKind>(spell), deck[spell]);
    // "The AcTi for his Spell would then start at five" (the Power Level).
    player.kon_spell_acti = static_cast<std::int8_t>(game_->kon_power_level(side));
  }
  advance();
}

int AtomsPastState::current_player() const {
  if (data_.phase == Phase::kGameOver) return kTerminalPlayer;
  if (data_.phase == Phase::kDiceOff || data_.step == Step::kDraw || is_roll_step(data_.step))
    return kChancePlayer;
  return data_.active;
}

std::vector<Action> AtomsPastState::legal_actions() const {
  // Listed into a thread's reused buffer, then copied out at its size: one allocation, not one
  // per growth of a list of hundreds of destinations.
  thread_local std::vector<Action> scratch;
  legal_actions_into(scratch);
  return {scratch.begin(), scratch.end()};
}

void AtomsPastState::legal_actions_into(std::vector<Action>& out) const {
  out.clear();
  if (current_player() < 0) return;
  switch (data_.step) {
    case Step::kChannelExtra:
      for (int slot = 0; slot < data_.players[data_.active].zone_size; ++slot)
        if (!(data_.extra_given & (1u << slot)))
          out.push_back(encode(ActionKind::kExtraDowntick, slot));
      break;
    case Step::kSpellTarget: {
      const int spell = data_.spell.spell;
      thread_local std::vector<int> candidates;  // reused: no allocation per listing
      auto chosen = data_.spell.targets;
      target_candidates(data_.active, spell, data_.spell.targets_chosen, chosen, candidates);
      for (int unit : candidates) {
        chosen[data_.spell.targets_chosen] = static_cast<std::int8_t>(unit);
        if (slots_fillable(data_.active, spell, data_.spell.targets_chosen + 1, chosen))
          out.push_back(encode(ActionKind::kSpellTarget, unit));
      }
      break;
    }
    case Step::kDestination:
      destination_actions(out);
      break;
    case Step::kAttackTarget:
      attack_target_actions(out);
      break;
    case Step::kDeployPlace:
      deploy_actions(out);
      break;
    case Step::kAttackLine:
      attack_line_actions(out);
      break;
    default:
      switch (data_.phase) {
        case Phase::kSetupPlace: {
          out.push_back(encode(ActionKind::kDone));
          const auto& player = data_.players[data_.active];
          for (int i = 0; i < player.hand_size; ++i)
            out.push_back(encode(ActionKind::kPlaceSpell, player.hand[i]));
          break;
        }
        case Phase::kDeploy:
          deploy_unit_actions(out);
          break;
        case Phase::kSpellPhase:
          spell_phase_actions(out);
          break;
        case Phase::kKonPhase:
          kon_phase_actions(out);
          break;
        case Phase::kBattlefield:
          battlefield_actions(out);
          break;
        default:
          break;
      }
  }
  // Long lists (a Move's destinations, a deployment's places) are listed in order already, with
  // no action twice: one pass finds that out, and only another list is sorted and made unique.
  if (std::adjacent_find(out.begin(), out.end(), std::greater_equal<>()) != out.end()) {
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  }
  WB_CHECK(!out.empty());
}

std::vector<ChanceOutcome> AtomsPastState::chance_outcomes() const {
  std::vector<ChanceOutcome> outcomes;
  chance_outcomes_into(outcomes);
  return outcomes;
}

void AtomsPastState::chance_outcomes_into(std::vector<ChanceOutcome>& out) const {
  out.clear();
  if (current_player() != kChancePlayer) return;
  // Each list is made in a fixed buffer, its actions wrapped in place, then copied out at its
  // number: at most one allocation, none once `out` has room.
  if (data_.phase == Phase::kDiceOff) {
    // "Tom wins the dice off for going first": either player, evenly.
    out.assign(
        {{encode(ActionKind::kFirstPlayer, 0), 0.5}, {encode(ActionKind::kFirstPlayer, 1), 0.5}});
    return;
  }
  if (data_.step == Step::kDraw) {
    // "shuffles his deck and draws": each spell left, as likely as its copies in the deck.
    std::array<ChanceOutcome, kMaxCardKinds> cards;
    const int count = data_.players[data_.active].deck.chance_outcomes_into(cards);
    for (int i = 0; i < count; ++i)
      cards[i].action = encode(ActionKind::kDrawCard, static_cast<int>(cards[i].action));
    out.assign(cards.begin(), cards.begin() + count);
    return;
  }
  // A die of the roll under way: core's faces and probabilities, wrapped in the action code.
  std::array<ChanceOutcome, kSkillDieFaces> faces;
  const int count = data_.roll.chance_outcomes_into(faces);
  for (int i = 0; i < count; ++i)
    faces[i].action = encode(ActionKind::kDie, static_cast<int>(faces[i].action));
  out.assign(faces.begin(), faces.begin() + count);
}

void AtomsPastState::apply(Action action) {
  WB_CHECK(!is_terminal());
  if (is_chance())
    apply_chance(action);
  else
    apply_decision(action);
  advance();
}

std::vector<double> AtomsPastState::returns() const {
  if (data_.phase != Phase::kGameOver || data_.winner < 0) return {0.0, 0.0};
  return data_.winner == 0 ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
}

// ---------------------------------------------------------------------------------------------
// Chance outcomes.

void AtomsPastState::apply_chance(Action action) {
  const int a = arg_a(action);
  switch (kind_of(action)) {
    case ActionKind::kFirstPlayer:
      WB_CHECK(a == 0 || a == 1);
      data_.first_player = data_.active = static_cast<std::int8_t>(a);
      // Pre-turn: "Tom then shuffles his deck and draws 5 Spell Cards."
      data_.phase = Phase::kSetupPlace;
      data_.setup_placed = 0;
      data_.draws_left = static_cast<std::int8_t>(game_->parameters().hand_size);
      data_.step = Step::kDraw;
      break;
    case ActionKind::kDrawCard:
      draw_card(a);
      break;
    case ActionKind::kDie: {
      data_.roll.apply(a);  // [S/D]: counts the face if at most the skill, else 1
      break;
    }
    default:
      WB_CHECK(false && "not a chance outcome");
  }
}

void AtomsPastState::start_roll(int skill, int dice, Step step) {
  data_.roll = SkillRoll::start(std::clamp(skill, -kMaxSkill, kMaxSkill),
                                std::clamp(dice, 0, kMaxSkillRollDice));
  data_.step = step;
}

// ---------------------------------------------------------------------------------------------
// Decisions.

void AtomsPastState::apply_decision(Action action) {
  const int a = arg_a(action);
  const int b = arg_b(action);
  auto& player = data_.players[data_.active];
  switch (kind_of(action)) {
    case ActionKind::kDone:
      if (data_.phase == Phase::kSetupPlace) {
        data_.setup_placed = static_cast<std::int8_t>(game_->parameters().setup_places);
      } else if (data_.phase == Phase::kSpellPhase) {
        end_spell_phase();
      } else if (data_.phase == Phase::kKonPhase) {
        data_.kon_action_taken = 1;  // the Kon waits
      } else if (data_.phase == Phase::kBattlefield) {
        end_battlefield_phase();
      }
      break;
    case ActionKind::kDecline:
      finish_unit_action();
      break;
    case ActionKind::kPlaceSpell:
      place_spell(a);
      if (data_.phase == Phase::kSetupPlace)
        ++data_.setup_placed;
      else
        ++data_.places_used;
      break;
    case ActionKind::kChannel:
      ++data_.channels_used;
      start_roll(game_->parameters().channel_skill, game_->parameters().channel_dice,
                 Step::kChannelRoll);
      break;
    case ActionKind::kCast:
      ++data_.casts_used;
      start_cast_from_zone(a);
      break;
    case ActionKind::kExtraDowntick:
      downtick_zone_card(player.zone[a], 1);
      data_.extra_given |= static_cast<std::uint16_t>(1u << a);
      --data_.extra_downticks_left;
      if (data_.extra_downticks_left == 0) data_.step = Step::kPhase;
      break;
    case ActionKind::kKonDowntickUnit: {
      auto& kon = data_.units[game_->kon_unit(data_.active)];
      kon.acti = static_cast<std::int8_t>(std::max(0, kon.acti - 1));
      data_.kon_action_taken = 1;
      break;
    }
    case ActionKind::kKonDowntickSpell:
      player.kon_spell_acti = static_cast<std::int8_t>(std::max(0, player.kon_spell_acti - 1));
      data_.kon_action_taken = 1;
      break;
    case ActionKind::kKonCast:
      data_.kon_action_taken = 1;
      start_kon_cast();
      break;
    case ActionKind::kDeployUnit:
      data_.deploy_next = static_cast<std::int8_t>(a);
      data_.step = Step::kDeployPlace;
      break;
    case ActionKind::kDeploy: {
      auto& unit = data_.units[a];
      unit.placement = grid::placement_at(b);
      unit.deployed = true;
      data_.step = Step::kPhase;
      break;
    }
    case ActionKind::kMove:
    case ActionKind::kRun:
    case ActionKind::kMeleeAttack:
    case ActionKind::kRangedAttack:
    case ActionKind::kCharge: {
      if (data_.phase == Phase::kKonPhase) data_.kon_action_taken = 1;
      const ActionKind kind = kind_of(action);
      const UnitActionKind unit_kind =
          kind == ActionKind::kMove           ? UnitActionKind::kMove
          : kind == ActionKind::kRun          ? UnitActionKind::kRun
          : kind == ActionKind::kMeleeAttack  ? UnitActionKind::kMeleeAttack
          : kind == ActionKind::kRangedAttack ? UnitActionKind::kRangedAttack
                                              : UnitActionKind::kCharge;
      start_unit_action(unit_kind, a, kind == ActionKind::kCharge ? b : -1);
      break;
    }
    case ActionKind::kDestination:
      move_unit_to(a, destination_danger(action), destination_move_lost(action));
      break;
    case ActionKind::kAttackTarget:
      start_attack(a, b - 1);
      break;
    case ActionKind::kAttackLine: {
      Sight sight;
      WB_CHECK(data_.step == Step::kAttackLine && attack_line_of(action, sight));
      start_attack_roll(sight);
      break;
    }
    case ActionKind::kSpellTarget:
      data_.spell.targets[data_.spell.targets_chosen++] = static_cast<std::int8_t>(a);
      if (data_.spell.targets_chosen ==
          static_cast<int>(game_->spell(data_.spell.spell).targets.size())) {
        data_.step = Step::kPhase;
        run_spell_effects();
      }
      break;
    default:
      WB_CHECK(false && "not a decision");
  }
}

// ---------------------------------------------------------------------------------------------
// Automatic progress between nodes.

void AtomsPastState::advance() {
  const auto& params = game_->parameters();
  for (int guard = 0; guard < 100000; ++guard) {
    auto& d = data_;
    if (d.phase == Phase::kGameOver) return;
    if (d.step == Step::kDraw) {
      const auto& player = d.players[d.active];
      if (d.draws_left > 0 && player.deck.size() > 0 && player.hand_size < kMaxHand) return;
      d.draws_left = 0;  // an empty deck simply stops drawing (ruling)
      d.step = Step::kPhase;
      if (d.spell.active) run_spell_effects();
      continue;
    }
    if (is_roll_step(d.step)) {
      if (d.roll.rolled < d.roll.dice) return;
      const Step finished = d.step;
      d.step = Step::kPhase;
      switch (finished) {
        case Step::kChannelRoll:
          finish_channel_roll();
          break;
        case Step::kCastRoll:
          finish_cast_roll();
          break;
        case Step::kDangerRoll:
          // "Unit's moving through Dangerous Terrain take S6 DX damage." Shield blocks it as it
          // blocks spell damage: shield_blocks_spell_damage (ruling "Shield").
          if (!deal_damage(d.action.actor, d.roll.total, params.shield_blocks_spell_damage, -1))
            after_move();
          else
            finish_unit_action();
          break;
        case Step::kAttackRoll:
          finish_attack_roll();
          break;
        case Step::kDamageRoll: {
          const int unit = d.spell.pending_unit;
          d.spell.pending_unit = -1;
          deal_damage(unit, d.roll.total, params.shield_blocks_spell_damage, d.active);
          if (d.phase != Phase::kGameOver) run_spell_effects();
          break;
        }
        default:
          break;
      }
      continue;
    }
    if (d.step != Step::kPhase) return;  // a decision inside an action or a spell

    switch (d.phase) {
      case Phase::kDiceOff:
        return;
      case Phase::kSetupPlace: {
        const auto& player = d.players[d.active];
        if (d.setup_placed < params.setup_places && player.hand_size > 0 &&
            player.zone_size < kMaxZone)
          return;
        if (d.active == d.first_player) {
          // "Jerry now follows the same steps."
          d.active = static_cast<std::int8_t>(1 - d.active);
          d.setup_placed = 0;
          d.draws_left = static_cast<std::int8_t>(params.hand_size);
          d.step = Step::kDraw;
        } else {
          // "Then the game moves to the Deployment Phase. Tom deploys all of his Units ..."
          d.phase = Phase::kDeploy;
          d.active = d.first_player;
          d.deploy_next = 0;
        }
        continue;
      }
      case Phase::kDeploy: {
        // The player picks which unit deploys next (ruling "Set-up"); a unit with no room left in
        // the zone is not offered and stays off the board. With one unit left the choice is made.
        thread_local std::vector<Action> units;  // reused: asked at every deployment step
        units.clear();
        deploy_unit_actions(units);
        if (units.size() > 1) return;
        if (units.size() == 1) {
          d.deploy_next = static_cast<std::int8_t>(arg_a(units.front()));
          d.step = Step::kDeployPlace;
          return;
        }
        d.deploy_next = 0;
        if (d.active == d.first_player) {
          d.active = static_cast<std::int8_t>(1 - d.active);
        } else {
          d.round = 1;
          begin_turn(d.first_player);
        }
        continue;
      }
      case Phase::kSpellPhase:
        return;
      case Phase::kKonPhase:
        if (d.kon_action_taken && !d.spell.active && d.action.kind == UnitActionKind::kNone) {
          // "Additional Effects. Resolve any additional effects"
          d.phase = Phase::kKonEffects;
          d.effects_next = 0;
          continue;
        }
        return;
      case Phase::kBattlefield:
        return;
      case Phase::kSpellEffects:
        if (resolve_additional_effects(EffectPhase::kSpell)) begin_kon_phase();
        continue;
      case Phase::kKonEffects:
        if (resolve_additional_effects(EffectPhase::kKon)) begin_battlefield_phase();
        continue;
      case Phase::kEffects:
        if (resolve_additional_effects(EffectPhase::kBattlefield)) finish_turn();
        continue;
      case Phase::kGameOver:
        return;
    }
  }
  WB_CHECK(false && "advance() did not reach a node");
}

void AtomsPastState::begin_turn(int player) {
  data_.active = static_cast<std::int8_t>(player);
  // Difficult Terrain's loss lasts "for turn": every unit has its whole Move again.
  for (int unit = 0; unit < data_.num_units; ++unit)
    data_.units[unit].move_lost = 0;
  data_.phase = Phase::kSpellPhase;
  data_.places_used = data_.channels_used = data_.casts_used = 0;
  // "Draw step: ... they continue to draw cards until they have five cards in hand."
  const int missing = game_->parameters().hand_size - data_.players[player].hand_size;
  data_.draws_left = static_cast<std::int8_t>(std::max(0, missing));
  data_.step = data_.draws_left > 0 ? Step::kDraw : Step::kPhase;
}

bool AtomsPastState::resolve_additional_effects(EffectPhase phase) {
  // The active player's repeating effects due at this phase's Additional Effects step, in the
  // order they were made (ruling "Additional Effects"); one at a time, since one may need a
  // decision or dice. "This step is ignored if there are no effects."
  auto& d = data_;
  auto due = [&](const LastingEffect& lasting) {
    return lasting.repeats && lasting.owner == d.active &&
           game_->spell(lasting.spell).effects[lasting.effect].phase == phase;
  };
  while (d.effects_next < d.num_lasting && !due(d.lasting[d.effects_next]))
    ++d.effects_next;
  if (d.effects_next < d.num_lasting) {
    start_repeating_effect(d.effects_next);
    return false;
  }
  d.effects_next = 0;
  return true;
}

void AtomsPastState::end_spell_phase() {
  // "The Spell Phase consists of a Draw step, an Actions step, and an Additional Effects step".
  data_.phase = Phase::kSpellEffects;
  data_.step = Step::kPhase;
  data_.effects_next = 0;
}

void AtomsPastState::begin_kon_phase() {
  data_.phase = Phase::kKonPhase;
  data_.step = Step::kPhase;
  data_.kon_action_taken = 0;
  // "Downticking the Kon's Unit AcTi and the Kon's Spell AcTi"; the Kon Spell is never Boosted.
  auto& kon = data_.units[game_->kon_unit(data_.active)];
  kon.acti = static_cast<std::int8_t>(std::max(0, kon.acti - 1));
  auto& player = data_.players[data_.active];
  player.kon_spell_acti = static_cast<std::int8_t>(std::max(0, player.kon_spell_acti - 1));
}

void AtomsPastState::begin_battlefield_phase() {
  data_.phase = Phase::kBattlefield;
  data_.step = Step::kPhase;
  // "Downtick all Friendly Unit's AcTi's by one" (the Kon's Unit AcTi downticks in its own phase).
  for (int unit = 0; unit < data_.num_units; ++unit)
    if (side_of(unit) == data_.active && on_board(unit) && !is_kon(unit))
      data_.units[unit].acti = static_cast<std::int8_t>(std::max(0, data_.units[unit].acti - 1));
  // "... all friendly Units and Effects Downtick one": lasting alterations run down.
  expire_lasting_effects(data_.active);
}

void AtomsPastState::end_battlefield_phase() {
  data_.phase = Phase::kEffects;
  data_.step = Step::kPhase;
  data_.effects_next = 0;
}

void AtomsPastState::finish_turn() {
  data_.effects_next = 0;
  const int next = 1 - data_.active;
  if (next == data_.first_player) {
    ++data_.round;
    if (data_.round > game_->parameters().turn_limit) {
      end_game_by_turn_limit();
      return;
    }
  }
  begin_turn(next);
}

void AtomsPastState::end_game(int winner) {
  data_.phase = Phase::kGameOver;
  data_.step = Step::kPhase;
  data_.winner = static_cast<std::int8_t>(winner);
}

void AtomsPastState::end_game_by_turn_limit() {
  // A project addition (ruling "The game"): after the turn limit the side that destroyed more
  // of the opponent's points wins.
  const int red = data_.players[0].points_destroyed;
  const int blue = data_.players[1].points_destroyed;
  end_game(red > blue ? 0 : blue > red ? 1 : -1);
}

// ---------------------------------------------------------------------------------------------
// Phase decisions.

void AtomsPastState::spell_phase_actions(std::vector<Action>& out) const {
  const auto& params = game_->parameters();
  const auto& player = data_.players[data_.active];
  out.push_back(encode(ActionKind::kDone));
  if (data_.places_used < params.places_per_spell_phase && player.zone_size < kMaxZone)
    for (int i = 0; i < player.hand_size; ++i)
      out.push_back(encode(ActionKind::kPlaceSpell, player.hand[i]));
  if (data_.channels_used < params.channels_per_spell_phase && player.zone_size > 0)
    out.push_back(encode(ActionKind::kChannel));
  if (data_.casts_used < params.casts_per_spell_phase) {
    // Whether a spell's targets exist is asked once per spell, however many copies the zone holds.
    std::array<std::int8_t, kMaxGameSpells> targets_exist;  // 0 not asked, 1 yes, 2 no
    targets_exist.fill(0);
    for (int slot = 0; slot < player.zone_size; ++slot) {
      const int spell = player.zone[slot].spell;
      auto& known = targets_exist[spell];
      if (known == 0) known = spell_targets_exist(spell, data_.active) ? 1 : 2;
      if (known == 1) out.push_back(encode(ActionKind::kCast, slot));
    }
  }
}

void AtomsPastState::kon_phase_actions(std::vector<Action>& out) const {
  const int kon = game_->kon_unit(data_.active);
  const auto& player = data_.players[data_.active];
  out.push_back(encode(ActionKind::kDone));
  if (data_.units[kon].acti > 0) out.push_back(encode(ActionKind::kKonDowntickUnit));
  if (player.kon_spell_acti > 0) out.push_back(encode(ActionKind::kKonDowntickSpell));
  if (player.kon_spell_acti == 0 &&
      spell_targets_exist(game_->kon_spell(data_.active), data_.active))
    out.push_back(encode(ActionKind::kKonCast));
  if (data_.units[kon].acti == 0) unit_actions_into(kon, out);
}

// battlefield_actions: unit_actions.cc, beside the unit actions it lists.

namespace {

using AnchorRows = std::array<std::uint32_t, grid::kMaxHeight>;

// What a zone's standing anchors are found from, whatever the base (zone_rows_of): per row of
// the zone, its free spaces, and the spaces whose east / south neighbour (in the zone) is near
// enough in height. Worked out once per listing, for every base and turn it asks about.
struct ZoneRows {
  AnchorRows free{}, east_even{}, south_even{};
  int x0 = 0, x1 = -1, y0 = 0, y1 = -1;  // the zone on the board (empty when x0 > x1)
};

void zone_rows_of(const grid::Board& board, const DeployZone& zone, const grid::CellSet& taken,
                  ZoneRows& out) {
  out = ZoneRows{};
  const int x0 = std::max(zone.x0, 0), x1 = std::min(zone.x1, board.width() - 1);
  const int y0 = std::max(zone.y0, 0), y1 = std::min(zone.y1, board.height() - 1);
  if (x0 > x1 || y0 > y1) return;
  out.x0 = x0, out.x1 = x1, out.y0 = y0, out.y1 = y1;
  const int spread = board.geometry().max_height_spread;
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      const grid::Cell cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
      const int index = grid::cell_index(cell);
      const grid::Space& space = board.at_index(index);
      const std::uint32_t bit = std::uint32_t{1} << x;
      if (!(space.flags & grid::kBlocksMove) && !taken[static_cast<std::size_t>(index)])
        out.free[y] |= bit;
      if (x < x1 && std::abs(space.height - board.at_index(index + 1).height) <= spread)
        out.east_even[y] |= bit;
      if (y < y1 &&
          std::abs(space.height - board.at_index(index + grid::kMaxWidth).height) <= spread)
        out.south_even[y] |= bit;
    }
  }
}

// The anchors (bit x of row y) where a base of `width` x `height` stands inside the zone by
// grid::can_stand's rule against its `taken`: every space on the board, clear of kBlocksMove and
// of `taken`, and each two neighbouring spaces under it at most max_height_spread apart in
// height. Row at a time: for listing every placement, cheaper than asking can_stand of each.
void zone_standing_anchors(const ZoneRows& rows, int width, int height, AnchorRows& anchors) {
  anchors.fill(0);
  if (rows.x0 > rows.x1) return;
  for (int y = rows.y0; y + height - 1 <= rows.y1; ++y) {
    std::uint32_t row = ~std::uint32_t{0};
    for (int dy = 0; dy < height; ++dy) {
      for (int dx = 0; dx < width; ++dx) {
        row &= rows.free[y + dy] >> dx;
        if (dx + 1 < width) row &= rows.east_even[y + dy] >> dx;
        if (dy + 1 < height) row &= rows.south_even[y + dy] >> dx;
      }
    }
    // Anchors from x0 on; `free` holds no space past x1, so no base reaches beyond it.
    anchors[y] = row & (~std::uint32_t{0} << rows.x0);
  }
}

// Calls `fn(placement)` for each placement of a unit of base `base` standing in `zone` on spaces
// not in `taken`, in order (unturned first, by row, then column), until it returns false; returns
// false if it was stopped. An `fn` that returns nothing is called for every one: they are then
// found a row of anchors at a time (zone_standing_anchors); one that may stop early is served
// one can_stand at a time, as the first is most often found at once.
// for_each_zone_placement listing them all, from the zone's rows already worked out.
template <typename Fn>
void for_each_zone_anchor(const ZoneRows& rows, grid::Footprint base, Fn&& fn) {
  for (int rotated = 0; rotated < (base.square() ? 1 : 2); ++rotated) {
    AnchorRows anchors;
    zone_standing_anchors(rows, rotated ? base.h : base.w, rotated ? base.w : base.h, anchors);
    for (int y = 0; y < grid::kMaxHeight; ++y)
      for (std::uint32_t bits = anchors[y]; bits != 0; bits &= bits - 1)
        fn(grid::Placement{
            {static_cast<std::int8_t>(std::countr_zero(bits)), static_cast<std::int8_t>(y)},
            rotated == 1});
  }
}

template <typename Fn>
bool for_each_zone_placement(const grid::Board& board, const DeployZone& zone, grid::Footprint base,
                             const grid::CellSet& taken, Fn&& fn) {
  constexpr bool kListsAll = std::is_void_v<std::invoke_result_t<Fn&, const grid::Placement&>>;
  if constexpr (kListsAll) {
    ZoneRows rows;
    zone_rows_of(board, zone, taken, rows);
    for_each_zone_anchor(rows, base, fn);
  } else {
    for (int rotated = 0; rotated < (base.square() ? 1 : 2); ++rotated) {
      const int width = rotated ? base.h : base.w;
      const int height = rotated ? base.w : base.h;
      for (int y = zone.y0; y + height - 1 <= zone.y1; ++y)
        for (int x = zone.x0; x + width - 1 <= zone.x1; ++x) {
          const grid::Placement placement{
              {static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}, rotated == 1};
          if (grid::can_stand(board, base, placement, taken) && !fn(placement)) return false;
        }
    }
  }
  return true;
}

}  // namespace

struct AtomsPastState::DeployRoom {
  grid::CellSet taken;     // the spaces of the units on the board
  DeployZone zone;         // the side's deployment zone
  int kon = -1;            // the side's Kon
  bool kon_waits = false;  // the Kon is still to deploy
};

void AtomsPastState::deploy_room(int side, DeployRoom& out) const {
  out.taken = occupied();
  out.zone = game_->deploy_zone(side);
  out.kon = game_->kon_unit(side);
  out.kon_waits = !on_board(out.kon) && data_.units[out.kon].alive;
}

template <typename Fn>
void AtomsPastState::for_each_deploy_placement(int unit, const DeployRoom& room, Fn&& fn) const {
  const grid::Footprint base = footprint(unit);
  if (unit == room.kon || !room.kon_waits) {
    for_each_zone_placement(game_->board(), room.zone, base, room.taken, fn);
    return;
  }
  // The Kon is still to deploy: a placement is offered only if the Kon still finds room after it
  // ("Tom deploys all of his Units"; the Kon must stand for the game to go on), that is, if the
  // Kon can stand somewhere in the zone with this unit's spaces taken too. Looked for from the
  // zone's corner, where room is most often found at once.
  const grid::Footprint kon_base = footprint(room.kon);
  grid::FootprintCells cells;
  const auto room_left_after = [&](const grid::Placement& placement) {
    grid::covered_cells(base, placement, cells);
    grid::CellSet taken = room.taken;
    for (int i = 0; i < cells.count; ++i)
      taken.set(grid::cell_index(cells.cells[i]));
    return !for_each_zone_placement(game_->board(), room.zone, kon_base, taken,
                                    [](const grid::Placement&) { return false; });
  };
  if constexpr (std::is_void_v<std::invoke_result_t<Fn&, const grid::Placement&>>) {
    // Listing them all: the Kon's own standing anchors once; a placement leaves room unless its
    // box meets the box of every one of them. The zone's rows serve the Kon's anchors and the
    // unit's alike (the same spaces taken).
    ZoneRows rows;
    zone_rows_of(game_->board(), room.zone, room.taken, rows);
    std::array<AnchorRows, 2> kon_anchors{};
    const int kon_turns = kon_base.square() ? 1 : 2;
    int kon_count = 0, most_met = 0;
    for (int r = 0; r < kon_turns; ++r) {
      const int kon_w = r ? kon_base.h : kon_base.w, kon_h = r ? kon_base.w : kon_base.h;
      zone_standing_anchors(rows, kon_w, kon_h, kon_anchors[r]);
      for (const std::uint32_t row : kon_anchors[r])
        kon_count += std::popcount(row);
      // The most anchors one placement of the unit (either way round) can meet.
      const int side = std::max<int>(base.w, base.h);
      most_met += (side + kon_w - 1) * (side + kon_h - 1);
    }
    const auto room_left_beside = [&](const grid::Placement& placement) {
      if (kon_count > most_met) return true;
      const int w = placement.rotated ? base.h : base.w, h = placement.rotated ? base.w : base.h;
      for (int r = 0; r < kon_turns; ++r) {
        const int kon_w = r ? kon_base.h : kon_base.w, kon_h = r ? kon_base.w : kon_base.h;
        // Kon anchors whose box meets the placement's: x in [px - kon_w + 1, px + w - 1], and
        // likewise for y.
        const int x_from = std::max(placement.anchor.x - kon_w + 1, 0);
        const int x_to = placement.anchor.x + w - 1;
        const std::uint32_t met_columns =
            (x_to >= 31 ? ~std::uint32_t{0} : (std::uint32_t{1} << (x_to + 1)) - 1) &
            (~std::uint32_t{0} << x_from);
        for (int y = 0; y < grid::kMaxHeight; ++y) {
          const bool met_row =
              y >= placement.anchor.y - kon_h + 1 && y <= placement.anchor.y + h - 1;
          if ((kon_anchors[r][y] & (met_row ? ~met_columns : ~std::uint32_t{0})) != 0) return true;
        }
      }
      return false;
    };
    for_each_zone_anchor(rows, base, [&](const grid::Placement& placement) {
      if (room_left_beside(placement)) fn(placement);
    });
  } else {
    for_each_zone_placement(game_->board(), room.zone, base, room.taken,
                            [&](const grid::Placement& placement) {
                              return !room_left_after(placement) || fn(placement);
                            });
  }
}

void AtomsPastState::deploy_unit_actions(std::vector<Action>& out) const {
  // "Tom deploys all of his Units up to Range 3 from his board edge": in the order he chooses.
  DeployRoom room;
  deploy_room(data_.active, room);
  // for_each_deploy_placement reads of the unit only its base and whether it is the Kon: units
  // alike in both have the same answer, worked out once. Indexed by base (w, h) and Kon.
  std::array<std::int8_t, 2 * grid::kMaxFootprintCells> known{};  // 0 not asked, 1 yes, 2 no
  for (int unit = 0; unit < data_.num_units; ++unit) {
    if (side_of(unit) != data_.active || data_.units[unit].deployed || !data_.units[unit].alive)
      continue;
    const grid::Footprint base = footprint(unit);
    WB_CHECK(base.w >= 1 && base.w <= grid::kMaxFootprintSide && base.h >= 1 &&
             base.h <= grid::kMaxFootprintSide);
    std::int8_t& answer = known[((base.w - 1) * grid::kMaxFootprintSide + (base.h - 1)) * 2 +
                                (unit == room.kon ? 1 : 0)];
    if (answer == 0) {
      bool any = false;
      for_each_deploy_placement(unit, room, [&](const grid::Placement&) {
        any = true;
        return false;
      });
      answer = any ? 1 : 2;
    }
    if (answer == 1) out.push_back(encode(ActionKind::kDeployUnit, unit));
  }
}

void AtomsPastState::deploy_actions(std::vector<Action>& out) const {
  const int unit = data_.deploy_next;
  DeployRoom room;
  deploy_room(side_of(unit), room);
  for_each_deploy_placement(unit, room, [&](const grid::Placement& placement) {
    out.push_back(encode(ActionKind::kDeploy, unit, grid::placement_index(placement)));
  });
}

// ---------------------------------------------------------------------------------------------
// Shared unit helpers.

grid::CellSet AtomsPastState::occupied(int except_a, int except_b) const {
  grid::CellSet set;  // marked straight into: it starts empty
  const auto& roster = game_->roster();
  for (int unit = 0; unit < data_.num_units; ++unit) {
    if (unit == except_a || unit == except_b || !on_board(unit)) continue;
    mark_covered(roster[unit].profile->base, data_.units[unit].placement, set);
  }
  return set;
}

grid::CellSet AtomsPastState::occupied_by_side(int side, int except) const {
  grid::CellSet set;  // marked straight into: it starts empty
  const auto& roster = game_->roster();
  for (int unit = 0; unit < data_.num_units; ++unit) {
    if (unit == except || roster[unit].side != side || !on_board(unit)) continue;
    mark_covered(roster[unit].profile->base, data_.units[unit].placement, set);
  }
  return set;
}

bool AtomsPastState::deal_damage(int unit, int amount, bool shield_applies, int by_side) {
  if (!on_board(unit)) return false;
  // The Footmen's "Shield that blocks two damage": subtracted from each damage roll.
  if (shield_applies) amount -= stat(unit, Stat::kShield);
  if (amount <= 0) return false;
  auto& state = data_.units[unit];
  state.wounds = static_cast<std::int8_t>(std::max(0, state.wounds - amount));
  if (state.wounds > 0) return false;
  destroy_unit(unit, by_side);
  return true;
}

void AtomsPastState::destroy_unit(int unit, int by_side) {
  data_.units[unit].alive = false;
  data_.units[unit].acti = 0;
  const int enemy = 1 - side_of(unit);
  // The turn limit's score counts what the opponent destroyed: a unit lost to its own side's
  // spell or to the Dangerous Terrain it walked into is credited to nobody.
  if (by_side == enemy)
    data_.players[enemy].points_destroyed = static_cast<std::int16_t>(
        data_.players[enemy].points_destroyed + game_->roster()[unit].profile->points);
  if (data_.spell.active)
    for (int slot = 0; slot < kMaxSlots; ++slot)
      if (data_.spell.targets[slot] == unit) data_.spell.destroyed_slots |= 1u << slot;
  // "To win the game you must destroy your opponents Kon."
  if (is_kon(unit)) end_game(enemy);
}

void AtomsPastState::check_consistency() const {
  const auto& d = data_;
  const int spells = static_cast<int>(game_->spells().size());
  auto unit_or_none = [&](int unit) { return unit >= -1 && unit < d.num_units; };
  WB_CHECK(d.num_units == static_cast<int>(game_->roster().size()));
  WB_CHECK(d.num_lasting >= 0 && d.num_lasting <= kMaxLasting);
  // Enumerations and indices first: a save read from disk must not send us out of bounds.
  WB_CHECK(d.phase <= Phase::kKonEffects && d.step <= Step::kAttackLine);
  WB_CHECK(d.action.kind <= UnitActionKind::kFreeRangedAttack);
  WB_CHECK((d.active == 0 || d.active == 1) && (d.first_player == 0 || d.first_player == 1));
  WB_CHECK(d.winner >= -1 && d.winner <= 1);
  WB_CHECK(d.deploy_next >= 0 && d.deploy_next <= d.num_units);
  WB_CHECK(d.effects_next >= 0 && d.effects_next <= d.num_lasting);
  WB_CHECK(d.draws_left >= 0 && d.extra_downticks_left >= 0);
  WB_CHECK(d.roll.dice >= 0 && d.roll.rolled >= 0 && d.roll.rolled <= d.roll.dice);
  WB_CHECK(unit_or_none(d.action.actor) && unit_or_none(d.action.target) &&
           unit_or_none(d.action.partner));
  if (d.action.kind != UnitActionKind::kNone) WB_CHECK(d.action.actor >= 0);
  if (d.step == Step::kDestination || d.step == Step::kAttackTarget ||
      d.step == Step::kDangerRoll || d.step == Step::kAttackRoll || d.step == Step::kAttackLine)
    WB_CHECK(d.action.kind != UnitActionKind::kNone && d.action.actor >= 0);
  if (d.step == Step::kAttackRoll || d.step == Step::kAttackLine) WB_CHECK(d.action.target >= 0);
  if (d.spell.active) {
    WB_CHECK(d.spell.spell >= 0 && d.spell.spell < spells);
    const auto& card = game_->spell(d.spell.spell);
    WB_CHECK(d.spell.effect_end >= 0 &&
             d.spell.effect_end <= static_cast<int>(card.effects.size()));
    WB_CHECK(d.spell.next_effect >= 0 && d.spell.next_effect <= d.spell.effect_end);
    WB_CHECK(d.spell.targets_chosen >= 0 &&
             d.spell.targets_chosen <= static_cast<int>(card.targets.size()));
    for (int target : d.spell.targets)
      WB_CHECK(unit_or_none(target));
    WB_CHECK(unit_or_none(d.spell.pending_unit));
  }
  if (d.step == Step::kSpellTarget) WB_CHECK(d.spell.active);
  if (d.step == Step::kDeployPlace)
    WB_CHECK(d.phase == Phase::kDeploy && d.deploy_next < d.num_units &&
             side_of(d.deploy_next) == d.active && !d.units[d.deploy_next].deployed);
  if (d.step == Step::kDamageRoll) WB_CHECK(d.spell.active && d.spell.pending_unit >= 0);
  if (d.step == Step::kCastRoll)
    WB_CHECK(d.cast_slot >= 0 && d.cast_slot < d.players[d.active].zone_size);
  if (d.step == Step::kChannelRoll || d.step == Step::kChannelExtra)
    WB_CHECK(d.players[d.active].zone_size > 0);
  for (int i = 0; i < d.num_lasting; ++i) {
    const auto& lasting = d.lasting[i];
    WB_CHECK(lasting.spell >= 0 && lasting.spell < spells);
    WB_CHECK(lasting.effect >= 0 &&
             lasting.effect < static_cast<int>(game_->spell(lasting.spell).effects.size()));
    WB_CHECK(unit_or_none(lasting.unit) && (lasting.owner == 0 || lasting.owner == 1));
    if (!lasting.repeats) WB_CHECK(lasting.unit >= 0);
  }
  for (int side = 0; side < 2; ++side)
    for (int spell = spells; spell < kMaxGameSpells; ++spell)
      WB_CHECK(!d.players[side].deck.has(spell) && d.players[side].discard[spell] == 0);
  for (int side = 0; side < 2; ++side) {
    const auto& player = d.players[side];
    WB_CHECK(player.hand_size >= 0 && player.hand_size <= kMaxHand);
    WB_CHECK(player.zone_size >= 0 && player.zone_size <= kMaxZone);
    for (int i = 0; i < player.hand_size; ++i)
      WB_CHECK(player.hand[i] >= 0 && player.hand[i] < static_cast<int>(game_->spells().size()));
    for (int i = 0; i < player.zone_size; ++i) {
      WB_CHECK(player.zone[i].spell >= 0 &&
               player.zone[i].spell < static_cast<int>(game_->spells().size()));
      WB_CHECK(player.zone[i].acti >= 0 && player.zone[i].boost >= 0);
    }
    WB_CHECK(player.kon_spell_acti >= 0);
  }
  // No two units on the board share a space, and each stands where it may.
  grid::CellSet seen;
  grid::FootprintCells cells;
  for (int unit = 0; unit < d.num_units; ++unit) {
    const auto& state = d.units[unit];
    WB_CHECK(state.acti >= 0 && state.move_lost >= 0);
    WB_CHECK(state.wounds <= state.max_wounds);
    if (!on_board(unit)) continue;
    WB_CHECK(state.wounds > 0);
    WB_CHECK(!state.placement.rotated || !footprint(unit).square());
    WB_CHECK(game_->board().contains(state.placement.anchor));
    cells_of(unit, cells);
    for (int i = 0; i < cells.count; ++i) {
      WB_CHECK(game_->board().contains(cells.cells[i]));
      const int index = grid::cell_index(cells.cells[i]);
      WB_CHECK(!seen.test(index));
      seen.set(index);
    }
  }
  if (d.step == Step::kAttackLine) {
    // An attack whose target is chosen: its lines are the choices, so it must still be possible.
    WB_CHECK(d.action.kind != UnitActionKind::kMove && d.action.kind != UnitActionKind::kRun &&
             d.action.kind != UnitActionKind::kFreeMove && on_board(d.action.actor));
    WB_CHECK(attack_possible(d.action.actor, d.action.target, current_attack_kind(), nullptr));
  }
  if (d.phase == Phase::kGameOver) return;
  // Both Kons stand until the game is over (once deployment is done).
  if (d.phase != Phase::kDiceOff && d.phase != Phase::kSetupPlace && d.phase != Phase::kDeploy)
    for (int side = 0; side < 2; ++side)
      WB_CHECK(on_board(game_->kon_unit(side)));
}

}  // namespace warband::atomspast
