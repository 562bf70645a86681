#include "load_client.h"

#include <fmt/format.h>
#include <httplib.h>

#include <memory>
#include <optional>

#include "core/rng.h"
#include "event_stream_reader.h"

namespace warband::load {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::size_t kProblemsKept = 10;

// Catalog units a build round adds (both factions: a list may mix them while it is drafted).
const std::vector<std::string> kUnits = {"orc_warrior",  "goblin_archer", "goblin_spearman",
                                         "orc_brute",    "wolf_rider",    "footmen",
                                         "elf_riflemen", "elf_outrider",  "elf_blademaster"};

// Two small legal warbands (four units each, the built-in lists' Kons and decks), so that a game
// reaches its battle within the moves a client plays.
nlohmann::json small_orcs() {
  return {{"id", "load_orcs"},
          {"name", "Load Orcs"},
          {"points_limit", 1500},
          {"kon", {{"unit", "orc_boar_rider"}, {"spell", "grafted_strike"}, {"power_level", 5}}},
          {"units",
           {{{"unit", "orc_boar_rider"}, {"count", 1}},
            {{"unit", "orc_warrior"}, {"count", 2}},
            {{"unit", "goblin_archer"}, {"count", 1}}}},
          {"deck",
           {{"grafted_strike", 3},
            {"sinew_lash", 4},
            {"mandible_bite", 4},
            {"scorpion_tail", 3},
            {"fourth_arm", 2},
            {"boiling_blood", 3},
            {"leathery_wings", 3},
            {"regrowth", 4},
            {"cauterize", 4},
            {"chitin_plating", 3},
            {"bloated_carcass", 2},
            {"rot_curse", 3},
            {"calcify", 3},
            {"leech_swarm", 3},
            {"recall_lattice", 3},
            {"resonance_engine", 3}}}};
}

nlohmann::json small_elves() {
  return {{"id", "load_elves"},
          {"name", "Load Elves"},
          {"points_limit", 1500},
          {"kon", {{"unit", "elf_riflemen"}, {"spell", "bone_explosion"}, {"power_level", 3}}},
          {"units",
           {{{"unit", "elf_riflemen"}, {"count", 1}},
            {{"unit", "footmen"}, {"count", 2}},
            {{"unit", "elf_blademaster"}, {"count", 1}}}},
          {"deck",
           {{"bone_explosion", 3},
            {"atomic_lance", 3},
            {"lightning_coil", 3},
            {"mortar_of_ages", 2},
            {"static_mine", 3},
            {"overcharge", 3},
            {"rifling_runes", 3},
            {"hawk_eyes", 3},
            {"arc_lantern", 3},
            {"clockwork_legs", 3},
            {"blink_gate", 2},
            {"chrono_shift", 3},
            {"stasis_field", 3},
            {"aegis_projector", 3},
            {"soul_battery", 3},
            {"ember_flask", 3},
            {"regrowth", 4}}}};
}

// What a client reads from a game view.
struct GameView {
  std::string id;
  std::int64_t length = 0;
  bool terminal = false;
  std::vector<std::int64_t> legal;
};

class Client {
 public:
  Client(const LoadOptions& options, int index, RunBounds& bounds)
      : options_(options),
        index_(index),
        bounds_(bounds),
        http_(options.host, options.port),
        rng_(mix_seed(options.seed, static_cast<std::uint64_t>(index))) {
    // As a browser does: one connection kept open, and no Nagle delay (httplib writes a request's
    // headers and body separately; with Nagle the body would wait ~40 ms for the delayed ACK).
    http_.set_keep_alive(true);
    http_.set_tcp_nodelay(true);
    http_.set_connection_timeout(5);
    // Long enough for a slow bot move on a loaded machine: a timeout would count as lost.
    http_.set_read_timeout(120);
    http_.set_write_timeout(120);
  }

  ClientResult run() {
    while (!stop_) {
      switch (options_.scenario) {
        case Scenario::kMixed:
          round_ % 2 == 0 ? build_round() : play_round();
          break;
        case Scenario::kBuild:
          build_round();
          break;
        case Scenario::kPlay:
          play_round();
          break;
        case Scenario::kHealth:
          health_round();
          break;
        case Scenario::kRemote:
          remote_round();
          break;
      }
      ++round_;
    }
    return std::move(result_);
  }

