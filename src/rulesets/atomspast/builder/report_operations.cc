// The builder operations that read lists and report: validate (with a collection), show, points
// (the formula's breakdown), the spell and rules-term catalogs, collection-add / collection-show,
// export, import and reprice. Those that change a document give its new text.
#include <fmt/format.h>

#include <algorithm>

#include "core/builder.h"
#include "core/error.h"
#include "rulesets/atomspast/atomspast_ruleset.h"
#include "rulesets/atomspast/builder/build_args.h"
#include "rulesets/atomspast/builder/collection.h"
#include "rulesets/atomspast/builder/export_text.h"
#include "rulesets/atomspast/builder/list_view.h"
#include "rulesets/atomspast/builder/rules_terms.h"
#include "rulesets/atomspast/builder/unit_cards.h"
#include "rulesets/atomspast/builder/warband_file.h"

namespace warband::atomspast::builder {
namespace {

BuildOutput run_validate(const BuildInput& input) {
  const BuildDocument& document = document_arg(input, "the warband file");
  const std::string& path = document.name;
  const Content content = content_arg(input);
  const WarbandDef warband = load_list(document, content);
  const Content priced = content_with_custom_units(warband, content);
  std::vector<std::string> problems = validate_warband(warband, priced);
  if (const auto given = input.texts.find("collection"); given != input.texts.end()) {
    const Collection collection =
        parse_collection(given->second.text.value_or(""), given->second.name);
    for (std::string& problem : collection_shortfall(warband, content, collection))
      problems.push_back(std::move(problem));
  }
  BuildOutput result;
  const int points = warband_points(warband, priced);
  if (problems.empty()) {
    result.text =
        fmt::format("{} is legal: {} of {} points.\n", warband.name, points, warband.points_limit);
  } else {
    result.text = fmt::format("{} is not legal yet ({} problem{}):\n", warband.name,
                              problems.size(), problems.size() == 1 ? "" : "s");
    for (const std::string& problem : problems)
      result.text += "  - " + problem + "\n";
    result.exit_code = 1;
  }
  const std::vector<std::string> warnings = warband_warnings(warband, priced);
  for (const std::string& warning : warnings)
    result.text += "Warning: " + warning + "\n";
  const std::string version = content_version(content);
  const bool stale = !warband.content_version.empty() && warband.content_version != version;
  if (stale)
    result.text += fmt::format(
        "Note: the list was saved against content {}; the content is now {}. `reprice` shows "
        "what changed.\n",
        warband.content_version, version);
  result.json = {{"file", path},
                 {"name", warband.name},
                 {"legal", problems.empty()},
                 {"problems", problems},
                 {"warnings", warnings},
                 {"points", points},
                 {"points_limit", warband.points_limit},
                 {"content_changed", stale}};
  return result;
}

BuildOutput run_show(const BuildInput& input) {
  const BuildDocument& document = document_arg(input, "the warband file");
  const Content content = content_arg(input);
  return {list_view(load_list(document, content), content)};
}

std::string number(double value) {
  return fmt::format("{:g}", value);
}

BuildResult breakdown_result(const UnitProfile& unit, const Content& content) {
  const PointsBreakdown breakdown = price_unit(unit, content.points);
  BuildResult result;
  std::string& out = result.text;
  out += fmt::format("{} ({}): {} points\n", unit.name, unit.id, breakdown.points);
  nlohmann::json terms = nlohmann::json::array();
  if (!content.points.present) {
    out += "  no points.toml in the content: the unit's own points\n";
  }
  for (const PointsTerm& term : breakdown.terms) {
    if (term.name == "floor")
      out += fmt::format("  {:<22} {:>10}   (no unit costs less than {}: points.toml [floor])\n",
                         term.name, "+" + number(term.contribution), number(term.value));
    else if (term.name == "base" || term.name == "adjust" || term.name == "override" ||
             term.name.rfind("keyword ", 0) == 0 || term.name.rfind("weapon ", 0) == 0)
      out += fmt::format("  {:<22} {:>10}\n", term.name, number(term.contribution));
    else
      out += fmt::format("  {:<22} {:>10}   = {} x {}\n", term.name, number(term.contribution),
                         number(term.value), number(term.weight));
    terms.push_back({{"term", term.name},
                     {"value", term.value},
                     {"weight", term.weight},
                     {"contribution", term.contribution}});
  }
  if (!breakdown.overridden)
    out += fmt::format("  {:<22} {:>10}   (before rounding and adjustment)\n", "formula",
                       number(breakdown.formula));
  result.json = {{"unit", unit.id},
                 {"name", unit.name},
                 {"points", breakdown.points},
                 {"formula", breakdown.formula},
                 {"overridden", breakdown.overridden},
                 {"terms", terms}};
  return result;
}

BuildOutput run_points(const BuildInput& input) {
  const BuildArgs& args = input.args;
  const Content content = content_arg(input);
  WarbandDef warband;
  if (!input.documents.empty()) warband = load_list(input.documents.front(), content);
  if (has_arg(args, "unit")) {
    const std::string id = required_arg(args, "unit", "a unit id");
    const UnitProfile* unit = find_profile(warband, content, id);
    if (!unit) throw InputError("--unit", fmt::format("unknown unit '{}'", id));
    return {breakdown_result(*unit, content)};
  }
  BuildOutput result;
  result.json = nlohmann::json::array();
  std::vector<const UnitProfile*> units;
  for (const UnitProfile& unit : content.units)
    units.push_back(&unit);
  for (const UnitProfile& unit : warband.custom_units)
    units.push_back(&unit);
  for (const UnitProfile* unit : units) {
    result.text += fmt::format("  {:<20} {:<22} {:>5}\n", unit->id, unit->name, unit->points);
    result.json.push_back({{"unit", unit->id},
                           {"name", unit->name},
                           {"faction", unit->faction},
                           {"points", unit->points}});
  }
  result.text += "`points --unit ID` shows how a unit's points are made.\n";
  return result;
}

BuildOutput run_weapons(const BuildInput& input) {
  const Content content = content_arg(input);
  BuildOutput result;
  result.json = nlohmann::json::array();
  for (const Weapon& weapon : content.weapons) {
    std::vector<std::string> carriers;
    for (const UnitProfile& unit : content.units)
      if (std::find(unit.weapons.begin(), unit.weapons.end(), weapon.id) != unit.weapons.end())
        carriers.push_back(unit.name);
    const auto weight = content.points.weapon_weights.find(weapon.id);
    const double points = weight == content.points.weapon_weights.end() ? 0 : weight->second;
    result.text +=
        fmt::format("  {:<16} {:<20} {:<6} {:<17} {:>4} pts  {}\n", weapon.id, weapon.name,
                    attack_kind_name(weapon.kind), attack_words(weapon.attack), number(points),
                    carriers.empty() ? "" : fmt::format("{}", fmt::join(carriers, ", ")));
    nlohmann::json entry = weapon_json(weapon);
    entry["points"] = points;
    entry["carried_by"] = carriers;
    result.json.push_back(entry);
  }
  if (content.weapons.empty())
    result.text = "The content has no weapons (no weapons.toml).\n";
  else
    result.text += "Custom units carry them with `add --custom NAME --weapon ID ...`.\n";
  return result;
}

// The spell cards a Spell Deck may hold: the browser's deck editor lists them from here.
BuildOutput run_spells(const BuildInput& input) {
  const Content content = content_arg(input);
  BuildOutput result;
  result.json = nlohmann::json::array();
  for (const SpellCard& spell : content.spells) {
    result.text += fmt::format("  {:<22} {:<24} AcTi {:>2}  Knowledge {}\n", spell.id, spell.name,
                               spell.acti, spell.knowledge);
    result.json.push_back({{"spell", spell.id},
                           {"name", spell.name},
                           {"acti", spell.acti},
                           {"knowledge", spell.knowledge},
                           {"text", spell.text}});
  }
  result.text +=
      fmt::format("{} spells. `deck --file F --spell ID --count N` puts one in a deck.\n",
                  content.spells.size());
  return result;
}

// The rules terms a list uses, with their anchors in the rules (what the exports print).
BuildOutput run_terms(const BuildInput&) {
  BuildOutput result;
  result.json = nlohmann::json::array();
  for (const RulesTerm& term : builder_rules_terms()) {
    result.text += fmt::format("{} ({}): {}\n", term.title, term.anchor, term.definition);
    result.json.push_back(
        {{"title", term.title}, {"anchor", term.anchor}, {"definition", term.definition}});
  }
  return result;
}

BuildResult collection_view(const Collection& collection, const std::string& headline) {
  BuildResult result;
  result.text = headline.empty() ? "" : headline + "\n";
  result.json = nlohmann::json::array();
  for (const Miniature& miniature : collection.miniatures) {
    result.text += fmt::format("  {:>3} x {} ({} base)\n", miniature.count, miniature.name,
                               base_words(miniature.base));
    result.json.push_back({{"name", miniature.name},
                           {"base", base_words(miniature.base)},
                           {"count", miniature.count}});
  }
  if (collection.miniatures.empty()) result.text += "  no miniatures yet\n";
  return result;
}

// A collection that does not exist yet is empty: the first `collection-add` creates it.
BuildOutput run_collection_add(const BuildInput& input) {
  const BuildArgs& args = input.args;
  const BuildDocument& document = document_arg(input, "the collection file");
  const std::string& path = document.name;
  Collection collection = document.text ? parse_collection(*document.text, path) : Collection{};
  const std::string name = required_arg(args, "miniature", "the miniature's name");
  const grid::Footprint base = parse_base_text(optional_arg(args, "base", "1x1"), "--base");
  const int count = int_arg(args, "count", 0, kMaxMiniatureCount, 1);
  bool found = false;
  for (Miniature& miniature : collection.miniatures)
    if (miniature.name == name) {
      if (miniature.base.w != base.w || miniature.base.h != base.h)
        throw InputError("--base", fmt::format("'{}' is already in the collection on a {} base",
                                               name, base_words(miniature.base)));
      miniature.count = std::min(kMaxMiniatureCount, miniature.count + count);  // reads back
      found = true;
    }
  if (!found && collection.miniatures.size() >= kMaxMiniatures)
    throw InputError(path, fmt::format("has {} miniatures, as many as a collection file may hold",
                                       collection.miniatures.size()));
  if (!found) collection.miniatures.push_back({name, base, count});
  BuildOutput output{
      collection_view(collection, fmt::format("Added {} x {}. Saved {}.", count, name, path))};
  output.save(0, collection_toml(collection));
  return output;
}

BuildOutput run_collection_show(const BuildInput& input) {
  const BuildDocument& document = document_arg(input, "the collection file");
  if (!document.text) throw InputError(document.name, "file not found (or not a file)");
  return {collection_view(parse_collection(*document.text, document.name), document.name + ":")};
}

BuildOutput run_export(const BuildInput& input) {
  const BuildArgs& args = input.args;
  const BuildDocument& document = document_arg(input, "the warband file");
  const std::string& path = document.name;
  const std::string format = optional_arg(args, "format", "markdown");
  const Content content = content_arg(input);
  const WarbandDef warband = load_list(document, content);
  std::string text;
  if (format == "markdown" || format == "md") {
    text = warband_markdown(warband, content);
  } else if (format == "html") {
    text = warband_html(warband, content);
  } else if (format == "json") {
    // The list (importable) and the unit cards it makes (what each unit attacks with).
    text = nlohmann::json{{"ruleset", "atomspast"},
                          {"warband", warband_document(warband, content)},
                          {"cards", unit_cards_json(warband, content)}}
               .dump(2) +
           "\n";
  } else if (format == "toml") {
    text = warband_toml(warband, content);
  } else {
    throw InputError("--format",
                     fmt::format("expected markdown, html, json or toml, got '{}'", format));
  }
  BuildOutput result;
  if (has_arg(args, "out")) {
    const std::string out = required_arg(args, "out", "the file to write");
    result.output = text;
    result.text = fmt::format("Exported {} as {} to {}.\n", warband.name, format, out);
    result.json = {{"file", path}, {"format", format}, {"out", out}};
  } else {
    result.text = text;
    result.json = format == "json" ? nlohmann::json::parse(text)
                                   : nlohmann::json{{"format", format}, {"text", text}};
  }
  return result;
}

// What a content change did to one saved list: old and new points, per unit, and legality now.
struct Repricing {
  std::string text;
  nlohmann::json json;
  bool legal = true;
};

Repricing reprice(const std::string& source, const WarbandDef& warband, const Content& content) {
  Repricing report;
  const Content priced = content_with_custom_units(warband, content);
  const std::string version = content_version(content);
  const int points = warband_points(warband, priced);
  const std::vector<std::string> problems = validate_warband(warband, priced);
  report.legal = problems.empty();
  std::string& out = report.text;
  out += fmt::format("{}: {}\n", source, warband.name);
  if (warband.content_version.empty())
    out += fmt::format("  saved without a content version; content is now {}\n", version);
  else if (warband.content_version == version)
    out += fmt::format("  content version {}: unchanged\n", version);
  else
    out += fmt::format("  content version {} -> {}\n", warband.content_version, version);
  nlohmann::json units = nlohmann::json::array();
  for (const WarbandUnit& entry : warband.units) {
    const UnitProfile* unit = find_profile(warband, content, entry.profile);
    if (!unit) continue;
    if (entry.saved_points >= 0 && entry.saved_points != unit->points)
      out +=
          fmt::format("  {}: {} -> {} points each (x{}: {:+})\n", unit->name, entry.saved_points,
                      unit->points, entry.count, (unit->points - entry.saved_points) * entry.count);
    units.push_back(
        {{"unit", entry.profile},
         {"count", entry.count},
         {"old_points_each",
          entry.saved_points >= 0 ? nlohmann::json(entry.saved_points) : nlohmann::json(nullptr)},
         {"new_points_each", unit->points}});
  }
  if (warband.saved_points >= 0)
    out += fmt::format("  points: {} -> {} (limit {})\n", warband.saved_points, points,
                       warband.points_limit);
  else
    out += fmt::format("  points: {} (limit {}); no saved points to compare\n", points,
                       warband.points_limit);
  if (problems.empty()) {
    out += "  still legal\n";
  } else {
    // "Now" only when the content changed since the list was saved.
    out += warband.content_version == version ? "  not legal:\n" : "  now invalid:\n";
    for (const std::string& problem : problems)
      out += "    - " + problem + "\n";
  }
  report.json = {{"file", source},
                 {"name", warband.name},
                 {"old_content_version", warband.content_version},
                 {"new_content_version", version},
                 {"old_points", warband.saved_points >= 0 ? nlohmann::json(warband.saved_points)
                                                          : nlohmann::json(nullptr)},
                 {"new_points", points},
                 {"units", units},
                 {"legal", problems.empty()},
                 {"problems", problems}};
  return report;
}

BuildOutput run_reprice(const BuildInput& input) {
  if (input.documents.empty())
    throw InputError("--file", "missing: give one or more saved warband files");
  const Content content = content_arg(input);
  BuildOutput result;
  result.json = nlohmann::json::array();
  for (std::size_t i = 0; i < input.documents.size(); ++i) {
    const BuildDocument& document = input.documents[i];
    const WarbandDef warband = load_list(document, content);
    const Repricing report = reprice(document.name, warband, content);
    result.text += report.text;
    result.json.push_back(report.json);
    if (!report.legal) result.exit_code = 1;
    if (has_arg(input.args, "write")) {
      result.save(i, list_text(warband, content));
      result.text += "  saved with the new points\n";
    }
  }
  return result;
}

BuildOutput run_import(const BuildInput& input) {
  const BuildDocument& document = document_arg(input, "the warband file to write");
  const std::string& path = document.name;
  const auto exported = input.texts.find("in");
  if (exported == input.texts.end())
    throw InputError("--in", "missing: give the exported list to read (JSON or TOML)");
  const std::string& in = exported->second.name;
  const Content content = content_arg(input);
  const std::string text = exported->second.text.value_or("");
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  const bool json = first != std::string::npos && text[first] == '{';
  const WarbandDef warband =
      json ? parse_warband_json(text, in, content) : parse_warband_toml(text, in, content);
  if (document.text && !has_arg(input.args, "force"))
    throw InputError(path, "already exists: choose another file, or give --force to replace it");
  const Repricing report = reprice(in, warband, content);
  BuildOutput result;
  result.save(0, list_text(warband, content));
  result.text = fmt::format("Imported {} from {} into {}.\n", warband.name, in, path) + report.text;
  result.json = report.json;
  result.json["written"] = path;
  result.exit_code = report.legal ? 0 : 1;
  return result;
}

}  // namespace

std::vector<BuildOperation> report_operations() {
  return {
      {"validate",
       "Check a warband: every problem at once (exit code 1 when not legal)",
       {file_option(),
        {"collection", "Also check it against the miniatures of this collection file",
         BuildTakes::kOtherDocument, false, "collection"}},
       run_validate,
       "warband"},
      {"show",
       "Show the list: points per unit and in all, the Kon, the deck, legality",
       {file_option()},
       run_show,
       "warband"},
      {"points",
       "Unit points from the formula in points.toml; --unit shows the breakdown",
       {{"unit", "A unit id: show how its points are made"},
        file_option("A warband file, for its custom profiles")},
       run_points,
       "warband"},
      {"weapons",
       "The weapons catalog: each weapon's attack, points weight and the units carrying it",
       {},
       run_weapons},
      {"spells",
       "The spell cards: each one's AcTi, Knowledge (copies a deck may hold) and text",
       {},
       run_spells},
      {"terms",
       "The rules terms a list uses, each with its rules anchor and definition",
       {},
       run_terms},
      {"collection-add",
       "Record miniatures you own in a collection file (created if missing)",
       {file_option("The collection file (TOML)"),
        {"miniature", "The miniature's name, such as \"Plastic orc\""},
        {"base", "Its base, WxH grid spaces (default 1x1)"},
        {"count", "How many (default 1)"}},
       run_collection_add,
       "collection",
       true},
      {"collection-show",
       "List a collection file",
       {file_option("The collection file")},
       run_collection_show,
       "collection"},
      {"export",
       "Export the list: markdown (default), html (print-ready), json or toml (importable)",
       {file_option(),
        {"format", "markdown, html, json or toml"},
        {"out", "Write to this file instead of printing", BuildTakes::kOutput}},
       run_export,
       "warband"},
      {"import",
       "Import an exported JSON or TOML list into a warband file, saying what changed since",
       {file_option("The warband file to write"),
        {"in", "The exported list (JSON or TOML)", BuildTakes::kText},
        {"force", "Replace FILE if it exists", BuildTakes::kFlag}},
       run_import,
       "warband",
       true},
      {"reprice",
       "What the current content does to saved lists: old and new points, now invalid",
       {{"file", "A saved warband file (give --file several times for several lists)",
         BuildTakes::kDocument, true},
        {"write", "Save each list with its new points and content version", BuildTakes::kFlag}},
       run_reprice,
       "warband"},
  };
}

}  // namespace warband::atomspast::builder
