// AtomsPast collection documents (builder/collection.h): the miniatures a player owns. A
// collection is refused with InputError, or it reads to one whose TOML written, read back and
// written again is the same text, and that a sample warband can be checked against.
#include "core/registry.h"
#include "fuzz/support/fuzz_support.h"
#include "rulesets/atomspast/builder/collection.h"
#include "rulesets/atomspast/builder/warband_file.h"

using namespace warband;
using namespace warband::atomspast;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Content content = builder::load_builder_content("");
  const auto collection = fuzz::read_or_refuse([&] {
    return builder::parse_collection(std::string(fuzz::input_text(data, size)), "collection.toml");
  });
  if (!collection) return 0;
  const std::string printed = fuzz::must("the collection read", [&] {
    for (const WarbandDef& warband : content.warbands)
      builder::collection_shortfall(warband, content, *collection);
    return builder::collection_toml(*collection);
  });
  const std::string printed_again = fuzz::must("the written collection read back", [&] {
    return builder::collection_toml(builder::parse_collection(printed, "written.toml"));
  });
  fuzz::require_same(printed, printed_again, "a collection");
  return 0;
}