 private:
  // Sends one request and times it. nullopt when the bounds ended before it was sent, when the
  // connection failed (the client then stops), or when the answer is not `expected` (counted).
  std::optional<nlohmann::json> call(const std::string& method, const std::string& path,
                                     const std::string& route, const nlohmann::json& body,
                                     int expected = 200, const httplib::Headers& headers = {}) {
    if (stop_) return std::nullopt;
    if (!bounds_.take_request()) {
      stop_ = true;
      return std::nullopt;
    }
    const std::string payload = body.is_null() ? std::string() : body.dump();
    const auto start = Clock::now();
    httplib::Result answer = method == "GET" ? http_.Get(path, headers)
                             : method == "PUT"
                                 ? http_.Put(path, headers, payload, "application/json")
                                 : http_.Post(path, headers, payload, "application/json");
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    const std::string label = method + " " + route;
    if (!answer) {
      // A server that stopped answering does not come back within a run: this client ends.
      const std::string why = httplib::to_string(answer.error());
      if (!options_.expect_kill) ++result_.errors["no answer (" + why + ") " + label];
      result_.disconnected = true;
      stop_ = true;
      return std::nullopt;
    }
    result_.latencies[label].push_back(ms);
    if (answer->status != expected) {
      // Counted by kind; the first answer of each kind is kept as an example.
      if (++result_.errors[fmt::format("{} {}", answer->status, label)] == 1)
        problem(fmt::format("{} {} answered {} (expected {}): {}", method, path, answer->status,
                            expected, answer->body.substr(0, 300)),
                false);
      return std::nullopt;
    }
    nlohmann::json parsed = nlohmann::json::parse(answer->body, nullptr, false);
    if (parsed.is_discarded()) {
      problem(fmt::format("{} {} answered {} with a body that is not JSON: {}", method, path,
                          answer->status, answer->body.substr(0, 200)));
      return std::nullopt;
    }
    return parsed;
  }

  // A wrong answer. `counted` is false for an unexpected status, already counted as an error
  // (its text is kept as an example only).
  void problem(std::string text, bool counted = true) {
    if (counted) ++result_.problem_count;
    if (result_.problems.size() < kProblemsKept)
      result_.problems.push_back(fmt::format("client {}: {}", index_, std::move(text)));
  }

  // A document as the server answered it after a save; recorded as confirmed.
  std::optional<ConfirmedDocument> saved_document(const nlohmann::json& document,
                                                  const std::string& what) {
    if (!document.is_object() || !document.contains("id") || !document["id"].is_string() ||
        !document.contains("revision") || !document["revision"].is_number_integer() ||
        !document.contains("text") || !document["text"].is_string()) {
      problem(what + ": the answer has no document {id, revision, text}: " +
              document.dump().substr(0, 200));
      return std::nullopt;
    }
    ConfirmedDocument saved{document["id"].get<std::string>(),
                            document["revision"].get<std::int64_t>(),
                            document["text"].get<std::string>()};
    result_.ledger.confirm_document(saved.id, saved.revision, saved.text);
    return saved;
  }

  std::optional<GameView> game_view(const nlohmann::json& view, const std::string& what) {
    if (!view.is_object() || !view.contains("id") || !view["id"].is_string() ||
        !view.contains("length") || !view["length"].is_number_integer() ||
        !view.contains("terminal") || !view["terminal"].is_boolean() || !view.contains("legal") ||
        !view["legal"].is_array()) {
      problem(what + ": the answer is not a game view {id, length, terminal, legal}: " +
              view.dump().substr(0, 200));
      return std::nullopt;
    }
    GameView game{view["id"].get<std::string>(),
                  view["length"].get<std::int64_t>(),
                  view["terminal"].get<bool>(),
                  {}};
    for (const auto& entry : view["legal"]) {
      if (!entry.is_object() || !entry.contains("action") || !entry["action"].is_number_integer()) {
        problem(what + ": a legal entry has no whole-number action: " + entry.dump());
        return std::nullopt;
      }
      game.legal.push_back(entry["action"].get<std::int64_t>());
    }
    return game;
  }

