// The immutable Spellweavers game: parameters, the battlefield and the wizards of one combat
// (seed 002, "COMBAT RULES"). Each side is one or more wizards read from the builder's wizard
// files; the wizards stand on their side's start squares in order.
#pragma once

#include <array>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/grid.h"
#include "rulesets/spellweavers/battle_map.h"
#include "rulesets/spellweavers/parameters.h"
#include "rulesets/spellweavers/spell.h"
#include "rulesets/spellweavers/wizard.h"

namespace warband::spellweavers {

inline constexpr int kMaxWizards = 2 * kMaxWizardsPerSide;  // both sides together
// The most entities one conjuration brings (Annoying Imps: "Quantity: 3").
inline constexpr int kConjurationSlots = 3;
// Wizards first, then each wizard's conjuration slots: every combatant keeps its index all game.
inline constexpr int kMaxCombatants = kMaxWizards + kMaxWizards * kConjurationSlots;
inline constexpr int kMaxSpellsPerWizard = 32;

// The map a game is played on unless the setup names one.
inline constexpr const char* kDefaultMap = "open_field";
// What turn_limit = 0 ("no limit") means for the engine: a bound no real battle reaches.
inline constexpr int kNoLimitRounds = 200;

inline int conjuration_slot(int wizard, int k) {
  return kMaxWizards + wizard * kConjurationSlots + k;
}

// One spell of a wizard as the engine casts it: the spell and what each action count costs.
struct GameSpell {
  Spell spell;
  std::array<int, 3> mp_cost{-1, -1, -1};  // by actions 0..2; -1: not castable that way
  int damage_dice = 0;                     // X of Damage (0: none)
  int healing_dice = 0;                    // X of Healing
};

// What the bots read of a wizard's spells (state_heuristics.cc): its farthest damage spell and the
// least MP one costs (-1 range when it has none; Snipe counts as kUnlimitedRange).
inline constexpr int kUnlimitedRange = 1000;
struct AttackReach {
  int range = -1;
  int min_mp = 0;
};

struct GameWizard {
  Wizard wizard;
  int side = 0;
  std::string label;  // "R1", "B2": shown on the board
  std::vector<GameSpell> spells;
  AttackReach attack;
};

// What a new-game form may offer (Ruleset::setup_choices): {"maps": [...], "warbands": [...]},
// the warbands being the content's wizards, one each.
nlohmann::json setup_choices(const std::string& content_dir);

class SpellweaversGame : public Game, public std::enable_shared_from_this<SpellweaversGame> {
 public:
  // Throws InputError when the setup names unknown content, or a wizard or map is wrong.
  explicit SpellweaversGame(const nlohmann::json& setup);

  const GameInfo& info() const override { return info_; }
  // A side knocked out, or the round limit (state_text.cc).
  std::span<const std::string_view> endings() const override;
  std::unique_ptr<State> new_initial_state() const override;
  std::unique_ptr<State> state_from_json(const nlohmann::json& json) const override;
  const nlohmann::json& setup() const override { return setup_; }

  const Parameters& parameters() const { return parameters_; }
  const BattleMap& map() const { return map_; }
  const grid::Board& board() const { return map_.board; }
  // The rounds after which the battle ends (turn_limit, or kNoLimitRounds for "no limit").
  int round_limit() const;
  int num_wizards() const { return static_cast<int>(wizards_.size()); }
  const GameWizard& wizard(int index) const { return wizards_[index]; }

 private:
  nlohmann::json setup_;
  GameInfo info_;
  Parameters parameters_;
  BattleMap map_;
  std::vector<GameWizard> wizards_;
};

}  // namespace warband::spellweavers
