#include "tests/test_rulesets/toy/toy_game.h"

#include <array>
#include <string>

#include "core/error.h"
#include "core/json_input.h"

namespace warband::toy {
namespace {

constexpr int kDieFaces = 6;
constexpr int kBustFace = 1;
constexpr std::array<ChanceOutcome, 3> kCardOdds = {{{1, 0.25}, {2, 0.5}, {3, 0.25}}};
constexpr const char* kHiddenCard = "hidden";

struct Parameters {
  int target = 20;
  int max_turns = 20;
};

const char* player_name(int player) {
  return player == 0 ? "Red" : "Blue";
}

int read_int(const nlohmann::json& object, const std::string& field, int low, int high,
             const std::string& where) {
  const auto found = object.find(field);
  if (found == object.end()) throw InputError(where + "." + field, "missing");
  if (!found->is_number_integer())
    throw InputError(where + "." + field, "expected an integer, got " + json_type_name(*found));
  const auto value = found->get<std::int64_t>();
  if (value < low || value > high)
    throw InputError(where + "." + field, fmt::format("{} is not in {}..{}", value, low, high));
  return static_cast<int>(value);
}

bool read_bool(const nlohmann::json& object, const std::string& field, const std::string& where) {
  const auto found = object.find(field);
  if (found == object.end()) throw InputError(where + "." + field, "missing");
  if (!found->is_boolean())
    throw InputError(where + "." + field, "expected a boolean, got " + json_type_name(*found));
  return found->get<bool>();
}

const nlohmann::json& read_pair(const nlohmann::json& object, const std::string& field,
                                const std::string& where) {
  const auto found = object.find(field);
  if (found == object.end()) throw InputError(where + "." + field, "missing");
  if (!found->is_array() || found->size() != 2)
    throw InputError(where + "." + field, "expected an array of two entries");
  return *found;
}

class ToyGame;

class ToyState final : public State {
 public:
  explicit ToyState(std::shared_ptr<const ToyGame> game);

  int current_player() const override {
    if (over_) return kTerminalPlayer;
    if (card_[0] == 0 || card_[1] == 0 || rolling_) return kChancePlayer;
    return to_move_;
  }

  std::vector<Action> legal_actions() const override {
    if (current_player() < 0) return {};
    if (must_bank()) return {kBank};
    std::vector<Action> legal = {kRoll};
    if (turn_total_ > 0) legal.push_back(kBank);
    if (!card_played_[to_move_]) legal.push_back(kPlayCard);
    return legal;
  }

  std::vector<ChanceOutcome> chance_outcomes() const override {
    if (current_player() != kChancePlayer) return {};
    if (dealing()) return {kCardOdds.begin(), kCardOdds.end()};
    std::vector<ChanceOutcome> faces;
    for (int face = 1; face <= kDieFaces; ++face)
      faces.push_back({face, 1.0 / kDieFaces});
    return faces;
  }

  void apply(Action action) override;

  std::vector<double> returns() const override {
    if (!over_ || winner_ < 0) return {0.0, 0.0};
    return winner_ == 0 ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
  }

  std::unique_ptr<State> clone() const override { return std::make_unique<ToyState>(*this); }

  nlohmann::json to_json() const override {
    return {{"score", score_},     {"card", card_}, {"card_played", card_played_},
            {"to_move", to_move_}, {"turn", turn_}, {"turn_total", turn_total_},
            {"rolling", rolling_}, {"over", over_}, {"winner", winner_}};
  }

  nlohmann::json view(int player) const override {
    nlohmann::json json = to_json();
    const int opponent = 1 - player;
    if (player >= 0 && player <= 1 && card_[opponent] != 0 && !card_played_[opponent])
      json["card"][opponent] = kHiddenCard;
    return json;
  }

  std::string action_to_string(Action action) const override;
  std::string to_string() const override;
  // What a front end shows: the text table with the other player's unplayed card hidden, and each
  // card dealt readable by its holder alone.
  nlohmann::json table_view(int viewer) const override {
    return {{"kind", "text"}, {"text", table_text(viewer)}};
  }
  nlohmann::json action_view(Action action) const override {
    nlohmann::json view = {{"text", action_to_string(action)}, {"private_to", -1}};
    if (dealing()) view["private_to"] = card_[0] == 0 ? 0 : 1;
    return view;
  }
  void check_consistency() const override;
  const Game& game() const override;

  // Reads what to_json wrote; a malformed or impossible state throws InputError.
  static std::unique_ptr<State> from_json(std::shared_ptr<const ToyGame> game,
                                          const nlohmann::json& json);

