// The immutable A Game game (seed 004): two warbands as lists of profiles
// (content/agame/profiles.toml, lists.toml), a table of terrain (content/agame/tables/*.table.toml)
// and the numbers of content/agame/parameters.toml. Everything fixed for a game lives here; the
// State (agame_state.h) holds only what changes. Each side also brings a deck of draft cards
// (content/agame/decks/, cards.toml) that the game's first decisions draft (draft.h).
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/tabletop.h"
#include "rulesets/agame/cards.h"
#include "rulesets/agame/content.h"
#include "rulesets/agame/draft.h"

namespace warband::agame {

struct BuildRules;
struct FolderFiles;

// "3 to 10 model skirmish war game": every model of both sides fits the state's fixed arrays.
inline constexpr int kMinModelsPerSide = 3;
inline constexpr int kMaxModelsPerSide = 10;
inline constexpr int kMaxGameModels = 2 * kMaxModelsPerSide;
// The most dice one roll of the engine holds (a pool of a profile, a wild die lent on top).
inline constexpr int kMaxDice = 16;
inline constexpr const char* kDefaultTable = "open_field";
// The most cards a deck brings and a hand holds (the state keeps them in fixed arrays).
inline constexpr int kMaxDeck = 16;
inline constexpr int kMaxHand = 16;

// One model as the game fixes it: its profile and its base.
struct GameModel {
  Model profile;
  int side = 0;
  std::string name;   // the warband's name for it, else its profile's
  std::string label;  // "R1", "B3"
  int diameter = 100;
  tabletop::Point start;
};

// What a new-game form may offer: {"maps": the tables, "warbands": the shipped lists, then the
// shipped warband documents, "decks": the shipped decks}.
nlohmann::json setup_choices(const std::string& content_dir);

class AGameGame : public Game, public std::enable_shared_from_this<AGameGame> {
 public:
  // setup: {"map": a table id or file, "warbands": [Red's, Blue's], each a list id of
  // lists.toml, a shipped warband's id (warbands/), a *.warband.toml file, the warband inline as
  // its JSON export or an array of profile names, "decks": [Red's, Blue's], each a shipped deck's
  // id (decks/), a *.deck.toml file or the deck inline as its JSON export (default: the shipped
  // decks, in id order), "parameters": {"round_limit": N, "draft": 0 or 1 (default 1: the game
  // opens with the draft)}}. Throws InputError naming the field for unknown content, a warband
  // breaking the builder's rules (every problem), a side of fewer than 3 or more than 10 models, a
  // pool beyond kMaxDice, or a side that does not fit its deployment zone.
  explicit AGameGame(const nlohmann::json& setup);

  const GameInfo& info() const override { return info_; }
  // A side with no model standing, or the round limit (agame_state.cc).
  std::span<const std::string_view> endings() const override;
  std::unique_ptr<State> new_initial_state() const override;
  std::unique_ptr<State> state_from_json(const nlohmann::json& json) const override;
  const nlohmann::json& setup() const override { return setup_; }

  const Parameters& parameters() const { return content_->parameters; }
  const tabletop::Table& table() const { return table_; }
  const std::string& table_name() const { return table_name_; }
  const std::string& piece_name(int piece) const { return piece_names_[piece]; }
  const std::vector<std::string>& piece_names() const { return piece_names_; }
  int model_count() const { return static_cast<int>(models_.size()); }
  const GameModel& model(int index) const { return models_[index]; }
  const std::string& warband_name(int side) const { return warband_names_[side]; }
  int round_limit() const { return round_limit_; }

  // The draft and its cards: off when the setup's parameter "draft" is 0 (no decks, no cards).
  bool draft_on() const { return draft_on_; }
  const DraftRules& draft_rules() const { return draft_rules_; }
  const std::vector<Card>& cards() const { return cards_; }
  const Card& card(int index) const { return cards_[index]; }
  // Side's deck as it was brought (before the shuffle): indexes into cards().
  const std::vector<int>& deck(int side) const { return decks_[side]; }
  const std::string& deck_name(int side) const { return deck_names_[side]; }

 private:
  // The draft's rules and cards, and each side's deck (the setup's, or the folder's first two).
  void take_decks(const FolderFiles& files, const BuildRules& rules);

  nlohmann::json setup_;
  GameInfo info_;
  // The folder's content, held with its cache entry (folder_files.h), not copied a game.
  std::shared_ptr<const Content> content_;
  tabletop::Table table_;
  std::string table_name_;
  std::vector<std::string> piece_names_;
  std::vector<GameModel> models_;
  std::string warband_names_[2];
  int round_limit_ = 8;
  bool draft_on_ = true;
  DraftRules draft_rules_;
  std::vector<Card> cards_;
  std::vector<int> decks_[2];
  std::string deck_names_[2];
};

}  // namespace warband::agame
