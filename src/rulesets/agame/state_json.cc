// A Game state <-> JSON (saves, views, hashes), and the state's consistency check. A save read back
// gives an equal state; a malformed one is an InputError naming the field.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <utility>

#include "core/error.h"
#include "core/json_fields.h"
#include "core/json_sorted_fill.h"
#include "rulesets/agame/agame_state.h"

namespace warband::agame {
namespace {

// Objects are filled in place, their keys in sorted order (core/json_sorted_fill.h), rather than
// from initializer lists, which nlohmann::json copies element by element (each pair built as an
// array first): the conformance suite, saves and views make a state's JSON many times. A key
// added here goes into state_hash.cc's text too.

template <typename Number>
nlohmann::json numbers_json(const Number* begin, const Number* end) {
  JsonArray out;
  out.reserve(static_cast<std::size_t>(end - begin));
  for (const Number* at = begin; at != end; ++at)
    out.emplace_back(*at);
  return out;
}

nlohmann::json model_json(const ModelState& s) {
  nlohmann::json json(nlohmann::json::value_t::object);
  auto& o = json.get_ref<JsonObject&>();
  json_put_sorted(o, "activated", s.activated);
  json_put_sorted(o, "at", JsonArray{s.at.x, s.at.y});
  json_put_sorted(o, "card_accuracy", s.card_accuracy);
  json_put_sorted(o, "charmed", s.charmed);
  json_put_sorted(o, "dead", s.dead);
  json_put_sorted(o, "dice",
                  JsonArray{s.attack_dice, s.defense_dice, s.wild_dice, s.movement_dice});
  json_put_sorted(o, "dying", s.dying);
  json_put_sorted(o, "dying_round", s.dying_round);
  json_put_sorted(o, "mist_ending", s.mist_ending);
  json_put_sorted(o, "mistform", s.mistform);
  json_put_sorted(o, "pathfinder", s.pathfinder);
  json_put_sorted(o, "prone", s.prone);
  json_put_sorted(o, "sweeping", s.sweeping);
  json_put_sorted(o, "unmovable", s.unmovable);
  json_put_sorted(o, "wounds", s.wounds);
  return json;
}

// Each card's piece or objective on the table: [card, side, x, y, turned].
nlohmann::json placed_json(std::span<const Placed> placed) {
  JsonArray out;
  out.reserve(placed.size());
  for (const Placed& p : placed)
    out.emplace_back(JsonArray{p.card, p.side, p.at.x, p.at.y, p.turned ? 1 : 0});
  return out;
}

nlohmann::json strike_json(const Strike& s) {
  nlohmann::json json(nlohmann::json::value_t::object);
  auto& o = json.get_ref<JsonObject&>();
  json_put_sorted(o, "attack", s.attack);
  json_put_sorted(o, "attacker", s.attacker);
  json_put_sorted(o, "cards",
                  JsonArray{s.extra_dice, s.accuracy, s.power, s.damage, s.chance, s.extra_dodge});
  json_put_sorted(o, "dice", s.dice);
  json_put_sorted(o, "dodges", s.dodges);
  json_put_sorted(o, "hits", s.hits);
  json_put_sorted(o, "phase", static_cast<int>(s.phase));
  json_put_sorted(o, "pos", s.pos);
  json_put_sorted(o, "rolled", s.rolled);
  json_put_sorted(o, "saves", s.saves);
  json_put_sorted(o, "targets", numbers_json(s.targets.data(), s.targets.data() + s.target_count));
  json_put_sorted(o, "to_roll", s.to_roll);
  return json;
}

nlohmann::json last_json(const LastRoll& last) {
  JsonArray faces;
  faces.reserve(3);
  for (int phase = 0; phase < 3; ++phase)
    faces.emplace_back(
        numbers_json(last.faces[phase].data(), last.faces[phase].data() + last.count[phase]));
  nlohmann::json json(nlohmann::json::value_t::object);
  auto& o = json.get_ref<JsonObject&>();
  json_put_sorted(o, "attack", last.attack);
  json_put_sorted(o, "attacker", last.attacker);
  json_put_sorted(o, "cover", last.cover);
  json_put_sorted(o, "faces", std::move(faces));
  json_put_sorted(o, "high_ground", last.high_ground);
  json_put_sorted(o, "needs", JsonArray{last.needs[0], last.needs[1], last.needs[2]});
  json_put_sorted(o, "target", last.target);
  json_put_sorted(o, "wounds", last.wounds);
  return json;
}

std::int8_t small(const JsonFields& f, std::string_view key, int lo, int hi) {
  return static_cast<std::int8_t>(f.integer(key, lo, hi));
}

Strike read_strike(const JsonFields& f, int models, int attacks) {
  Strike s;
  s.attacker = small(f, "attacker", -1, models - 1);
  s.attack = small(f, "attack", -1, attacks - 1);
  s.dice = small(f, "dice", 0, kMaxDice);
  const JsonItems targets = f.array("targets");
  if (targets.size() > static_cast<std::size_t>(models))
    throw InputError(targets.where(), "more targets than models");
  s.target_count = static_cast<std::int8_t>(targets.size());
  for (std::size_t i = 0; i < targets.size(); ++i)
    s.targets[i] = static_cast<std::int8_t>(targets.integer(i, 0, models - 1));
  s.pos = small(f, "pos", 0, kMaxGameModels);
  s.phase = static_cast<Phase>(f.integer("phase", 0, 2));
  s.to_roll = small(f, "to_roll", 0, kMaxDice);
  s.rolled = small(f, "rolled", 0, kMaxDice);
  s.hits = small(f, "hits", 0, kMaxDice);
  s.dodges = small(f, "dodges", 0, kMaxDice);
  s.saves = small(f, "saves", 0, kMaxDice);
  // The cards played on it: extra dice, accuracy, power, damage, chance, extra dodge dice.
  const JsonItems cards = f.array("cards");
  if (cards.size() != 6) throw InputError(cards.where(), "expected six numbers of cards played");
  s.extra_dice = static_cast<std::int8_t>(cards.integer(0, 0, kMaxDice));
  s.accuracy = static_cast<std::int8_t>(cards.integer(1, -kMaxDice, kMaxDice));
  s.power = static_cast<std::int8_t>(cards.integer(2, -kMaxDice, kMaxDice));
  s.damage = static_cast<std::int8_t>(cards.integer(3, -kMaxDice, kMaxDice));
  s.chance = static_cast<std::int8_t>(cards.integer(4, -kMaxDice, kMaxDice));
  s.extra_dodge = static_cast<std::int8_t>(cards.integer(5, 0, kMaxDice));
  return s;
}

}  // namespace

// The draft's record (what replay_draft replays) and the played cards, plus the cards' view.
nlohmann::json AGameState::draft_json() const {
  if (!game_->draft_on()) return nullptr;
  const DraftData& d = data_.draft;
  JsonArray decks;
  JsonArray played;
  for (int side = 0; side < 2; ++side) {
    const std::size_t size = game_->deck(side).size();
    JsonArray deck;
    deck.reserve(size);
    for (std::size_t i = 0; i < size; ++i)
      deck.emplace_back(game_->card(d.decks[side][i]).id);
    decks.emplace_back(std::move(deck));
    JsonArray slots;
    for (int slot = 0; slot < d.hand_size[side]; ++slot)
      if (!holds(side, slot)) slots.emplace_back(slot);
    played.emplace_back(std::move(slots));
  }
  nlohmann::json json(nlohmann::json::value_t::object);
  auto& o = json.get_ref<JsonObject&>();
  json_put_sorted(o, "choices", numbers_json(d.choices.data(), d.choices.data() + d.choice_count));
  json_put_sorted(o, "decks", std::move(decks));
  json_put_sorted(o, "first", d.first);
  json_put_sorted(o, "played", std::move(played));
  json_put_sorted(o, "shuffled", JsonArray{d.shuffled[0], d.shuffled[1]});
  json_put_sorted(o, "view", cards_view());
  return json;
}

void AGameState::load_draft(const JsonFields& f) {
  DraftData& d = data_.draft;
  d = DraftData{};
  draft_.reset();
  if (!game_->draft_on()) return;
  const JsonFields draft = f.object("draft");
  const JsonItems decks = draft.array("decks");
  if (decks.size() != 2) throw InputError(decks.where(), "expected two decks");
  for (int side = 0; side < 2; ++side) {
    const JsonItems deck = decks.array(side);
    std::vector<int> brought = game_->deck(side);
    if (deck.size() != brought.size())
      throw InputError(deck.where(), fmt::format("expected the {} cards of {}'s deck",
                                                 brought.size(), side == 0 ? "Red" : "Blue"));
    std::vector<int> read;
    for (std::size_t i = 0; i < deck.size(); ++i) {
      const Card* card = find_card(game_->cards(), deck.string(i));
      if (!card) throw InputError(deck.where_of(i), "no such card in cards.toml");
      read.push_back(static_cast<int>(card - game_->cards().data()));
      d.decks[side][i] = static_cast<std::int8_t>(read.back());
    }
    std::sort(read.begin(), read.end());
    std::sort(brought.begin(), brought.end());
    if (read != brought)
      throw InputError(deck.where(), "not the cards of the deck this game was set up with");
  }
  const int size = static_cast<int>(game_->deck(0).size());
  const JsonItems shuffled = draft.array("shuffled");
  if (shuffled.size() != 2) throw InputError(shuffled.where(), "expected two counts");
  for (int side = 0; side < 2; ++side)
    d.shuffled[side] = static_cast<std::int8_t>(shuffled.integer(side, 0, size));
  d.first = small(draft, "first", -1, 1);
  const JsonItems choices = draft.array("choices");
  if (choices.size() > d.choices.size())
    throw InputError(choices.where(), "more choices than a draft has");
  d.choice_count = static_cast<std::int8_t>(choices.size());
  for (std::size_t i = 0; i < choices.size(); ++i)
    d.choices[i] = static_cast<std::int8_t>(choices.integer(i, 0, 2 * kMaxDeck));
  const bool shuffling = d.shuffled[0] < size || d.shuffled[1] < size;
  const bool drafting = !shuffling && d.first >= 0;
  if ((data_.stage == Stage::kShuffle) != shuffling || (shuffling && d.first >= 0))
    throw InputError(draft.where_of("shuffled"), "the shuffle and the stage disagree");
  if ((data_.stage == Stage::kRollOff) != (!shuffling && d.first < 0))
    throw InputError(draft.where_of("first"), "the roll-off and the stage disagree");
  if (!drafting) {
    if (d.choice_count > 0) throw InputError(choices.where(), "choices before the draft began");
    return;
  }
  replay_draft();  // InputError at the first choice that does not fit
  if (draft_->done() == (data_.stage == Stage::kDraft))
    throw InputError(choices.where(), data_.stage == Stage::kDraft
                                          ? "the draft is over but the stage is the draft's"
                                          : "the draft is not over");
  if (!draft_->done()) return;
  finish_hands();
  const JsonItems played = draft.array("played");
  if (played.size() != 2) throw InputError(played.where(), "expected two lists of hand slots");
  for (int side = 0; side < 2; ++side) {
    const JsonItems slots = played.array(side);
    for (std::size_t i = 0; i < slots.size(); ++i)
      d.played[side] |=
          static_cast<std::uint16_t>(1u << slots.integer(i, 0, std::max(0, d.hand_size[side] - 1)));
  }
}

nlohmann::json AGameState::to_json() const {
  const StateData& d = data_;
  JsonArray models;
  models.reserve(static_cast<std::size_t>(game_->model_count()));
  for (int m = 0; m < game_->model_count(); ++m)
    models.emplace_back(model_json(d.models[m]));
  nlohmann::json json(nlohmann::json::value_t::object);
  auto& o = json.get_ref<JsonObject&>();
  json_put_sorted(o, "ability_used", d.ability_used);
  json_put_sorted(o, "active", d.active);
  json_put_sorted(o, "card_model", d.card_model);
  json_put_sorted(o, "card_moment", static_cast<int>(d.card_moment));
  json_put_sorted(o, "card_window", d.card_window);
  json_put_sorted(o, "dasher", d.dasher);
  json_put_sorted(o, "depth", d.depth);
  json_put_sorted(o, "end_reason", d.end_reason);
  json_put_sorted(o, "format", kStateFormat);
  json_put_sorted(o, "leg", static_cast<int>(d.leg));
  json_put_sorted(o, "leg_budget", d.leg_budget);
  json_put_sorted(o, "leg_start", JsonArray{d.leg_start.x, d.leg_start.y});
  json_put_sorted(o, "placed", placed_json(placed()));
  json_put_sorted(o, "placing", JsonArray{d.placing_card, d.placing_side});
  json_put_sorted(o, "player", d.player);
  json_put_sorted(o, "reaction", d.reaction);
  json_put_sorted(o, "reactor", d.reactor);
  json_put_sorted(o, "round", d.round);
  json_put_sorted(o, "setup_done", d.setup_done);
  json_put_sorted(o, "stage", static_cast<int>(d.stage));
  json_put_sorted(o, "winner", d.winner);
  JsonArray strikes;
  strikes.reserve(2);
  for (const Strike& strike : d.strikes)
    strikes.emplace_back(strike_json(strike));
  json_put_sorted(o, "draft", draft_json());
  json_put_sorted(o, "last", last_json(d.last));
  json_put_sorted(o, "models", std::move(models));
  json_put_sorted(o, "strikes", std::move(strikes));
  return json;
}

void AGameState::load_json(const nlohmann::json& json) {
  const JsonFields f(json, "state");
  if (f.string("format") != kStateFormat)
    throw InputError(f.where_of("format"), fmt::format("expected \"{}\"", kStateFormat));
  StateData d;
  const int count = game_->model_count();
  int most_attacks = 1;
  int most_abilities = 1;
  for (int m = 0; m < count; ++m) {
    most_attacks = std::max<int>(most_attacks, game_->model(m).profile.attacks.size());
    most_abilities = std::max<int>(most_abilities, game_->model(m).profile.abilities.size());
  }
  const tabletop::Table& table = game_->table();
  d.stage = static_cast<Stage>(f.integer("stage", 0, static_cast<int>(Stage::kOver)));
  d.round = small(f, "round", 1, game_->round_limit());
  d.player = small(f, "player", 0, 1);
  d.active = small(f, "active", -1, count - 1);
  d.ability_used = f.boolean("ability_used");
  d.leg = static_cast<LegKind>(f.integer("leg", 0, static_cast<int>(LegKind::kSprint)));
  const JsonItems start = f.array("leg_start");
  if (start.size() != 2) throw InputError(start.where(), "expected [x, y]");
  d.leg_start = {static_cast<std::int32_t>(start.integer(0, 0, table.width)),
                 static_cast<std::int32_t>(start.integer(1, 0, table.depth))};
  d.leg_budget = f.integer("leg_budget", 0, 100 * tabletop::kUnitsPerInch);
  d.winner = small(f, "winner", -1, 2);
  d.end_reason = small(f, "end_reason", 0, 2);
  d.depth = small(f, "depth", 0, 1);
  d.reactor = small(f, "reactor", -1, count - 1);
  d.reaction = small(f, "reaction", -1, most_abilities - 1);
  d.card_window = f.boolean("card_window");
  d.dasher = small(f, "dasher", -1, count - 1);
  const int cards = static_cast<int>(game_->cards().size());
  const JsonItems placed = f.array("placed");
  std::vector<Placed> placed_read;
  if (placed.size() > static_cast<std::size_t>(kMaxPlaced))
    throw InputError(placed.where(), fmt::format("at most {} placed cards", kMaxPlaced));
  for (std::size_t i = 0; i < placed.size(); ++i) {
    const JsonItems entry = placed.array(i);
    if (entry.size() != 5) throw InputError(entry.where(), "expected [card, side, x, y, turned]");
    Placed& p = placed_read.emplace_back();
    p.card = static_cast<std::int8_t>(entry.integer(0, 0, cards - 1));
    p.side = static_cast<std::int8_t>(entry.integer(1, 0, 1));
    p.at = {static_cast<std::int32_t>(entry.integer(2, 0, table.width)),
            static_cast<std::int32_t>(entry.integer(3, 0, table.depth))};
    p.turned = entry.integer(4, 0, 1) == 1;
  }
  const JsonItems placing = f.array("placing");
  if (placing.size() != 2) throw InputError(placing.where(), "expected [card, side]");
  d.placing_card = static_cast<std::int8_t>(placing.integer(0, -1, cards - 1));
  d.placing_side = static_cast<std::int8_t>(placing.integer(1, -1, 1));
  d.setup_done = static_cast<std::uint8_t>(f.integer("setup_done", 0, 3));
  d.card_model = small(f, "card_model", -1, count - 1);
  d.card_moment =
      static_cast<CardMoment>(f.integer("card_moment", 0, static_cast<int>(CardMoment::kSetup)));
  const JsonItems strikes = f.array("strikes");
  if (strikes.size() != 2) throw InputError(strikes.where(), "expected two strikes");
  for (int i = 0; i < 2; ++i)
    d.strikes[i] = read_strike(strikes.object(i), count, most_attacks);
  const JsonFields last = f.object("last");
  d.last.attacker = small(last, "attacker", -1, count - 1);
  d.last.target = small(last, "target", -1, count - 1);
  d.last.attack = small(last, "attack", -1, most_attacks - 1);
  d.last.wounds = small(last, "wounds", -1, 100);
  const JsonItems needs = last.array("needs");
  if (needs.size() != 3) throw InputError(needs.where(), "expected three targets (N+)");
  for (int phase = 0; phase < 3; ++phase)
    d.last.needs[phase] = static_cast<std::int8_t>(needs.integer(phase, -100, 100));
  d.last.cover = last.boolean("cover");
  d.last.high_ground = last.boolean("high_ground");
  const JsonItems faces = last.array("faces");
  if (faces.size() != 3) throw InputError(faces.where(), "expected three lists of dice");
  for (int phase = 0; phase < 3; ++phase) {
    const JsonItems dice = faces.array(phase);
    if (dice.size() > static_cast<std::size_t>(kMaxDice))
      throw InputError(dice.where(), fmt::format("at most {} dice", kMaxDice));
    d.last.count[phase] = static_cast<std::int8_t>(dice.size());
    for (std::size_t i = 0; i < dice.size(); ++i)
      d.last.faces[phase][i] =
          static_cast<std::int8_t>(dice.integer(i, 0, game_->parameters().faces));
  }
  const JsonItems models = f.array("models");
  if (models.size() != static_cast<std::size_t>(count))
    throw InputError(models.where(), fmt::format("expected {} models", count));
  for (int m = 0; m < count; ++m) {
    const JsonFields mf = models.object(m);
    ModelState& s = d.models[m];
    const JsonItems at = mf.array("at");
    if (at.size() != 2) throw InputError(at.where(), "expected [x, y]");
    s.at = {static_cast<std::int32_t>(at.integer(0, 0, table.width)),
            static_cast<std::int32_t>(at.integer(1, 0, table.depth))};
    s.wounds = small(mf, "wounds", 0, game_->model(m).profile.wounds);
    const JsonItems dice = mf.array("dice");
    if (dice.size() != 4) throw InputError(dice.where(), "expected 4 pools");
    s.attack_dice = static_cast<std::int8_t>(dice.integer(0, 0, kMaxDice));
    s.defense_dice = static_cast<std::int8_t>(dice.integer(1, 0, kMaxDice));
    s.wild_dice = static_cast<std::int8_t>(dice.integer(2, 0, kMaxDice));
    s.movement_dice = static_cast<std::int8_t>(dice.integer(3, 0, kMaxDice));
    s.dead = mf.boolean("dead");
    s.dying = mf.boolean("dying");
    s.dying_round = small(mf, "dying_round", 0, game_->round_limit());
    s.activated = mf.boolean("activated");
    s.prone = mf.boolean("prone");
    s.mistform = mf.boolean("mistform");
    s.mist_ending = mf.boolean("mist_ending");
    s.unmovable = mf.boolean("unmovable");
    s.charmed = mf.boolean("charmed");
    s.pathfinder = mf.boolean("pathfinder");
    s.sweeping = mf.boolean("sweeping");
    s.card_accuracy = small(mf, "card_accuracy", -10, 10);
  }
  const StateData kept = data_;
  const std::shared_ptr<const Draft> kept_draft = draft_;
  const std::shared_ptr<const tabletop::Table> kept_table = table_;
  const std::shared_ptr<const std::vector<Placed>> kept_placed = placed_;
  const auto restore = [&] {
    data_ = kept;
    draft_ = kept_draft;
    table_ = kept_table;
    placed_ = kept_placed;
  };
  data_ = d;
  try {
    load_draft(f);
    // The placed pieces back on the state's table, in the order they were placed.
    table_.reset();
    placed_.reset();
    for (const Placed& p : placed_read)
      add_placed(p);
    check_consistency();
  } catch (const InvariantError& error) {
    restore();
    throw InputError("state", error.what());
  } catch (...) {
    restore();
    throw;
  }
}

void AGameState::check_consistency() const {
  const StateData& d = data_;
  const int count = game_->model_count();
  auto fail = [](const std::string& what) { throw InvariantError("agame state: " + what); };
  const bool over = d.stage == Stage::kOver;
  if (over != (d.winner >= 0)) fail("a winner before the end, or none at it");
  const bool drafting =
      d.stage == Stage::kShuffle || d.stage == Stage::kRollOff || d.stage == Stage::kDraft;
  const bool setting_up =
      d.stage == Stage::kSetupCards || (d.stage == Stage::kPlacing && d.active < 0);
  const bool in_activation = !over && !drafting && !setting_up && d.stage != Stage::kChooseModel;
  if ((d.stage == Stage::kPlacing) != (d.placing_card >= 0 && d.placing_side >= 0))
    fail("a card being placed outside the placing stage, or none in it");
  if (in_activation != (d.active >= 0))
    fail("an active model outside an activation, or none in one");
  if (d.active >= 0) {
    if (d.models[d.active].activated) fail("the active model has already activated");
    if (game_->model(d.active).side != d.player) fail("the active model is not the player's");
    const bool striking =
        d.stage == Stage::kAllocate || d.stage == Stage::kRoll || d.stage == Stage::kDodge ||
        d.stage == Stage::kReaction || d.stage == Stage::kReactionRoll ||
        (d.stage == Stage::kCardReaction && d.card_moment != CardMoment::kEnemyMoved);
    if (!striking && !standing(d.active)) fail("the active model is not standing");
  }
  if (d.stage == Stage::kChooseModel && unactivated(d.player) == 0)
    fail("the player to choose has no model left to activate");
  const bool striking =
      d.stage == Stage::kAllocate || d.stage == Stage::kRoll || d.stage == Stage::kDodge ||
      d.stage == Stage::kReaction || d.stage == Stage::kReactionRoll ||
      (d.stage == Stage::kCardReaction && d.card_moment != CardMoment::kEnemyMoved);
  if ((d.stage == Stage::kCardReaction) != (d.card_model >= 0) ||
      (d.card_model >= 0) != (d.card_moment != CardMoment::kNone))
    fail("a card's moment without its model, or a model outside one");
  if (d.dasher >= 0 &&
      (d.stage != Stage::kMoving || d.strikes[d.depth].attacker < 0 || !standing(d.dasher)))
    fail("a dash outside an attack's moving stage");
  if (d.card_window && d.stage != Stage::kActivation && d.stage != Stage::kMoving)
    fail("an activation card's moment outside an activation");
  if (striking) {
    const Strike& s = d.strikes[d.depth];
    if (s.attacker < 0 || s.attack < 0) fail("a roll with no attack");
    if (s.attack >= static_cast<int>(game_->model(s.attacker).profile.attacks.size()))
      fail("an attack the attacker does not have");
    if (s.pos >= s.target_count) fail("an attack with no target left");
    if (d.stage == Stage::kRoll && s.rolled >= s.to_roll) fail("a roll with no die left");
    if (d.stage == Stage::kRoll && d.last.count[static_cast<int>(s.phase)] != s.rolled)
      fail("the dice shown are not the dice rolled");
    if (s.dodges > s.to_roll + s.hits || s.saves > s.hits) fail("more successes than dice");
  }
  if ((d.stage == Stage::kReaction || d.stage == Stage::kReactionRoll) != (d.reactor >= 0))
    fail("a reactor outside a reaction, or none in one");
  if ((d.stage == Stage::kReactionRoll) != (d.reaction >= 0))
    fail("a reaction roll without its ability");
  auto valid_strike = [&](const Strike& s) {
    return s.attacker >= 0 && s.attacker < count && s.attack >= 0 &&
           s.attack < static_cast<int>(game_->model(s.attacker).profile.attacks.size()) &&
           s.pos <= s.target_count && s.rolled <= s.to_roll;
  };
  if (d.depth == 1 && (!valid_strike(d.strikes[0]) || !valid_strike(d.strikes[1])))
    fail("a counter without the attack it answers");
  if (d.stage == Stage::kMoving && d.leg == LegKind::kCharge &&
      (!valid_strike(d.strikes[0]) || d.strikes[0].attacker != d.active ||
       game_->model(d.active).profile.attacks[d.strikes[0].attack].move == 0))
    fail("a charge without its attack");
  if (d.stage == Stage::kReactionRoll &&
      (d.reactor < 0 || d.reaction < 0 ||
       d.reaction >= static_cast<int>(game_->model(d.reactor).profile.abilities.size()) ||
       game_->model(d.reactor).profile.abilities[d.reaction].effect != Effect::kMistform))
    fail("a reaction roll of no reaction");
  if (d.stage == Stage::kDodge || d.stage == Stage::kReaction) {
    const Strike& s = d.strikes[d.depth];
    if (s.pos < s.target_count && !standing(s.targets[s.pos]) && d.stage == Stage::kDodge)
      fail("a dodge by a model down");
  }
  if (d.stage == Stage::kReaction && d.reactor >= 0 && !standing(d.reactor))
    fail("a reaction by a model down");
  if (drafting && !game_->draft_on()) fail("a draft in a game without one");
  if ((d.stage == Stage::kDraft) != (draft_ != nullptr && !draft_->done()))
    fail("the draft's stage without a draft in play, or a draft outside it");
  const tabletop::Table& table = game_->table();
  for (int m = 0; m < count; ++m) {
    const ModelState& s = d.models[m];
    const GameModel& model = game_->model(m);
    if (s.dead && s.dying) fail(fmt::format("{} is both dead and dying", model.label));
    if ((s.dead || s.dying) != (s.wounds == 0))
      fail(fmt::format("{}: down and wounds disagree", model.label));
    if (s.dying && !s.prone) fail(fmt::format("{} is dying but not prone", model.label));
    if (s.attack_dice < 0 || s.defense_dice < 0 || s.wild_dice < 0 || s.movement_dice < 0)
      fail(fmt::format("{} spent dice it did not have", model.label));
    if (s.dead) continue;
    if (!table.base_on_table(s.at, model.diameter))
      fail(fmt::format("{} is off the table", model.label));
    for (int other = m + 1; other < count; ++other)
      if (!d.models[other].dead && tabletop::bases_overlap(s.at, model.diameter, d.models[other].at,
                                                           game_->model(other).diameter))
        fail(fmt::format("{} and {} overlap", model.label, game_->model(other).label));
  }
}

std::unique_ptr<State> AGameGame::state_from_json(const nlohmann::json& json) const {
  auto state = std::make_unique<AGameState>(shared_from_this());
  state->load_json(json);
  return state;
}

}  // namespace warband::agame