 private:
  bool dealing() const { return card_[0] == 0 || card_[1] == 0; }
  // The table as `viewer` sees it (kSeesEverything: everything; kSeesPublic: no unplayed card).
  std::string table_text(int viewer) const;
  bool must_bank() const;
  void end_turn();

  std::shared_ptr<const ToyGame> game_;
  std::array<int, 2> score_ = {0, 0};
  std::array<int, 2> card_ = {0, 0};  // 0: not dealt yet
  std::array<bool, 2> card_played_ = {false, false};
  int to_move_ = 0;
  int turn_ = 0;  // turns completed
  int turn_total_ = 0;
  bool rolling_ = false;  // the die is in the air: a chance node
  bool over_ = false;
  int winner_ = -1;  // -1: none yet, or a draw once over
};

class ToyGame final : public Game, public std::enable_shared_from_this<ToyGame> {
 public:
  ToyGame(nlohmann::json setup, Parameters parameters)
      : setup_(std::move(setup)), parameters_(parameters) {
    info_.ruleset = "toy";
    info_.title = "Toy dice race";
    info_.num_players = 2;
    // Per turn: at most target/2 scoring rolls and one bust, two applies each (decide, roll),
    // plus playing the card and banking; plus the two deals.
    info_.max_game_length = 2 + parameters_.max_turns * (2 * (parameters_.target / 2 + 1) + 2);
  }

  const GameInfo& info() const override { return info_; }
  std::unique_ptr<State> new_initial_state() const override {
    return std::make_unique<ToyState>(shared_from_this());
  }
  std::unique_ptr<State> state_from_json(const nlohmann::json& json) const override {
    return ToyState::from_json(shared_from_this(), json);
  }
  const nlohmann::json& setup() const override { return setup_; }
  const Parameters& parameters() const { return parameters_; }

