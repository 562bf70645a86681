// Reads content/agame/cards.toml (cards.h). Content files are untrusted input: every problem is an
// InputError naming the file, the line and what is wrong, never a crash.
#include "rulesets/agame/cards.h"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>
#include <toml++/toml.h>

#include <mutex>
#include <optional>

#include "core/error.h"
#include "core/file_io.h"
#include "core/input_limits.h"
#include "core/registry.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"

namespace warband::agame {
namespace {

// A content file's list limits: far above any real card file, small enough to read quickly.
constexpr std::size_t kMostCards = 500;
constexpr std::size_t kMostEffects = 8;
constexpr int kMostAmount = 24;

// The fields each effect kind takes besides `kind` (effect_kind_keys order).
struct EffectShape {
  bool amount = false;
  bool pool = false;
  bool stat = false;
  bool ability = false;
  bool terrain = false;
  bool range = false;
  int amount_min = 1;           // kModify may lower a number: -kMostAmount
  bool range_optional = false;  // counter_attack: a range only for a reaction to a move
};

const std::vector<EffectShape>& effect_shapes() {
  static const std::vector<EffectShape> shapes = {
      {.amount = true, .pool = true},                              // extra_dice
      {.amount = true},                                            // reroll
      {.amount = true, .stat = true, .amount_min = -kMostAmount},  // modify
      {.amount = true},                                            // move
      {.amount = true},                                            // heal
      {.amount = true},                                            // cancel_hits
      {.amount = true, .pool = true},                              // refresh_dice
      {.ability = true},                                           // grant_ability
      {.amount = true, .terrain = true, .range = true},            // place_terrain
      {.amount = true, .range = true},                             // place_objective
      {.amount = true, .range = true, .range_optional = true},     // counter_attack
      {},                                                          // stand_up
  };
  return shapes;
}

CardEffect read_effect(const std::string& path, const toml::table& table,
                       const std::string& context) {
  const TomlFields f(path, table, context);
  f.check_keys({"kind", "amount", "pool", "stat", "ability", "terrain", "range"});
  CardEffect effect;
  effect.kind = static_cast<EffectKind>(f.choice("kind", effect_kind_keys()));
  const EffectShape& shape = effect_shapes()[static_cast<std::size_t>(effect.kind)];
  const std::string kind(effect_kind_keys()[static_cast<std::size_t>(effect.kind)]);
  const auto refuse_extra = [&](std::string_view key, bool takes) {
    if (!takes && f.find(key))
      f.fail(*f.find(key), fmt::format("'{}' is not a field of a \"{}\" effect", key, kind));
  };
  refuse_extra("amount", shape.amount);
  refuse_extra("pool", shape.pool);
  refuse_extra("stat", shape.stat);
  refuse_extra("ability", shape.ability);
  refuse_extra("terrain", shape.terrain);
  refuse_extra("range", shape.range);
  // A vocabulary's first word ("none") is no choice in a file.
  const auto pick = [&](std::string_view key, const std::vector<std::string_view>& words) {
    const std::vector<std::string_view> choices(words.begin() + 1, words.end());
    return f.choice(key, choices) + 1;
  };
  if (shape.amount) {
    effect.amount = f.integer("amount", shape.amount_min, kMostAmount);
    if (effect.amount == 0) f.fail(*f.find("amount"), "'amount' must not be 0");
  }
  if (shape.pool) effect.pool = static_cast<Pool>(pick("pool", pool_keys()));
  if (shape.stat) effect.stat = static_cast<Stat>(pick("stat", stat_keys()));
  if (shape.ability) effect.ability = static_cast<GrantedAbility>(pick("ability", ability_keys()));
  if (shape.terrain) effect.terrain = static_cast<Terrain>(pick("terrain", terrain_keys()));
  if (shape.range && !(shape.range_optional && !f.find("range")))
    effect.range = f.integer("range", 1, 48);
  return effect;
}

Card read_card(const std::string& path, const toml::table& table, int index) {
  TomlFields f(path, table, fmt::format("card #{}", index + 1));
  f.check_keys({"id", "name", "timing", "reaction_to", "effect", "text"});
  Card card;
  card.id = f.id("id", "\"second_wind\"");
  f.set_context(fmt::format("card '{}'", card.id));
  card.name = f.string("name");
  if (card.name.empty()) f.fail(*f.find("name"), "'name' must not be empty");
  card.timing = static_cast<CardTiming>(f.choice("timing", timing_keys()));
  if (card.timing == CardTiming::kReaction) {
    const std::vector<std::string_view> triggers(trigger_keys().begin() + 1, trigger_keys().end());
    card.reaction_to = static_cast<ReactionTrigger>(f.choice("reaction_to", triggers) + 1);
  } else if (const toml::node* node = f.find("reaction_to")) {
    f.fail(*node, "'reaction_to' belongs only to a card of timing \"reaction\"");
  }
  const std::vector<const toml::table*> effects =
      f.tables_of("effect", "[[card.effect]] tables: kind = \"...\" and its numbers");
  if (effects.empty()) f.fail_here("has no effect: expected at least one [[card.effect]]");
  check_list_size(effects.size(), kMostEffects, f.where(*f.find("effect")), "effects");
  for (std::size_t i = 0; i < effects.size(); ++i) {
    card.effects.push_back(
        read_effect(path, *effects[i], fmt::format("card '{}' effect #{}", card.id, i + 1)));
    const CardEffect& effect = card.effects.back();
    // Dice are re-rolled once they are rolled: before that there is nothing to re-roll.
    if (effect.kind == EffectKind::kReroll && card.timing != CardTiming::kAfterRoll &&
        card.timing != CardTiming::kReaction)
      f.fail(*effects[i], "a \"reroll\" effect needs timing \"after_roll\" or \"reaction\"");
    if (effect.kind == EffectKind::kCancelHits && card.timing != CardTiming::kReaction)
      f.fail(*effects[i], "a \"cancel_hits\" effect needs timing \"reaction\"");
  }
  card.text = f.string("text");
  return card;
}

}  // namespace

const std::vector<std::string_view>& timing_keys() {
  static const std::vector<std::string_view> keys = {"setup", "activation", "before_roll",
                                                     "after_roll", "reaction"};
  return keys;
}
const std::vector<std::string_view>& trigger_keys() {
  static const std::vector<std::string_view> keys = {
      "none", "attacked", "hit", "wounded", "all_dodged", "dying", "enemy_moved"};
  return keys;
}
const std::vector<std::string_view>& effect_kind_keys() {
  static const std::vector<std::string_view> keys = {
      "extra_dice",    "reroll",          "modify",         "move",
      "heal",          "cancel_hits",     "refresh_dice",   "grant_ability",
      "place_terrain", "place_objective", "counter_attack", "stand_up"};
  return keys;
}
// In Pool's order, which the effect's `pool` indexes: "none", then the four of kPoolNames.
const std::vector<std::string_view>& pool_keys() {
  static const std::vector<std::string_view> keys = [] {
    std::vector<std::string_view> names(kPoolNames.size() + 1, "none");
    for (const PoolName& entry : kPoolNames)
      names[static_cast<std::size_t>(entry.pool)] = entry.name;
    return names;
  }();
  return keys;
}
const std::vector<std::string_view>& stat_keys() {
  static const std::vector<std::string_view> keys = {"none",   "accuracy", "power", "damage",
                                                     "chance", "defense",  "save"};
  return keys;
}
const std::vector<std::string_view>& ability_keys() {
  static const std::vector<std::string_view> keys = {"none", "mistform", "immovable", "wide",
                                                     "ignore_rough_terrain"};
  return keys;
}
const std::vector<std::string_view>& terrain_keys() {
  static const std::vector<std::string_view> keys = {"none", "rough", "cover", "wall", "hazard"};
  return keys;
}

std::string effect_words(const CardEffect& e) {
  const auto word = [](const std::vector<std::string_view>& keys, auto value) {
    return std::string(keys[static_cast<std::size_t>(value)]);
  };
  const std::string signed_amount = fmt::format("{:+}", e.amount);
  switch (e.kind) {
    case EffectKind::kExtraDice:
      return fmt::format("+{} {} {}", e.amount, word(pool_keys(), e.pool),
                         e.amount == 1 ? "die" : "dice");
    case EffectKind::kReroll:
      return fmt::format("re-roll up to {} {}", e.amount, e.amount == 1 ? "die" : "dice");
    case EffectKind::kModify:
      return fmt::format("{} {}", signed_amount, word(stat_keys(), e.stat));
    case EffectKind::kMove:
      return fmt::format("move up to {}\"", e.amount);
    case EffectKind::kHeal:
      return fmt::format("heal {} {}", e.amount, e.amount == 1 ? "wound" : "wounds");
    case EffectKind::kCancelHits:
      return fmt::format("cancel {} {}", e.amount, e.amount == 1 ? "hit" : "hits");
    case EffectKind::kRefreshDice:
      return fmt::format("regain {} spent {} {}", e.amount, word(pool_keys(), e.pool),
                         e.amount == 1 ? "die" : "dice");
    case EffectKind::kGrantAbility:
      return fmt::format("gain {} until the end of the round", word(ability_keys(), e.ability));
    case EffectKind::kPlaceTerrain:
      return fmt::format("place {}\" of {} terrain within {}\"", e.amount,
                         word(terrain_keys(), e.terrain), e.range);
    case EffectKind::kPlaceObjective:
      return fmt::format("place a {}-point objective within {}\" of the centre", e.amount, e.range);
    case EffectKind::kCounterAttack:
      return fmt::format("attack back with {} {}", e.amount, e.amount == 1 ? "die" : "dice");
    case EffectKind::kStandUp:
      return "stand up";
  }
  return "?";
}

std::vector<Card> parse_cards_toml(std::string_view text, const std::string& path) {
  const toml::table root = parse_toml_text(text, path);
  const TomlFields top(path, root);
  top.check_keys({"card"});
  const std::vector<const toml::table*> tables = top.tables_of("card", "[[card]] tables");
  if (tables.empty()) throw InputError(path, "no cards: expected [[card]] entries");
  check_list_size(tables.size(), kMostCards, path, "cards");
  std::vector<Card> cards;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    cards.push_back(read_card(path, *tables[i], static_cast<int>(i)));
    for (std::size_t j = 0; j < i; ++j)
      if (cards[j].id == cards[i].id)
        top.fail(*tables[i], fmt::format("card '{}' is listed twice", cards[i].id));
  }
  return cards;
}

