// Conflict's rules of play (seed 003, "Core Mechanics"), as docs/rulings/conflict.md rules them.
#include "rulesets/conflict/conflict_state.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "core/error.h"
#include "core/tabletop_sight.h"
#include "rulesets/conflict/combat.h"

namespace warband::conflict {
namespace {

using tabletop::Point;

int ceil_div(int a, int b) {
  return (a + b - 1) / b;
}

// Whether an effect triggers on a hit with these two attack cards (ruling "Suit effects").
bool triggers(Trigger trigger, Card first, Card second, Suit suit) {
  switch (trigger) {
    case Trigger::kAlways:
      return true;
    case Trigger::kMatchSuit:
      return counts_as(first, suit) || counts_as(second, suit);
    case Trigger::kBothSuits:
      return counts_as(first, suit) && counts_as(second, suit);
  }
  return false;
}

}  // namespace

std::string maneuver_name(Maneuver maneuver) {
  switch (maneuver) {
    case Maneuver::kCharge:
      return "Charge";
    case Maneuver::kRun:
      return "Run";
    case Maneuver::kDisengage:
      return "Disengage";
    case Maneuver::kTakeCover:
      return "Take Cover";
    case Maneuver::kFocusedAttack:
      return "Focused Attack";
    case Maneuver::kBrace:
      return "Brace";
    case Maneuver::kShake:
      return "Shake";
    case Maneuver::kShift:
      return "Shift";
    case Maneuver::kThrowModel:
      return "Throw (Model)";
    case Maneuver::kAid:
      return "Aid";
    case Maneuver::kThrowTerrain:
      return "Throw (Terrain)";
    case Maneuver::kInteract:
      return "Interact";
  }
  return "?";
}

ConflictState::ConflictState(std::shared_ptr<const ConflictGame> game) : game_(std::move(game)) {
  for (int m = 0; m < game_->model_count(); ++m) {
    const GameModel& model = game_->model(m);
    ModelState& s = data_.models[m];
    s.at = model.start;
    s.facing = static_cast<std::int16_t>(model.start_facing);
    s.wounds = static_cast<std::int16_t>(model.character.wounds);
  }
  for (int p = 0; p < game_->table().piece_count; ++p)
    data_.piece_wounds[p] = static_cast<std::int8_t>(piece_max_wounds(p));
  data_.objective_owner.fill(-1);
  data_.objective_carrier.fill(-1);
  for (int o = 0; o < game_->objective_count(); ++o)
    data_.objective_at[o] = game_->table_objective(o).at;
  if (game_->automatic_deployment()) {
    for (int side = 0; side < 2; ++side)
      data_.deployed[side] = static_cast<std::int8_t>(game_->side_size(side));
    start_round();
  } else {
    // Ruling "Deployment": Red places first, then the sides alternate; the models wait at the
    // engine's own placement, off the table, until placed.
    data_.stage = Stage::kDeploy;
    data_.player = 0;
  }
}

// ---- queries ----

tabletop::Model ConflictState::model_geometry(int model) const {
  const GameModel& m = game_->model(model);
  const ModelState& s = data_.models[model];
  return tabletop::Model{s.at, m.diameter, s.facing, static_cast<std::uint8_t>(m.character.size)};
}

Scene ConflictState::scene() const {
  Scene scene;
  scene.slot.fill(-1);
  for (int m = 0; m < game_->model_count(); ++m) {
    if (data_.models[m].out || !placed(m)) continue;
    scene.index[scene.count] = static_cast<std::int8_t>(m);
    scene.slot[m] = static_cast<std::int8_t>(scene.count);
    scene.models[scene.count++] = model_geometry(m);
  }
  return scene;
}

int ConflictState::standing(int side) const {
  int count = 0;
  for (int m = 0; m < game_->model_count(); ++m)
    count += game_->model(m).side == side && !data_.models[m].out;
  return count;
}

int ConflictState::next_to_deploy() const {
  if (data_.stage != Stage::kDeploy) return -1;
  const int side = data_.player;
  return game_->model_of_side(side, data_.deployed[side]);
}

void ConflictState::deployment_zone(int side, Point& low, Point& high) const {
  const tabletop::Table& table = game_->table();
  const int depth = std::min(game_->rules().deployment_depth, table.depth);
  low = {0, side == 0 ? 0 : table.depth - depth};
  high = {table.width, side == 0 ? depth : table.depth};
}

bool ConflictState::may_deploy_at(int model, Point at) const {
  const GameModel& m = game_->model(model);
  Point low, high;
  deployment_zone(m.side, low, high);
  const int radius = (m.diameter + 1) / 2;
  if (at.x - radius < low.x || at.x + radius > high.x || at.y - radius < low.y ||
      at.y + radius > high.y)
    return false;
  const tabletop::Table& table = game_->table();
  if (!table.base_on_table(at, m.diameter)) return false;
  for (int p = 0; p < table.piece_count; ++p)
    if (tabletop::base_overlaps_piece(table.pieces[p], at, m.diameter)) return false;
  for (int other = 0; other < game_->model_count(); ++other)
    if (other != model && placed(other) && !data_.models[other].out &&
        tabletop::bases_overlap(at, m.diameter, data_.models[other].at,
                                game_->model(other).diameter))
      return false;
  return true;
}

int ConflictState::unactivated(int side) const {
  int count = 0;
  for (int m = 0; m < game_->model_count(); ++m)
    count += game_->model(m).side == side && !data_.models[m].out && !data_.models[m].activated;
  return count;
}

int ConflictState::max_strides(int model) const {
  return std::max(1, game_->model(model).strides - data_.models[model].conditions[kSlow]);
}

int ConflictState::cover_size(int model) const {
  const int size = game_->model(model).character.size;
  return data_.models[model].prone ? std::max(1, size - 1) : size;
}

int ConflictState::falling_damage(int height_sizes, int model_size) {
  return std::max(1, height_sizes) + std::max(0, model_size / 2);
}

int ConflictState::climb_cost(int model, int piece) const {
  const GameModel& m = game_->model(model);
  return std::max(
      0, ceil_div(game_->table().pieces[piece].size, m.character.size) - m.play.climb_strides_less);
}

bool ConflictState::climb_point(int model, int piece, Point& out) const {
  const tabletop::Piece& p = game_->table().pieces[piece];
  const GameModel& m = game_->model(model);
  const ModelState& s = data_.models[model];
  if ((p.flags & tabletop::kImpassable) || p.size < m.character.size || s.on_piece >= 0 ||
      (data_.destroyed >> piece & 1))
    return false;
  const int reach = game_->rules().climb_reach;
  if (!tabletop::base_overlaps_piece(p, s.at, m.diameter + 2 * reach)) return false;
  const int radius = (m.diameter + 1) / 2;
  const int inset = game_->rules().climb_inset;
  if (p.shape == tabletop::Shape::kCircle) {
    const int from_centre = p.width / 2 - radius - inset;
    if (from_centre < 0) return false;
    out = s.at == p.centre ? p.centre : tabletop::point_along(p.centre, s.at, from_centre);
  } else {
    // The model's position in the rectangle's own axes, pulled inside by the base's radius.
    const tabletop::Direction u = tabletop::direction(p.rotation);
    const tabletop::Direction v = tabletop::direction(p.rotation + tabletop::kTurn / 4);
    const std::int64_t dx = std::int64_t{s.at.x} - p.centre.x;
    const std::int64_t dy = std::int64_t{s.at.y} - p.centre.y;
    const std::int64_t half_w = p.width / 2 - radius - inset;
    const std::int64_t half_d = p.depth / 2 - radius - inset;
    if (half_w < 0 || half_d < 0) return false;
    const std::int64_t lx =
        std::clamp((dx * u.x + dy * u.y) / tabletop::kDirectionScale, -half_w, half_w);
    const std::int64_t ly =
        std::clamp((dx * v.x + dy * v.y) / tabletop::kDirectionScale, -half_d, half_d);
    out = Point{
        static_cast<std::int32_t>(p.centre.x + (lx * u.x + ly * v.x) / tabletop::kDirectionScale),
        static_cast<std::int32_t>(p.centre.y + (lx * u.y + ly * v.y) / tabletop::kDirectionScale)};
  }
  if (!tabletop::base_within_piece(p, out, m.diameter)) return false;
  for (int other = 0; other < game_->model_count(); ++other) {
    if (other == model || data_.models[other].out) continue;
    if (tabletop::bases_overlap(out, m.diameter, data_.models[other].at,
                                game_->model(other).diameter))
      return false;
  }
  return true;
}

tabletop::MoveQuery ConflictState::leg_query(const Scene& scene) const {
  const int m = data_.active;
  const GameModel& model = game_->model(m);
  const ModelState& s = data_.models[m];
  tabletop::MoveQuery query;
  query.model = scene.slot[m];
  query.lattice = game_->rules().move_lattice;
  const int diameter = model.diameter;
  switch (data_.leg) {
    case LegKind::kMove:
    case LegKind::kRun:
      query.budget = std::int64_t{s.prone ? data_.strides_left / 2 : data_.strides_left} * diameter;
      break;
    case LegKind::kCharge:
    case LegKind::kDisengage:
      query.budget = std::int64_t{s.prone ? model.strides / 2 : model.strides} * diameter;
      break;
    case LegKind::kShift:
      query.budget = model.play.shift;
      break;
  }
  const tabletop::Table& table = game_->table();
  for (int i = 0; i < scene.count; ++i) {
    const int other = scene.index[i];
    if (other == m) continue;
    if (game_->model(other).side == model.side)
      query.passable_models |= tabletop::ModelMask{1} << i;
    else
      query.contact_with |= tabletop::ModelMask{1} << i;
  }
  // Terrain up to two sizes smaller is stepped over; anything larger blocks, but for the piece
  // the model stands on (it moves on top of it or climbs down).
  query.blocking_pieces = tabletop::pieces_at_least(table, blocking_size(m)) & standing_pieces();
  if (s.on_piece >= 0) query.blocking_pieces &= ~(tabletop::PieceMask{1} << s.on_piece);
  query.cover_of = tabletop::pieces_at_least(table, model.character.size - 2) &
                   ~tabletop::pieces_with(table, tabletop::kImpassable) & standing_pieces();
  if (s.on_piece >= 0) query.cover_of &= ~(tabletop::PieceMask{1} << s.on_piece);
  return query;
}

namespace {

// A leg's cost rules with what does not depend on the destination worked out once: the check of
// a way over small terrain and the closest engaging enemy. legs_into prices every destination of
// a reach with one.
class LegCoster {
 public:
  LegCoster(const ConflictState& state, const Scene& scene)
      : state_(state), game_(state.conflict()), scene_(scene) {
    const StateData& d = state.data();
    const int m = d.active;
    const GameModel& model = game_.model(m);
    const ModelState& s = d.models[m];
    const tabletop::Table& table = game_.table();
    if (d.leg == LegKind::kMove || d.leg == LegKind::kRun) {
      // Stepping over small terrain costs a Stride (seed: "this costs 1 Stride").
      tabletop::MoveQuery over = state.leg_query(scene);
      over.blocking_pieces = tabletop::pieces_at_least(table, 0) &
                             ~tabletop::pieces_at_least(table, state.blocking_size(m)) &
                             state.standing_pieces();
      if (s.on_piece >= 0) over.blocking_pieces &= ~(tabletop::PieceMask{1} << s.on_piece);
      if (over.blocking_pieces != 0) over_.emplace(table, scene.span(), over);
    }
    // Engagement: not further from the closest engaging enemy than where the leg starts.
    if (d.leg != LegKind::kDisengage) {
      const tabletop::Model me = state.model_geometry(m);
      for (int i = 0; i < scene.count; ++i) {
        const int other = scene.index[i];
        if (game_.model(other).side == model.side) continue;
        if (!tabletop::within_edge(scene.models[i], me, game_.model(other).attack_reach)) continue;
        const std::int64_t gap = tabletop::edge_distance(scene.models[i], me);
        if (closest_ < 0 || gap < closest_gap_) {
          closest_ = i;
          closest_gap_ = gap;
        }
      }
    }
  }

