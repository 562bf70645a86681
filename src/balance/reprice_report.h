// A repricing as programs read it: the JSON of `warband balance --reprice --json` and of the
// server's reprice job (docs/api.md, "Balance"), one shape for both.
#pragma once

#include <nlohmann/json.hpp>

#include "balance/reprice.h"

namespace warband::balance {

// {rounds, games, games_per_round, tolerance, price_tolerance, max_rounds, all_frozen, units:
// [{id, name, old, new, estimable, suggested, low, high, frozen_round}], card_price, cards:
// [{price_id, price_path, name, kind, old, new, estimable, suggested, low, high, frozen_round}],
// last_round: {first_game, games, price_jitter, overrides: [{path, value}]}}: frozen_round counts
// from 0 (-1: not frozen); last_round is what replays the report's games (its prices as
// overrides). A pure function of the result: no registry look-up.
nlohmann::json reprice_json(const RepriceResult& result);

}  // namespace warband::balance
