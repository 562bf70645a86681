#include "rulesets/agame/card_values.h"

#include <toml++/toml.h>

#include <filesystem>

#include "core/toml_fields.h"
#include "core/toml_input.h"

namespace warband::agame {

std::map<std::string, int> load_card_values(const std::string& path,
                                            const std::vector<Card>& cards) {
  std::map<std::string, int> values;
  if (!std::filesystem::exists(path)) return values;
  const toml::table root = parse_toml_file(path);
  const TomlFields top(path, root);
  top.check_keys({"values"});
  const TomlFields table(path, top.table("values", "a [values] table of card ids and points"),
                         "values");
  std::vector<std::string_view> ids;
  for (const Card& card : cards)
    ids.push_back(card.id);
  // Every key a card of cards.toml, with a did-you-mean hint for a near miss.
  table.check_keys(ids);
  for (const Card& card : cards)
    if (table.has(card.id)) values[card.id] = table.integer(card.id, -1000, 1000);
  return values;
}

}  // namespace warband::agame
