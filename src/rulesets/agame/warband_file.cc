#include "rulesets/agame/warband_file.h"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <map>

#include "core/document_problems.h"
#include "core/error.h"
#include "core/input_limits.h"
#include "core/json_fields.h"
#include "core/text.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "rulesets/agame/document_text.h"

namespace warband::agame {
namespace {

constexpr const char* kWarbandFormat = "warband-agame-warband";
constexpr int kWarbandFormatVersion = 1;
constexpr int kMostExperience = 10000;

std::vector<std::string_view> profile_names(const BuildRules& rules) {
  std::vector<std::string_view> names;
  for (const Model& model : rules.content.models)
    names.push_back(model.name);
  return names;
}

}  // namespace

void read_warband_fields(const toml::table& table, const std::string& path,
                         const std::string& context, WarbandRead& out) {
  const TomlFields f(path, table, context);
  Warband& warband = out.warband;
  out.lines.top = f.where(table);
  const ProblemCollector attempt(out.problems);
  attempt([&] { f.check_keys({"name", "description", "points_limit", "models"}); });
  attempt([&] { warband.name = f.string("name", "the warband's name in quotes"); });
  attempt([&] { warband.description = f.string_or("description", ""); });
  attempt([&] {
    if (const toml::node* node = f.find("points_limit")) out.lines.points_limit = f.where(*node);
    warband.points_limit = f.integer("points_limit", 1, kMaxPointsLimit);
  });
  std::vector<const toml::table*> entries;
  attempt([&] {
    entries = f.tables_of("models", "[[models]] tables: profile = \"...\"");
    if (!entries.empty())
      check_list_size(entries.size(), kMaxWarbandModels, f.where(*f.find("models")), "models");
  });
  if (entries.size() > kMaxWarbandModels) entries.clear();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const std::string model_context =
        fmt::format("{}model #{}", context.empty() ? "" : context + " ", i + 1);
    const TomlFields m(path, *entries[i], model_context);
    WarbandModel model;
    out.lines.model.push_back(m.where(*entries[i]));
    attempt([&] { m.check_keys({"profile", "name", "experience", "advances"}); });
    attempt([&] { model.profile = m.string("profile", "a profile's name from profiles.toml"); });
    attempt([&] { model.name = m.string_or("name", ""); });
    attempt([&] { model.experience = m.integer_or("experience", 0, 0, kMostExperience); });
    attempt([&] {
      model.advances = m.strings_or_empty("advances", "a list of advance ids such as [\"tough\"]");
      check_list_size(model.advances.size(), kMaxWarbandModels, m.where(*entries[i]), "advances");
    });
    warband.models.push_back(std::move(model));
  }
}

WarbandRead read_warband_toml(std::string_view text, const std::string& path) {
  const toml::table root = parse_toml_text(text, path);
  WarbandRead out;
  read_warband_fields(root, path, "", out);
  out.lines.top = path + ":1";
  return out;
}

std::optional<Model> model_of(const WarbandModel& entry, const BuildRules& rules) {
  const Model* profile = rules.find_profile(entry.profile);
  if (!profile) return std::nullopt;
  return advanced(*profile, entry.advances, rules.experience);
}

int entry_points(const WarbandModel& entry, const BuildRules& rules) {
  const std::optional<Model> model = model_of(entry, rules);
  return model ? model_points(*model, rules.costs, rules.faces()) : 0;
}

int warband_points(const Warband& warband, const BuildRules& rules) {
  int points = 0;
  for (const WarbandModel& entry : warband.models)
    points += entry_points(entry, rules);
  return points;
}