  // Strides a leg to `to` costs, or -1 when it may not end there.
  int operator()(Point to) const {
    const StateData& d = state_.data();
    const int m = d.active;
    const GameModel& model = game_.model(m);
    const ModelState& s = d.models[m];
    const bool strides = d.leg == LegKind::kMove || d.leg == LegKind::kRun;
    int cost = 0;
    if (strides) {
      const int distance = static_cast<int>(tabletop::distance(s.at, to));
      cost = ceil_div(distance, model.diameter) * (s.prone ? 2 : 1);
      if (over_ && !over_->check(to).ok()) cost += 1;
    }
    if (s.on_piece >= 0) {
      const tabletop::Piece& piece = game_.table().pieces[s.on_piece];
      if (!tabletop::base_within_piece(piece, to, model.diameter)) {
        if (tabletop::base_overlaps_piece(piece, to, model.diameter)) return -1;  // half off it
        if (strides) cost += state_.climb_cost(m, s.on_piece);  // down costs as climbing up
      }
    }
    if (cost > d.strides_left && strides) return -1;
    if (closest_ >= 0 && tabletop::edge_distance(to, model.diameter, scene_.models[closest_].at,
                                                 scene_.models[closest_].diameter) > closest_gap_)
      return -1;
    return cost;
  }

