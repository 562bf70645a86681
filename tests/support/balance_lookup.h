// Finding a card's row in a balance analysis by name: the balance tests' one lookup.
#pragma once

#include <string>

#include "balance/balance_analysis.h"

namespace warband::balance {

// The card named `name`, or nullptr when the analysis has none.
inline const CardBalance* find_card(const BalanceAnalysis& analysis, const std::string& name) {
  for (const CardBalance& card : analysis.cards)
    if (card.name == name) return &card;
  return nullptr;
}

}  // namespace warband::balance
