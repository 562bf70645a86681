// The builder over HTTP: GET /api/build (the operations the rulesets register, core/builder.h),
// the documents (warband, wizard and collection files kept in the database), and
// POST /api/build/{ruleset}/{operation}, which runs an operation exactly as `warband build` does,
// on a private copy of the document in a folder of its own, and saves what it changed.
#include <fmt/format.h>
#include <httplib.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#include "core/builder.h"
#include "core/error.h"
#include "core/toml_input.h"
#include "server/api.h"
#include "server/store.h"

namespace warband::server {
namespace {

namespace fs = std::filesystem;

// Options that name files on the server's disk: the server chooses them, a request may not.
const std::set<std::string, std::less<>> kServerSideOptions = {"content", "parameters", "out",
                                                               "spell-file"};
const std::set<std::string, std::less<>> kDocumentKinds = {"warband", "wizard", "collection"};
constexpr std::size_t kMaxNameLength = 200;

// How a request gives an option: the document ("file"), a collection document ("collection"),
// an uploaded file's text ("in"), or a value.
std::string option_takes(const std::string& name) {
  if (name == "file") return "document";
  if (name == "collection") return "collection";
  if (name == "in") return "text";
  return "value";
}

nlohmann::json build_list() {
  nlohmann::json list = nlohmann::json::array();
  for (const std::string& ruleset : Registry::instance().names(Capability::kBuilder)) {
    const BuilderHooks& hooks = find_builder(ruleset);
    nlohmann::json operations = nlohmann::json::array();
    for (const BuildOperation& operation : hooks.operations) {
      nlohmann::json options = nlohmann::json::array();
      for (const BuildOption& option : operation.options) {
        if (kServerSideOptions.count(option.name)) continue;
        options.push_back({{"name", option.name},
                           {"help", option.help},
                           {"flag", option.flag},
                           {"repeatable", option.repeatable},
                           {"takes", option_takes(option.name)}});
      }
      operations.push_back({{"name", operation.name},
                            {"summary", operation.summary},
                            {"options", std::move(options)}});
    }
    list.push_back(
        {{"ruleset", ruleset}, {"summary", hooks.summary}, {"operations", std::move(operations)}});
  }
  return list;
}

const BuildOperation& find_operation(const Ruleset& ruleset, const std::string& name) {
  const std::vector<BuildOperation>& operations = ruleset.builder->operations;
  for (const BuildOperation& operation : operations)
    if (operation.name == name) return operation;
  std::vector<std::string> names;
  for (const BuildOperation& operation : operations)
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
  const nlohmann::json body = parse_body(request);
  const std::string ruleset = body_string(body, "ruleset");
  require_ruleset(ruleset, Capability::kBuilder, 400, "body.ruleset");
  const std::string kind = body_string(body, "kind");
  if (!kDocumentKinds.count(kind))
    throw ApiError(400, "body.kind",
                   fmt::format("must be warband, wizard or collection, got \"{}\"", kind));
  const std::string name = checked_name(body_string(body, "name"), "body.name");
  const std::string text = body_string(body, "text");
  check_toml(text);
  return document_json(store.create_document(ruleset, kind, name, text), true);
}

nlohmann::json update_document(Store& store, const httplib::Request& request) {
  const std::string id = request.matches[1];
  const nlohmann::json body = parse_body(request);
  const std::string text = body_string(body, "text");
  // No name (or null) keeps the document's name.
  const std::optional<std::string> new_name = optional_string(body, "name");
  const std::string name = new_name ? checked_name(*new_name, "body.name") : "";
  const std::int64_t revision =
      body_int(body, "revision", 1, std::numeric_limits<std::int64_t>::max());
  check_toml(text);
  const DocumentRow current = require_document(store, id, "path");
  if (current.revision != revision)
    throw ApiError(409, "body.revision",
                   fmt::format("is {}, but the document is at revision {}: it was saved since "
                               "you read it; reload it and apply your change again",
                               revision, current.revision));
  const std::optional<DocumentRow> saved = store.update_document(id, text, name, revision);
  if (!saved)
    throw ApiError(409, "body.revision",
                   fmt::format("is {}, but the document was saved or deleted meanwhile", revision));
  return document_json(*saved, true);
}

// Running an operation.

// A folder of its own for one request, removed with everything in it when the request ends.
class PrivateDir {
 public:
  PrivateDir() {
    std::string pattern = (fs::temp_directory_path() / "warband-build-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr)
      throw std::runtime_error("cannot create a temporary folder under " +
                               fs::temp_directory_path().string());
    path_ = pattern;
  }
  ~PrivateDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  PrivateDir(const PrivateDir&) = delete;
  PrivateDir& operator=(const PrivateDir&) = delete;
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  std::string path() const { return path_.string(); }

 private:
  fs::path path_;
};

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path);
}

std::optional<std::string> read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Paths in the private folder are meaningless to the client: each reads as what it stands for.
class PathNames {
 public:
  explicit PathNames(const PrivateDir& dir) : dir_(dir.path()) {}
  void add(std::string path, std::string name) {
    names_.emplace_back(std::move(path), std::move(name));
  }
  std::string clean(std::string text) const {
    for (const auto& [path, name] : names_)
      replace_all(text, path, name);
    replace_all(text, dir_ + "/", "");
    replace_all(text, dir_, ".");
    return text;
  }
  nlohmann::json clean(const nlohmann::json& json) const {
    if (json.is_string()) return clean(json.get<std::string>());
    if (json.is_array() || json.is_object()) {
      nlohmann::json copy = json;
      for (auto& value : copy)
        value = clean(value);
      return copy;
    }
    return json;
  }

