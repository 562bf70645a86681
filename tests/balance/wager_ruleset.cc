#include "tests/balance/wager_ruleset.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "core/error.h"
#include "core/registry.h"
#include "core/rng.h"

namespace warband::wager {
namespace {

struct Profile {
  const char* id;
  const char* name;
  double strength;
};
constexpr std::array<Profile, 4> kProfiles = {
    {{"pike", "Pike", 1.0}, {"bow", "Bow", 1.5}, {"horse", "Horse", 2.0}, {"club", "Club", 0.6}}};
struct Spell {
  const char* id;
  const char* name;
  int fair_acti;
};
constexpr std::array<Spell, 4> kSpells = {
    {{"spark", "Spark", 3}, {"ward", "Ward", 4}, {"gale", "Gale", 5}, {"hex", "Hex", 2}}};
constexpr int kPointsLimit = 1000;

const Profile& profile(const std::string& id, const std::string& where) {
  for (const Profile& p : kProfiles)
    if (id == p.id) return p;
  throw InputError(where, fmt::format("unknown unit '{}'", id));
}

// A unit's price: its fair one unless the setup's content_overrides set it.
int points_of(const nlohmann::json& setup, const Profile& p) {
  const std::string key = fmt::format("units.{}.points", p.id);
  if (setup.is_object() && setup.contains("content_overrides") &&
      setup["content_overrides"].contains(key))
    return setup["content_overrides"][key].get<int>();
  return static_cast<int>(std::lround(100 * p.strength));
}

const Spell* find_spell(const std::string& id) {
  for (const Spell& s : kSpells)
    if (id == s.id) return &s;
  return nullptr;
}

// A spell's AcTi: its fair one unless the setup's content_overrides set it.
int acti_of(const nlohmann::json& setup, const Spell& s) {
  const std::string key = fmt::format("spells.{}.acti", s.id);
  if (setup.is_object() && setup.contains("content_overrides") &&
      setup["content_overrides"].contains(key))
    return setup["content_overrides"][key].get<int>();
  return s.fair_acti;
}

class WagerGame;

class WagerState final : public State {
 public:
  explicit WagerState(std::shared_ptr<const WagerGame> game) : game_(std::move(game)) {}
  int current_player() const override { return over() ? kTerminalPlayer : kChancePlayer; }
  std::vector<Action> legal_actions() const override { return {}; }
  std::vector<ChanceOutcome> chance_outcomes() const override;
  void apply(Action action) override {
    WB_CHECK(!over() && (action == 0 || action == 1));
    ++won_[action];
  }
  std::vector<double> returns() const override {
    if (!over()) return {0.0, 0.0};
    return won_[0] > won_[1] ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
  }
  // The rounds' difference: what a material-blind bot would see.
  std::vector<double> evaluate() const override {
    if (over()) return returns();
    const double lead = static_cast<double>(won_[0] - won_[1]) / kRounds;
    return {lead, -lead};
  }
  std::unique_ptr<State> clone() const override { return std::make_unique<WagerState>(*this); }
  nlohmann::json to_json() const override { return {{"won", {won_[0], won_[1]}}}; }
  nlohmann::json view(int /*player*/) const override { return to_json(); }
  std::string action_to_string(Action action) const override {
    return action == 0 ? "Red takes the round" : "Blue takes the round";
  }
  std::string to_string() const override { return fmt::format("{} - {}", won_[0], won_[1]); }
  std::vector<UnitStatus> unit_statuses() const override;
  const Game& game() const override;

  std::array<int, 2> won_{};