std::vector<std::string> warband_problems(const Warband& warband, const BuildRules& rules,
                                          const WarbandLines& lines) {
  std::vector<std::string> problems;
  const WarbandRules& limits = rules.warband;
  if (warband.name.empty()) problems.push_back(at(lines.top, "the warband needs a name"));
  const int count = static_cast<int>(warband.models.size());
  if (count < limits.models_min || count > limits.models_max)
    problems.push_back(at(lines.top, fmt::format("{} model{}; a warband has {} to {} models "
                                                 "(warband.toml)",
                                                 count, count == 1 ? "" : "s", limits.models_min,
                                                 limits.models_max)));
  std::map<std::string, int> per_profile;
  std::map<std::string, int> per_class;
  for (std::size_t i = 0; i < warband.models.size(); ++i) {
    const WarbandModel& entry = warband.models[i];
    const std::string where = i < lines.model.size() ? lines.model[i] : "";
    const std::string who = fmt::format("model #{} ({})", i + 1, entry.label());
    const Model* profile = rules.find_profile(entry.profile);
    if (!profile) {
      problems.push_back(at(where, fmt::format("{}: no profile '{}' in profiles.toml{}", who,
                                               entry.profile.substr(0, 60),
                                               did_you_mean(entry.profile, profile_names(rules)))));
      continue;
    }
    if (++per_profile[profile->name] == limits.same_profile_max + 1)
      problems.push_back(at(where, fmt::format("{}: more than {} {} in one warband "
                                               "(warband.toml same_profile_max)",
                                               who, limits.same_profile_max, profile->name)));
    const std::string model_class = limits.class_of_model(*profile);
    if (model_class.empty()) {
      problems.push_back(
          at(where, fmt::format("{}: the profile's class '{}' is none of {}", who,
                                profile->model_class, fmt::join(limits.classes, ", "))));
    } else if (const auto most = limits.class_max.find(model_class);
               most != limits.class_max.end() && ++per_class[model_class] == most->second + 1) {
      problems.push_back(at(where, fmt::format("{}: more than {} {} models in one warband "
                                               "(warband.toml class_max)",
                                               who, most->second, model_class)));
    }
    for (const std::string& id : entry.advances)
      if (!rules.experience.find(id)) {
        std::vector<std::string_view> ids;
        for (const Advance& advance : rules.experience.advances)
          ids.push_back(advance.id);
        problems.push_back(at(where, fmt::format("{}: no advance '{}' in experience.toml{}", who,
                                                 id.substr(0, 60), did_you_mean(id, ids))));
      }
    const int earned = rules.experience.advances_earned(entry.experience);
    if (static_cast<int>(entry.advances.size()) > earned)
      problems.push_back(
          at(where, fmt::format("{}: {} advances, but {} experience earns {} "
                                "(one each {}, at most {})",
                                who, entry.advances.size(), entry.experience, earned,
                                rules.experience.advance_every, rules.experience.advances_max)));
  }
  const int points = warband_points(warband, rules);
  if (points > warband.points_limit)
    problems.push_back(at(lines.points_limit.empty() ? lines.top : lines.points_limit,
                          fmt::format("{} points, over the limit of {} by {}", points,
                                      warband.points_limit, points - warband.points_limit)));
  return problems;
}

std::vector<std::string> all_warband_problems(const WarbandRead& read, const BuildRules& rules) {
  return all_problems(read.problems, warband_problems(read.warband, rules, read.lines));
}

Warband parse_warband_toml(std::string_view text, const std::string& path) {
  WarbandRead read = read_warband_toml(text, path);
  refuse_problems(read.problems, path);
  return std::move(read.warband);
}

std::string warband_fields_toml(const Warband& warband, const std::string& models_table) {
  std::string out = fmt::format("name = {}\n", toml_quoted(warband.name));
  if (!warband.description.empty())
    out += fmt::format("description = {}\n", toml_quoted(warband.description));
  out += fmt::format("points_limit = {}\n", warband.points_limit);
  for (const WarbandModel& model : warband.models) {
    out += fmt::format("\n[[{}]]\nprofile = {}\n", models_table, toml_quoted(model.profile));
    if (!model.name.empty()) out += fmt::format("name = {}\n", toml_quoted(model.name));
    if (model.experience != 0) out += fmt::format("experience = {}\n", model.experience);
    if (!model.advances.empty()) {
      std::vector<std::string> quoted;
      for (const std::string& id : model.advances)
        quoted.push_back(toml_quoted(id));
      out += fmt::format("advances = [{}]\n", fmt::join(quoted, ", "));
    }
  }
  return out;
}

