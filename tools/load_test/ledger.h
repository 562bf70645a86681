// Every save the server confirmed during a load run: for each document the highest revision
// answered and the exact text that came with it, for each game the longest record length
// answered. The database must hold at least these afterwards, whatever happened to the server.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

namespace warband::load {

struct ConfirmedDocument {
  std::string id;
  std::int64_t revision = 0;
  std::string text;
};

struct ConfirmedGame {
  std::string id;
  std::int64_t length = 0;
};

class Ledger {
 public:
  // Records a 2xx answer that carried a saved document or game; a lower revision or length than
  // one already confirmed (which one client never sees) does not replace it.
  void confirm_document(const std::string& id, std::int64_t revision, const std::string& text);
  void confirm_game(const std::string& id, std::int64_t length);
  void merge(const Ledger& other);

  const std::map<std::string, ConfirmedDocument>& documents() const { return documents_; }
  const std::map<std::string, ConfirmedGame>& games() const { return games_; }
  // How many confirmations were recorded in all (every save, not only the latest of each).
  std::int64_t document_saves() const { return document_saves_; }
  std::int64_t game_saves() const { return game_saves_; }

  nlohmann::json to_json() const;
  // Throws InputError at `where` when the JSON is not a ledger.
  static Ledger from_json(const nlohmann::json& json, const std::string& where);

 private:
  std::map<std::string, ConfirmedDocument> documents_;
  std::map<std::string, ConfirmedGame> games_;
  std::int64_t document_saves_ = 0;
  std::int64_t game_saves_ = 0;
};

}  // namespace warband::load
