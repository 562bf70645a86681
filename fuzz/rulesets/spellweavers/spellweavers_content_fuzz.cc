// content/spellweavers's files: the input's first line names the file as the folder does
// ("parameters.toml", "wizards/NAME.wizard.toml", "maps/NAME.toml"), the rest is its text. A
// file is refused with InputError, or read. (Wizards are also builder documents, held to their
// round trip by spellweavers_wizard_fuzz.cc; maps are held to what they promise by
// spellweavers_map_fuzz.cc.)
#include "fuzz/support/fuzz_support.h"
#include "rulesets/spellweavers/battle_map.h"
#include "rulesets/spellweavers/parameters.h"
#include "rulesets/spellweavers/wizard_file.h"

using namespace warband;
using namespace warband::spellweavers;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto [name, text] = fuzz::split_first_line(fuzz::input_text(data, size));
  if (name == "parameters.toml") {
    const std::string path = fuzz::ScratchFolder::instance().write("parameters.toml", text);
    fuzz::read_or_refuse([&] { return load_parameters(path); });
  } else if (name.substr(0, 8) == "wizards/") {
    const std::string path = fuzz::ScratchFolder::instance().write("sample.wizard.toml", text);
    fuzz::read_or_refuse([&] { return load_wizard_file(path); });
  } else if (name.substr(0, 5) == "maps/") {
    const std::string path = fuzz::ScratchFolder::instance().write("sample_map.toml", text);
    fuzz::read_or_refuse([&] { return load_battle_map(path); });
  }
  return 0;
}