 private:
  bool over() const { return won_[0] + won_[1] == kRounds; }
  std::shared_ptr<const WagerGame> game_;
};

class WagerGame final : public Game, public std::enable_shared_from_this<WagerGame> {
 public:
  explicit WagerGame(const nlohmann::json& setup) : setup_(setup) {
    if (setup.is_object() && setup.contains("margin_slope"))
      margin_slope_ = setup["margin_slope"].get<double>();
    info_ = {.ruleset = kRuleset, .title = "Wager", .num_players = 2, .max_game_length = kRounds};
    if (!setup.is_object() || !setup.contains("warbands") || !setup["warbands"].is_array() ||
        setup["warbands"].size() != 2)
      throw InputError("setup.warbands", "expected two arrays of unit ids");
    for (int side = 0; side < 2; ++side) {
      for (const nlohmann::json& id : setup["warbands"][side]) {
        if (const Spell* s = find_spell(id.get<std::string>())) {
          strength_[side] += kSpellStrength - kActiStrength * (acti_of(setup, *s) - s->fair_acti);
          continue;
        }
        const Profile& p = profile(id.get<std::string>(), fmt::format("setup.warbands[{}]", side));
        strength_[side] += p.strength;
        units_.push_back({.name = p.name,
                          .side = side,
                          .points = points_of(setup, p),
                          .wounds = margin_mode() ? kRounds : 1,
                          .max_wounds = margin_mode() ? kRounds : 1});
      }
    }
  }
  const GameInfo& info() const override { return info_; }
  std::unique_ptr<State> new_initial_state() const override {
    return std::make_unique<WagerState>(shared_from_this());
  }
  std::unique_ptr<State> state_from_json(const nlohmann::json& json) const override {
    auto state = std::make_unique<WagerState>(shared_from_this());
    state->won_ = {json.at("won").at(0).get<int>(), json.at("won").at(1).get<int>()};
    return state;
  }
  const nlohmann::json& setup() const override { return setup_; }
  double red_round_odds() const {
    const double difference = strength_[0] - strength_[1];
    if (margin_slope_ > 0) return std::clamp(0.5 + margin_slope_ * difference, 0.02, 0.98);
    return 1.0 / (1.0 + std::exp(-kRoundLogOdds * difference));
  }
  bool margin_mode() const { return margin_slope_ > 0; }
  const std::vector<UnitStatus>& units() const { return units_; }