 private:
  const ConflictState& state_;
  const ConflictGame& game_;
  const Scene& scene_;
  std::optional<tabletop::MoveChecker> over_;  // only when there is small terrain to step over
  int closest_ = -1;
  std::int64_t closest_gap_ = 0;
};

}  // namespace

int ConflictState::leg_cost(const Scene& scene, Point to) const {
  return LegCoster(*this, scene)(to);
}

int ConflictState::clear_sight(const Scene& scene, int viewer, int target) const {
  const tabletop::Table& table = game_->table();
  tabletop::Sight sight;
  tabletop::sight(table, scene.span(), scene.slot[viewer], scene.slot[target], sight);
  return sight.clear_lines(sight_hiding(viewer, target), 0);
}

tabletop::PieceMask ConflictState::sight_hiding(int viewer, int target) const {
  tabletop::PieceMask hiding =
      tabletop::pieces_at_least(game_->table(), cover_size(target)) & standing_pieces();
  for (int m : {viewer, target})
    if (data_.models[m].on_piece >= 0)
      hiding &= ~(tabletop::PieceMask{1} << data_.models[m].on_piece);
  return hiding;
}

bool ConflictState::may_attack(int attacker, int attack, int target) const {
  if (attacker == target || data_.models[target].out || data_.models[attacker].out) return false;
  if (game_->model(attacker).side == game_->model(target).side) return false;
  const GameModel& a = game_->model(attacker);
  const Attack& chosen = a.character.attacks[attack];
  const std::int64_t range = a.attack_reach + std::int64_t{chosen.range_inches} * 100;
  if (!tabletop::within_edge(model_geometry(attacker), model_geometry(target), range)) return false;
  return clear_sight(scene(), attacker, target) > 0;
}

AttackOdds ConflictState::attack_odds(int attacker, int attack, int target) const {
  const GameModel& a = game_->model(attacker);
  const GameModel& t = game_->model(target);
  const ModelState& as = data_.models[attacker];
  const ModelState& ts = data_.models[target];
  const Attack& chosen = a.character.attacks[attack];
  const tabletop::Table& table = game_->table();
  const int type = static_cast<int>(chosen.type);
  AttackOdds odds;
  odds.attack = a.character.attack_skill + chosen.strength - as.conditions[kWeak];
  const tabletop::Model am = model_geometry(attacker);
  const tabletop::Model tm = model_geometry(target);
  odds.flanking = tabletop::point_in_arc(tm.at, tm.facing + tabletop::kHalfTurn,
                                         game_->rules().rear_arc, am.at);
  const int attacker_height = as.on_piece >= 0 ? table.pieces[as.on_piece].size : 0;
  const int target_height = ts.on_piece >= 0 ? table.pieces[ts.on_piece].size : 0;
  odds.high_ground = attacker_height - target_height >= 2;
  odds.attack += odds.flanking + odds.high_ground + as.focus;
  if (as.aid_target == target) odds.attack += as.aid_bonus;
  if (ts.prone && tabletop::in_contact(am, tm)) odds.attack += 1;
  if (as.charging && tabletop::within_edge(am, tm, a.attack_reach))
    odds.attack += a.play.charge_bonus;

  // Cover (ruling "Cover"): the largest piece across the sight lines that does not hide the
  // target: one size smaller is Full Cover, two smaller Partial; a target partly hidden has Full.
  const Scene s = scene();
  tabletop::Sight sight;
  tabletop::sight(table, s.span(), s.slot[attacker], s.slot[target], sight);
  tabletop::PieceMask crossed = 0;
  for (const tabletop::SightLine& line : sight.lines)
    crossed |= line.pieces;
  crossed &= standing_pieces();
  for (int m : {attacker, target})
    if (data_.models[m].on_piece >= 0)
      crossed &= ~(tabletop::PieceMask{1} << data_.models[m].on_piece);
  const int size = cover_size(target);
  const tabletop::PieceMask hiding = tabletop::pieces_at_least(table, size) & crossed;
  const int largest = tabletop::largest_size(table, crossed & ~hiding);
  // Size 0 pieces (a river, a road) are flat: they give no cover.
  if (hiding != 0 || (largest >= 1 && largest == size - 1))
    odds.cover = 2;
  else if (largest >= 1 && largest == size - 2)
    odds.cover = 1;
  if (ts.took_cover) odds.cover = std::min(2, odds.cover + t.play.cover_steps);

  odds.defense = t.character.defense + t.character.resistance[type] - ts.conditions[kHindered] -
                 ts.conditions[kReducedPhysical + type] + odds.cover + (ts.ran ? 1 : 0) + ts.guard;
  return odds;
}

int ConflictState::push_distance(int attacker, int target) const {
  const int a = game_->model(attacker).character.size;
  const int t = size_against_push(target);
  if (t > a + 1) return 0;  // "Cannot push targets more than one size larger"
  return std::max(game_->rules().push_minimum, (a - t) * game_->rules().push_per_size);
}

int ConflictState::piece_max_wounds(int piece) const {
  const tabletop::Piece& p = game_->table().pieces[piece];
  if (!(p.flags & tabletop::kReinforced)) return 0;
  return std::min(127, p.size * game_->rules().reinforced_wounds_per_size);
}

int ConflictState::piece_resistance(int piece) const {
  return game_->table().pieces[piece].size * game_->rules().reinforced_resistance_per_size;
}

bool ConflictState::may_attack_piece(int attacker, int attack, int piece) const {
  const tabletop::Piece& p = game_->table().pieces[piece];
  const ModelState& s = data_.models[attacker];
  if (!(p.flags & tabletop::kReinforced) || (data_.destroyed >> piece & 1) || s.out ||
      s.on_piece == piece)
    return false;
  const GameModel& a = game_->model(attacker);
  const Attack& chosen = a.character.attacks[attack];
  // "Can only be damaged by Physical and Energy attacks, or thrown objects".
  if (chosen.type == AttackType::kPsyche) return false;
  const std::int64_t range = a.attack_reach + std::int64_t{chosen.range_inches} * 100;
  return tabletop::base_overlaps_piece(p, s.at, static_cast<int>(a.diameter + 2 * range));
}

int ConflictState::throw_terrain_range(int thrower, int piece) const {
  const tabletop::Piece& p = game_->table().pieces[piece];
  const GameModel& t = game_->model(thrower);
  const ModelState& s = data_.models[thrower];
  if (!(p.flags & (tabletop::kDestructible | tabletop::kReinforced)) ||
      (p.flags & tabletop::kImpassable) || (data_.destroyed >> piece & 1) || s.on_piece == piece)
    return 0;
  const int size = t.character.size + t.play.throw_sizes;
  if (p.size > size - 2) return 0;  // "at least two sizes smaller"
  if (!tabletop::base_overlaps_piece(p, s.at, t.diameter + 2 * t.attack_reach)) return 0;
  for (int m = 0; m < game_->model_count(); ++m)
    if (!data_.models[m].out && data_.models[m].on_piece == piece) return 0;
  return (size - p.size - 1) * tabletop::kUnitsPerInch;
}

bool ConflictState::throw_reaches(int thrower, int piece, int aim) const {
  const tabletop::Piece& p = game_->table().pieces[piece];
  const int range = throw_terrain_range(thrower, piece);
  if (range <= 0) return false;
  if (aim < kAimPiece) {
    if (aim == thrower || data_.models[aim].out) return false;
    return tabletop::base_overlaps_piece(p, data_.models[aim].at,
                                         game_->model(aim).diameter + 2 * range);
  }
  const int other = aim - kAimPiece;
  if (other == piece || (data_.destroyed >> other & 1)) return false;
  // From the thrown piece's bounding circle.
  const int extent = static_cast<int>(std::ceil(std::hypot(p.width, p.depth)));
  return tabletop::base_overlaps_piece(game_->table().pieces[other], p.centre, extent + 2 * range);
}

tabletop::Point ConflictState::objective_position(int objective) const {
  const int carrier = data_.objective_carrier[objective];
  return carrier >= 0 ? data_.models[carrier].at : data_.objective_at[objective];
}

bool ConflictState::may_interact(int model, int objective) const {
  const GameModel& m = game_->model(model);
  const ModelState& s = data_.models[model];
  if (s.out || data_.objective_carrier[objective] >= 0) return false;
  const int owner = data_.objective_owner[objective];
  switch (game_->table_objective(objective).kind) {
    case ObjectiveKind::kSeize:
      if (owner == m.side) return false;
      break;
    case ObjectiveKind::kActivate:
      if (owner >= 0) return false;
      break;
    case ObjectiveKind::kCarry:
      break;
  }
  // "Attack Reach [...] Represents the zone within which a model can [...] interact with
  // objectives": the marker's edge within it.
  return tabletop::within_edge(s.at, m.diameter, data_.objective_at[objective],
                               game_->rules().objective_marker, m.attack_reach);
}

int ConflictState::zone_holder() const {
  // Ruling "Victory": the side with more standing models whose Influence touches the zone.
  int count[2] = {0, 0};
  const Point zone = game_->objective();
  for (int m = 0; m < game_->model_count(); ++m) {
    if (data_.models[m].out || !placed(m)) continue;
    const GameModel& model = game_->model(m);
    count[model.side] +=
        tabletop::within_edge(data_.models[m].at, model.diameter + 2 * model.influence, zone,
                              2 * game_->rules().objective_radius, 0);
  }
  return count[0] > count[1] ? 0 : count[1] > count[0] ? 1 : -1;
}

void ConflictState::objective_scores(int (&score)[2]) const {
  score[0] = score[1] = 0;
  const int zone = zone_holder();
  if (zone >= 0) score[zone] += game_->rules().zone_points;
  for (int o = 0; o < game_->objective_count(); ++o) {
    const int carrier = data_.objective_carrier[o];
    const int holder = carrier >= 0 ? game_->model(carrier).side : data_.objective_owner[o];
    if (holder >= 0) score[holder] += game_->table_objective(o).points;
  }
}

int ConflictState::size_against_push(int model) const {
  const GameModel& m = game_->model(model);
  return m.character.size + m.play.braced_sizes + (data_.models[model].braced ? 1 : 0);
}

int ConflictState::blocking_size(int model) const {
  const GameModel& m = game_->model(model);
  return m.character.size - (m.play.steps_over_smaller ? 0 : 1);
}

int ConflictState::disengage_cost(int model) const {
  const int own = game_->model(model).play.disengage_strides;
  return own >= 0 ? own : ceil_div(max_strides(model), 2);
}

int ConflictState::throw_range(int thrower, int target) const {
  const int a = game_->model(thrower).character.size + game_->model(thrower).play.throw_sizes;
  const int t = size_against_push(target);
  if (t > a - 2) return 0;  // "at least two sizes smaller"
  return (a - t - 1) * tabletop::kUnitsPerInch;
}

std::string ConflictState::model_name(int model) const {
  return game_->model(model).label + " " + game_->model(model).character.name;
}

int attack_targets(const ConflictState& state, int attacker, int attack, int target,
                   std::array<std::int8_t, kMaxGameModels>& out) {
  const ConflictGame& game = state.conflict();
  const Attack& chosen = game.model(attacker).character.attacks[attack];
  const Scene scene = state.scene();
  int count = 0;
  switch (chosen.target) {
    case TargetType::kSingle:
      out[count++] = static_cast<std::int8_t>(target);
      break;
    case TargetType::kArea: {
      // Every model the circle around the target touches, friends too, the attacker aside.
      const tabletop::ModelMask hit =
          tabletop::models_in_area(scene.span(), scene.models[scene.slot[target]].at,
                                   std::int64_t{chosen.radius_inches} * tabletop::kUnitsPerInch);
      out[count++] = static_cast<std::int8_t>(target);
      for (int i = 0; i < scene.count; ++i) {
        const int m = scene.index[i];
        if ((hit >> i & 1) && m != attacker && m != target)
          out[count++] = static_cast<std::int8_t>(m);
      }
      break;
    }
    case TargetType::kBreakthrough: {
      // The 1" wide line from the attacker to the target's far edge, in order along it.
      const tabletop::Model a = scene.models[scene.slot[attacker]];
      const tabletop::Model t = scene.models[scene.slot[target]];
      const Point end =
          tabletop::point_along(a.at, t.at, tabletop::distance(a.at, t.at) + t.diameter / 2);
      tabletop::LineHits hits;
      tabletop::models_on_wide_line(scene.span(), a.at, end, tabletop::kUnitsPerInch,
                                    tabletop::ModelMask{1} << scene.slot[attacker], hits);
      for (int i = 0; i < hits.count; ++i)
        out[count++] = scene.index[hits.models[i]];
      if (count == 0) out[count++] = static_cast<std::int8_t>(target);
      break;
    }
    case TargetType::kRicochet: {
      // The target, then each jump to the nearest enemy not yet hit within the jump's reach.
      out[count++] = static_cast<std::int8_t>(target);
      const int jump = game.creation().limits.ricochet_jump_inches * tabletop::kUnitsPerInch;
      int last = target;
      for (int k = 0; k < chosen.ricochet_jumps; ++k) {
        int best = -1;
        std::int64_t best_gap = 0;
        for (int i = 0; i < scene.count; ++i) {
          const int m = scene.index[i];
          if (game.model(m).side == game.model(attacker).side) continue;
          if (std::find(out.begin(), out.begin() + count, m) != out.begin() + count) continue;
          const tabletop::Model& lm = scene.models[scene.slot[last]];
          if (!tabletop::within_edge(lm, scene.models[i], jump)) continue;
          const std::int64_t gap = tabletop::edge_distance(lm, scene.models[i]);
          if (best < 0 || gap < best_gap) {
            best = m;
            best_gap = gap;
          }
        }
        if (best < 0) break;
        out[count++] = static_cast<std::int8_t>(best);
        last = best;
      }
      break;
    }
  }
  return count;
}

// ---- the game interface ----

int ConflictState::current_player() const {
  switch (data_.stage) {
    case Stage::kInitiative:
    case Stage::kAttackCards:
      return kChancePlayer;
    case Stage::kOver:
      return kTerminalPlayer;
    default:
      return data_.player;
  }
}

std::vector<Action> ConflictState::legal_actions() const {
  std::vector<Action> out;
  legal_actions_into(out);
  return out;
}

void ConflictState::maneuvers_into(std::vector<Action>& out) const {
  const int m = data_.active;
  const ModelState& s = data_.models[m];
  const int max = max_strides(m);
  const int half = ceil_div(max, 2);
  const int left = data_.strides_left;
  const bool full = left == max && s.exhaust[kMoveSlot] == 0;
  auto add = [&](Maneuver maneuver, int extra = 0) {
    out.push_back(encode_action(ActionKind::kManeuver, m,
                                static_cast<std::uint64_t>(maneuver) | (extra << 8)));
  };
  bool engaged = false;
  const tabletop::Model me = model_geometry(m);
  for (int other = 0; other < game_->model_count(); ++other)
    if (!data_.models[other].out && game_->model(other).side != game_->model(m).side &&
        tabletop::within_edge(model_geometry(other), me, game_->model(other).attack_reach))
      engaged = true;
  if (full && !s.prone) add(Maneuver::kCharge);
  if (full) add(Maneuver::kRun);
  if (engaged && left >= disengage_cost(m)) add(Maneuver::kDisengage);
  if (left >= 1 && !s.took_cover) add(Maneuver::kTakeCover);
  if (left == max && s.exhaust[kAttackSlot] == 0 && s.focus == 0) add(Maneuver::kFocusedAttack);
  if (left >= half && !s.braced) add(Maneuver::kBrace);
  for (int c = 0; c < kConditionCount; ++c)
    if (s.conditions[c] > 0) add(Maneuver::kShake, c + 1);
  add(Maneuver::kShift);
  // Throw (Model): an enemy in base contact two sizes smaller; it costs the Attack or the Move.
  for (int other = 0; other < game_->model_count(); ++other) {
    if (data_.models[other].out || game_->model(other).side == game_->model(m).side) continue;
    if (throw_range(m, other) == 0 || !tabletop::in_contact(me, model_geometry(other))) continue;
    for (int slot : {kMoveSlot, kAttackSlot})
      if (s.exhaust[slot] == 0)
        out.push_back(encode_action(
            ActionKind::kManeuver, m,
            static_cast<std::uint64_t>(Maneuver::kThrowModel) | (other << 8) | (slot << 16)));
  }
  // Throw (Terrain): a piece in reach two sizes smaller, at an enemy or a piece it may break;
  // it costs the Attack or the Move.
  const tabletop::Table& table = game_->table();
  for (int piece = 0; piece < table.piece_count; ++piece) {
    if (throw_terrain_range(m, piece) == 0) continue;
    auto add_throw = [&](int aim) {
      if (!throw_reaches(m, piece, aim)) return;
      for (int slot : {kMoveSlot, kAttackSlot})
        if (s.exhaust[slot] == 0)
          out.push_back(encode_action(ActionKind::kManeuver, m,
                                      static_cast<std::uint64_t>(Maneuver::kThrowTerrain) |
                                          (piece << 8) | (slot << 16) |
                                          (static_cast<std::uint64_t>(aim) << 18)));
    };
    for (int other = 0; other < game_->model_count(); ++other)
      if (game_->model(other).side != game_->model(m).side) add_throw(other);
    for (int other = 0; other < table.piece_count; ++other)
      if (table.pieces[other].flags & (tabletop::kDestructible | tabletop::kReinforced))
        add_throw(kAimPiece + other);
  }
  // Interact: an objective in reach, for 1 Stride (Objective runner: none).
  if (left >= interact_cost(m))
    for (int o = 0; o < game_->objective_count(); ++o)
      if (may_interact(m, o))
        out.push_back(encode_action(ActionKind::kManeuver, m,
                                    static_cast<std::uint64_t>(Maneuver::kInteract) | (o << 8)));
  // Aid: a friend within its Influence against an enemy within its Attack Reach.
  const GameModel& aider = game_->model(m);
  if (left >= aider.play.aid_strides) {
    for (int ally = 0; ally < game_->model_count(); ++ally) {
      if (ally == m || data_.models[ally].out || game_->model(ally).side != aider.side) continue;
      if (data_.models[ally].aid_bonus >= kMaxTokens) continue;
      if (!tabletop::within_edge(me, model_geometry(ally), aider.influence + aider.play.aid_reach))
        continue;
      for (int enemy = 0; enemy < game_->model_count(); ++enemy) {
        if (data_.models[enemy].out || game_->model(enemy).side == aider.side) continue;
        if (!tabletop::within_edge(me, model_geometry(enemy), aider.attack_reach)) continue;
        out.push_back(encode_action(
            ActionKind::kManeuver, m,
            static_cast<std::uint64_t>(Maneuver::kAid) | (ally << 8) | (enemy << 16)));
      }
    }
  }
}

void ConflictState::attacks_into(std::vector<Action>& out) const {
  const int m = data_.active;
  const GameModel& model = game_->model(m);
  const Scene scene = this->scene();
  for (int k = 0; k < static_cast<int>(model.character.attacks.size()); ++k) {
    const Attack& attack = model.character.attacks[k];
    const std::int64_t range = model.attack_reach + std::int64_t{attack.range_inches} * 100;
    for (int i = 0; i < scene.count; ++i) {
      const int t = scene.index[i];
      if (game_->model(t).side == model.side) continue;
      if (!tabletop::within_edge(scene.models[scene.slot[m]], scene.models[i], range)) continue;
      if (clear_sight(scene, m, t) == 0) continue;
      out.push_back(encode_action(ActionKind::kAttack, m, static_cast<std::uint64_t>(k << 8 | t)));
    }
    for (int piece = 0; piece < game_->table().piece_count; ++piece)
      if (may_attack_piece(m, k, piece))
        out.push_back(
            encode_action(ActionKind::kAttackPiece, m, static_cast<std::uint64_t>(k << 8 | piece)));
  }
}

void ConflictState::legs_into(std::vector<Action>& out) const {
  const int m = data_.active;
  const ModelState& s = data_.models[m];
  const Scene scene = this->scene();
  const tabletop::MoveQuery query = leg_query(scene);
  if (query.budget > 0) {
    static thread_local tabletop::Reach reach;
    tabletop::reach(game_->table(), scene.span(), query, reach);
    const LegCoster cost(*this, scene);
    for (int i = 0; i < reach.count; ++i) {
      const Point to = reach.points[i];
      if (cost(to) < 0) continue;
      out.push_back(encode_action(ActionKind::kMoveTo, m, pack_point(to)));
    }
  }
  if (data_.leg == LegKind::kMove || data_.leg == LegKind::kRun) {
    if (!s.prone) {
      Point top;
      for (int p = 0; p < game_->table().piece_count; ++p)
        if (climb_cost(m, p) <= data_.strides_left && climb_point(m, p, top))
          out.push_back(encode_action(ActionKind::kClimb, m, static_cast<std::uint64_t>(p)));
    } else if (data_.strides_left >= 1) {
      out.push_back(encode_action(ActionKind::kStandUp, m, 0));
    }
  }
  out.push_back(encode_action(ActionKind::kStopMoving, m, 0));
}

void ConflictState::deployments_into(std::vector<Action>& out) const {
  // Every lattice point of the zone where the base fits; a finer lattice when a crowded zone has
  // none (ruling "Deployment").
  const int m = next_to_deploy();
  Point low, high;
  deployment_zone(game_->model(m).side, low, high);
  for (int lattice = game_->rules().move_lattice; lattice >= 5 && out.empty(); lattice /= 2)
    for (int x = (low.x + lattice - 1) / lattice * lattice; x <= high.x; x += lattice)
      for (int y = (low.y + lattice - 1) / lattice * lattice; y <= high.y; y += lattice)
        if (may_deploy_at(m, {x, y}))
          out.push_back(encode_action(ActionKind::kDeploy, m, pack_point({x, y})));
}

void ConflictState::legal_actions_into(std::vector<Action>& out) const {
  out.clear();
  switch (data_.stage) {
    case Stage::kDeploy:
      deployments_into(out);
      // A zone with no room at all: the model stays off the table (ruling "Deployment").
      if (out.empty()) out.push_back(encode_action(ActionKind::kDeploy, next_to_deploy(), 0));
      break;
    case Stage::kChooseModel: {
      const int me = data_.player;
      if (unactivated(1 - me) >= unactivated(me) + 2)
        out.push_back(encode_action(ActionKind::kPass, 0, 0));
      for (int m = 0; m < game_->model_count(); ++m)
        if (game_->model(m).side == me && !data_.models[m].out && !data_.models[m].activated)
          out.push_back(encode_action(ActionKind::kActivate, m, 0));
      break;
    }
    case Stage::kActivation: {
      const int m = data_.active;
      const ModelState& s = data_.models[m];
      if (s.exhaust[kMoveSlot] == 0 && data_.strides_left > 0)
        out.push_back(encode_action(ActionKind::kMove, m, 0));
      if (s.exhaust[kManeuverSlot] == 0) maneuvers_into(out);
      if (s.exhaust[kAttackSlot] == 0) attacks_into(out);
      abilities_into(out);  // "Use Any Ability Actions"
      if (!s.prone) out.push_back(encode_action(ActionKind::kFallProne, m, 0));
      out.push_back(encode_action(ActionKind::kEndActivation, m, 0));
      break;
    }
    case Stage::kMoving:
      legs_into(out);
      break;
    case Stage::kReaction: {
      const int target = data_.targets[data_.target_pos];
      out.push_back(encode_action(ActionKind::kFallProne, target, 0));
      out.push_back(encode_action(ActionKind::kStayStanding, target, 0));
      break;
    }
    default:
      return;
  }
  std::sort(out.begin(), out.end());
}

std::vector<ChanceOutcome> ConflictState::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  if (data_.stage != Stage::kInitiative && data_.stage != Stage::kAttackCards) return out;
  // Each flip is two cards from a full deck (ruling "Decks"): the second is one of the other 17.
  const bool second = data_.card_count % 2 == 1;
  const int first = second ? data_.cards[data_.card_count - 1] : -1;
  const double p = 1.0 / (second ? kDeckSize - 1 : kDeckSize);
  for (Card card = 0; card < kDeckSize; ++card)
    if (card != first) out.push_back({encode_action(ActionKind::kCard, 0, card), p});
  return out;
}