  // The builder as the browser uses it: a new list, units added, validated, a hand edit saved,
  // a stale save refused, the list read back.
  void build_round() {
    const std::string new_path = "/api/build/atomspast/new";
    const auto created =
        call("POST", new_path, new_path,
             {{"args",
               {{"name", fmt::format("Load {} #{}", index_, round_)}, {"points-limit", "500"}}}});
    if (!created) return;
    ++result_.documents_created;
    auto document = saved_document(created->value("document", nlohmann::json()), "build new");
    if (!document) return;

    const std::string add_path = "/api/build/atomspast/add";
    for (int unit = 0; unit < 2; ++unit) {
      const nlohmann::json args = {{"unit", rng_.pick(kUnits)},
                                   {"count", std::to_string(1 + rng_.below(2))}};
      const auto added =
          call("POST", add_path, add_path,
               {{"document", document->id}, {"revision", document->revision}, {"args", args}});
      if (!added) return;
      const auto next = saved_document(added->value("document", nlohmann::json()), "build add");
      if (!next) return;
      if (next->id != document->id || next->revision <= document->revision)
        problem(fmt::format("build add on document {} revision {} answered document {} revision {}",
                            document->id, document->revision, next->id, next->revision));
      document = next;
    }

    // No Kon and no Spell Deck yet: the warband cannot be legal.
    const std::string validate_path = "/api/build/atomspast/validate";
    const auto validated = call("POST", validate_path, validate_path,
                                {{"document", document->id}, {"args", nlohmann::json::object()}});
    if (!validated) return;
    if (validated->value("exit_code", -1) != 1)
      problem(fmt::format("validate called document {} (no Kon, no deck) legal: exit_code {}",
                          document->id, validated->value("exit_code", -1)));
    if (validated->contains("document") && !(*validated)["document"].is_null())
      if (!saved_document((*validated)["document"], "build validate")) return;

    const std::string path = "/api/documents/" + document->id;
    const std::string route = "/api/documents/{id}";
    const std::string text =
        document->text + fmt::format("# Edited by load client {} in round {}.\n", index_, round_);
    const auto put = call("PUT", path, route, {{"text", text}, {"revision", document->revision}});
    if (!put) return;
    const auto saved = saved_document(*put, "document save");
    if (!saved) return;
    if (saved->text != text || saved->revision <= document->revision)
      problem(fmt::format("document {}: the save answered revision {} and {} the text sent",
                          saved->id, saved->revision, saved->text == text ? "kept" : "changed"));

    // A save from the revision before must be refused (409) and change nothing.
    if (!call("PUT", path, route, {{"text", text}, {"revision", document->revision}}, 409)) return;

    const auto read = call("GET", path, route, nullptr);
    if (!read) return;
    if (read->value("revision", std::int64_t{-1}) != saved->revision ||
        read->value("text", std::string()) != saved->text)
      problem(fmt::format("document {}: read back revision {}, not the saved revision {} and text",
                          saved->id, read->value("revision", std::int64_t{-1}), saved->revision));
  }

  // A game against the bot: created, up to --moves-per-game legal moves, then read back as a
  // reloaded page would.
  void play_round() {
    const bool human_first = rng_.below(2) == 0;
    const nlohmann::json players =
        human_first ? nlohmann::json{"human", options_.bot} : nlohmann::json{options_.bot, "human"};
    const auto created =
        call("POST", "/api/games", "/api/games",
             {{"ruleset", "atomspast"},
              {"setup", {{"warbands", {small_orcs(), small_elves()}}, {"map", "training_ground"}}},
              {"players", players},
              {"seed", rng_.next() >> 11}});
    if (!created) return;
    auto game = game_view(*created, "new game");
    if (!game) return;
    ++result_.games_created;
    result_.ledger.confirm_game(game->id, game->length);

    const std::string path = "/api/games/" + game->id;
    for (int move = 0; move < options_.moves_per_game && !game->terminal; ++move) {
      if (game->legal.empty()) {
        problem(fmt::format("game {} at length {}: not over, yet the human has no legal action",
                            game->id, game->length));
        return;
      }
      const std::int64_t action = rng_.pick(game->legal);
      const auto answer = call("POST", path + "/actions", "/api/games/{id}/actions",
                               {{"action", action}, {"length", game->length}});
      if (!answer) return;
      const auto next = game_view(*answer, "game action");
      if (!next) return;
      if (next->id != game->id || next->length <= game->length)
        problem(fmt::format("game {}: an action at length {} answered game {} at length {}",
                            game->id, game->length, next->id, next->length));
      result_.ledger.confirm_game(next->id, next->length);
      ++result_.moves;
      game = next;
    }
    if (game->terminal) ++result_.games_finished;

    const auto read = call("GET", path, "/api/games/{id}", nullptr);
    if (!read) return;
    const auto resumed = game_view(*read, "game read back");
    if (resumed && resumed->length != game->length)
      problem(fmt::format("game {}: read back at length {}, but the last move answered length {}",
                          game->id, resumed->length, game->length));
  }

