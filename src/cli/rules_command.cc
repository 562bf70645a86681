// `warband rules`: the embedded rules and rulings texts, by ruleset and topic, and a search.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>

#include "cli/command.h"
#include "cli/markdown_text.h"
#include "core/docs.h"
#include "core/error.h"
#include "core/rules_text.h"

namespace warband::cli {
namespace {

std::string join(const std::vector<std::string>& words, std::string_view separator) {
  std::string joined;
  for (const std::string& word : words)
    joined += (joined.empty() ? "" : std::string(separator)) + word;
  return joined;
}

// The command that opens a section: what a search hit and an ambiguous topic suggest.
std::string open_command(std::string_view ruleset, std::string_view kind, std::string_view anchor) {
  return fmt::format("warband rules {} {}{}", ruleset, anchor,
                     kind == "rulings" ? " --rulings" : "");
}

class RulesCommand final : public Command {
 public:
  explicit RulesCommand(CLI::App& app) {
    app.add_option("ruleset", ruleset_, "The ruleset whose rules to show (none: list them)");
    app.add_option("topic", topic_words_,
                   "A section: its title or anchor, or a unique prefix or part of one "
                   "(none: the table of contents)");
    app.add_flag("--rulings", rulings_, "Show the project's rulings instead of the rules");
    app.add_option("--search", search_words_,
                   "Search every ruleset's rules and rulings for sections holding all WORDS")
        ->type_name("WORDS")
        ->expected(1, -1);
    app.add_flag("--json", json_, "Print the result as JSON");
  }

  int run(Io& io) override {
    if (!search_words_.empty()) {
      if (!ruleset_.empty() || !topic_words_.empty())
        throw InputError("--search", "searches every ruleset; give words only, no ruleset");
      return run_search(io);
    }
    if (ruleset_.empty()) return list_rulesets(io);
    const Doc& doc = find_doc();
    const std::vector<rules_text::Section> sections = rules_text::split_sections(doc.markdown);
    if (topic_words_.empty()) return print_contents(io, doc, sections);
    return print_section(io, doc, sections);
  }

 private:
  std::string kind() const { return rulings_ ? "rulings" : "rules"; }

  std::vector<std::string> rulesets_with(std::string_view kind) const {
    std::vector<std::string> names;
    for (const Doc& doc : embedded_docs())
      if (doc.kind == kind) names.emplace_back(doc.ruleset);
    return names;
  }

  const Doc& find_doc() const {
    for (const Doc& doc : embedded_docs())
      if (doc.ruleset == ruleset_ && doc.kind == kind()) return doc;
    throw InputError(ruleset_, fmt::format("no {} text for this ruleset; the rulesets with one: {}",
                                           kind(), join(rulesets_with(kind()), ", ")));
  }

  int list_rulesets(Io& io) const {
    std::set<std::string> names;
    for (const Doc& doc : embedded_docs())
      names.emplace(doc.ruleset);
    if (json_) {
      nlohmann::json list = nlohmann::json::array();
      for (const std::string& name : names) {
        nlohmann::json kinds = nlohmann::json::array();
        for (const Doc& doc : embedded_docs())
          if (doc.ruleset == name) kinds.push_back(doc.kind);
        list.push_back({{"ruleset", name}, {"kinds", kinds}});
      }
      io.out << list.dump(2) << "\n";
      return kExitOk;
    }
    io.out << "Rules texts in this build:\n";
    for (const std::string& name : names)
      io.out << "  " << name << "\n";
    io.out << "Run `warband rules RULESET` for its contents, `warband rules RULESET TOPIC` for a "
              "section,\n`--rulings` for the project's rulings, `warband rules --search WORDS` to "
              "search.\n";
    return kExitOk;
  }