 private:
  static void replace_all(std::string& text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  }

  std::string dir_;
  std::vector<std::pair<std::string, std::string>> names_;
};

// The kind of document an operation creates when it runs with no document.
std::string created_kind(const std::string& operation) {
  if (operation.find("collection") != std::string::npos) return "collection";
  if (operation.find("wizard") != std::string::npos) return "wizard";
  return "warband";
}

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

std::string value_text(const nlohmann::json& value, const std::string& where) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number()) return value.dump();
  throw ApiError(400, where,
                 fmt::format("must be a string or a number, got {}", value.type_name()));
}

// body.args as the operation's BuildArgs; "in" (an uploaded file's text) is written to `dir`.
BuildArgs read_args(const BuildOperation& operation, const nlohmann::json& body,
                    const PrivateDir& dir, PathNames& names) {
  BuildArgs args;
  const auto found = body.find("args");
  if (found == body.end() || found->is_null()) return args;
  if (!found->is_object())
    throw ApiError(400, "body.args",
                   fmt::format("must be an object of options, got {}", found->type_name()));
  for (const auto& [name, value] : found->items()) {
    const std::string where = "body.args." + name;
    const BuildOption* option = find_option(operation, name);
    if (option == nullptr || kServerSideOptions.count(name)) {
      std::vector<std::string> known;
      for (const BuildOption& declared : operation.options)
        if (!kServerSideOptions.count(declared.name) && declared.name != "file" &&
            declared.name != "collection")
          known.push_back(declared.name);
      throw ApiError(
          400, where,
          fmt::format("is not an option of {} here; its options: {}", operation.name,
                      known.empty() ? "none" : fmt::format("{}", fmt::join(known, ", "))));
    }
    if (name == "file" || name == "collection")
      throw ApiError(400, where,
                     fmt::format("is given as body.{} (a document's id)",
                                 name == "file" ? "document" : "collection"));
    if (value.is_null() || (value.is_boolean() && !value.get<bool>())) continue;
    if (option->flag) {
      if (!value.is_boolean())
        throw ApiError(400, where, fmt::format("is a flag: true or false, got {}", value.dump()));
      args[name] = "true";
    } else if (name == "in") {
      if (!value.is_string())
        throw ApiError(400, where, "must be the text of the file to import (a string)");
      const std::string path = dir.file("import");
      write_text(path, value.get<std::string>());
      names.add(path, "args.in");
      args[name] = path;
    } else if (value.is_array()) {
      if (!option->repeatable) throw ApiError(400, where, "takes one value, not a list");
      std::string joined;
      for (std::size_t i = 0; i < value.size(); ++i)
        joined += (i == 0 ? "" : "\n") + value_text(value[i], fmt::format("{}[{}]", where, i));
      args[name] = joined;
    } else {
      args[name] = value_text(value, where);
    }
  }
  return args;
}

// The operation's InputErrors name CLI options ("--unit") and files; here those are fields of
// the body and documents.
ApiError body_error(const InputError& error, const BuildOperation& operation,
                    const PathNames& names) {
  std::string where = names.clean(error.where());
  if (where.rfind("--", 0) == 0 && find_option(operation, where.substr(2)) != nullptr) {
    const std::string option = where.substr(2);
    where = option == "file"         ? "body.document"
            : option == "collection" ? "body.collection"
                                     : "body.args." + option;
  }
  return ApiError(400, where, names.clean(error.problem()));
}

