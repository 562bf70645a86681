// The builder operations that fill a warband's Spell Deck at once: deck-fill (the rest of the 50
// cards, a spread within each card's Knowledge) and deck-copy (another list's deck).
#include <fmt/format.h>

#include <algorithm>

#include "core/builder.h"
#include "core/error.h"
#include "rulesets/atomspast/atomspast_ruleset.h"
#include "rulesets/atomspast/builder/build_args.h"
#include "rulesets/atomspast/builder/list_view.h"
#include "rulesets/atomspast/builder/warband_file.h"

namespace warband::atomspast::builder {
namespace {

// The fill rule, in two passes, each round-robin (one copy per spell a round, never past a card's
// Knowledge) until the deck holds deck_size cards: first the spells already in the deck (in the
// deck's order: the player's theme, each up to its Knowledge), then every other spell in
// spells.toml's order (so an empty deck gets one copy of each spell before any gets a second).
std::vector<std::pair<std::string, int>> filled_deck(const WarbandDef& warband,
                                                     const Content& content) {
  std::vector<std::pair<std::string, int>> deck = warband.deck;
  std::vector<const SpellCard*> chosen, others;
  for (const auto& [id, copies] : deck)
    if (const SpellCard* spell = content.find_spell(id)) chosen.push_back(spell);
  for (const SpellCard& spell : content.spells)
    if (std::find(chosen.begin(), chosen.end(), &spell) == chosen.end()) others.push_back(&spell);
  int cards = deck_cards(warband);
  auto round_robin = [&](const std::vector<const SpellCard*>& spells) {
    for (bool added = true; added && cards < content.parameters.deck_size;) {
      added = false;
      for (const SpellCard* spell : spells) {
        if (cards >= content.parameters.deck_size) break;
        auto entry = std::find_if(deck.begin(), deck.end(),
                                  [&](const auto& e) { return e.first == spell->id; });
        if (entry != deck.end() && entry->second >= spell->knowledge) continue;
        if (entry != deck.end())
          ++entry->second;
        else
          deck.emplace_back(spell->id, 1);
        ++cards;
        added = true;
      }
    }
  };
  round_robin(chosen);
  round_robin(others);
  return deck;
}

BuildOutput run_deck_fill(const BuildInput& input) {
  const BuildDocument& document = document_arg(input, "the warband file");
  const Content content = content_arg(input);
  WarbandDef warband = load_list(document, content);
  const int before = deck_cards(warband);
  const int size = content.parameters.deck_size;
  if (before >= size)
    throw InputError("--file", fmt::format("the Spell Deck already has {} cards (a deck has {}): "
                                           "nothing to fill",
                                           before, size));
  warband.deck = filled_deck(warband, content);
  const int after = deck_cards(warband);
  std::string what = fmt::format("Filled the Spell Deck from {} to {} cards.", before, after);
  if (after < size)
    what +=
        fmt::format(" Every spell is at its Knowledge: the catalog allows no more than {}.", after);
  return saved_list(document, warband, content, what);
}

BuildOutput run_deck_copy(const BuildInput& input) {
  const BuildDocument& document = document_arg(input, "the warband file");
  const Content content = content_arg(input);
  WarbandDef warband = load_list(document, content);
  const auto from = input.texts.find("from");
  if (from == input.texts.end())
    throw InputError("--from", "missing: give the warband file whose Spell Deck to copy");
  const WarbandDef source = load_list(from->second, content);
  if (source.deck.empty())
    throw InputError("--from", fmt::format("{} has no Spell Deck to copy", source.name));
  warband.deck = source.deck;
  // The Kon Spell comes along when this list has none, so that the copy is playable at once.
  if (warband.kon_spell.empty() && !source.kon_spell.empty()) {
    warband.kon_spell = source.kon_spell;
    warband.kon_power_level = source.kon_power_level;
  }
  return saved_list(
      document, warband, content,
      fmt::format("Copied the Spell Deck of {} ({} cards).", source.name, deck_cards(warband)));
}

}  // namespace

std::vector<BuildOperation> deck_operations() {
  return {
      {"deck-fill",
       "Fill the Spell Deck to 50 cards, one copy a spell a round within each card's Knowledge: "
       "the deck's own spells first, then the others in catalog order",
       {file_option()},
       run_deck_fill,
       "warband"},
      {"deck-copy",
       "Replace the Spell Deck by another list's (and its Kon Spell when this list has none)",
       {file_option(),
        {"from", "The warband file whose Spell Deck to copy", BuildTakes::kOtherDocument, false,
         "warband"}},
       run_deck_copy,
       "warband"},
  };
}

}  // namespace warband::atomspast::builder