  int print_contents(Io& io, const Doc& doc,
                     const std::vector<rules_text::Section>& sections) const {
    if (json_) {
      nlohmann::json list = nlohmann::json::array();
      for (const auto& section : sections)
        list.push_back(
            {{"title", section.title}, {"anchor", section.anchor}, {"level", section.level}});
      io.out << nlohmann::json{{"ruleset", doc.ruleset}, {"kind", doc.kind}, {"sections", list}}
                    .dump(2)
             << "\n";
      return kExitOk;
    }
    io.out << fmt::format("{} {}: contents\n\n", doc.ruleset, doc.kind);
    for (const auto& section : sections)
      io.out << fmt::format("{:{}}{}  ({})\n", "", 2 * (section.level - 1), section.title,
                            section.anchor);
    io.out << fmt::format(
        "\nRun `warband rules {} TOPIC{}` for a section (a title, an anchor or "
        "a unique part of one).\n",
        doc.ruleset, rulings_ ? " --rulings" : "");
    return kExitOk;
  }

  int print_section(Io& io, const Doc& doc,
                    const std::vector<rules_text::Section>& sections) const {
    const std::string topic = join(topic_words_, " ");
    const rules_text::TopicLookup lookup = rules_text::find_topic(sections, topic);
    if (!lookup.found()) {
      std::string choices;
      if (lookup.candidates.empty()) {
        choices = fmt::format(
            "no section fits; run `warband rules {}{}` without a topic for the contents",
            doc.ruleset, rulings_ ? " --rulings" : "");
      } else {
        choices = "it fits several sections; pick one:";
        for (std::size_t index : lookup.candidates)
          choices += fmt::format("\n  {}  ({})", sections[index].title, sections[index].anchor);
      }
      throw InputError(fmt::format("{} {} \"{}\"", doc.ruleset, doc.kind, topic), choices);
    }
    const rules_text::Section& section = sections[static_cast<std::size_t>(lookup.index)];
    if (json_) {
      io.out << nlohmann::json{{"ruleset", doc.ruleset}, {"kind", doc.kind},
                               {"title", section.title}, {"anchor", section.anchor},
                               {"level", section.level}, {"markdown", section.full}}
                    .dump(2)
             << "\n";
      return kExitOk;
    }
    io.out << render_markdown_plain(section.full);
    return kExitOk;
  }

  int run_search(Io& io) const {
    const std::vector<rules_text::SearchHit> hits =
        rules_text::search(embedded_docs(), search_words_);
    if (json_) {
      nlohmann::json list = nlohmann::json::array();
      for (const auto& hit : hits)
        list.push_back({{"ruleset", hit.ruleset},
                        {"kind", hit.kind},
                        {"title", hit.title},
                        {"anchor", hit.anchor},
                        {"snippet", hit.snippet},
                        {"command", open_command(hit.ruleset, hit.kind, hit.anchor)}});
      io.out << list.dump(2) << "\n";
      return kExitOk;
    }
    const std::string words = join(search_words_, " ");
    if (hits.empty()) {
      io.out << fmt::format("No section holds every word of \"{}\".\n", words);
      return kExitOk;
    }
    io.out << fmt::format("{} section{} with \"{}\":\n\n", hits.size(), hits.size() == 1 ? "" : "s",
                          words);
    for (const auto& hit : hits)
      io.out << fmt::format("{}{} · {} · {}\n    {}\n", hit.ruleset,
                            hit.kind == "rulings" ? " rulings" : "", hit.title, hit.snippet,
                            open_command(hit.ruleset, hit.kind, hit.anchor));
    return kExitOk;
  }

  std::string ruleset_;
  std::vector<std::string> topic_words_;
  std::vector<std::string> search_words_;
  bool rulings_ = false;
  bool json_ = false;
};

}  // namespace

RegisteredCommand add_rules_command(CLI::App& app) {
  CLI::App* subcommand =
      app.add_subcommand("rules", "Show or search the rules texts and the project's rulings");
  return {subcommand, std::make_unique<RulesCommand>(*subcommand)};
}

}  // namespace warband::cli