void ConflictState::apply(Action action) {
  const ActionKind kind = kind_of(action);
  const int m = model_of(action);
  const std::uint64_t payload = payload_of(action);
  switch (kind) {
    case ActionKind::kCard:
      data_.cards[data_.card_count++] = static_cast<std::int8_t>(payload);
      if (data_.stage == Stage::kInitiative && data_.card_count == 4) after_initiative();
      if (data_.stage == Stage::kAttackCards && data_.card_count == flip_cards()) {
        if (data_.ability >= 0)
          resolve_ability();
        else if (data_.target_piece >= 0)
          resolve_piece_attack();
        else if (data_.impact > 0)
          resolve_impact();
        else
          resolve_target();
      }
      return;
    case ActionKind::kPass:
      next_turn();
      return;
    case ActionKind::kActivate:
      activate(m);
      return;
    case ActionKind::kMove:
      data_.models[m].exhaust[kMoveSlot] = 1;
      data_.leg = LegKind::kMove;
      data_.stage = Stage::kMoving;
      return;
    case ActionKind::kManeuver:
      do_maneuver(m, static_cast<int>(payload));
      return;
    case ActionKind::kAttack:
      declare_attack(m, static_cast<int>(payload >> 8), static_cast<int>(payload & 0xff));
      return;
    case ActionKind::kEndActivation:
      end_activation();
      return;
    case ActionKind::kMoveTo: {
      const tabletop::Point to = unpack_point(payload);
      const int cost = leg_cost(scene(), to);
      ModelState& s = data_.models[m];
      if (s.on_piece >= 0 && !tabletop::base_within_piece(game_->table().pieces[s.on_piece], to,
                                                          game_->model(m).diameter))
        s.on_piece = -1;
      s.facing = static_cast<std::int16_t>(tabletop::turn_towards(s.at, to, s.facing));
      s.at = to;
      s.took_cover = false;  // "until the model moves"
      if (data_.leg == LegKind::kMove || data_.leg == LegKind::kRun) {
        data_.strides_left = static_cast<std::int8_t>(data_.strides_left - cost);
        if (data_.strides_left <= 0) data_.stage = Stage::kActivation;
      } else {
        data_.stage = Stage::kActivation;  // a Charge, Disengage or Shift is one leg
      }
      return;
    }
    case ActionKind::kClimb: {
      const int piece = static_cast<int>(payload);
      Point top;
      climb_point(m, piece, top);
      ModelState& s = data_.models[m];
      data_.strides_left = static_cast<std::int8_t>(data_.strides_left - climb_cost(m, piece));
      s.at = top;
      s.on_piece = static_cast<std::int8_t>(piece);
      s.took_cover = false;
      if (data_.strides_left <= 0) data_.stage = Stage::kActivation;
      return;
    }
    case ActionKind::kStandUp:
      data_.models[m].prone = false;
      data_.strides_left = static_cast<std::int8_t>(data_.strides_left - 1);
      if (data_.strides_left <= 0) data_.stage = Stage::kActivation;
      return;
    case ActionKind::kStopMoving:
      data_.stage = Stage::kActivation;
      return;
    case ActionKind::kFallProne:
      data_.models[m].prone = true;
      if (data_.stage == Stage::kReaction) end_reaction();
      return;
    case ActionKind::kStayStanding:
      end_reaction();
      return;
    case ActionKind::kDeploy:
      deploy(m, unpack_point(payload));
      return;
    case ActionKind::kAttackPiece: {
      ModelState& s = data_.models[m];
      const int piece = static_cast<int>(payload & 0xff);
      s.exhaust[kAttackSlot] = 1;
      s.facing = static_cast<std::int16_t>(
          tabletop::turn_towards(s.at, game_->table().pieces[piece].centre, s.facing));
      data_.attack = static_cast<std::int8_t>(payload >> 8);
      data_.target_piece = static_cast<std::int8_t>(piece);
      data_.target_count = 0;
      data_.target_pos = 0;
      data_.card_count = 0;
      data_.cards.fill(-1);
      data_.stage = Stage::kAttackCards;
      return;
    }
    case ActionKind::kUseAbility:
      use_ability(m, static_cast<int>(payload >> 8), static_cast<int>(payload & 0xff));
      return;
  }
}

