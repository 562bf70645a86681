// What travels between the ranks of warband_mpi_balance, as JSON: a --reprice round's settings
// (rank 0 to every rank) and the games each rank played of it (every rank to rank 0). Exact:
// integers as integers, doubles in the shortest text that reads back to the same double.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "balance/balance_run.h"
#include "sim/match.h"

namespace warband::mpi {

// Every field of BalanceSettings but the budget (a rank's own). A field added to BalanceSettings
// must be added here, or the ranks play another run than rank 0 asked for (the CTest
// MpiBalance.TwoRanksEqualOneProcess then fails).
nlohmann::json round_settings_json(const balance::BalanceSettings& settings);
balance::BalanceSettings round_settings_from_json(const nlohmann::json& json);

nlohmann::json games_json(const std::vector<sim::GameResult>& games);
// Throws InputError naming the field if `json` is not what games_json writes.
std::vector<sim::GameResult> games_from_json(const nlohmann::json& json);

}  // namespace warband::mpi