 private:
  nlohmann::json setup_;
  Parameters parameters_;
  GameInfo info_;
};

ToyState::ToyState(std::shared_ptr<const ToyGame> game) : game_(std::move(game)) {}

const Game& ToyState::game() const {
  return *game_;
}

bool ToyState::must_bank() const {
  return score_[to_move_] + turn_total_ >= game_->parameters().target;
}

void ToyState::apply(Action action) {
  if (dealing()) {
    WB_CHECK(action >= 1 && action <= 3);
    card_[card_[0] == 0 ? 0 : 1] = static_cast<int>(action);
    return;
  }
  if (rolling_) {
    WB_CHECK(action >= 1 && action <= kDieFaces);
    rolling_ = false;
    if (action == kBustFace) {
      end_turn();
    } else {
      turn_total_ += static_cast<int>(action);
    }
    return;
  }
  WB_CHECK(!over_);
  const std::vector<Action> legal = legal_actions();
  WB_CHECK(std::find(legal.begin(), legal.end(), action) != legal.end());
  switch (action) {
    case kRoll:
      rolling_ = true;
      break;
    case kPlayCard:
      card_played_[to_move_] = true;
      turn_total_ += card_[to_move_];
      break;
    case kBank:
      score_[to_move_] += turn_total_;
      if (score_[to_move_] >= game_->parameters().target) {
        over_ = true;
        winner_ = to_move_;
        turn_total_ = 0;
      } else {
        end_turn();
      }
      break;
  }
}

void ToyState::end_turn() {
  turn_total_ = 0;
  ++turn_;
  to_move_ = 1 - to_move_;
  if (turn_ >= game_->parameters().max_turns) {
    over_ = true;
    winner_ = score_[0] == score_[1] ? -1 : (score_[0] > score_[1] ? 0 : 1);
  }
}

std::string ToyState::action_to_string(Action action) const {
  if (dealing())
    return fmt::format("{} is dealt card {}", player_name(card_[0] == 0 ? 0 : 1), action);
  if (rolling_) return fmt::format("roll: {}{}", action, action == kBustFace ? " (bust)" : "");
  switch (action) {
    case kRoll:
      return "roll";
    case kBank:
      return fmt::format("bank {}", turn_total_);
    case kPlayCard:
      return fmt::format("play card (+{})", card_[to_move_]);
  }
  return fmt::format("unknown action {}", action);
}

std::string ToyState::to_string() const {
  return table_text(-1);
}

std::string ToyState::table_text(int viewer) const {
  const Parameters& parameters = game_->parameters();
  std::string text = fmt::format("Dice race to {}, turn {} of {}\n", parameters.target,
                                 std::min(turn_ + 1, parameters.max_turns), parameters.max_turns);
  for (int player = 0; player < 2; ++player) {
    const bool hidden = viewer != kSeesEverything && viewer != player && !card_played_[player];
    text += fmt::format("  {:<4} {:>3}  card {}{}\n", player_name(player), score_[player],
                        card_[player] == 0 ? std::string("-")
                        : hidden           ? std::string("?")
                                           : std::to_string(card_[player]),
                        card_played_[player] ? " (played)" : "");
  }
  if (dealing())
    text += "Dealing the cards\n";
  else if (!over_)
    text += fmt::format("{} to move, {} this turn{}\n", player_name(to_move_), turn_total_,
                        rolling_ ? " (rolling)" : "");
  return text;
}

void ToyState::check_consistency() const {
  const Parameters& parameters = game_->parameters();
  for (int player = 0; player < 2; ++player) {
    WB_CHECK(score_[player] >= 0 && score_[player] < parameters.target + 3 * kDieFaces);
    WB_CHECK(card_[player] >= 0 && card_[player] <= 3);
    WB_CHECK(!card_played_[player] || card_[player] != 0);
    WB_CHECK(over_ || score_[player] < parameters.target);
  }
  WB_CHECK(card_[1] == 0 || card_[0] != 0);
  WB_CHECK(to_move_ == 0 || to_move_ == 1);
  WB_CHECK(turn_ >= 0 && turn_ <= parameters.max_turns);
  WB_CHECK(over_ || turn_ < parameters.max_turns);
  WB_CHECK(turn_total_ >= 0 && turn_total_ < parameters.target + kDieFaces + 3);
  WB_CHECK(!dealing() || (turn_ == 0 && turn_total_ == 0 && !rolling_ && !over_));
  WB_CHECK(!rolling_ || !over_);
  WB_CHECK(winner_ >= -1 && winner_ <= 1);
  WB_CHECK(over_ || winner_ == -1);
}

std::unique_ptr<State> ToyState::from_json(std::shared_ptr<const ToyGame> game,
                                           const nlohmann::json& json) {
  const std::string where = "state";
  if (!json.is_object()) throw InputError(where, "expected an object, got " + json_type_name(json));
  auto state = std::make_unique<ToyState>(game);
  const auto& score = read_pair(json, "score", where);
  const auto& card = read_pair(json, "card", where);
  const auto& played = read_pair(json, "card_played", where);
  for (int player = 0; player < 2; ++player) {
    const std::string index = fmt::format("[{}]", player);
    if (!score[player].is_number_integer() || score[player].get<std::int64_t>() < 0 ||
        score[player].get<std::int64_t>() > 1000)
      throw InputError(where + ".score" + index, "expected an integer in 0..1000");
    if (!card[player].is_number_integer() || card[player].get<std::int64_t>() < 0 ||
        card[player].get<std::int64_t>() > 3)
      throw InputError(where + ".card" + index, "expected an integer in 0..3");
    if (!played[player].is_boolean())
      throw InputError(where + ".card_played" + index, "expected a boolean");
    state->score_[player] = score[player].get<int>();
    state->card_[player] = card[player].get<int>();
    state->card_played_[player] = played[player].get<bool>();
  }
  state->to_move_ = read_int(json, "to_move", 0, 1, where);
  state->turn_ = read_int(json, "turn", 0, 1000, where);
  state->turn_total_ = read_int(json, "turn_total", 0, 1000, where);
  state->rolling_ = read_bool(json, "rolling", where);
  state->over_ = read_bool(json, "over", where);
  state->winner_ = read_int(json, "winner", -1, 1, where);
  try {
    state->check_consistency();
  } catch (const InvariantError& error) {
    throw InputError(where, fmt::format("not a reachable state ({})", error.what()));
  }
  return state;
}

Parameters read_parameters(const nlohmann::json& setup) {
  if (!setup.is_object())
    throw InputError("setup", "expected an object, got " + json_type_name(setup));
  Parameters parameters;
  const auto found = setup.find("parameters");
  if (found == setup.end()) return parameters;
  if (!found->is_object())
    throw InputError("setup.parameters", "expected an object, got " + json_type_name(*found));
  // Names and ranges were checked against the spec (toy_ruleset.cc) by make_game.
  if (found->contains("target"))
    parameters.target = read_int(*found, "target", 5, 100, "setup.parameters");
  if (found->contains("max_turns"))
    parameters.max_turns = read_int(*found, "max_turns", 1, 200, "setup.parameters");
  return parameters;
}

}  // namespace

std::shared_ptr<const Game> make_toy_game(const nlohmann::json& setup) {
  return std::make_shared<ToyGame>(setup, read_parameters(setup));
}

}  // namespace warband::toy
