#include "core/game.h"

#include "core/fnv1a.h"

namespace warband {

std::uint64_t State::hash() const {
  // FNV-1a over the canonical JSON text: nlohmann sorts object keys, so the text is stable.
  Fnv1a digest;
  digest.add(to_json().dump());
  return digest.digest();
}

std::span<const std::string_view> Game::endings() const {
  static constexpr std::string_view kGameOver[] = {"game over"};
  return kGameOver;
}

std::vector<double> State::evaluate() const {
  if (is_terminal()) return returns();
  return std::vector<double>(2, 0.0);
}

std::unique_ptr<State> State::determinize(int /*player*/, Rng& /*rng*/) const {
  return clone();
}

std::string State::to_string_for(int viewer) const {
  if (viewer == kSeesEverything) return to_string();
  const nlohmann::json table = table_view(viewer);
  const auto kind = table.find("kind");
  const auto text = table.find("text");
  if (kind != table.end() && *kind == "text" && text != table.end() && text->is_string())
    return text->get<std::string>();
  return to_string();
}

std::string State::to_string_fitting(int viewer, int /*columns*/) const {
  return to_string_for(viewer);
}

std::string State::action_to_string_for(int viewer, Action action) const {
  if (viewer == kSeesEverything) return action_to_string(action);
  const nlohmann::json view = action_view(action);
  const auto owner = view.find("private_to");
  if (owner != view.end() && owner->is_number_integer() && owner->get<int>() >= 0 &&
      owner->get<int>() != viewer)
    return "(hidden)";
  return action_to_string(action);
}

nlohmann::json State::table_view(int /*viewer*/) const {
  return {{"kind", "text"}, {"text", to_string()}};
}

nlohmann::json State::action_view(Action action) const {
  return {{"text", action_to_string(action)}};
}

}  // namespace warband
