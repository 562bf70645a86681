// `warband odds --json`: the result as one JSON object, probabilities to full double precision.
#include <cmath>

#include "core/odds_report.h"

namespace warband {

nlohmann::ordered_json odds_json(const OddsReport& report) {
  const OddsResult& result = report.result;
  const nlohmann::json exact = result.exact.to_json();
  nlohmann::ordered_json json;
  json["ruleset"] = report.ruleset;
  json["title"] = result.title;
  json["outcome_label"] = result.outcome_label;
  // Each outcome's fields in reading order: value first.
  nlohmann::ordered_json outcomes = nlohmann::ordered_json::array();
  for (const nlohmann::json& outcome : exact["outcomes"]) {
    nlohmann::ordered_json row;
    for (const char* key : {"value", "probability", "at_least", "at_most", "fraction"})
      if (outcome.contains(key)) row[key] = outcome[key];
    outcomes.push_back(std::move(row));
  }
  json["outcomes"] = std::move(outcomes);
  json["mean"] = exact["mean"];
  json["stdev"] = exact["stdev"];
  json["exact"] = exact["exact"];
  // An object keyed by name, in the query's order.
  nlohmann::ordered_json figures = nlohmann::ordered_json::object();
  for (const auto& [name, value] : result.figures)
    figures[name] = value;
  json["figures"] = std::move(figures);
  // A reader that sorts an object's keys (the server's own JSON does) still has the order.
  nlohmann::ordered_json figure_order = nlohmann::ordered_json::array();
  for (const auto& figure : result.figures)
    figure_order.push_back(figure.first);
  json["figure_order"] = std::move(figure_order);
  if (report.monte_carlo) {
    const MonteCarlo& monte_carlo = *report.monte_carlo;
    nlohmann::ordered_json sampled = nlohmann::ordered_json::array();
    for (const auto& [value, probability] : monte_carlo.sampled.outcomes())
      sampled.push_back({{"value", value}, {"probability", probability}});
    json["monte_carlo"] = {
        {"samples", monte_carlo.samples},
        {"seed", monte_carlo.seed},
        {"outcomes", std::move(sampled)},
        {"mean", monte_carlo.sampled.mean()},
        {"stdev", monte_carlo.sampled.stdev()},
        {"standard_error",
         monte_carlo.sampled.stdev() / std::sqrt(static_cast<double>(monte_carlo.samples))},
    };
  }
  return json;
}

}  // namespace warband
