// Card names as small ids, one table per process: a sweep keeps each game's cards (GameResult::
// cards, one entry per copy) by id, not one string per copy per game, which was most of a balance
// run's memory a game. Append-only and thread-safe: an id means one name for the process's life.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace warband::sim {

using CardId = std::uint32_t;

// `name`'s id, added to the table the first time it is seen.
CardId card_id(std::string_view name);
// The name of an id card_id gave (InternalError for another).
std::string card_name(CardId id);

// Each name's id, in order.
std::vector<CardId> card_ids(const std::vector<std::string>& names);
// Each id's name, in order.
std::vector<std::string> card_names(const std::vector<CardId>& ids);

}  // namespace warband::sim
