// parameters.toml: every number the seed leaves open, by name, with the ranges `--set
// parameters.NAME` takes too (parameter_table.h: one range per parameter).
#include <string_view>
#include <vector>

#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "rulesets/atomspast/content_files/content_files.h"
#include "rulesets/atomspast/parameter_table.h"

namespace warband::atomspast::content_files {

Parameters load_parameters(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  const TomlFields top(path, root);
  top.check_keys({"parameters"});
  const TomlFields f(path, top.table("parameters", "a [parameters] table"), "parameters");
  std::vector<std::string_view> keys;
  for (const ParameterField& field : parameter_fields())
    keys.push_back(field.name);
  f.check_keys(keys);

  // Every field is optional; a missing one keeps the default documented in content.h.
  Parameters p;
  for (const ParameterField& field : parameter_fields()) {
    if (field.bool_field)
      p.*field.bool_field = f.boolean_or(field.name, p.*field.bool_field);
    else
      p.*field.int_field = f.integer_or(field.name, p.*field.int_field, field.min, field.max);
  }
  return p;
}

}  // namespace warband::atomspast::content_files
