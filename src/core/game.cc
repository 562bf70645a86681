#include "core/game.h"

namespace warband {

std::uint64_t State::hash() const {
  // FNV-1a over the canonical JSON text: nlohmann sorts object keys, so the text is stable.
  const std::string text = to_json().dump();
  std::uint64_t digest = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) {
    digest ^= c;
    digest *= 0x100000001b3ULL;
  }
  return digest;
}

std::vector<double> State::evaluate() const {
  if (is_terminal()) return returns();
  return std::vector<double>(2, 0.0);
}

std::unique_ptr<State> State::determinize(int /*player*/, Rng& /*rng*/) const {
  return clone();
}

nlohmann::json State::table_view(int /*viewer*/) const {
  return {{"kind", "text"}, {"text", to_string()}};
}

nlohmann::json State::action_view(Action action) const {
  return {{"text", action_to_string(action)}};
}

}  // namespace warband
