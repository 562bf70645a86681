// Sweep summaries (sim/summary.h): `replay --sim` and `sim merge` read them. A summary is refused
// with InputError, or it reads to one that writes JSON reading back to the same JSON; merging it
// with itself is refused (the games overlap) or gives a summary, never a crash.
#include "core/json_input.h"
#include "fuzz/support/fuzz_support.h"
#include "sim/summary.h"

using namespace warband;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto summary = fuzz::read_or_refuse([&] {
    return sim::Summary::from_json(parse_json(fuzz::input_text(data, size), "summary.json"),
                                   "summary.json");
  });
  if (!summary) return 0;
  const std::string printed = fuzz::must("the summary read", [&] {
    summary->totals();
    summary->missing();
    return summary->to_json().dump();
  });
  const std::string printed_again = fuzz::must("the written summary read back", [&] {
    return sim::Summary::from_json(nlohmann::json::parse(printed), "written").to_json().dump();
  });
  fuzz::require_same(printed, printed_again, "a summary read from JSON");
  fuzz::read_or_refuse([&] {
    return sim::merge_summaries({*summary, *summary}, {"a.json", "b.json"}).to_json().dump();
  });
  return 0;
}
