#include <fmt/format.h>

#include "bots/bot.h"
#include "bots/random_bot.h"
#include "core/error.h"

namespace warband::bots {

std::unique_ptr<Bot> make_bot(const std::string& text, const std::string& where) {
  const BotSpec spec = BotSpec::parse(text, where);
  if (spec.kind == "random") {
    spec.expect_only({}, where);
    return std::make_unique<RandomBot>(text);
  }
  throw InputError(where, fmt::format("unknown bot '{}'; known bots: random", spec.kind));
}

std::string bot_help() {
  return "random  a uniformly random legal action\n";
}

}  // namespace warband::bots