nlohmann::json run_build(ServerContext& context, const httplib::Request& request) {
  const Ruleset& ruleset = require_ruleset(request.matches[1], Capability::kBuilder, 404, "path");
  const BuildOperation& operation = find_operation(ruleset, request.matches[2]);
  const nlohmann::json body = parse_body(request);
  const std::optional<std::string> document_id = optional_string(body, "document");
  const std::optional<std::string> collection_id = optional_string(body, "collection");
  const std::optional<std::int64_t> revision =
      optional_int(body, "revision", 1, std::numeric_limits<std::int64_t>::max());
  const bool takes_file = find_option(operation, "file") != nullptr;

  std::optional<DocumentRow> document;
  if (document_id) {
    if (!takes_file)
      throw ApiError(
          400, "body.document",
          fmt::format("{} works on no document; leave body.document out", operation.name));
    document = require_document(context.store, *document_id, "body.document");
    if (document->ruleset != ruleset.name)
      throw ApiError(400, "body.document",
                     fmt::format("is a {} document, not {}", document->ruleset, ruleset.name));
    if (revision && *revision != document->revision)
      throw ApiError(409, "body.revision",
                     fmt::format("is {}, but the document is at revision {}: it was saved since "
                                 "you read it",
                                 *revision, document->revision));
  } else if (revision) {
    throw ApiError(400, "body.revision", "is a document's revision; give body.document too");
  }

  PrivateDir dir;
  PathNames names(dir);
  BuildArgs args = read_args(operation, body, dir, names);

  const std::string kind =
      document ? document->kind
               : optional_string(body, "kind").value_or(created_kind(operation.name));
  if (!kDocumentKinds.count(kind))
    throw ApiError(400, "body.kind",
                   fmt::format("must be warband, wizard or collection, got \"{}\"", kind));
  const std::string file = dir.file(kind == "wizard" ? "document.wizard.toml" : "document.toml");
  names.add(file, document ? fmt::format("document {}", document->id) : "document");
  if (document) {
    write_text(file, document->text);
    args["file"] = file;
  }
  if (collection_id) {
    if (find_option(operation, "collection") == nullptr)
      throw ApiError(400, "body.collection",
                     fmt::format("{} takes no collection; leave it out", operation.name));
    const DocumentRow collection =
        require_document(context.store, *collection_id, "body.collection");
    if (collection.kind != "collection" || collection.ruleset != ruleset.name)
      throw ApiError(400, "body.collection",
                     fmt::format("is a {} {} document, not a {} collection", collection.ruleset,
                                 collection.kind, ruleset.name));
    const std::string path = dir.file("collection.toml");
    write_text(path, collection.text);
    names.add(path, fmt::format("collection {}", collection.id));
    args["collection"] = path;
  }
  // The server's content, when it was given one (else the operations use the built-in one).
  if (!context.content_dir.empty()) {
    if (find_option(operation, "content")) args["content"] = context.content_dir;
    const std::string parameters =
        (fs::path(context.content_dir) / ruleset.name / "parameters.toml").string();
    if (find_option(operation, "parameters") && fs::exists(parameters))
      args["parameters"] = parameters;
  }

  BuildResult result;
  try {
    try {
      result = operation.run(args);
    } catch (const InputError& error) {
      // Without a document the operation runs without --file (`points` prices the catalog); one
      // that needs --file creates it (`new`, `import`): it runs again on a fresh file.
      if (!takes_file || document || error.where() != "--file") throw;
      args["file"] = file;
      result = operation.run(args);
    }
  } catch (const InputError& error) {
    throw body_error(error, operation, names);
  }

  nlohmann::json saved = nullptr;
  if (takes_file) {
    const std::optional<std::string> text = read_text(file);
    if (document && text && *text != document->text) {
      const std::optional<DocumentRow> updated = context.store.update_document(
          document->id, *text, renamed(document->text, *text), document->revision);
      if (!updated)
        throw ApiError(409, "body.revision",
                       "the document was saved or deleted while the operation ran; reload it "
                       "and try again");
      document = updated;
    } else if (!document && text) {
      document =
          context.store.create_document(ruleset.name, kind, created_name(args, *text, kind), *text);
    }
    if (document)
      saved = {{"id", document->id}, {"revision", document->revision}, {"text", document->text}};
  }
  return {{"text", names.clean(result.text)},
          {"json", names.clean(result.json)},
          {"exit_code", result.exit_code},
          {"document", std::move(saved)}};
}

}  // namespace

void add_build_routes(httplib::Server& server, ServerContext& context) {
  auto list = std::make_shared<const std::string>(build_list().dump());
  server.Get("/api/build", [list](const httplib::Request&, httplib::Response& response) {
    response.set_content(*list, "application/json");
  });
  server.Post(R"(/api/build/([^/]+)/([^/]+))",
              json_endpoint([&context](const httplib::Request& request) {
                return run_build(context, request);
              }));

  server.Get("/api/documents", json_endpoint([&context](const httplib::Request& request) {
               const std::string kind = request.get_param_value("kind");
               if (!kind.empty() && !kDocumentKinds.count(kind))
                 throw ApiError(
                     400, "query.kind",
                     fmt::format("must be warband, wizard or collection, got \"{}\"", kind));
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
