// content/atomspast's files, each read by its own reader (content_files.h), the others being the
// built-in ones: the input's first line names the file as the folder does ("units.toml",
// "maps/NAME.toml", "warbands/NAME.toml"), the rest is its text. A file is refused with
// InputError, or read. Content has no writer, so there is no round trip to hold it to.
#include "core/registry.h"
#include "fuzz/support/fuzz_support.h"
#include "rulesets/atomspast/content.h"
#include "rulesets/atomspast/content_files/content_files.h"
#include "rulesets/atomspast/points_formula.h"

using namespace warband;
using namespace warband::atomspast;

namespace {

const Content& built_in() {
  static const Content content = load_content(default_content_dir() + "/atomspast");
  return content;
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto [name, text] = fuzz::split_first_line(fuzz::input_text(data, size));
  const Content& content = built_in();
  namespace files = content_files;
  const auto write = [&, text = text] {
    return fuzz::ScratchFolder::instance().write("atomspast.toml", text);
  };
  if (name == "parameters.toml") {
    fuzz::read_or_refuse([&] { return files::load_parameters(write()); });
  } else if (name == "weapons.toml") {
    fuzz::read_or_refuse([&] { return files::load_weapons(write()); });
  } else if (name == "units.toml") {
    fuzz::read_or_refuse([&] { return files::load_units(write(), content.weapons); });
  } else if (name == "spells.toml") {
    fuzz::read_or_refuse([&] { return files::load_spells(write()); });
  } else if (name == "points.toml") {
    fuzz::read_or_refuse([&] {
      const PointsFormula points = files::load_points(write(), content.units, content.weapons);
      for (const UnitProfile& unit : content.units)
        price_unit(unit, points);
      return points;
    });
  } else if (name == "heuristics.toml") {
    fuzz::read_or_refuse([&] { return files::load_heuristics(write()); });
  } else if (starts_with(name, "maps/")) {
    fuzz::read_or_refuse([&] { return files::load_map(write()); });
  } else if (starts_with(name, "warbands/")) {
    fuzz::read_or_refuse([&] { return load_warband_file(write(), content); });
  }
  return 0;
}