// ---- flow ----

void ConflictState::deploy(int model, Point at) {
  ModelState& s = data_.models[model];
  const int side = game_->model(model).side;
  if (at == Point{0, 0} && !may_deploy_at(model, at)) {
    s.out = true;  // no room in the zone: it never takes the field
    s.wounds = 0;
  } else {
    s.at = at;
    s.facing = static_cast<std::int16_t>(side == 0 ? tabletop::kTurn / 4 : 3 * tabletop::kTurn / 4);
  }
  ++data_.deployed[side];
  const int other = 1 - side;
  if (data_.deployed[other] < game_->side_size(other))
    data_.player = static_cast<std::int8_t>(other);
  else if (data_.deployed[side] == game_->side_size(side))
    start_round();
}

void ConflictState::start_round() {
  for (int m = 0; m < game_->model_count(); ++m) {
    data_.models[m].activated = false;
    data_.models[m].aid_target = -1;
    data_.models[m].aid_bonus = 0;
  }
  data_.stage = Stage::kInitiative;
  data_.card_count = 0;
  data_.cards.fill(-1);
  data_.active = -1;
}

void ConflictState::after_initiative() {
  // Ruling "Initiative": the higher flip goes first; a tie goes to the side that did not have
  // initiative last round (Red in the first round).
  const int red = card_value(data_.cards[0]) + card_value(data_.cards[1]);
  const int blue = card_value(data_.cards[2]) + card_value(data_.cards[3]);
  if (red != blue)
    data_.initiative = red > blue ? 0 : 1;
  else
    data_.initiative = data_.round == 1 ? 0 : 1 - data_.initiative;
  data_.player = data_.initiative;
  data_.card_count = 0;
  data_.stage = Stage::kChooseModel;
  if (unactivated(data_.player) == 0) data_.player = static_cast<std::int8_t>(1 - data_.player);
}

