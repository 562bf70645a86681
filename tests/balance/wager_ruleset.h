// "wager": a tiny synthetic ruleset for the balance machinery's tests (registered in the test
// binary only). Four unit profiles, each with a hidden strength; a game is five chance rounds, Red
// taking each with probability 1 / (1 + exp(-kRoundLogOdds x (Red's strength - Blue's))), and the
// side with more rounds wins. Material decides the odds and nothing else does, so a unit's fair
// price is known: 100 points per 1 of strength. Prices change with `units.ID.points=N`
// (stats untouched), as AtomsPast's do.
#pragma once

#include <string>

namespace warband::wager {

inline constexpr const char* kRuleset = "wager";
inline constexpr double kRoundLogOdds = 0.5;  // per 1 of strength (100 fair points)

// The fair price of a profile of the catalog ("pike", "bow", "horse", "club").
int fair_points(const std::string& id);

// The margin mode, when the base setup says `"margin_slope": k` (balance's `--outcome margin`
// tests): Red takes each round with probability 0.5 + k x (Red's strength - Blue's) (kept within
// [0.02, 0.98]), and the round's loser loses a wound from each of its units (kRounds wounds each,
// so a unit falls when its side loses every round). A side's share of points destroyed is then
// the rounds it lost / kRounds, and Red's expected margin exactly 2k x the strength difference: a
// unit's planted margin contribution is 2k x its strength, linear, so its fair price by the
// margin is 100 points per 1 of strength as by the result.
inline constexpr int kRounds = 5;
double margin_contribution(const std::string& id, double slope);

// Spell cards, drawn only when the base setup says `"spell_hand": N` (N copies a side, of four
// spells): a copy adds kSpellStrength to its side at its fair AcTi and kActiStrength less per
// AcTi above it, so every spell is fairly priced at its fair AcTi. AcTi changes with
// `spells.ID.acti=N` (BalanceHooks::card_price_override), as AtomsPast's do.
inline constexpr double kSpellStrength = 0.3;
inline constexpr double kActiStrength = 0.1;
// The fair AcTi of a spell ("spark", "ward", "gale", "hex").
int fair_acti(const std::string& id);

}  // namespace warband::wager
