// A Game's cards that put something on the table (docs/rulings/agame.md, "Placed terrain and
// objectives"): the setup cards played in turn after the draft, Thicket's and Smoke Pot's terrain
// at an activation's start, each placed at one of a bounded set of spots; the pieces join the
// state's own copy of the table, the objectives score at the round limit.
#include <fmt/format.h>

#include <algorithm>

#include "rulesets/agame/agame_state.h"

namespace warband::agame {
namespace {

using tabletop::kUnitsPerInch;
using tabletop::Point;

// The card's placing effect (place_terrain or place_objective); nullptr when it has none.
const CardEffect* placing_effect(const Card& card) {
  for (const CardEffect& effect : card.effects)
    if (effect.kind == EffectKind::kPlaceTerrain || effect.kind == EffectKind::kPlaceObjective)
      return &effect;
  return nullptr;
}

}  // namespace

std::optional<tabletop::Piece> AGameState::placed_piece(const Placed& placed) const {
  const CardEffect* effect = placing_effect(game_->card(placed.card));
  if (effect == nullptr || effect->kind != EffectKind::kPlaceTerrain) return std::nullopt;
  const int across = effect->amount * kUnitsPerInch;
  // The project's numbers for placed pieces (parameters.toml, ruling "Placed terrain and
  // objectives"): a wall is the card's length by wall_thickness, wall_height high; a wall or a
  // cloud of cover is hiding_size, hiding any model behind it.
  const Parameters& p = game_->parameters();
  switch (effect->terrain) {
    case Terrain::kWall:
      return tabletop::make_rectangle(placed.at, across, p.wall_thickness, placed.turned ? 90 : 0,
                                      p.hiding_size, p.wall_height, tabletop::kImpassable);
    case Terrain::kCover:
      return tabletop::make_circle(placed.at, across, p.hiding_size, 0);
    default:  // rough and hazardous ground: low, crossed at half pace (ruling "Terrain")
      return tabletop::make_circle(placed.at, across, 0, 0);
  }
}

std::vector<std::string> AGameState::piece_names() const {
  std::vector<std::string> names = game_->piece_names();
  for (const Placed& placed : placed())
    if (placed_piece(placed)) names.push_back(game_->card(placed.card).name);
  return names;
}

void AGameState::add_placed(const Placed& placed) {
  auto pieces = placed_ ? std::make_shared<std::vector<Placed>>(*placed_)
                        : std::make_shared<std::vector<Placed>>();
  pieces->push_back(placed);
  placed_ = std::move(pieces);
  add_to_table(placed);
}

void AGameState::add_to_table(const Placed& placed) {
  const std::optional<tabletop::Piece> piece = placed_piece(placed);
  if (!piece) return;
  auto table = std::make_shared<tabletop::Table>(this->table());
  if (table->piece_count >= tabletop::kMaxPieces) return;  // placements_into offers none then
  table->pieces[table->piece_count++] = *piece;
  table_ = std::move(table);
}

int AGameState::objective_holder(const Placed& objective) const {
  // A model within objective_reach of it, base edge to the point.
  const int reach = game_->parameters().objective_reach;
  bool near[2] = {false, false};
  for (int m = 0; m < game_->model_count(); ++m)
    if (standing(m) &&
        tabletop::within_edge(objective.at, 0, data_.models[m].at, game_->model(m).diameter, reach))
      near[game_->model(m).side] = true;
  return near[0] == near[1] ? -1 : near[0] ? 0 : 1;
}

int AGameState::objective_points(int side) const {
  int points = 0;
  for (const Placed& placed : placed()) {
    const CardEffect* effect = placing_effect(game_->card(placed.card));
    if (effect->kind == EffectKind::kPlaceObjective && objective_holder(placed) == side)
      points += effect->amount;
  }
  return points;
}

void AGameState::placements_into(std::vector<Action>& out, int card, int side,
                                 bool first_only) const {
  const CardEffect* effect = placing_effect(game_->card(card));
  if (effect == nullptr || placed().size() >= static_cast<std::size_t>(kMaxPlaced)) return;
  const tabletop::Table& table = this->table();
  const std::int64_t range = effect->range * kUnitsPerInch;
  const Point centre{table.width / 2, table.depth / 2};
  const bool objective = effect->kind == EffectKind::kPlaceObjective;
  if (!objective && table.piece_count >= tabletop::kMaxPieces) return;
  // Asked at every decision of a placing stage: the cheap tests first, the pieces' last.
  auto anchored = [&](Point at) {
    if (objective) return tabletop::within_edge(at, 0, centre, 0, range);
    for (int m = 0; m < game_->model_count(); ++m)
      if (game_->model(m).side == side && standing(m) &&
          tabletop::within_edge(at, 0, data_.models[m].at, game_->model(m).diameter, range))
        return true;
    return false;
  };
  auto apart = [](const tabletop::Piece& a, const tabletop::Piece& b) {
    return a.high.x <= b.low.x || b.high.x <= a.low.x || a.high.y <= b.low.y ||
           b.high.y <= a.low.y || !tabletop::pieces_overlap(a, b);
  };
  // The spots: a lattice of place_lattice over the table, from its edges.
  const int step = game_->parameters().place_lattice;
  const int spacing = game_->parameters().objective_spacing;
  for (int x = step; x < table.width; x += step)
    for (int y = step; y < table.depth; y += step) {
      const Point at{x, y};
      if (!anchored(at)) continue;
      if (objective) {
        // Off impassable terrain, objective_spacing or more from another objective.
        const int under = table.piece_at(at);
        if (under >= 0 && (table.pieces[under].flags & tabletop::kImpassable)) continue;
        bool crowded = false;
        for (const Placed& other : placed())
          crowded |= spacing > 0 && !placed_piece(other) &&
                     tabletop::within_edge(at, 0, other.at, 0, spacing - 1);
        if (crowded) continue;
        out.push_back(encode_action(ActionKind::kPlace, 0, tabletop::pack_point(at)));
        if (first_only) return;
        continue;
      }
      for (const bool turned : {false, true}) {
        if (turned && effect->terrain != Terrain::kWall) break;
        const Placed placed{static_cast<std::int8_t>(card), static_cast<std::int8_t>(side), at,
                            turned};
        const tabletop::Piece piece = *placed_piece(placed);
        // On the table, on no model and no other piece.
        if (!table.piece_on_table(piece)) continue;
        bool free = true;
        for (int m = 0; m < game_->model_count() && free; ++m)
          free = data_.models[m].dead || !tabletop::base_overlaps_piece(piece, data_.models[m].at,
                                                                        game_->model(m).diameter);
        for (int i = 0; i < table.piece_count && free; ++i)
          free = apart(piece, table.pieces[i]);
        if (!free) continue;
        out.push_back(encode_action(ActionKind::kPlace, turned ? 1 : 0, tabletop::pack_point(at)));
        if (first_only) return;
      }
    }
}

void AGameState::place(Point at, bool turned) {
  const Placed placed{data_.placing_card, data_.placing_side, at, turned};
  add_placed(placed);
  const int side = data_.placing_side;
  data_.placing_card = data_.placing_side = -1;
  if (data_.active >= 0) {
    data_.stage = Stage::kActivation;  // Thicket, Smoke Pot: the activation goes on
    return;
  }
  // At setup the turn passes to the other side.
  data_.player = static_cast<std::int8_t>(1 - side);
  setup_step();
}

void AGameState::start_setup() {
  data_.player = data_.draft.first;
  data_.setup_done = 0;
  setup_step();
}

void AGameState::setup_step() {
  for (int tries = 0; tries < 2; ++tries) {
    const int side = data_.player;
    if (!(data_.setup_done & (1u << side))) {
      // Any of the side's models stands for it: a setup card is played on none.
      for (int m = 0; m < game_->model_count(); ++m)
        if (game_->model(m).side == side && standing(m)) {
          if (has_card_for(m, CardMoment::kSetup)) {
            data_.stage = Stage::kSetupCards;
            return;
          }
          break;
        }
      data_.setup_done |= static_cast<std::uint8_t>(1u << side);
    }
    data_.player = static_cast<std::int8_t>(1 - side);
  }
  start_round();
}

void AGameState::hazard_bites(int model) {
  // Ruling "Placed terrain and objectives": hazardous ground wounds a model ending its activation
  // on it, 1 wound, no save.
  for (const Placed& placed : placed()) {
    const CardEffect* effect = placing_effect(game_->card(placed.card));
    if (effect->kind != EffectKind::kPlaceTerrain || effect->terrain != Terrain::kHazard) continue;
    if (standing(model) &&
        tabletop::base_overlaps_piece(*placed_piece(placed), data_.models[model].at,
                                      game_->model(model).diameter)) {
      apply_wounds(model, 1);
      return;
    }
  }
}

}  // namespace warband::agame
