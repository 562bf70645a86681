// POST /api/reprice: `warband balance --reprice` as a job of the balance page. Its result is the
// search's own (the same settings through reprice() give the same table), its progress names the
// round and the units frozen, Cancel stops it, its last round's games replay, a server stopped
// mid-run leaves it cancelled, and bad bodies are 400s that say which field and why.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "balance/reprice.h"
#include "balance/reprice_report.h"
#include "tests/balance/wager_ruleset.h"
#include "tests/support/test_server.h"

namespace warband::server {
namespace {

using testing::Client;
using testing::finished_job;
using testing::Reply;
using testing::TempDir;
using testing::TestServer;

// Wager (tests/balance/wager_ruleset.h): material alone decides, so prices are learnt in a few
// thousand quick games.
nlohmann::json wager_reprice(int games, double tolerance, int rounds) {
  return {{"ruleset", wager::kRuleset}, {"games", games},  {"seed", 17}, {"threads", 2},
          {"tolerance", tolerance},     {"rounds", rounds}};
}

// A small AtomsPast repricing: random bots, small random warbands.
nlohmann::json atomspast_reprice(int games, double tolerance, int rounds) {
  return {{"ruleset", "atomspast"},
          {"games", games},
          {"bot", "random"},
          {"seed", 3},
          {"points", 400},
          {"threads", 1},
          {"tolerance", tolerance},
          {"rounds", rounds},
          {"setup", {{"map", "training_ground"}}}};
}

TEST(RepriceJobs, TheJobGivesTheSearchsOwnTableAndPointsFile) {
  TestServer server;
  Client& client = server.client();
  // The horse (fair 200) planted 30% dear: the search must bring it down.
  nlohmann::json request = wager_reprice(3000, 12, 4);
  request["set"] = {{"units.horse.points", 260}};
  const Reply started = client.post("/api/reprice", request);
  ASSERT_EQ(started.status, 200) << started.body;
  const nlohmann::json job = finished_job(client, started.json["job"]);
  ASSERT_EQ(job["state"], "done") << job.dump();
  EXPECT_EQ(job["kind"], "reprice");
  EXPECT_TRUE(job["progress"].is_null());  // only a running job has one

  // The same search called directly: the request's fields, and the CLI's default design
  // (mirrored pairs, luck subtracted).
  balance::RepriceSettings direct;
  direct.balance.ruleset = wager::kRuleset;
  direct.balance.games = 3000;
  direct.balance.seed = 17;
  direct.balance.threads = 1;
  direct.balance.mirrored = true;
  direct.balance.luck = true;
  direct.balance.price_jitter = 1;  // wager prices its spells: the default design jitters them
  direct.balance.overrides = {{"units.horse.points", "260"}};
  direct.tolerance = 12;
  direct.max_rounds = 4;
  const balance::RepriceResult expected = balance::reprice(direct);
  const nlohmann::json& reprice = job["report"]["reprice"];
  EXPECT_EQ(reprice, balance::reprice_json(expected));

  nlohmann::json horse;
  for (const nlohmann::json& unit : reprice["units"])
    if (unit["id"] == "horse") horse = unit;
  EXPECT_EQ(horse["old"], 260);
  EXPECT_LT(horse["new"].get<int>(), 240);  // moved down from 260 towards its fair 200
  EXPECT_EQ(job["done"], reprice["games"]);
  EXPECT_EQ(job["total"], 4 * 3000);
  EXPECT_EQ(job["report"]["points_file"], balance::points_file(expected));
  const std::string markdown = job["report"]["markdown"];
  EXPECT_EQ(markdown.rfind("# Repricing: wager", 0), 0u) << markdown;
  // The report is the last round's: its games, at its prices, replayable with its command.
  EXPECT_EQ(job["report"]["json"]["games"], 3000);
  // Every unit froze in the first round (all within +-12): its games are 0 to 2999.
  EXPECT_EQ(expected.rounds, 1);
  EXPECT_NE(markdown.find("`warband balance wager --games 3000 --seed 17 --bot random --set "
                          "units.horse.points=260 --mirrored --luck --price-jitter 1 "
                          "--replay-index "),
            std::string::npos)
      << markdown;
}

TEST(RepriceJobs, AllFrozenStopsEarlyAndTheBarEndsAtTheGamesPlayed) {
  TestServer server;
  Client& client = server.client();
  const Reply started = client.post("/api/reprice", wager_reprice(400, 1000, 3));
  ASSERT_EQ(started.status, 200) << started.body;
  const nlohmann::json job = finished_job(client, started.json["job"]);
  ASSERT_EQ(job["state"], "done") << job.dump();
  const nlohmann::json& reprice = job["report"]["reprice"];
  // Every interval is narrower than +-1000: all four units freeze in the first round.
  EXPECT_EQ(reprice["rounds"], 1);
  EXPECT_TRUE(reprice["all_frozen"].get<bool>());
  ASSERT_EQ(reprice["units"].size(), 4u);
  for (const nlohmann::json& unit : reprice["units"])
    EXPECT_EQ(unit["frozen_round"], 0) << unit.dump();
  EXPECT_EQ(job["done"], 400);
  EXPECT_EQ(job["total"], 1200);
}

TEST(RepriceJobs, ProgressNamesTheRoundAndTheUnitsFrozenAndCancelStopsIt) {
  TestServer server;
  Client& client = server.client();
  const Reply started = client.post("/api/reprice", atomspast_reprice(20000, 10, 5));
  ASSERT_EQ(started.status, 200) << started.body;
  const std::string id = started.json["job"];
  EXPECT_EQ(client.post("/api/balance", {{"ruleset", "atomspast"}, {"games", 2}}).status, 409);
  nlohmann::json job;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(3);
  do {
    job = client.get("/api/jobs/" + id).json;
    if (job["done"].get<std::int64_t>() > 0 && job["progress"].is_object()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  } while (std::chrono::steady_clock::now() < give_up);
  ASSERT_EQ(job["state"], "running") << job.dump();
  EXPECT_EQ(job["total"], 5 * 20000);
  const nlohmann::json& progress = job["progress"];
  EXPECT_EQ(progress["round"], 1);
  EXPECT_EQ(progress["rounds"], 5);
  EXPECT_EQ(progress["round_total"], 20000);
  EXPECT_GT(progress["round_done"].get<std::int64_t>(), 0);
  EXPECT_EQ(progress["frozen"], 0);  // nothing is frozen before the first fit
  EXPECT_EQ(progress["units"], 17);  // AtomsPast's catalog
  EXPECT_EQ(progress["cards_frozen"], 0);
  EXPECT_EQ(progress["cards"], 41);  // its spells' AcTi, one price each
  // The listing shows the running job's progress too.
  EXPECT_TRUE(client.get("/api/jobs").json[0]["progress"].is_object());

  ASSERT_EQ(client.del("/api/jobs/" + id).status, 200);
  job = finished_job(client, id);
  EXPECT_EQ(job["state"], "cancelled");
  EXPECT_TRUE(job["report"].is_null());
  EXPECT_TRUE(job["progress"].is_null());
  const Reply next = client.post("/api/reprice", wager_reprice(200, 1000, 1));
  ASSERT_EQ(next.status, 200) << next.body;
  EXPECT_EQ(finished_job(client, next.json["job"])["state"], "done");
}

TEST(RepriceJobs, TheLastRoundsGamesReplay) {
  TestServer server;
  Client& client = server.client();
  // A tolerance nothing meets: both rounds are played, the second from game 6 at new prices.
  const Reply started = client.post("/api/reprice", atomspast_reprice(6, 0.01, 2));
  ASSERT_EQ(started.status, 200) << started.body;
  const std::string id = started.json["job"];
  const nlohmann::json job = finished_job(client, id);
  ASSERT_EQ(job["state"], "done") << job.dump();
  const nlohmann::json& last = job["report"]["reprice"]["last_round"];
  EXPECT_EQ(last["first_game"], 6);
  EXPECT_EQ(last["games"], 6);
  // Its replay lines play the second round: its prices, from game 6. Six games seldom let points
  // predict the outcome, and then no unit moves (nor, here, a card price).
  const std::string markdown = job["report"]["markdown"];
  if (last["overrides"].empty()) {
    EXPECT_FALSE(job["report"]["reprice"]["rate_identified"].get<bool>()) << job.dump();
    EXPECT_NE(markdown.find(" --first-game 6 --replay-index "), std::string::npos) << markdown;
    return;
  }
  EXPECT_NE(markdown.find(" --mirrored --luck --price-jitter 1 --first-game 6 --replay-index "),
            std::string::npos)
      << markdown;
  EXPECT_NE(
      markdown.find(fmt::format(" --set {}={}", last["overrides"][0]["path"].get<std::string>(),
                                last["overrides"][0]["value"].get<std::string>())),
      std::string::npos)
      << markdown;
  std::int64_t index = -1;
  for (const nlohmann::json& unit : job["report"]["json"]["units"])
    if (unit["best_game"].is_object()) index = unit["best_game"]["index"];
  ASSERT_GE(index, 6) << job.dump();
  ASSERT_LE(index, 11);
  const Reply replay = client.post("/api/jobs/" + id + "/replay", {{"index", index}});
  ASSERT_EQ(replay.status, 200) << replay.body;
  const Reply frame = client.get("/api/games/" + replay.json["id"].get<std::string>() + "/replay");
  ASSERT_EQ(frame.status, 200) << frame.body;
  EXPECT_TRUE(frame.json["terminal"].get<bool>()) << frame.body;
  // A game of the first round is not in the report.
  const Reply early = client.post("/api/jobs/" + id + "/replay", {{"index", 5}});
  EXPECT_EQ(early.status, 400) << early.body;
  EXPECT_EQ(early.json["error"]["message"],
            "Index must be a whole number from 6 to 11 (you typed 5).");
}

// The card prices' two settings (`--price-jitter`, `--price-tolerance`) reach the search: the job
// is the direct search with them, its games moved every spell's AcTi (so an AcTi step was
// measured) and its report says both; left out, the default design jitters by 1, and `plain` not
// at all.
TEST(RepriceJobs, PriceJitterAndPriceToleranceReachTheSearch) {
  TestServer server;
  Client& client = server.client();
  const auto card_step_measured = [](const nlohmann::json& job) {
    const nlohmann::json& steps = job["report"]["json"]["card_steps"];
    EXPECT_EQ(steps.size(), 2u) << steps.dump();  // AtomsPast's deck copies and Kon's spells
    return !steps.empty() && steps[0]["estimable"].get<bool>();
  };
  nlohmann::json request = atomspast_reprice(8, 10, 1);
  request["price_jitter"] = 2;
  request["price_tolerance"] = 0.5;
  Reply started = client.post("/api/reprice", request);
  ASSERT_EQ(started.status, 200) << started.body;
  nlohmann::json job = finished_job(client, started.json["job"]);
  ASSERT_EQ(job["state"], "done") << job.dump();
  const nlohmann::json& reprice = job["report"]["reprice"];
  EXPECT_EQ(reprice["price_tolerance"], 0.5);
  EXPECT_EQ(reprice["last_round"]["price_jitter"], 2);
  EXPECT_EQ(reprice["cards"].size(), 41u);
  EXPECT_TRUE(card_step_measured(job));
  const std::string markdown = job["report"]["markdown"];
  EXPECT_NE(markdown.find("card prices (AcTi) frozen at +-0.5."), std::string::npos) << markdown;
  EXPECT_NE(markdown.find(" --mirrored --luck --price-jitter 2 --replay-index "), std::string::npos)
      << markdown;

  balance::RepriceSettings direct;
  direct.balance.ruleset = "atomspast";
  direct.balance.games = 8;
  direct.balance.seed = 3;
  direct.balance.points = 400;
  direct.balance.base_setup = {{"map", "training_ground"}};
  direct.balance.mirrored = true;
  direct.balance.luck = true;
  direct.balance.price_jitter = 2;
  direct.tolerance = 10;
  direct.max_rounds = 1;
  direct.price_tolerance = 0.5;
  EXPECT_EQ(reprice, balance::reprice_json(balance::reprice(direct)));

  // Left out: a jitter of 1 (the CLI's default design); plain: none, so no step is measured.
  request = atomspast_reprice(8, 10, 1);
  job = finished_job(client, client.post("/api/reprice", request).json["job"]);
  ASSERT_EQ(job["state"], "done") << job.dump();
  EXPECT_EQ(job["report"]["reprice"]["last_round"]["price_jitter"], 1);
  EXPECT_EQ(job["report"]["reprice"]["price_tolerance"], 1);
  EXPECT_TRUE(card_step_measured(job));
  request["plain"] = true;
  job = finished_job(client, client.post("/api/reprice", request).json["job"]);
  ASSERT_EQ(job["state"], "done") << job.dump();
  EXPECT_EQ(job["report"]["reprice"]["last_round"]["price_jitter"], 0);
  EXPECT_FALSE(card_step_measured(job));
}

TEST(RepriceJobs, AServerStoppedMidRunLeavesItCancelled) {
  TempDir dir;
  const auto on_db = [&](ServerOptions& options) { options.db_path = dir.file("jobs.db"); };
  std::string id;
  {
    TestServer server(on_db);
    id = server.client().post("/api/reprice", atomspast_reprice(20000, 10, 5)).json["job"];
  }  // stopping the server cancels its run
  TestServer server(on_db);
  const nlohmann::json job = server.client().get("/api/jobs/" + id).json;
  EXPECT_EQ(job["state"], "cancelled") << job.dump();
  EXPECT_EQ(job["kind"], "reprice");
}

TEST(RepriceJobs, BadRepriceBodiesSayWhatIsWrong) {
  TestServer server;
  Client& client = server.client();
  const auto refused = [&](const nlohmann::json& body) {
    const Reply reply = client.post("/api/reprice", body);
    return std::to_string(reply.status) + " " +
           (reply.json.is_object() && reply.json.contains("error")
                ? reply.json["error"]["where"].get<std::string>() + ": " +
                      reply.json["error"]["what"].get<std::string>()
                : reply.body);
  };
  nlohmann::json body = atomspast_reprice(10, 0, 2);
  EXPECT_EQ(refused(body), "400 body.tolerance: expected points above 0 and at most 100000");
  body["tolerance"] = "ten";
  EXPECT_EQ(refused(body).substr(0, 18), "400 body.tolerance");
  body = atomspast_reprice(10, 10, 0);
  EXPECT_EQ(refused(body).substr(0, 15), "400 body.rounds");
  body["rounds"] = 21;
  EXPECT_EQ(refused(body).substr(0, 15), "400 body.rounds");
  // Bounded: at most 100,000 games over all the rounds.
  body = atomspast_reprice(20000, 10, 6);
  EXPECT_EQ(refused(body),
            "400 body.rounds: 6 rounds of 20000 games is more than the 100000 games a repricing "
            "may play: fewer rounds or fewer games");
  body = atomspast_reprice(0, 10, 2);
  EXPECT_EQ(refused(body).substr(0, 14), "400 body.games");
  // The card prices' settings: a jitter of 0 to 5 steps, a tolerance above 0 and at most 100.
  for (const nlohmann::json& jitter :
       {nlohmann::json(6), nlohmann::json(-1), nlohmann::json(1.5), nlohmann::json("one")}) {
    body = atomspast_reprice(10, 10, 2);
    body["price_jitter"] = jitter;
    EXPECT_EQ(refused(body).substr(0, 21), "400 body.price_jitter") << jitter;
  }
  body = atomspast_reprice(10, 10, 2);
  body["price_jitter"] = 6;
  EXPECT_EQ(refused(body), "400 body.price_jitter: expected a whole number from 0 to 5, got 6");
  for (const nlohmann::json& tolerance :
       {nlohmann::json(0), nlohmann::json(-0.5), nlohmann::json(101), nlohmann::json("one")}) {
    body = atomspast_reprice(10, 10, 2);
    body["price_tolerance"] = tolerance;
    EXPECT_EQ(refused(body).substr(0, 24), "400 body.price_tolerance") << tolerance;
  }
  body = atomspast_reprice(10, 10, 2);
  body["price_tolerance"] = 0;
  EXPECT_EQ(refused(body), "400 body.price_tolerance: expected steps above 0 and at most 100");
  // A ruleset whose cards have no price (Conflict's) has nothing to jitter.
  body = {{"ruleset", "conflict"}, {"games", 10}, {"price_jitter", 1}};
  EXPECT_EQ(refused(body),
            "400 body.price_jitter: conflict has no card prices to move: leave it out or 0");
  body = atomspast_reprice(10, 10, 2);
  body["set"] = {{"units.dragon_of_nowhere.points", 3}};
  EXPECT_EQ(refused(body).substr(0, 8), "400 body");
  body = atomspast_reprice(10, 10, 2);
  body["setup"]["warbands"] = {"toms_orcs", "jerrys_elves"};
  const std::string fixed = refused(body);
  EXPECT_EQ(fixed.substr(0, 8), "400 body") << fixed;
  EXPECT_NE(fixed.find("needs random warbands"), std::string::npos) << fixed;
  EXPECT_TRUE(client.get("/api/jobs").json.empty());  // no bad body started a job
}

}  // namespace
}  // namespace warband::server
