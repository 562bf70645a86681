// AtomsPast warband documents (builder/warband_file.h): the builder's TOML list and its JSON twin
// (an input starting with '{'), against the built-in content. A list is refused with InputError,
// or it reads to a warband that validates and prices as `build validate` does, and whose TOML (and
// JSON) written, read back and written again is the same text.
#include "core/json_input.h"
#include "core/registry.h"
#include "fuzz/support/fuzz_support.h"
#include "rulesets/atomspast/builder/warband_file.h"

using namespace warband;
using namespace warband::atomspast;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Content content = builder::load_builder_content("");
  const std::string text(fuzz::input_text(data, size));
  const bool json = fuzz::looks_like_json(text);
  const auto warband = fuzz::read_or_refuse([&] {
    return json ? builder::parse_warband_json(text, "list.json", content)
                : builder::parse_warband_toml(text, "list.toml", content);
  });
  if (!warband) return 0;
  const std::string toml = fuzz::must("the list read", [&] {
    const Content priced = builder::content_with_custom_units(*warband, content);
    validate_warband(*warband, priced);
    warband_points(*warband, priced);
    return builder::warband_toml(*warband, content);
  });
  const std::string toml_again = fuzz::must("the written TOML read back", [&] {
    return builder::warband_toml(builder::parse_warband_toml(toml, "written.toml", content),
                                 content);
  });
  fuzz::require_same(toml, toml_again, "a warband list (TOML)");
  const std::string document = builder::warband_document(*warband, content).dump();
  const std::string document_again = fuzz::must("the written JSON read back", [&] {
    return builder::warband_document(builder::parse_warband_json(document, "written.json", content),
                                     content)
        .dump();
  });
  fuzz::require_same(document, document_again, "a warband list (JSON)");
  return 0;
}