  // Issue 21: a pair of players in one game with both seats remote, each with its token and its
  // event stream. The side to move plays a legal move; the other must hear it on its stream (the
  // time from sending the move to the event is the route "SSE: the opponent hears a move"), then
  // reads its own view, as the waiting browser does.
  void remote_round() {
    const auto created =
        call("POST", "/api/games", "/api/games",
             {{"ruleset", "atomspast"},
              {"setup", {{"warbands", {small_orcs(), small_elves()}}, {"map", "training_ground"}}},
              {"players", {"human", "human"}},
              {"seed", rng_.next() >> 11},
              {"remote", {{"seats", {0, 1}}}}});
    if (!created) return;
    const std::string id = created->value("id", "");
    std::string tokens[2];
    const nlohmann::json invite = created->value("invite", nlohmann::json::object());
    for (const nlohmann::json& link : invite.value("seats", nlohmann::json::array()))
      tokens[link.value("seat", 0) & 1] = link.value("token", "");
    if (id.empty() || tokens[0].empty() || tokens[1].empty()) {
      problem("a game with remote seats answered no id or links: " +
              created->dump().substr(0, 200));
      return;
    }
    ++result_.games_created;
    const std::string path = "/api/games/" + id;
    std::unique_ptr<EventStreamReader> streams[2];
    for (int seat = 0; seat < 2; ++seat) {
      streams[seat] = std::make_unique<EventStreamReader>(options_.host, options_.port,
                                                          path + "/events?token=" + tokens[seat]);
      if (!streams[seat]->ok()) {
        if (!options_.expect_kill) ++result_.errors["event stream refused or not answered"];
        stop_ = stop_ || options_.expect_kill;
        return;
      }
    }
    const auto auth = [&](int seat) {
      return httplib::Headers{{"Authorization", "Bearer " + tokens[seat]}};
    };
    int to_move = created->value("current_player", -1);
    for (int move = 0; move < options_.moves_per_game && to_move >= 0 && !stop_; ++move) {
      const auto read = call("GET", path, "/api/games/{id} (a seat)", nullptr, 200, auth(to_move));
      if (!read) return;
      const auto game = game_view(*read, "a seat's view");
      if (!game) return;
      if (game->terminal) break;
      if (game->legal.empty()) {
        problem(fmt::format("game {}: {} is to move and its view lists no action", id, to_move));
        return;
      }
      // From the move's request to the event on the other seat's stream.
      const auto sent = Clock::now();
      const auto answer =
          call("POST", path + "/actions", "/api/games/{id}/actions (a seat)",
               {{"action", rng_.pick(game->legal)}, {"length", game->length}}, 200, auth(to_move));
      if (!answer) return;
      const auto next = game_view(*answer, "a seat's move");
      if (!next) return;
      result_.ledger.confirm_game(id, next->length);
      ++result_.moves;
      // The other seat hears it: an event with the new length.
      if (!streams[1 - to_move]->wait_for(fmt::format("\"length\":{},", next->length),
                                          std::chrono::seconds(5))) {
        if (!options_.expect_kill)
          problem(fmt::format("game {}: {}'s stream did not tell length {} within 5 s", id,
                              1 - to_move, next->length));
        return;
      }
      result_.latencies["SSE: the opponent hears a move"].push_back(
          std::chrono::duration<double, std::milli>(Clock::now() - sent).count());
      if (next->terminal) {
        ++result_.games_finished;
        break;
      }
      to_move = answer->value("current_player", -1);
    }
  }

  void health_round() {
    const auto health = call("GET", "/api/health", "/api/health", nullptr);
    if (health && health->value("ok", false) != true)
      problem("GET /api/health answered without \"ok\": true: " + health->dump());
  }

  const LoadOptions& options_;
  int index_;
  RunBounds& bounds_;
  httplib::Client http_;
  Rng rng_;
  bool stop_ = false;
  std::int64_t round_ = 0;
  ClientResult result_;
};

}  // namespace

bool RunBounds::take_request() {
  if (Clock::now() >= deadline_) return false;
  return taken_.fetch_add(1) < max_requests_;
}

ClientResult run_client(const LoadOptions& options, int index, RunBounds& bounds) {
  return Client(options, index, bounds).run();
}

}  // namespace warband::load
