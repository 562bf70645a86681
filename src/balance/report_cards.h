// The cards' part of a balance report (balance/balance_analysis.h's CardBalance): each card's
// worth in points beside what a deck builder counts it as now, by kind, with each kind's value of
// one price step and each card's suggested price, in Markdown, HTML and JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "balance/balance_analysis.h"

namespace warband::balance {

// "" when the run valued no card.
std::string cards_markdown(const BalanceAnalysis& analysis);
std::string cards_html(const BalanceAnalysis& analysis);
nlohmann::json cards_json(const BalanceAnalysis& analysis);
// Each kind's value of one price step (CardKindStep), as JSON.
nlohmann::json card_steps_json(const BalanceAnalysis& analysis);

}  // namespace warband::balance
