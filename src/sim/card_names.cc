#include "sim/card_names.h"

#include <deque>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

#include "core/error.h"

namespace warband::sim {
namespace {

struct CardNameTable {
  std::shared_mutex mutex;
  std::deque<std::string> names;  // by id
  std::unordered_map<std::string, CardId> ids;
};

CardNameTable& card_name_table() {
  static CardNameTable table;
  return table;
}

}  // namespace

CardId card_id(std::string_view name) {
  CardNameTable& table = card_name_table();
  const std::string key(name);
  {
    const std::shared_lock read(table.mutex);
    if (const auto found = table.ids.find(key); found != table.ids.end()) return found->second;
  }
  const std::unique_lock write(table.mutex);
  const auto [at, added] = table.ids.try_emplace(key, static_cast<CardId>(table.names.size()));
  if (added) table.names.push_back(key);
  return at->second;
}

std::string card_name(CardId id) {
  CardNameTable& table = card_name_table();
  const std::shared_lock read(table.mutex);
  WB_CHECK(id < table.names.size());
  return table.names[id];
}

std::vector<CardId> card_ids(const std::vector<std::string>& names) {
  std::vector<CardId> ids;
  ids.reserve(names.size());
  for (const std::string& name : names)
    ids.push_back(card_id(name));
  return ids;
}

std::vector<std::string> card_names(const std::vector<CardId>& ids) {
  std::vector<std::string> names;
  names.reserve(ids.size());
  for (const CardId id : ids)
    names.push_back(card_name(id));
  return names;
}

}  // namespace warband::sim