void ConflictState::activate(int model) {
  ModelState& s = data_.models[model];
  data_.active = static_cast<std::int8_t>(model);
  for (std::uint8_t& token : s.exhaust)
    if (token > 0) --token;
  // Run, Brace and Take Cover last "until the start of the model's next turn".
  s.ran = false;
  s.braced = false;
  s.took_cover = false;
  s.guard = 0;  // a Guard lasts as Run's +1 does
  s.abilities_used = 0;
  data_.strides_left = static_cast<std::int8_t>(max_strides(model));
  data_.stage = Stage::kActivation;
}

void ConflictState::do_maneuver(int model, int payload) {
  ModelState& s = data_.models[model];
  const Maneuver maneuver = static_cast<Maneuver>(payload & 0xff);
  const int max = max_strides(model);
  const int half = ceil_div(max, 2);
  s.exhaust[kManeuverSlot] = 1;
  switch (maneuver) {
    case Maneuver::kCharge:
      data_.strides_left = 0;
      s.charging = true;
      data_.leg = LegKind::kCharge;
      data_.stage = Stage::kMoving;
      return;
    case Maneuver::kRun:
      // "Double max Strides. +1 to Defense"; "Cannot attack": it exhausts the Attack.
      data_.strides_left = static_cast<std::int8_t>(game_->model(model).play.run_multiplier * max);
      s.ran = true;
      s.exhaust[kAttackSlot] = std::max<std::uint8_t>(s.exhaust[kAttackSlot], 1);
      s.exhaust[kMoveSlot] = 1;
      data_.leg = LegKind::kRun;
      data_.stage = Stage::kMoving;
      return;
    case Maneuver::kDisengage:
      data_.strides_left = static_cast<std::int8_t>(data_.strides_left - disengage_cost(model));
      data_.leg = LegKind::kDisengage;
      data_.stage = Stage::kMoving;
      return;
    case Maneuver::kTakeCover:
      data_.strides_left = static_cast<std::int8_t>(data_.strides_left - 1);
      s.took_cover = true;
      return;
    case Maneuver::kFocusedAttack:
      data_.strides_left = 0;
      s.focus = static_cast<std::uint8_t>(game_->model(model).play.focus_bonus);
      return;
    case Maneuver::kBrace:
      data_.strides_left = static_cast<std::int8_t>(data_.strides_left - half);
      s.braced = true;
      return;
    case Maneuver::kShake: {
      // Ruling "Abilities": tokens beyond the chosen condition's come off the others in order.
      const int condition = (payload >> 8) - 1;
      int tokens = game_->model(model).play.shake_tokens;
      for (int k = 0; k < kConditionCount && tokens > 0; ++k) {
        std::uint8_t& count = s.conditions[(condition + k) % kConditionCount];
        const int removed = std::min<int>(count, tokens);
        count = static_cast<std::uint8_t>(count - removed);
        tokens -= removed;
      }
      return;
    }
    case Maneuver::kShift:
      data_.leg = LegKind::kShift;
      data_.stage = Stage::kMoving;
      return;
    case Maneuver::kAid: {
      // Ruling "Aid": +1 a token on the friend's next attack on that enemy, up to 3, until it
      // attacks or the round ends; aid against another enemy replaces it.
      ModelState& ally = data_.models[(payload >> 8) & 0xff];
      const int enemy = payload >> 16;
      data_.strides_left =
          static_cast<std::int8_t>(data_.strides_left - game_->model(model).play.aid_strides);
      if (ally.aid_target != enemy) ally.aid_bonus = 0;
      ally.aid_target = static_cast<std::int8_t>(enemy);
      ally.aid_bonus = static_cast<std::uint8_t>(std::min(kMaxTokens, ally.aid_bonus + 1));
      return;
    }
    case Maneuver::kThrowModel: {
      // Straight away from the thrower, as a push goes; the target lands prone.
      const int target = (payload >> 8) & 0xff;
      const int slot = payload >> 16;
      s.exhaust[slot] = 1;
      if (slot == kMoveSlot) data_.strides_left = 0;
      const int hit = push(model, target, throw_range(model, target));
      if (!data_.models[target].out) data_.models[target].prone = true;
      const int size = game_->model(target).character.size;
      if (hit >= kAimPiece) {
        impact_piece(hit - kAimPiece, size);
      } else if (hit >= 0) {
        // Models on Impact: both prone, each takes a point per size of the other.
        const int per_size = game_->rules().impact_damage_per_size;
        data_.models[hit].prone = true;
        apply_damage(hit, per_size * size);
        if (!data_.models[target].out)
          apply_damage(target, per_size * game_->model(hit).character.size);
      }
      check_victory();
      return;
    }
    case Maneuver::kInteract: {
      const int objective = (payload >> 8) & 0xff;
      data_.strides_left = static_cast<std::int8_t>(data_.strides_left - interact_cost(model));
      data_.objective_owner[objective] = static_cast<std::int8_t>(game_->model(model).side);
      if (game_->table_objective(objective).kind == ObjectiveKind::kCarry)
        data_.objective_carrier[objective] = static_cast<std::int8_t>(model);
      return;
    }
    case Maneuver::kThrowTerrain: {
      const int slot = (payload >> 16) & 3;
      s.exhaust[slot] = 1;
      if (slot == kMoveSlot) data_.strides_left = 0;
      throw_terrain(model, (payload >> 8) & 0xff, payload >> 18);
      return;
    }
  }
}

