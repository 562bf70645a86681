#include "balance/reprice_report.h"

namespace warband::balance {

nlohmann::json reprice_json(const RepriceResult& result) {
  nlohmann::json units = nlohmann::json::array();
  for (const RepricedUnit& unit : result.units)
    units.push_back({{"id", unit.id},
                     {"name", unit.name},
                     {"old", unit.old_points},
                     {"new", unit.new_points},
                     {"estimable", unit.estimable},
                     {"suggested", unit.suggested},
                     {"low", unit.low},
                     {"high", unit.high},
                     {"frozen_round", unit.frozen_round}});
  nlohmann::json cards = nlohmann::json::array();
  for (const RepricedCard& card : result.cards)
    cards.push_back({{"price_id", card.price_id},
                     {"price_path", card.price_path},
                     {"name", card.name},
                     {"kind", card.kind},
                     {"old", card.old_price},
                     {"new", card.new_price},
                     {"estimable", card.estimable},
                     {"suggested", card.suggested},
                     {"low", card.low},
                     {"high", card.high},
                     {"frozen_round", card.frozen_round}});
  nlohmann::json overrides = nlohmann::json::array();
  for (const auto& [path, value] : result.last_round.overrides)
    overrides.push_back({{"path", path}, {"value", value}});
  return {{"outcome", outcome_name(result.settings.balance.outcome)},
          {"rounds", result.rounds},
          {"games", result.games},
          {"games_per_round", games_per_round(result.settings)},
          {"tolerance", result.settings.tolerance},
          {"price_tolerance", result.settings.price_tolerance},
          {"max_rounds", result.settings.max_rounds},
          {"all_frozen", result.all_frozen},
          {"rate_identified", result.rate_identified},
          {"units", units},
          {"card_price", result.card_price_name},
          {"cards", cards},
          {"last_round",
           {{"first_game", result.last_round.first_game},
            {"games", result.last_round.games},
            {"price_jitter", result.last_round.price_jitter},
            {"lists", lists_name(lists_played(result.settings.balance))},
            {"mirrored", result.last_round.mirrored},
            {"luck", result.last_round.luck},
            {"overrides", overrides}}}};
}

}  // namespace warband::balance