 private:
  nlohmann::json setup_;
  GameInfo info_;
  std::array<double, 2> strength_{};
  double margin_slope_ = 0;  // 0: the result mode (logistic rounds, no wounds lost)
  std::vector<UnitStatus> units_;
};

std::vector<ChanceOutcome> WagerState::chance_outcomes() const {
  if (over()) return {};
  const double red = game_->red_round_odds();
  return {{0, red}, {1, 1.0 - red}};
}
std::vector<UnitStatus> WagerState::unit_statuses() const {
  std::vector<UnitStatus> units = game_->units();
  if (!game_->margin_mode()) return units;
  // Each round lost costs each of the side's units a wound.
  for (UnitStatus& unit : units) {
    unit.wounds = kRounds - won_[1 - unit.side];
    unit.alive = unit.wounds > 0;
  }
  return units;
}
const Game& WagerState::game() const {
  return *game_;
}

std::vector<BalanceUnit> catalog(const nlohmann::json& setup) {
  std::vector<BalanceUnit> units;
  for (const Profile& p : kProfiles)
    units.push_back({.id = p.id, .name = p.name, .points = points_of(setup, p)});
  return units;
}

nlohmann::json skewed_setup(const nlohmann::json& base, int points, int spread, int profiles,
                            std::uint64_t seed) {
  Rng rng(seed);
  nlohmann::json setup = base.is_object() ? base : nlohmann::json::object();
  setup["warbands"] = nlohmann::json::array();
  const std::vector<BalanceUnit> units = catalog(setup);
  for (int side = 0; side < 2; ++side) {
    std::vector<const BalanceUnit*> allowed;
    for (const BalanceUnit& unit : units)
      allowed.push_back(&unit);
    for (std::size_t i = allowed.size(); i > 1; --i)
      std::swap(allowed[i - 1], allowed[rng.below(i)]);
    if (profiles > 0 && static_cast<int>(allowed.size()) > profiles)
      allowed.resize(static_cast<std::size_t>(profiles));
    int left = points - static_cast<int>(rng.below(static_cast<std::uint64_t>(spread) + 1));
    nlohmann::json warband = nlohmann::json::array();
    while (true) {
      std::vector<const BalanceUnit*> fitting;
      for (const BalanceUnit* unit : allowed)
        if (unit->points <= left) fitting.push_back(unit);
      if (fitting.empty()) break;
      const BalanceUnit* unit = fitting[rng.below(fitting.size())];
      warband.push_back(unit->id);
      left -= unit->points;
    }
    // The side's spell cards join its warband (so a mirrored pair swaps them too).
    for (int c = 0; c < setup.value("spell_hand", 0); ++c)
      warband.push_back(kSpells[rng.below(kSpells.size())].id);
    setup["warbands"].push_back(warband);
  }
  return setup;
}

std::vector<BalanceCard> spell_cards(const nlohmann::json& setup) {
  std::vector<BalanceCard> cards;
  for (const Spell& s : kSpells)
    cards.push_back({.id = s.id,
                     .name = s.name,
                     .kind = "Spell",
                     .price_id = s.id,
                     .price = acti_of(setup, s)});
  return cards;
}

SideCards side_spells(const State& final_state) {
  SideCards held;
  const nlohmann::json& setup = final_state.game().setup();
  for (int side = 0; side < 2; ++side)
    for (const nlohmann::json& id : setup["warbands"][side])
      if (const Spell* s = find_spell(id.get<std::string>())) held[side].push_back(s->name);
  return held;
}

nlohmann::json apply_overrides(const nlohmann::json& base,
                               const std::vector<BalanceOverride>& overrides) {
  nlohmann::json setup = base.is_object() ? base : nlohmann::json::object();
  for (const auto& [path, value] : overrides) {
    bool spell_acti = false;
    for (const Spell& s : kSpells)
      spell_acti = spell_acti || path == fmt::format("spells.{}.acti", s.id);
    if (spell_acti) {
      const int acti = std::stoi(value);
      if (acti < 0 || acti > 30)
        throw InputError("--set " + path, fmt::format("expected AcTi 0 to 30, got {}", value));
      setup["content_overrides"][path] = acti;
      continue;
    }
    bool known = false;
    for (const Profile& p : kProfiles)
      known = known || path == fmt::format("units.{}.points", p.id);
    if (!known)
      throw InputError("--set " + path, "wager takes units.ID.points=N and spells.ID.acti=N");
    const int points = std::stoi(value);
    if (points < 1 || points > 10000)
      throw InputError("--set " + path, fmt::format("expected 1 to 10000 points, got {}", value));
    setup["content_overrides"][path] = points;
  }
  return setup;
}

const RulesetRegistrar registrar(Ruleset{
    .name = kRuleset,
    .title = "Wager",
    .summary = "Material decides a five-round wager (balance tests only)",
    .make_game = [](const nlohmann::json& setup) -> std::shared_ptr<const Game> {
      return std::make_shared<WagerGame>(setup);
    },
    .balance = BalanceHooks{
        .catalog = catalog,
        .points_limit = [](const nlohmann::json&) { return kPointsLimit; },
        .random_setup =
            [](const nlohmann::json& base, int points, int spread, std::uint64_t seed) {
              return skewed_setup(base, points, spread, 0, seed);
            },
        .apply_overrides = apply_overrides,
        .default_spread = [](int points) { return points / 2; },
        .skewed_setup = skewed_setup,
        .cards = spell_cards,
        .side_cards = side_spells,
        .card_price_name = "AcTi",
        .card_price_override =
            [](const std::string& id, int acti) {
              return BalanceOverride{"spells." + id + ".acti", std::to_string(acti)};
            },
    },
    .hints = {.what_if_paths = "units.ID.points, spells.ID.acti",
              .what_if_examples = {"units.pike.points=120", "spells.hex.acti=3"}},
});

}  // namespace

int fair_points(const std::string& id) {
  return static_cast<int>(std::lround(100 * profile(id, "fair_points").strength));
}

double margin_contribution(const std::string& id, double slope) {
  return 2 * slope * profile(id, "margin_contribution").strength;
}

int fair_acti(const std::string& id) {
  const Spell* s = find_spell(id);
  if (s == nullptr) throw InputError("fair_acti", fmt::format("unknown spell '{}'", id));
  return s->fair_acti;
}

}  // namespace warband::wager
