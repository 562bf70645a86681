#include "ledger.h"

#include "core/error.h"

namespace warband::load {

void Ledger::confirm_document(const std::string& id, std::int64_t revision,
                              const std::string& text) {
  ++document_saves_;
  auto [it, added] = documents_.try_emplace(id, ConfirmedDocument{id, revision, text});
  if (!added && revision > it->second.revision) it->second = ConfirmedDocument{id, revision, text};
}

void Ledger::confirm_game(const std::string& id, std::int64_t length) {
  ++game_saves_;
  auto [it, added] = games_.try_emplace(id, ConfirmedGame{id, length});
  if (!added && length > it->second.length) it->second.length = length;
}

void Ledger::merge(const Ledger& other) {
  for (const auto& [id, document] : other.documents_) {
    auto [it, added] = documents_.try_emplace(id, document);
    if (!added && document.revision > it->second.revision) it->second = document;
  }
  for (const auto& [id, game] : other.games_) {
    auto [it, added] = games_.try_emplace(id, game);
    if (!added && game.length > it->second.length) it->second = game;
  }
  document_saves_ += other.document_saves_;
  game_saves_ += other.game_saves_;
}

nlohmann::json Ledger::to_json() const {
  nlohmann::json documents = nlohmann::json::array();
  for (const auto& [id, document] : documents_)
    documents.push_back({{"id", id}, {"revision", document.revision}, {"text", document.text}});
  nlohmann::json games = nlohmann::json::array();
  for (const auto& [id, game] : games_)
    games.push_back({{"id", id}, {"length", game.length}});
  return {{"documents", documents},
          {"games", games},
          {"document_saves", document_saves_},
          {"game_saves", game_saves_}};
}

Ledger Ledger::from_json(const nlohmann::json& json, const std::string& where) {
  const auto field = [&](const nlohmann::json& object, const char* name, auto check,
                         const std::string& at) -> const nlohmann::json& {
    if (!object.is_object() || !object.contains(name) || !check(object[name]))
      throw InputError(at, std::string("expected a field '") + name + "' of the right type");
    return object[name];
  };
  const auto is_array = [](const nlohmann::json& v) { return v.is_array(); };
  const auto is_string = [](const nlohmann::json& v) { return v.is_string(); };
  const auto is_int = [](const nlohmann::json& v) { return v.is_number_integer(); };
  Ledger ledger;
  int index = 0;
  for (const auto& document : field(json, "documents", is_array, where)) {
    const std::string at = where + ": documents[" + std::to_string(index++) + "]";
    const std::string id = field(document, "id", is_string, at).get<std::string>();
    ledger.documents_[id] =
        ConfirmedDocument{id, field(document, "revision", is_int, at).get<std::int64_t>(),
                          field(document, "text", is_string, at).get<std::string>()};
  }
  index = 0;
  for (const auto& game : field(json, "games", is_array, where)) {
    const std::string at = where + ": games[" + std::to_string(index++) + "]";
    const std::string id = field(game, "id", is_string, at).get<std::string>();
    ledger.games_[id] = ConfirmedGame{id, field(game, "length", is_int, at).get<std::int64_t>()};
  }
  ledger.document_saves_ = field(json, "document_saves", is_int, where).get<std::int64_t>();
  ledger.game_saves_ = field(json, "game_saves", is_int, where).get<std::int64_t>();
  return ledger;
}

}  // namespace warband::load
