// Game logs (core/game_record.h): `warband replay`, POST /api/replays/import and every stored
// game read them. A log is refused with InputError, or it replays to a record whose log, written
// and replayed again, writes the same.
#include "core/game_record.h"
#include "core/json_input.h"
#include "fuzz/support/fuzz_support.h"

using namespace warband;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto printed = fuzz::read_or_refuse([&] {
    return GameRecord::replay(parse_json(fuzz::input_text(data, size), "log")).to_json().dump();
  });
  if (!printed) return 0;
  const std::string printed_again = fuzz::must("the written log replayed", [&] {
    return GameRecord::replay(parse_json(*printed, "written log")).to_json().dump();
  });
  fuzz::require_same(*printed, printed_again, "a replayed log");
  return 0;
}
