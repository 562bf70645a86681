// The builder over HTTP: GET /api/build (the document kinds and operations the rulesets declare,
// core/builder.h), GET /api/build/{ruleset}/samples (the documents it ships), the documents (the
// texts of the CLI's files, kept in the database), and POST /api/build/{ruleset}/{operation}, which
// runs an operation as `warband build` does, on the documents' texts, and saves the text it gives
// back. Operations are pure: no files here.
#include <fmt/format.h>
#include <httplib.h>

#include <algorithm>
#include <cctype>
#include <limits>
#include <vector>

#include "core/error.h"
#include "core/registry.h"
#include "core/toml_input.h"
#include "server/api.h"
#include "server/build_samples.h"
#include "server/store.h"

namespace warband::server {
namespace {

// What a person reads when the document changed under their edit (another tab saved first).
constexpr const char* kSavedElsewhere =
    "This document was saved elsewhere since this page loaded: reload it and make your change "
    "again.";

constexpr std::size_t kMaxNameLength = 200;

// A saved document as reports and errors call it: by the name its list shows ("Added Dwarven
// Defender to \"Iron Hold\"."), by its id only when it has no name.
std::string saved_name(const DocumentRow& document) {
  return document.name.empty() ? fmt::format("document {}", document.id)
                               : fmt::format("\"{}\"", document.name);
}

// Options that name something on the machine running the operation (the content, an output
// file): the server chooses or handles them, a request may not give them.
bool served(const BuildOption& option) {
  return option.takes != BuildTakes::kContent && option.takes != BuildTakes::kOutput;
}

// How a request gives an option: "document" (body.document, an id), the kind of another
// document (body.<option>, an id: "collection"), "text" (the text in body.args) or "value"
// (a value in body.args; a flag is true or false).
std::string option_takes(const BuildOption& option) {
  switch (option.takes) {
    case BuildTakes::kDocument:
      return "document";
    case BuildTakes::kOtherDocument:
      return option.kind;
    case BuildTakes::kText:
      return "text";
    default:
      return "value";
  }
}

const BuildOption* document_option(const BuildOperation& operation) {
  for (const BuildOption& option : operation.options)
    if (option.takes == BuildTakes::kDocument) return &option;
  return nullptr;
}

nlohmann::json build_list() {
  nlohmann::json list = nlohmann::json::array();
  for (const std::string& ruleset : Registry::instance().names(Capability::kBuilder)) {
    const BuilderHooks& hooks = find_builder(ruleset);
    nlohmann::json operations = nlohmann::json::array();
    for (const BuildOperation& operation : hooks.operations) {
      nlohmann::json options = nlohmann::json::array();
      for (const BuildOption& option : operation.options) {
        if (!served(option)) continue;
        nlohmann::json entry = {{"name", option.name},
                                {"help", option.help},
                                {"flag", option.flag()},
                                {"repeatable", option.repeatable},
                                {"takes", option_takes(option)}};
        if (!option.kind.empty()) entry["kind"] = option.kind;
        options.push_back(std::move(entry));
      }
      nlohmann::json entry = {{"name", operation.name},
                              {"summary", operation.summary},
                              {"options", std::move(options)},
                              {"creates", operation.creates}};
      entry["kind"] =
          operation.kind.empty() ? nlohmann::json(nullptr) : nlohmann::json(operation.kind);
      operations.push_back(std::move(entry));
    }
    nlohmann::json documents = nlohmann::json::array();
    for (const DocumentKind& document : hooks.documents)
      documents.push_back({{"kind", document.kind},
                           {"title", document.title},
                           {"summary", document.summary},
                           {"suffix", document.suffix},
                           {"created_by", document.created_by},
                           {"plays_as_side", document.plays_as_side}});
    list.push_back({{"ruleset", ruleset},
                    {"summary", hooks.summary},
                    {"documents", std::move(documents)},
                    {"operations", std::move(operations)}});
  }
  return list;
}

const BuildOperation& find_operation(const Ruleset& ruleset, const std::string& name) {
  const BuilderHooks& hooks = *ruleset.builder;
  for (const BuildOperation& operation : hooks.operations)
    if (operation.name == name) return operation;
  std::vector<std::string> names;
  for (const BuildOperation& operation : hooks.operations)
    names.push_back(operation.name);
  throw ApiError(404, "path",
                 fmt::format("no operation '{}' in the {} builder; operations: {}", name,
                             ruleset.name, fmt::join(names, ", ")));
}

const BuildOption* find_option(const BuildOperation& operation, std::string_view name) {
  for (const BuildOption& option : operation.options)
    if (option.name == name) return &option;
  return nullptr;
}

// Documents.

std::vector<std::string> kinds_of(const BuilderHooks& hooks) {
  std::vector<std::string> kinds;
  for (const DocumentKind& document : hooks.documents)
    kinds.push_back(document.kind);
  return kinds;
}

// A kind some ruleset's builder declares (`ruleset` "" for any ruleset); ApiError(400) else.
void check_kind(const std::string& ruleset, const std::string& kind, const std::string& where) {
  std::vector<std::string> kinds;
  for (const std::string& name : Registry::instance().names(Capability::kBuilder))
    if (ruleset.empty() || name == ruleset)
      for (const std::string& declared : kinds_of(find_builder(name)))
        if (std::find(kinds.begin(), kinds.end(), declared) == kinds.end())
          kinds.push_back(declared);
  if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
    throw ApiError(
        400, where,
        fmt::format("must be a kind of document {}: {}, got \"{}\"",
                    ruleset.empty() ? "a builder keeps" : ruleset + "'s builder keeps",
                    kinds.empty() ? "none" : fmt::format("{}", fmt::join(kinds, ", ")), kind));
}

nlohmann::json document_json(const DocumentRow& row, bool with_text) {
  nlohmann::json json = {{"id", row.id},     {"ruleset", row.ruleset},   {"kind", row.kind},
                         {"name", row.name}, {"revision", row.revision}, {"updated", row.updated}};
  if (with_text) json["text"] = row.text;
  return json;
}

DocumentRow require_document(Store& store, const std::string& id, const std::string& where) {
  std::optional<DocumentRow> row = store.find_document(id);
  if (!row) throw ApiError(404, where, fmt::format("no document '{}'", id));
  return *row;
}

// A document's text is a CLI file: it must at least be TOML.
void check_toml(const std::string& text) {
  try {
    parse_toml_text(text, "text");
  } catch (const InputError& error) {
    throw ApiError(400, "body." + error.where(), error.problem());
  }
}

std::string checked_name(const std::string& name, const std::string& where) {
  if (name.empty() || name.size() > kMaxNameLength)
    throw ApiError(400, where,
                   fmt::format("must be 1 to {} characters, got {}", kMaxNameLength, name.size()));
  return name;
}

nlohmann::json create_document(Store& store, const httplib::Request& request) {
  const nlohmann::json json = parse_body(request);
  const JsonFields body = body_fields(json);
  refuse_unknown_fields(body, {"ruleset", "kind", "name", "text"});
  const std::string ruleset = body.string("ruleset");
  require_ruleset(ruleset, Capability::kBuilder, 400, "body.ruleset");
  const std::string kind = body.string("kind");
  check_kind(ruleset, kind, "body.kind");
  const std::string name = checked_name(body.string("name"), "body.name");
  const std::string text = body.string("text");
  check_toml(text);
  return document_json(store.create_document(ruleset, kind, name, text), true);
}

nlohmann::json update_document(Store& store, const httplib::Request& request) {
  const std::string id = request.matches[1];
  const nlohmann::json json = parse_body(request);
  const JsonFields body = body_fields(json);
  refuse_unknown_fields(body, {"text", "name", "revision"});
  const std::string text = body.string("text");
  // No name (or null) keeps the document's name.
  const std::optional<std::string> new_name = body.optional_string("name");
  const std::string name = new_name ? checked_name(*new_name, "body.name") : "";
  const std::int64_t revision = body.integer("revision", 1);
  check_toml(text);
  const DocumentRow current = require_document(store, id, "path");
  if (current.revision != revision)
    throw ApiError(409, "body.revision",
                   fmt::format("is {}, but the document is at revision {}: it was saved since "
                               "you read it; reload it and apply your change again",
                               revision, current.revision),
                   kSavedElsewhere);
  const std::optional<DocumentRow> saved = store.update_document(id, text, name, revision);
  if (!saved)
    throw ApiError(409, "body.revision",
                   fmt::format("is {}, but the document was saved or deleted meanwhile", revision),
                   kSavedElsewhere);
  return document_json(*saved, true);
}

// Running an operation.

// The file's own top-level `name` (cut to a document name's length), or "" when it has none.
std::string name_in_text(const std::string& text) {
  try {
    const toml::table table = parse_toml_text(text, "document");
    if (const auto name = table["name"].value<std::string>())
      return name->substr(0, kMaxNameLength);
  } catch (const InputError&) {
  }
  return "";
}

// A new document's name: args.name, else the file's own top-level `name`, else its kind.
std::string created_name(const BuildArgs& args, const std::string& text, const std::string& kind) {
  if (const auto given = args.find("name"); given != args.end() && !given->second.empty())
    return given->second.substr(0, kMaxNameLength);
  const std::string own = name_in_text(text);
  return own.empty() ? "New " + kind : own;
}

// When an operation renamed the file (`set --name`), the document takes the new name; else ""
// (update_document keeps the name).
std::string renamed(const std::string& before, const std::string& after) {
  const std::string name = name_in_text(after);
  return !name.empty() && name != name_in_text(before) ? name : "";
}

// Where a request gives an option: body.document, body.<option> (another document's id), or
// body.args.<option>.
std::string option_field(const BuildOption& option) {
  if (option.takes == BuildTakes::kDocument) return "body.document";
  if (option.takes == BuildTakes::kOtherDocument) return "body." + option.name;
  return "body.args." + option.name;
}

// body.args into the input: values and flags as the operation's BuildArgs, texts (an uploaded
// file's) as its texts.
void read_build_args(const BuildOperation& operation, const JsonFields& body, BuildInput& input) {
  const std::optional<JsonFields> given = body.optional_object("args");
  if (!given) return;
  for (const auto& [name, value] : given->json().items()) {
    const std::string where = given->where_of(name);
    const BuildOption* option = find_option(operation, name);
    if (option == nullptr || !served(*option)) {
      std::vector<std::string> known;
      for (const BuildOption& declared : operation.options)
        if (served(declared) && option_field(declared) == "body.args." + declared.name)
          known.push_back(declared.name);
      throw ApiError(
          400, where,
          fmt::format("is not an option of {} here; its options: {}", operation.name,
                      known.empty() ? "none" : fmt::format("{}", fmt::join(known, ", "))));
    }
    if (option->takes == BuildTakes::kDocument || option->takes == BuildTakes::kOtherDocument)
      throw ApiError(400, where,
                     fmt::format("is given as {} (a document's id)", option_field(*option)));
    if (value.is_null() || (value.is_boolean() && !value.get<bool>())) continue;
    if (option->flag()) {
      if (!value.is_boolean())
        throw ApiError(400, where, fmt::format("is a flag: true or false, got {}", value.dump()));
      input.args[name] = "true";
    } else if (option->takes == BuildTakes::kText) {
      if (!value.is_string())
        throw ApiError(400, where, "must be the text of the file to import (a string)");
      input.texts[name] = {"args." + name, value.get<std::string>()};
    } else if (value.is_array()) {
      if (!option->repeatable) throw ApiError(400, where, "takes one value, not a list");
      std::string joined;
      for (std::size_t i = 0; i < value.size(); ++i)
        joined += (i == 0 ? "" : "\n") + arg_text(value[i], fmt::format("{}[{}]", where, i));
      input.args[name] = joined;
    } else {
      input.args[name] = arg_text(value, where);
    }
  }
}

// The other documents the operation reads (body.collection: an id), as texts. A field naming
// another document an operation of this ruleset reads, given to one that reads none, is refused.
void read_other_documents(Store& store, const Ruleset& ruleset, const BuildOperation& operation,
                          const JsonFields& body, BuildInput& input) {
  for (const BuildOperation& any : ruleset.builder->operations)
    for (const BuildOption& option : any.options) {
      if (option.takes != BuildTakes::kOtherDocument) continue;
      const std::string where = "body." + option.name;
      const std::optional<std::string> id = body.optional_string(option.name);
      if (!id) continue;
      const BuildOption* own = find_option(operation, option.name);
      if (own == nullptr || own->takes != BuildTakes::kOtherDocument)
        throw ApiError(400, where,
                       fmt::format("{} takes no {}; leave it out", operation.name, option.name));
      if (input.texts.count(option.name)) continue;  // declared by several operations
      const DocumentRow row = require_document(store, *id, where);
      if (row.kind != own->kind || row.ruleset != ruleset.name)
        throw ApiError(400, where,
                       fmt::format("is a {} {} document, not a {} {}", row.ruleset, row.kind,
                                   ruleset.name, own->kind));
      input.texts[option.name] = {fmt::format("{} {}", row.kind, saved_name(row)), row.text};
    }
}

// The operation's InputErrors name CLI options ("--unit") and documents; here the options are
// fields of the body.
// An option as the browser's form labels it (optionLabel in operation_form.js): "points-limit"
// is "Points limit".
std::string option_label(const std::string& name) {
  std::string label = name;
  std::replace(label.begin(), label.end(), '-', ' ');
  if (!label.empty() && label[0] >= 'a' && label[0] <= 'z') label[0] = label[0] - 'a' + 'A';
  return label;
}

// The operations' problems are written for the command line ("is required, e.g. --profile
// Ogre"); a browser has fields, not flags: "e.g. --profile Ogre" reads "e.g. Ogre" and any other
// "--force" names the field ("Force"). The shared text stays as the CLI needs it.
std::string form_problem(std::string problem, const BuildOperation& operation) {
  std::vector<const BuildOption*> options;
  for (const BuildOption& option : operation.options)
    options.push_back(&option);
  // "--points-limit" before "--points", so that a longer name is never cut.
  std::sort(options.begin(), options.end(), [](const BuildOption* a, const BuildOption* b) {
    return a->name.size() > b->name.size();
  });
  for (const BuildOption* option : options) {
    const std::string flag = "--" + option->name;
    for (std::size_t at = problem.find(flag); at != std::string::npos;
         at = problem.find(flag, at)) {
      const std::size_t end = at + flag.size();
      const bool whole =
          end == problem.size() || !(std::isalnum(static_cast<unsigned char>(problem[end])) != 0 ||
                                     problem[end] == '-' || problem[end] == '_');
      if (!whole) {
        at = end;
        continue;
      }
      const bool example = at >= 5 && problem.compare(at - 5, 5, "e.g. ") == 0 &&
                           end < problem.size() && problem[end] == ' ';
      const std::string replacement =
          example ? "" : fmt::format("\"{}\"", option_label(option->name));
      problem.replace(at, example ? flag.size() + 1 : flag.size(), replacement);
      at += replacement.size();
    }
  }
  return problem;
}

ApiError body_error(const InputError& error, const BuildOperation& operation) {
  std::string where = error.where();
  if (where.rfind("--", 0) == 0)
    if (const BuildOption* option = find_option(operation, where.substr(2)))
      where = option_field(*option);
  return ApiError(400, where, form_problem(error.problem(), operation));
}

nlohmann::json run_build(ServerContext& context, const httplib::Request& request) {
  const Ruleset& ruleset = require_ruleset(request.matches[1], Capability::kBuilder, 404, "path");
  const BuildOperation& operation = find_operation(ruleset, request.matches[2]);
  const nlohmann::json json = parse_body(request);
  const JsonFields body = body_fields(json);
  // The body's own fields, and one per other document an operation of this ruleset reads
  // (read_other_documents says when this operation reads none of that kind).
  std::vector<std::string_view> known = {"document", "revision", "kind", "args"};
  for (const BuildOperation& any : ruleset.builder->operations)
    for (const BuildOption& option : any.options)
      if (option.takes == BuildTakes::kOtherDocument) known.push_back(option.name);
  refuse_unknown_fields(body, known);
  const std::optional<std::string> document_id = body.optional_string("document");
  const std::optional<std::int64_t> revision = body.optional_integer("revision", 1);
  const bool takes_document = document_option(operation) != nullptr;

  std::optional<DocumentRow> document;
  if (document_id) {
    if (!takes_document)
      throw ApiError(
          400, "body.document",
          fmt::format("{} works on no document; leave body.document out", operation.name));
    document = require_document(context.store, *document_id, "body.document");
    if (document->ruleset != ruleset.name || document->kind != operation.kind)
      throw ApiError(400, "body.document",
                     fmt::format("is a {} {} document, not a {} {}", document->ruleset,
                                 document->kind, ruleset.name, operation.kind));
    if (revision && *revision != document->revision)
      throw ApiError(409, "body.revision",
                     fmt::format("is {}, but the document is at revision {}: it was saved since "
                                 "you read it",
                                 *revision, document->revision),
                     kSavedElsewhere);
  } else if (revision) {
    throw ApiError(400, "body.revision", "is a document's revision; give body.document too");
  }
  // The kind a new document gets is the operation's; body.kind, when given, must agree.
  if (const std::optional<std::string> kind = body.optional_string("kind");
      kind && !document && *kind != operation.kind) {
    check_kind(ruleset.name, *kind, "body.kind");
    throw ApiError(400, "body.kind",
                   fmt::format("{} works on a {} document, not a {}", operation.name,
                               operation.kind.empty() ? "no" : operation.kind, *kind));
  }

  BuildInput input;
  read_build_args(operation, body, input);
  read_other_documents(context.store, ruleset, operation, body, input);
  if (document)
    input.documents.push_back({saved_name(*document), document->text});
  else if (operation.creates)
    input.documents.push_back({"document", std::nullopt});
  // The server's content, when it was given one (else the operations use the built-in one).
  input.content_root = context.content_dir;

  BuildOutput output;
  try {
    output = operation.run(input);
  } catch (const InputError& error) {
    throw body_error(error, operation);
  }

  const std::optional<std::string> text =
      output.documents.empty() ? std::nullopt : output.documents.front();
  if (document && text && *text != document->text) {
    const std::optional<DocumentRow> updated = context.store.update_document(
        document->id, *text, renamed(document->text, *text), document->revision);
    if (!updated)
      throw ApiError(409, "body.revision",
                     "the document was saved or deleted while the operation ran; reload it "
                     "and try again");
    document = updated;
  } else if (!document && text) {
    document = context.store.create_document(
        ruleset.name, operation.kind, created_name(input.args, *text, operation.kind), *text);
  }
  nlohmann::json saved = nullptr;
  if (takes_document && document)
    saved = {{"id", document->id}, {"revision", document->revision}, {"text", document->text}};
  return {{"text", output.text},
          {"json", output.json},
          {"exit_code", output.exit_code},
          {"document", std::move(saved)}};
}

}  // namespace

void add_build_routes(httplib::Server& server, ServerContext& context) {
  auto list = std::make_shared<const std::string>(build_list().dump());
  server.Get("/api/build", [list](const httplib::Request&, httplib::Response& response) {
    response.set_content(*list, "application/json");
  });
  // The documents the ruleset ships (content/<ruleset>/<kind>s/), to start a new one from.
  server.Get(R"(/api/build/([^/]+)/samples)",
             json_endpoint([&context](const httplib::Request& request) {
               const Ruleset& ruleset =
                   require_ruleset(request.matches[1], Capability::kBuilder, 404, "path");
               return build_samples(ruleset.name, *ruleset.builder, context.content_dir);
             }));
  server.Post(R"(/api/build/([^/]+)/([^/]+))",
              json_endpoint([&context](const httplib::Request& request) {
                return run_build(context, request);
              }));

  server.Get("/api/documents", json_endpoint([&context](const httplib::Request& request) {
               const std::string kind = request.get_param_value("kind");
               if (!kind.empty()) check_kind("", kind, "query.kind");
               nlohmann::json rows = nlohmann::json::array();
               for (const DocumentRow& row :
                    context.store.list_documents(request.get_param_value("ruleset"), kind))
                 rows.push_back(document_json(row, false));
               return rows;
             }));
  server.Post("/api/documents", json_endpoint([&context](const httplib::Request& request) {
                return create_document(context.store, request);
              }));
  server.Get(
      R"(/api/documents/([^/]+))", json_endpoint([&context](const httplib::Request& request) {
        return document_json(require_document(context.store, request.matches[1], "path"), true);
      }));
  server.Put(R"(/api/documents/([^/]+))",
             json_endpoint([&context](const httplib::Request& request) {
               return update_document(context.store, request);
             }));
  server.Delete(R"(/api/documents/([^/]+))",
                json_endpoint([&context](const httplib::Request& request) {
                  const std::string id = request.matches[1];
                  if (!context.store.delete_document(id))
                    throw ApiError(404, "path", fmt::format("no document '{}'", id));
                  return nlohmann::json{{"deleted", id}};
                }));
}

}  // namespace warband::server
