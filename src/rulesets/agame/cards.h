// A Game's draft cards (content/agame/cards.toml): the project's proposal for the cards seed 004's
// draft never describes. A card says when it may be played (a timing of a small vocabulary) and
// what it does (effects of a small vocabulary the engine plays); docs/content/agame.md lists both.
// Reading throws InputError("cards.toml:LINE", what) on the first problem.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rulesets/agame/dice_pools.h"

namespace warband::agame {

// When a card may be played.
enum class CardTiming {
  kSetup,       // after deployment, before the first activation
  kActivation,  // at the start of one of its player's model's activations
  kBeforeRoll,  // before its player rolls dice (attack, defense, save or a 3+ test)
  kAfterRoll,   // after its player's dice are rolled, before they are compared
  kReaction,    // when its `reaction_to` event happens to one of its player's models
};

// What a reaction card answers.
enum class ReactionTrigger {
  kNone,        // the card is not a reaction
  kAttacked,    // an enemy attack names the model, before the attack's dice are rolled
  kHit,         // the attack scored hits on the model, before the dodge roll
  kWounded,     // the model lost wounds
  kAllDodged,   // every hit of an attack on the model was dodged
  kDying,       // the model fell to 0 wounds (Dying)
  kEnemyMoved,  // an enemy model ended a move within 3" of the model
};

// What a card does: one verb of the effect vocabulary with its numbers.
enum class EffectKind {
  kExtraDice,       // add `amount` dice of `pool` to the model for this activation or roll
  kReroll,          // re-roll up to `amount` of the dice just rolled (timing after_roll)
  kModify,          // `stat` (accuracy, power, damage, chance, defense, save) changes by `amount`
  kMove,            // the model moves up to `amount` inches, now
  kHeal,            // the model regains `amount` wounds (not above its profile's)
  kCancelHits,      // remove `amount` hits of the attack on the model
  kRefreshDice,     // the model regains `amount` spent dice of `pool`
  kGrantAbility,    // the model gains `ability` until the end of the round
  kPlaceTerrain,    // place a piece of `terrain`, `amount` inches across, wholly within `range`"
                    // of one of its player's models and not on a model
  kPlaceObjective,  // place an objective worth `amount` victory points within `range`" of the
                    // table's centre
  kCounterAttack,   // the model makes one of its attacks at the enemy now, with `amount` dice
  kStandUp,         // the model is no longer Prone (a Dying model stays Dying)
};

// What kModify changes.
enum class Stat { kNone, kAccuracy, kPower, kDamage, kChance, kDefense, kSave };
// What kGrantAbility gives: the seed's named states and abilities.
enum class GrantedAbility { kNone, kMistform, kImmovable, kWide, kIgnoreRoughTerrain };
// What kPlaceTerrain places.
enum class Terrain { kNone, kRough, kCover, kWall, kHazard };

struct CardEffect {
  EffectKind kind = EffectKind::kExtraDice;
  int amount = 0;
  Pool pool = Pool::kNone;
  Stat stat = Stat::kNone;
  GrantedAbility ability = GrantedAbility::kNone;
  Terrain terrain = Terrain::kNone;
  int range = 0;  // inches, kPlaceTerrain and kPlaceObjective

  bool operator==(const CardEffect&) const = default;
};

struct Card {
  std::string id;    // "second_wind": what decks and hands name
  std::string name;  // "Second Wind"
  CardTiming timing = CardTiming::kActivation;
  ReactionTrigger reaction_to = ReactionTrigger::kNone;
  std::vector<CardEffect> effects;  // in order
  std::string text;                 // the card as a player reads it

  bool operator==(const Card&) const = default;
};

// The words of the vocabularies, as cards.toml writes them (index = the enum's value).
const std::vector<std::string_view>& timing_keys();       // "setup", "activation", ...
const std::vector<std::string_view>& trigger_keys();      // "none", "attacked", ...
const std::vector<std::string_view>& effect_kind_keys();  // "extra_dice", ...
const std::vector<std::string_view>& pool_keys();         // "none", "attack", ...
const std::vector<std::string_view>& stat_keys();
const std::vector<std::string_view>& ability_keys();
const std::vector<std::string_view>& terrain_keys();

// The card's effects in words: "+1 attack die; re-roll up to 2 dice".
std::string effect_words(const CardEffect& effect);

// Reads a cards.toml text; `path` names it in errors. Ids are unique.
std::vector<Card> parse_cards_toml(std::string_view text, const std::string& path);
std::vector<Card> load_cards(const std::string& path);
// content/agame/cards.toml of the built-in content, read once.
const std::vector<Card>& content_cards();

// What a card is worth to a bot choosing in the draft: each effect's kind weight times its
// amount (at least 1), summed (cards.cc holds the weights, one per effect kind).
double card_value(const Card& card);

// The card of that id; nullptr when none.
const Card* find_card(const std::vector<Card>& cards, std::string_view id);

}  // namespace warband::agame
