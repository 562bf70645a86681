// The immutable AtomsPast game: content, parameters, the map and the two warbands of one match.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/grid.h"
#include "rulesets/atomspast/content.h"

namespace warband::atomspast {

inline constexpr int kMaxUnits = 48;
inline constexpr int kMaxUnitsPerSide = 24;
inline constexpr int kMaxGameSpells = 64;

// One unit of a warband as it starts the game.
struct RosterEntry {
  int side = 0;
  const UnitProfile* profile = nullptr;
  bool is_kon = false;
  // The points the bots weigh it at as material: its price, or the setup's "material_points"
  // for its profile (a balance run's reference prices, so that a price under test does not
  // change how the bots play it: docs/sim.md, "Lists at the reference prices").
  int material = 0;
  char label[4] = {};  // "R1", "b12": shown on the board
};

// A rectangle of spaces, corners included.
struct DeployZone {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

// A spell card that appears in either deck of this game, by a small local index, with its
// slot and effect references resolved to indices once.
struct GameSpell {
  const SpellCard* card = nullptr;
  std::vector<int> slot_near;    // per target slot: the slot it must be near, or -1
  std::vector<int> effect_slot;  // per effect: its target slot, or -1
  enum When { kAlways, kIfDestroyed, kIfSurvived };
  std::vector<When> effect_when;
  std::vector<int> effect_when_slot;
};

// The content a setup plays with: its folder's (loaded again when a file changed,
// loaded_content.h) with its content_overrides applied.
std::shared_ptr<const Content> setup_content(const nlohmann::json& setup);

// The warbands a setup without any plays, Red's then Blue's.
inline const std::vector<std::string> kDefaultWarbands = {"toms_orcs", "jerrys_elves"};

// What a new-game form may offer (Ruleset::setup_choices): the maps and warbands of the
// content root `content_dir` ("" = the built-in content), {"maps": [{"id", "name", ...}],
// "warbands": [{"id", "name", "points", ...}], "default_warbands": kDefaultWarbands (when the
// folder holds both)}. Bad content throws InputError.
nlohmann::json setup_choices(const std::string& content_dir);

class AtomsPastGame : public Game, public std::enable_shared_from_this<AtomsPastGame> {
 public:
  // Throws InputError when the setup names unknown content or an illegal warband.
  explicit AtomsPastGame(const nlohmann::json& setup);

  const GameInfo& info() const override { return info_; }
  std::unique_ptr<State> new_initial_state() const override;
  std::unique_ptr<State> state_from_json(const nlohmann::json& json) const override;
  const nlohmann::json& setup() const override { return setup_; }
  // How the Kon fell, or the turn limit (state_text.cc).
  std::span<const std::string_view> endings() const override;

  const Content& content() const { return *content_; }
  const Parameters& parameters() const { return parameters_; }
  const MapDef& map() const { return map_; }
  const grid::Board& board() const { return map_.board; }
  const WarbandDef& warband(int side) const { return warbands_[side]; }
  const std::vector<RosterEntry>& roster() const { return roster_; }
  const std::vector<GameSpell>& spells() const { return spells_; }
  const SpellCard& spell(int game_spell) const { return *spells_[game_spell].card; }
  const GameSpell& game_spell(int game_spell) const { return spells_[game_spell]; }
  // Starting deck of a side (Kon's copy removed), counts by game spell index.
  const std::vector<int>& starting_deck(int side) const { return decks_[side]; }
  int kon_spell(int side) const { return kon_spells_[side]; }
  int kon_power_level(int side) const { return warbands_[side].kon_power_level; }
  int kon_unit(int side) const { return kon_units_[side]; }
  // `side`'s deployment zone: "up to Range 3 from his board edge".
  DeployZone deploy_zone(int side) const;
  // The Move a single space would spend walking from a to b around Walls, climbing and through
  // Difficult Terrain, units ignored (at most 255): bots' sense of distance (state_heuristics.cc).
  // Computed on first use, for every pair of spaces; the table is read once an evaluation.
  struct TravelCosts {
    const std::uint8_t* table;  // [a * cells + b], a and b = y * width + x
    int cells;
    // From space index `a` to space index `b` (each y * width + x).
    int operator()(int a, int b) const { return table[a * cells + b]; }
  };
  TravelCosts travel_costs() const;

 private:
  void add_custom_units();  // the warbands' own profiles join this game's content
  nlohmann::json setup_;
  GameInfo info_;
  std::shared_ptr<const Content> content_;
  Parameters parameters_;
  MapDef map_;
  WarbandDef warbands_[2];
  std::vector<RosterEntry> roster_;
  std::vector<GameSpell> spells_;
  std::vector<int> decks_[2];
  int kon_spells_[2] = {-1, -1};
  int kon_units_[2] = {-1, -1};
  mutable std::once_flag travel_once_;
  // travel_costs()' table, shared by the games on the same terrain.
  mutable std::shared_ptr<const std::vector<std::uint8_t>> travel_;
};

}  // namespace warband::atomspast