std::vector<Card> load_cards(const std::string& path) {
  return parse_cards_toml(read_text_file(path), path);
}

const std::vector<Card>& content_cards() {
  static std::mutex mutex;
  static std::optional<std::vector<Card>> loaded;
  std::lock_guard lock(mutex);
  if (!loaded) loaded = load_cards(default_content_dir() + "/agame/cards.toml");
  return *loaded;
}

const Card* find_card(const std::vector<Card>& cards, std::string_view id) {
  for (const Card& card : cards)
    if (card.id == id) return &card;
  return nullptr;
}

double card_value(const Card& card) {
  // A die or a wound is worth about 1; a re-roll about half a die; what removes hits or strikes
  // back more; terrain and objectives are judged small, being placed once.
  auto weight = [](EffectKind kind) {
    switch (kind) {
      case EffectKind::kExtraDice:
      case EffectKind::kRefreshDice:
      case EffectKind::kHeal:
        return 1.0;
      case EffectKind::kReroll:
        return 0.6;
      case EffectKind::kModify:
        return 0.8;
      case EffectKind::kMove:
        return 0.2;  // per inch
      case EffectKind::kCancelHits:
        return 1.4;
      case EffectKind::kCounterAttack:
        return 1.2;
      case EffectKind::kGrantAbility:
        return 1.5;
      case EffectKind::kStandUp:
        return 0.8;
      case EffectKind::kPlaceTerrain:
        return 0.5;
      case EffectKind::kPlaceObjective:
        return 0.5;
    }
    return 0.5;
  };
  double value = 0;
  for (const CardEffect& effect : card.effects)
    value += weight(effect.kind) * std::max(1, std::abs(effect.amount));
  return value;
}

}  // namespace warband::agame
