// GET /api/odds and POST /api/odds/{ruleset}: the queries the rulesets register (core/odds.h),
// computed and rendered exactly as `warband odds RULESET ... --json --svg` does.
#include <httplib.h>

#include <algorithm>

#include "core/error.h"
#include "core/odds.h"
#include "core/odds_report.h"
#include "server/api.h"
#include "server/error_sentence.h"

namespace warband::server {
namespace {

constexpr std::int64_t kMaxOddsSamples = 1'000'000;

// What a person calls an option without a label of its own: its name's words ("damage-dice":
// "Damage dice"), not the command line's spelling.
std::string option_words(const std::string& name) {
  std::string words = name;
  std::replace(words.begin(), words.end(), '-', ' ');
  if (!words.empty() && words[0] >= 'a' && words[0] <= 'z') words[0] = words[0] - 'a' + 'A';
  return words;
}

nlohmann::json odds_list() {
  nlohmann::json list = nlohmann::json::array();
  for (const std::string& ruleset : Registry::instance().names(Capability::kOdds)) {
    const OddsQuery& query = find_odds(ruleset);
    nlohmann::json options = nlohmann::json::array();
    for (const OddsOption& option : query.options) {
      nlohmann::json entry = {
          {"name", option.name},
          {"help", option.help},
          {"flag", option.flag},
          {"label", option.label.empty() ? option_words(option.name) : option.label}};
      if (option.choices) {
        entry["choices"] = nlohmann::json::array();
        for (const OddsChoice& choice : option.choices()) {
          nlohmann::json item = {{"value", choice.value}, {"label", choice.label}};
          if (!choice.only_with_option.empty())
            item["only_with"] = {{"option", choice.only_with_option},
                                 {"value", choice.only_with_value}};
          entry["choices"].push_back(std::move(item));
        }
        entry["required"] = option.required;
      }
      if (!option.reset_by.empty()) entry["reset_by"] = option.reset_by;
      options.push_back(std::move(entry));
    }
    nlohmann::json questions = nlohmann::json::array();
    for (const OddsQuestion& question : query.questions) {
      // A flag's example is a JSON true, as POST /api/odds/{ruleset} reads flags back.
      nlohmann::json example = nlohmann::json::object();
      for (const auto& [name, value] : question.example) {
        const auto option =
            std::find_if(query.options.begin(), query.options.end(),
                         [&key = name](const OddsOption& known) { return known.name == key; });
        const bool flag = option != query.options.end() && option->flag;
        example[name] =
            flag ? nlohmann::json(odds_flag(question.example, name)) : nlohmann::json(value);
      }
      questions.push_back({{"title", question.title},
                           {"options", question.options},
                           {"example", std::move(example)}});
    }
    list.push_back({{"ruleset", ruleset},
                    {"summary", query.summary},
                    {"sampler", static_cast<bool>(query.sample)},
                    {"options", std::move(options)},
                    {"questions", std::move(questions)}});
  }
  return list;
}

const OddsQuery& find_query(const std::string& ruleset) {
  return *require_ruleset(ruleset, Capability::kOdds, 404, "path").odds;
}

// body.args as the query's OddsArgs: strings, numbers and booleans, as the CLI's options would
// give them. A flag is given by `true`; `false` (or null) leaves an option out.
OddsArgs read_odds_args(const std::string& ruleset, const OddsQuery& query,
                        const JsonFields& body) {
  OddsArgs args;
  const std::optional<JsonFields> given = body.optional_object("args");
  if (!given) return args;
  for (const auto& [name, value] : given->json().items()) {
    const std::string where = given->where_of(name);
    const auto option =
        std::find_if(query.options.begin(), query.options.end(),
                     // By another name: clang 14 cannot capture a structured binding.
                     [&key = name](const OddsOption& known) { return known.name == key; });
    if (option == query.options.end()) {
      std::vector<std::string> names;
      for (const OddsOption& known : query.options)
        names.push_back(known.name);
      throw ApiError(400, where,
                     fmt::format("is not an option of the {} odds; its options: {}", ruleset,
                                 fmt::join(names, ", ")));
    }
    if (value.is_null() || (value.is_boolean() && !value.get<bool>())) continue;
    if (option->flag) {
      if (!value.is_boolean())
        throw ApiError(400, where, fmt::format("is a flag: true or false, got {}", value.dump()));
      args[name] = "true";
    } else {
      args[name] = arg_text(value, where);
    }
  }
  return args;
}

// The query's InputErrors name the CLI's options ("--skill"); here they are fields of the body.
std::string body_where(const OddsQuery& query, const std::string& where) {
  if (where.rfind("--", 0) != 0) return where;
  const std::string name = where.substr(2);
  if (name == "samples" || name == "seed") return "body." + name;
  for (const OddsOption& option : query.options)
    if (option.name == name) return "body.args." + name;
  return where;
}

nlohmann::json compute(const httplib::Request& request, Budget& budget) {
  const OddsQuery& query = find_query(request.matches[1]);
  const nlohmann::json json = parse_body(request);
  const JsonFields body = body_fields(json);
  refuse_unknown_fields(body, {"args", "samples", "seed"});
  const OddsArgs args = read_odds_args(request.matches[1], query, body);
  const auto samples =
      static_cast<int>(body.optional_integer("samples", 0, kMaxOddsSamples).value_or(0));
  const auto seed = static_cast<std::uint64_t>(
      body.optional_integer("seed", 0, JsonFields::kMaxInteger).value_or(1));
  try {
    const OddsReport report =
        run_odds_query(request.matches[1], query, args, samples, seed, budget);
    nlohmann::json answer = nlohmann::json::parse(odds_json(report).dump());
    answer["svg"] = odds_svg(report);
    return answer;
  } catch (const InputError& error) {
    // An option with a label is named by it ("Attack Strength must be ...").
    const std::string where = body_where(query, error.where());
    const auto option =
        std::find_if(query.options.begin(), query.options.end(),
                     [&](const OddsOption& known) { return "body.args." + known.name == where; });
    const std::string sentence = option != query.options.end() && !option->label.empty()
                                     ? labelled_sentence(option->label, error.problem())
                                     : "";
    throw ApiError(400, where, error.problem(), sentence);
  }
}

}  // namespace

void add_odds_routes(httplib::Server& server, ServerContext&) {
  // Listed anew on each request: the pickers offer the content as it is now (a unit added to a
  // content file while the server runs), as the games and the builder read it.
  server.Get("/api/odds", json_endpoint([](const httplib::Request&) { return odds_list(); }));
  server.Post(R"(/api/odds/([^/]+))", json_endpoint(BudgetedJsonHandler(compute)));
}

}  // namespace warband::server