void ConflictState::declare_attack(int attacker, int attack, int target) {
  ModelState& s = data_.models[attacker];
  s.exhaust[kAttackSlot] = 1;
  s.facing =
      static_cast<std::int16_t>(tabletop::turn_towards(s.at, data_.models[target].at, s.facing));
  data_.attack = static_cast<std::int8_t>(attack);
  data_.target_count =
      static_cast<std::int8_t>(attack_targets(*this, attacker, attack, target, data_.targets));
  data_.target_pos = 0;
  data_.card_count = 0;
  data_.cards.fill(-1);
  data_.stage = Stage::kAttackCards;
  // Ruling "Prone": the declared target may fall prone before the cards. A Breakthrough lists its
  // targets along the line, so the declared one is found among them; target_pos points at it
  // while it answers.
  const auto declared = std::find(data_.targets.begin(), data_.targets.begin() + data_.target_count,
                                  static_cast<std::int8_t>(target));
  if (!data_.models[target].prone && declared != data_.targets.begin() + data_.target_count) {
    data_.stage = Stage::kReaction;
    data_.target_pos = static_cast<std::int8_t>(declared - data_.targets.begin());
    data_.player = static_cast<std::int8_t>(game_->model(target).side);
  }
}

void ConflictState::end_reaction() {
  data_.player = static_cast<std::int8_t>(game_->model(data_.active).side);
  data_.stage = Stage::kAttackCards;
  data_.target_pos = 0;
}

void ConflictState::resolve_target() {
  const int attacker = data_.active;
  const int target = data_.targets[data_.target_pos];
  const Attack& attack = game_->model(attacker).character.attacks[data_.attack];
  const AttackOdds odds = attack_odds(attacker, data_.attack, target);
  const int damage =
      attack_damage(card_value(data_.cards[0]) + card_value(data_.cards[1]) + odds.attack,
                    card_value(data_.cards[2]) + card_value(data_.cards[3]) + odds.defense);
  data_.last_damage = static_cast<std::int8_t>(damage);
  const bool charged = data_.models[attacker].charging;
  if (damage > 0) {
    apply_damage(target, damage);
    ModelState& t = data_.models[target];
    if (!t.out) {
      const Suit suit = game_->model(target).character.suit;
      bool pushes = charged;  // Charge: "If that attack deals damage, Push (Momentum)"
      for (const AttackEffect& effect : attack.effects) {
        if (!triggers(effect.trigger, data_.cards[0], data_.cards[1], suit)) continue;
        if (effect.effect == EffectKind::kPush) {
          pushes = true;
        } else if (effect.effect == EffectKind::kProne) {
          t.prone = true;
        } else {
          std::uint8_t& tokens = t.conditions[static_cast<int>(effect.effect)];
          tokens = static_cast<std::uint8_t>(std::min(kMaxTokens, tokens + effect.tokens));
        }
      }
      if (pushes) push(attacker, target, push_distance(attacker, target));
    }
  }
  ++data_.target_pos;
  // A Ricochet's chain breaks at its first miss (ruling "Ricochet").
  if (damage == 0 && attack.target == TargetType::kRicochet) data_.target_pos = data_.target_count;
  while (data_.target_pos < data_.target_count && data_.models[data_.targets[data_.target_pos]].out)
    ++data_.target_pos;
  check_victory();
  if (data_.stage == Stage::kOver) return;
  if (data_.target_pos < data_.target_count) {
    data_.card_count = 2;  // the attacker's cards stand; the next target flips its own
    data_.cards[2] = data_.cards[3] = -1;
    return;
  }
  finish_flip();
}

void ConflictState::finish_flip() {
  const int attacker = data_.active;
  if (data_.impact == 0) {  // a thrown piece is no attack: the bonuses wait for one
    data_.models[attacker].charging = false;
    data_.models[attacker].focus = 0;
    data_.models[attacker].aid_target = -1;
    data_.models[attacker].aid_bonus = 0;
  }
  data_.attack = -1;
  data_.target_piece = -1;
  data_.impact = 0;
  data_.target_count = 0;
  data_.target_pos = 0;
  data_.card_count = 0;
  data_.cards.fill(-1);
  data_.stage = Stage::kActivation;
}

int ConflictState::piece_attack_bonus() const {
  const GameModel& a = game_->model(data_.active);
  const ModelState& s = data_.models[data_.active];
  return a.character.attack_skill + a.character.attacks[data_.attack].strength -
         s.conditions[kWeak] + s.focus;
}

int ConflictState::impact_defense_bonus(int target) const {
  const GameModel& t = game_->model(target);
  const ModelState& ts = data_.models[target];
  return t.character.defense + t.character.resistance[static_cast<int>(AttackType::kPhysical)] -
         ts.conditions[kHindered] - ts.conditions[kReducedPhysical] + (ts.ran ? 1 : 0) + ts.guard;
}

void ConflictState::resolve_piece_attack() {
  // Ruling "Terrain that fights back": terrain flips no cards; its Resistance is its defense.
  const int total = card_value(data_.cards[0]) + card_value(data_.cards[1]) + piece_attack_bonus();
  const int damage = attack_damage(total, piece_resistance(data_.target_piece));
  data_.last_damage = static_cast<std::int8_t>(damage);
  damage_piece(data_.target_piece, damage);
  finish_flip();
  check_victory();
}

void ConflictState::resolve_impact() {
  // "When terrain impacts models [...] the attack value is equal to the Size of the thrown
  // terrain (Physical attack)": against the target's flip, Defense and Physical Resistance.
  const int target = data_.targets[0];
  const int defense =
      card_value(data_.cards[0]) + card_value(data_.cards[1]) + impact_defense_bonus(target);
  const int damage = attack_damage(data_.impact, defense);
  data_.last_damage = static_cast<std::int8_t>(damage);
  if (damage > 0) apply_damage(target, damage);
  finish_flip();
  check_victory();
}

void ConflictState::throw_terrain(int thrower, int piece, int aim) {
  const int size = game_->table().pieces[piece].size;
  data_.destroyed |= tabletop::PieceMask{1} << piece;  // "Thrown terrain is destroyed"
  data_.piece_wounds[piece] = 0;
  if (aim >= kAimPiece) {
    impact_piece(aim - kAimPiece, size);
    check_victory();
    return;
  }
  data_.models[thrower].facing = static_cast<std::int16_t>(tabletop::turn_towards(
      data_.models[thrower].at, data_.models[aim].at, data_.models[thrower].facing));
  data_.impact = static_cast<std::int8_t>(std::max(1, size));
  data_.targets[0] = static_cast<std::int8_t>(aim);
  data_.target_count = 1;
  data_.target_pos = 0;
  data_.card_count = 0;
  data_.cards.fill(-1);
  data_.stage = Stage::kAttackCards;
}

void ConflictState::impact_piece(int piece, int size) {
  if (data_.destroyed >> piece & 1) return;
  const tabletop::Piece& p = game_->table().pieces[piece];
  // Terrain Interaction: reinforced terrain takes the size as an attack against its Resistance;
  // other breakable terrain is destroyed by anything larger than itself.
  if (p.flags & tabletop::kReinforced)
    damage_piece(piece, attack_damage(size, piece_resistance(piece)));
  else if ((p.flags & tabletop::kDestructible) && size > p.size)
    destroy_piece(piece);
}

void ConflictState::damage_piece(int piece, int damage) {
  if (damage <= 0 || (data_.destroyed >> piece & 1)) return;
  std::int8_t& wounds = data_.piece_wounds[piece];
  wounds = static_cast<std::int8_t>(std::max(0, wounds - damage));
  if (wounds == 0) destroy_piece(piece);
}

void ConflictState::destroy_piece(int piece) {
  // Ruling: a destroyed piece leaves the table; whoever stood on it falls its height.
  data_.destroyed |= tabletop::PieceMask{1} << piece;
  data_.piece_wounds[piece] = 0;
  const int height = game_->table().pieces[piece].size;
  for (int m = 0; m < game_->model_count(); ++m) {
    ModelState& s = data_.models[m];
    if (s.out || s.on_piece != piece) continue;
    s.on_piece = -1;
    s.prone = true;
    s.took_cover = false;
    const GameModel& model = game_->model(m);
    if (model.play.fall_damage) apply_damage(m, falling_damage(height, model.character.size));
  }
}

