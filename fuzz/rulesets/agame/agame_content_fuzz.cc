// content/agame's files (content.h): the input's first line names the file ("parameters.toml",
// "profiles.toml" or "lists.toml"), the rest is its text. A file is refused with InputError, or
// read; each attack of the profiles read then gives its dice bounds, as the odds query asks them;
// lists are read against the shipped profiles.
#include "core/registry.h"
#include "fuzz/support/fuzz_support.h"
#include "rulesets/agame/content.h"

using namespace warband;
using namespace warband::agame;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto [name, text] = fuzz::split_first_line(fuzz::input_text(data, size));
  if (name != "parameters.toml" && name != "profiles.toml" && name != "lists.toml") return 0;
  const std::string path = fuzz::ScratchFolder::instance().write(std::string(name), text);
  if (name == "parameters.toml") {
    fuzz::read_or_refuse([&] { return load_parameters(path); });
    return 0;
  }
  if (name == "lists.toml") {
    static const std::vector<Model> shipped =
        load_profiles(default_content_dir() + "/agame/profiles.toml");
    fuzz::read_or_refuse([&] { return load_lists(path, shipped).size(); });
    return 0;
  }
  fuzz::read_or_refuse([&] {
    const std::vector<Model> models = load_profiles(path);
    for (const Model& model : models)
      for (const Attack& attack : model.attacks) {
        model.fewest_dice(attack);
        model.most_dice(attack);
      }
    return models.size();
  });
  return 0;
}