std::string warband_to_toml(const Warband& warband) {
  return "# A Game warband (seed 004). `warband build agame warband-validate --file FILE` checks "
         "it and prices it.\n" +
         warband_fields_toml(warband, "models");
}

nlohmann::json warband_to_json(const Warband& warband, const BuildRules& rules) {
  nlohmann::json models = nlohmann::json::array();
  for (const WarbandModel& entry : warband.models) {
    const Model* profile = rules.find_profile(entry.profile);
    models.push_back({{"profile", entry.profile},
                      {"name", entry.name},
                      {"experience", entry.experience},
                      {"advances", entry.advances},
                      {"class", profile ? rules.warband.class_of_model(*profile) : ""},
                      {"points", entry_points(entry, rules)}});
  }
  return {{"format", kWarbandFormat},
          {"version", kWarbandFormatVersion},
          {"name", warband.name},
          {"description", warband.description},
          {"points_limit", warband.points_limit},
          {"points", warband_points(warband, rules)},
          {"models", models},
          {"problems", warband_problems(warband, rules)}};
}

Warband warband_from_json(const nlohmann::json& json, const std::string& where) {
  const JsonFields f(json, where);
  if (const nlohmann::json* format = f.find("format"); format && *format != kWarbandFormat)
    throw InputError(f.where_of("format"), fmt::format("expected \"{}\"", kWarbandFormat));
  if (const nlohmann::json* version = f.find("version");
      version && *version != kWarbandFormatVersion)
    throw InputError(f.where_of("version"),
                     fmt::format("this build reads version {}", kWarbandFormatVersion));
  Warband warband;
  warband.name = f.string("name");
  warband.description = f.optional_string("description").value_or("");
  warband.points_limit = static_cast<int>(f.integer("points_limit", 1, kMaxPointsLimit));
  const JsonItems models = f.array("models");
  check_list_size(models.size(), kMaxWarbandModels, models.where(), "models");
  for (std::size_t i = 0; i < models.size(); ++i) {
    const JsonFields item = models.object(i);
    WarbandModel model;
    model.profile = item.string("profile");
    model.name = item.optional_string("name").value_or("");
    model.experience = static_cast<int>(item.optional_integer("experience", 0, 10000).value_or(0));
    if (const auto advances = item.optional_array("advances")) {
      check_list_size(advances->size(), kMaxWarbandModels, advances->where(), "advances");
      for (std::size_t a = 0; a < advances->size(); ++a)
        model.advances.push_back(advances->string(a));
    }
    warband.models.push_back(std::move(model));
  }
  return warband;
}

std::string warband_to_markdown(const Warband& warband, const BuildRules& rules) {
  std::string out =
      fmt::format("# {}\n\n", warband.name.empty() ? "(unnamed warband)" : warband.name);
  if (!warband.description.empty()) out += fmt::format("*{}*\n\n", warband.description);
  out += fmt::format("**{} of {} points**, {} models\n\n", warband_points(warband, rules),
                     warband.points_limit, warband.models.size());
  out += "| Model | Profile | Class | Experience | Advances | Points |\n";
  out += "|---|---|---|---|---|---|\n";
  for (const WarbandModel& entry : warband.models) {
    const Model* profile = rules.find_profile(entry.profile);
    out += fmt::format("| {} | {} | {} | {} | {} | {} |\n", entry.label(), entry.profile,
                       profile ? rules.warband.class_of_model(*profile) : "?", entry.experience,
                       fmt::join(entry.advances, ", "), entry_points(entry, rules));
  }
  const std::vector<std::string> problems = warband_problems(warband, rules);
  if (!problems.empty()) out += fmt::format("\n**Problems:** {}\n", fmt::join(problems, "; "));
  return out;
}

}  // namespace warband::agame