void ConflictState::apply_damage(int model, int damage) {
  ModelState& s = data_.models[model];
  s.wounds = static_cast<std::int16_t>(std::max(0, s.wounds - damage));
  if (s.wounds == 0) {
    s.out = true;
    s.prone = false;
    s.on_piece = -1;
    // What it carried lies where it fell, held by no one.
    for (int o = 0; o < game_->objective_count(); ++o)
      if (data_.objective_carrier[o] == model) {
        data_.objective_at[o] = s.at;
        data_.objective_carrier[o] = -1;
        data_.objective_owner[o] = -1;
      }
  }
}

int ConflictState::push(int attacker, int target, int distance) {
  if (distance <= 0) return -1;
  const Scene scene = this->scene();
  const tabletop::Table& table = game_->table();
  ModelState& t = data_.models[target];
  const GameModel& tm = game_->model(target);
  tabletop::MoveQuery query;
  query.model = scene.slot[target];
  query.budget = distance + 1;
  query.blocking_pieces =
      tabletop::pieces_at_least(table, tm.character.size - 1) & standing_pieces();
  if (t.on_piece >= 0) query.blocking_pieces &= ~(tabletop::PieceMask{1} << t.on_piece);
  // "directly away", as far as it goes before something stops it: what stops it at its full
  // distance is what it hits.
  int hit = -1;
  for (int d = distance; d > 0; d -= 5) {
    const Point to = tabletop::point_along(t.at, data_.models[attacker].at, -d);
    const tabletop::MoveCheck check = tabletop::check_move(table, scene.span(), query, to);
    if (!check.ok()) {
      if (d == distance) {
        if (check.problem == tabletop::MoveProblem::kOntoModel ||
            check.problem == tabletop::MoveProblem::kThroughModel)
          hit = scene.index[check.index];
        else if (check.problem == tabletop::MoveProblem::kOntoPiece ||
                 check.problem == tabletop::MoveProblem::kThroughPiece)
          hit = kAimPiece + check.index;
      }
      continue;
    }
    t.at = to;
    t.took_cover = false;
    if (t.on_piece >= 0 &&
        !tabletop::base_within_piece(table.pieces[t.on_piece], to, tm.diameter)) {
      const int height = table.pieces[t.on_piece].size;
      t.on_piece = -1;
      t.prone = true;
      if (tm.play.fall_damage) apply_damage(target, falling_damage(height, tm.character.size));
    }
    return hit;
  }
  return hit;
}

void ConflictState::end_activation() {
  const int m = data_.active;
  ModelState& s = data_.models[m];
  // Damage Over Time at the end of its activation; conditions last through it (ruling).
  const int burn = s.conditions[kDamageOverTime];
  s.conditions.fill(0);
  s.activated = true;
  s.charging = false;
  s.focus = 0;
  if (burn > 0) apply_damage(m, burn);
  data_.active = -1;
  data_.strides_left = 0;
  check_victory();
  if (data_.stage == Stage::kOver) return;
  next_turn();
}

void ConflictState::next_turn() {
  const int me = data_.player;
  data_.stage = Stage::kChooseModel;
  if (unactivated(1 - me) > 0) {
    data_.player = static_cast<std::int8_t>(1 - me);
  } else if (unactivated(me) == 0) {
    if (data_.round >= game_->round_limit()) {
      finish_by_zone();
      return;
    }
    ++data_.round;
    start_round();
  }
}

void ConflictState::check_victory() {
  const int red = standing(0);
  const int blue = standing(1);
  if (red > 0 && blue > 0) return;
  data_.winner = static_cast<std::int8_t>(red > 0 ? 0 : blue > 0 ? 1 : 2);
  data_.end_reason = static_cast<std::int8_t>(EndReason::kEliminated);
  data_.stage = Stage::kOver;
  data_.active = -1;
  // An attack that ends the game leaves no flip behind.
  data_.card_count = 0;
  data_.cards.fill(-1);
  data_.attack = -1;
  data_.target_count = 0;
  data_.target_pos = 0;
  data_.target_piece = -1;
  data_.impact = 0;
  data_.ability = -1;
}

void ConflictState::finish_by_zone() {
  // Ruling "Victory": the centre zone decides; on a table with objectives, the higher score of
  // objectives held and the zone (ruling "Objectives and Interact").
  if (game_->objective_count() == 0) {
    const int holder = zone_holder();
    data_.winner = static_cast<std::int8_t>(holder >= 0 ? holder : 2);
    data_.end_reason =
        static_cast<std::int8_t>(holder >= 0 ? EndReason::kZoneControl : EndReason::kZoneTied);
  } else {
    int score[2];
    objective_scores(score);
    data_.winner = static_cast<std::int8_t>(score[0] > score[1] ? 0 : score[1] > score[0] ? 1 : 2);
    data_.end_reason = static_cast<std::int8_t>(data_.winner == 2 ? EndReason::kObjectivesTied
                                                                  : EndReason::kObjectives);
  }
  data_.stage = Stage::kOver;
  data_.active = -1;
}

std::vector<double> ConflictState::returns() const {
  if (data_.stage != Stage::kOver || data_.winner == 2) return {0.0, 0.0};
  return data_.winner == 0 ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
}

namespace {
// ConflictGame::endings(), in this order (ruling "Victory"; "Objectives and Interact").
constexpr std::string_view kConflictEndingNames[] = {"every enemy model knocked out",
                                                     "centre zone at the round limit",
                                                     "objectives at the round limit"};
}  // namespace

std::span<const std::string_view> ConflictGame::endings() const {
  return kConflictEndingNames;
}

int ConflictState::ending() const {
  if (data_.stage != Stage::kOver) return -1;
  switch (static_cast<EndReason>(data_.end_reason)) {
    case EndReason::kEliminated:
      return 0;
    case EndReason::kZoneControl:
    case EndReason::kZoneTied:
      return 1;
    case EndReason::kObjectives:
    case EndReason::kObjectivesTied:
      return 2;
    case EndReason::kNone:
      break;
  }
  return 0;
}

std::string ConflictState::end_reason() const {
  if (data_.stage != Stage::kOver) return "";
  const std::string winner = data_.winner == 0 ? "Red" : "Blue";
  switch (static_cast<EndReason>(data_.end_reason)) {
    case EndReason::kEliminated:
      return data_.winner == 2 ? "Both warbands are knocked out"
                               : fmt::format("{} knocks out every enemy model", winner);
    case EndReason::kZoneControl:
      return fmt::format("{} controls the centre after round {}", winner, data_.round);
    case EndReason::kZoneTied:
      return fmt::format("Neither side controls the centre after round {}", data_.round);
    case EndReason::kObjectives:
    case EndReason::kObjectivesTied: {
      int score[2];
      objective_scores(score);
      if (data_.winner == 2)
        return fmt::format("The objectives are even, {} to {}, after round {}", score[0], score[1],
                           data_.round);
      return fmt::format("{} wins on objectives, {} to {}, after round {}", winner,
                         score[data_.winner], score[1 - data_.winner], data_.round);
    }
    case EndReason::kNone:
      break;
  }
  return "";
}

void ConflictState::unit_health_into(std::vector<UnitHealth>& out) const {
  out.resize(static_cast<std::size_t>(game_->model_count()));
  for (int m = 0; m < game_->model_count(); ++m)
    out[m] = {.wounds = data_.models[m].wounds, .alive = !data_.models[m].out};
}

bool ConflictState::unit_health_differs(const std::vector<UnitHealth>& seen) const {
  if (seen.size() != static_cast<std::size_t>(game_->model_count())) return true;
  for (int m = 0; m < game_->model_count(); ++m)
    if (seen[m].wounds != data_.models[m].wounds || seen[m].alive != !data_.models[m].out)
      return true;
  return false;
}

std::vector<UnitStatus> ConflictState::unit_statuses() const {
  std::vector<UnitStatus> out;
  for (int m = 0; m < game_->model_count(); ++m) {
    const GameModel& model = game_->model(m);
    out.push_back({.name = model.character.name,
                   .side = model.side,
                   .points = model.points,
                   .wounds = data_.models[m].wounds,
                   .max_wounds = model.character.wounds,
                   .alive = !data_.models[m].out});
  }
  return out;
}

}  // namespace warband::conflict
