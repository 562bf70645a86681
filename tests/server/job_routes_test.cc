// The "Balance" endpoints over HTTP: a run in the background with its progress and report, one
// run at a time, cancelling, a restart after a server died mid-run, and bad bodies.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tests/support/test_server.h"

namespace warband::server {
namespace {

using testing::Client;
using testing::finished_job;
using testing::Reply;
using testing::TempDir;
using testing::TestServer;

// A small run: random bots, small random warbands, few games.
nlohmann::json small_run(int games) {
  return {{"ruleset", "atomspast"},
          {"games", games},
          {"bot", "random"},
          {"seed", 3},
          {"points", 400},
          {"threads", 1},
          {"setup", {{"map", "training_ground"}}}};
}

TEST(JobRoutes, ABalanceRunReportsItsProgressAndItsReport) {
  TestServer server;
  Client& client = server.client();
  const Reply started = client.post("/api/balance", small_run(8));
  ASSERT_EQ(started.status, 200) << started.body;
  const std::string id = started.json["job"];
  const nlohmann::json job = finished_job(client, id);
  ASSERT_EQ(job["state"], "done") << job.dump();
  EXPECT_EQ(job["done"], 8);
  EXPECT_EQ(job["total"], 8);
  EXPECT_TRUE(job["error"].is_null());
  ASSERT_TRUE(job["report"].is_object());
  const std::string markdown = job["report"]["markdown"];
  EXPECT_NE(markdown.find("warband balance atomspast --games 8 --seed 3"), std::string::npos)
      << markdown;
  EXPECT_NE(job["report"]["html"].get<std::string>().find("<svg"), std::string::npos);
  EXPECT_TRUE(job["report"]["json"].is_object());
  EXPECT_EQ(job["settings"]["games"], 8);

  const Reply listed = client.get("/api/jobs");
  ASSERT_EQ(listed.status, 200);
  ASSERT_EQ(listed.json.size(), 1u);
  EXPECT_EQ(listed.json[0]["id"], id);
  EXPECT_EQ(listed.json[0]["state"], "done");
  // A finished job is not running: nothing to cancel.
  EXPECT_EQ(client.del("/api/jobs/" + id).status, 409);
}

TEST(JobRoutes, ASpreadIsPassedOnAndAGameOfTheRunReplays) {
  TestServer server;
  Client& client = server.client();
  nlohmann::json request = small_run(6);
  request["spread"] = 150;
  const Reply started = client.post("/api/balance", request);
  ASSERT_EQ(started.status, 200) << started.body;
  const std::string id = started.json["job"];
  const nlohmann::json job = finished_job(client, id);
  ASSERT_EQ(job["state"], "done") << job.dump();
  EXPECT_EQ(job["report"]["json"]["spread"], 150);
  EXPECT_NE(job["report"]["markdown"].get<std::string>().find("--spread 150"), std::string::npos);

  // A unit's best game opens as a replay: the same game the run played, to its end.
  std::int64_t index = -1;
  for (const nlohmann::json& unit : job["report"]["json"]["units"])
    if (unit["best_game"].is_object()) index = unit["best_game"]["index"];
  ASSERT_GE(index, 0) << job.dump();
  const Reply replay = client.post("/api/jobs/" + id + "/replay", {{"index", index}});
  ASSERT_EQ(replay.status, 200) << replay.body;
  const Reply frame = client.get("/api/games/" + replay.json["id"].get<std::string>() + "/replay");
  ASSERT_EQ(frame.status, 200) << frame.body;
  EXPECT_TRUE(frame.json["terminal"].get<bool>()) << frame.body;
  EXPECT_EQ(frame.json["length"], replay.json["length"]);

  const Reply past = client.post("/api/jobs/" + id + "/replay", {{"index", 6}});
  EXPECT_EQ(past.status, 400) << past.body;
  EXPECT_EQ(past.json["error"]["message"],
            "Index must be a whole number from 0 to 5 (you typed 6).");
  EXPECT_EQ(client.post("/api/jobs/nope/replay", {{"index", 0}}).status, 404);
}

// `price_jitter` moves every spell's AcTi between games (`--price-jitter`): the run measures what
// an AcTi step is worth, and its replay lines say the jitter; a run leaves it at 0 unless asked.
TEST(JobRoutes, APriceJitterReachesTheRun) {
  TestServer server;
  Client& client = server.client();
  const auto deck_step_measured = [&](const nlohmann::json& request) {
    const Reply started = client.post("/api/balance", request);
    EXPECT_EQ(started.status, 200) << started.body;
    const nlohmann::json job = finished_job(client, started.json["job"]);
    EXPECT_EQ(job["state"], "done") << job.dump();
    const nlohmann::json& steps = job["report"]["json"]["card_steps"];
    const bool jittered =
        job["report"]["markdown"].get<std::string>().find(" --price-jitter 1") != std::string::npos;
    EXPECT_EQ(jittered, request.contains("price_jitter"));
    return !steps.empty() && steps[0]["estimable"].get<bool>();
  };
  nlohmann::json request = small_run(8);
  EXPECT_FALSE(deck_step_measured(request));
  request["price_jitter"] = 1;
  EXPECT_TRUE(deck_step_measured(request));
}

TEST(JobRoutes, CompareRunsTheSameGamesWithoutAndWithTheWhatIfs) {
  TestServer server;
  Client& client = server.client();
  nlohmann::json request = small_run(4);
  request["compare"] = true;
  const Reply refused = client.post("/api/balance", request);
  EXPECT_EQ(refused.status, 400) << refused.body;
  EXPECT_EQ(refused.json["error"]["field"], "body.compare");

  request["set"] = {{"units.orc_warrior.wounds", 3}};
  const Reply started = client.post("/api/balance", request);
  ASSERT_EQ(started.status, 200) << started.body;
  const nlohmann::json job = finished_job(client, started.json["job"]);
  ASSERT_EQ(job["state"], "done") << job.dump();
  EXPECT_EQ(job["total"], 8);  // the games twice
  EXPECT_EQ(job["done"], 8);
  const std::string markdown = job["report"]["markdown"];
  EXPECT_NE(markdown.find("# Balance comparison: atomspast"), std::string::npos) << markdown;
  EXPECT_NE(markdown.find("units.orc_warrior.wounds=3"), std::string::npos) << markdown;
  EXPECT_NE(job["report"]["html"].get<std::string>().find("<table>"), std::string::npos);
  EXPECT_EQ(job["report"]["json"]["new"]["report"]["overrides"].size(), 1u);
  EXPECT_EQ(job["report"]["json"]["old"]["report"]["overrides"].size(), 0u);
}

TEST(JobRoutes, ARunCanPriceByTheMargin) {
  TestServer server;
  Client& client = server.client();
  nlohmann::json request = small_run(6);
  request["outcome"] = "kills";
  const Reply refused = client.post("/api/balance", request);
  EXPECT_EQ(refused.status, 400) << refused.body;
  EXPECT_EQ(refused.json["error"]["field"], "body.outcome");
  request["outcome"] = "margin";
  const Reply started = client.post("/api/balance", request);
  ASSERT_EQ(started.status, 200) << started.body;
  const nlohmann::json job = finished_job(client, started.json["job"]);
  ASSERT_EQ(job["state"], "done") << job.dump();
  EXPECT_EQ(job["report"]["json"]["outcome"], "margin");
  const std::string markdown = job["report"]["markdown"];
  EXPECT_NE(markdown.find("Priced by the margin"), std::string::npos) << markdown;
  EXPECT_TRUE(job["report"]["json"]["luck_column"].is_null());  // not asked: no luck measured

  // `luck`: the margin's fit takes each game's luck as a column; a non-boolean is refused.
  request["luck"] = "yes";
  const Reply bad_luck = client.post("/api/balance", request);
  EXPECT_EQ(bad_luck.status, 400) << bad_luck.body;
  EXPECT_EQ(bad_luck.json["error"]["field"], "body.luck");
  request["luck"] = true;
  const Reply lucky = client.post("/api/balance", request);
  ASSERT_EQ(lucky.status, 200) << lucky.body;
  const nlohmann::json lucky_job = finished_job(client, lucky.json["job"]);
  ASSERT_EQ(lucky_job["state"], "done") << lucky_job.dump();
  EXPECT_TRUE(lucky_job["report"]["json"]["luck_column"].is_object()) << lucky_job.dump();
  EXPECT_NE(lucky_job["report"]["markdown"].get<std::string>().find("--luck"), std::string::npos);
}

TEST(JobRoutes, OneRunAtATimeAndARunCanBeCancelled) {
  TestServer server;
  Client& client = server.client();
  const Reply started = client.post("/api/balance", small_run(20000));
  ASSERT_EQ(started.status, 200) << started.body;
  const std::string id = started.json["job"];
  const Reply second = client.post("/api/balance", small_run(5));
  EXPECT_EQ(second.status, 409) << second.body;
  // Let it play a little: progress is written as it goes.
  nlohmann::json job;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(3);
  do {
    job = client.get("/api/jobs/" + id).json;
    if (job["done"].get<std::int64_t>() > 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  } while (std::chrono::steady_clock::now() < give_up);
  EXPECT_EQ(job["state"], "running");
  EXPECT_GT(job["done"].get<std::int64_t>(), 0);
  const Reply cancelled = client.del("/api/jobs/" + id);
  ASSERT_EQ(cancelled.status, 200) << cancelled.body;
  EXPECT_EQ(cancelled.json, nlohmann::json({{"cancelled", id}}));
  job = finished_job(client, id);
  EXPECT_EQ(job["state"], "cancelled");
  EXPECT_LT(job["done"].get<std::int64_t>(), 20000);
  EXPECT_TRUE(job["report"].is_null());
  // The runner is free again.
  const Reply next = client.post("/api/balance", small_run(2));
  ASSERT_EQ(next.status, 200) << next.body;
  EXPECT_EQ(finished_job(client, next.json["job"])["state"], "done");
  const Reply listed = client.get("/api/jobs");
  ASSERT_EQ(listed.json.size(), 2u);
  EXPECT_EQ(listed.json[0]["id"], next.json["job"]);  // newest first
}

TEST(JobRoutes, AServerStoppedMidRunLeavesNoJobRunning) {
  TempDir dir;
  const auto on_db = [&](ServerOptions& options) { options.db_path = dir.file("jobs.db"); };
  std::string id;
  {
    TestServer server(on_db);
    id = server.client().post("/api/balance", small_run(20000)).json["job"];
    // A job the previous server left running when it was killed, before this one started.
    server.store().create_job("balance", {{"games", 10}}, 10);
  }  // stopping the server cancels its run
  TestServer server(on_db);
  const nlohmann::json jobs = server.client().get("/api/jobs").json;
  ASSERT_EQ(jobs.size(), 2u);
  for (const nlohmann::json& job : jobs)
    EXPECT_NE(job["state"], "running") << job.dump();
  EXPECT_EQ(server.client().get("/api/jobs/" + id).json["state"], "cancelled");
  EXPECT_EQ(jobs[0]["state"], "failed");  // the one left "running" in the database
  EXPECT_FALSE(jobs[0]["error"].is_null());
}

TEST(JobRoutes, BadBalanceBodiesSayWhatIsWrong) {
  TestServer server;
  Client& client = server.client();
  const auto where = [&](const nlohmann::json& body) {
    const Reply reply = client.post("/api/balance", body);
    return std::to_string(reply.status) + " " +
           (reply.json.is_object() && reply.json.contains("error")
                ? reply.json["error"]["where"].get<std::string>()
                : reply.body);
  };
  nlohmann::json body = small_run(10);
  body["games"] = 0;
  EXPECT_EQ(where(body), "400 body.games");
  body["games"] = 20001;
  EXPECT_EQ(where(body), "400 body.games");
  body["games"] = "ten";
  EXPECT_EQ(where(body), "400 body.games");
  body = small_run(10);
  body["bot"] = "human";
  EXPECT_EQ(where(body), "400 body.bot");
  body["bot"] = "mcts:ms=99999";
  EXPECT_EQ(where(body), "400 body.bot");
  body = small_run(10);
  body["ruleset"] = "chess";
  EXPECT_EQ(where(body), "404 body.ruleset");
  body = small_run(10);
  body["set"] = {{"units.dragon_of_nowhere.wounds", 3}};
  EXPECT_EQ(where(body), "400 body.set.units.dragon_of_nowhere.wounds");
  // A what-if's sentence names it as the form's line reads: it said "Body (  set garbage): ..."
  // and "Wounds) of the orc warrior must be ..." where the CLI's "--set PATH" was wrapped whole.
  body["set"] = {{"garbage", 3}};
  EXPECT_EQ(where(body), "400 body.set.garbage");
  EXPECT_EQ(client.post("/api/balance", body).json["error"]["message"],
            "The what-if garbage: expected a path such as units.<unit id>.<stat>, spells.<spell "
            "id>.<field>, parameters.<name> or heuristics.<weight>.");
  body["set"] = {{"units.orc_warrior.wounds", -5}};
  const Reply wounds = client.post("/api/balance", body);
  EXPECT_EQ(wounds.json["error"]["message"],
            "Wounds of the orc warrior must be a whole number from 1 to 100 (you typed -5).");
  body = small_run(10);
  body["set"] = {{"garbage", 3}};
  EXPECT_EQ(client.post("/api/reprice", body).json["error"]["where"], "body.set.garbage");
  body = small_run(10);
  for (int i = 0; i <= 64; ++i)  // one more what-if than a run takes (kMaxBalanceOverrides)
    body["set"]["units.orc_warrior.wounds" + std::string(i, ' ')] = 3;
  EXPECT_EQ(where(body), "400 body.set");
  body = small_run(10);
  body["setup"] = {{"content_dir", "/"}};
  EXPECT_EQ(where(body), "400 body.setup.content_dir");
  body = small_run(10);
  body["threads"] = 0;
  EXPECT_EQ(where(body), "400 body.threads");
  // A map, a warband or a spread the run cannot play is the request's error, named: each started
  // a job that failed later, the spread's after some games as "--points: no unit of the catalog
  // fits 67 points", the map's as "body (setup.map)".
  body = small_run(10);
  body["setup"] = {{"map", "atlantis"}};
  EXPECT_EQ(where(body), "400 body.setup.map");
  EXPECT_EQ(client.post("/api/balance", body).json["error"]["message"],
            "Map of the setup: unknown map 'atlantis'; known maps: ashen_valley, broken_hills, "
            "ruined_keep, training_ground.");
  body = small_run(10);
  body["setup"] = {{"warbands", {"toms_orcs", "nobodys_elves"}}};
  EXPECT_EQ(where(body), "400 body.setup.warbands");
  body = small_run(10);
  body["spread"] = 350;  // budgets down to 50 points: the cheapest unit costs 80
  EXPECT_EQ(where(body), "400 body.spread");
  body["spread"] = 400;
  EXPECT_EQ(where(body), "400 body.spread");
  EXPECT_EQ(client.post_raw("/api/balance", "{", "application/json").status, 400);
  EXPECT_EQ(client.get("/api/jobs/77").status, 404);
  EXPECT_EQ(client.del("/api/jobs/77").status, 404);
  EXPECT_TRUE(client.get("/api/jobs").json.empty());  // no bad body started a job
}

// A typo in a run's request ran with the default ("gmes": 500 ran the required games' error, but
// "sed" a seed of 1): now every field the endpoint does not read is a 400 naming it. And points 0
// is refused as `warband balance --points 0` is: the standard game is the field left out.
TEST(JobRoutes, UnknownFieldsAndZeroPointsAreRefused) {
  TestServer server;
  Client& client = server.client();
  nlohmann::json body = small_run(10);
  body["gmes"] = 500;
  const Reply games = client.post("/api/balance", body);
  EXPECT_EQ(games.status, 400) << games.body;
  EXPECT_EQ(games.json["error"]["where"], "body.gmes");
  EXPECT_EQ(games.json["error"]["what"], "unknown field `gmes`; did you mean `games`?");
  EXPECT_EQ(games.json["error"]["message"],
            "Unknown field `gmes` in the request: did you mean `games`?");
  // A repricing takes its own fields and a run's, but not `compare`.
  body = small_run(10);
  body["tolerence"] = 5;
  EXPECT_EQ(client.post("/api/reprice", body).json["error"]["what"],
            "unknown field `tolerence`; did you mean `tolerance`?");
  body = small_run(10);
  body["tolerance"] = 5;
  EXPECT_EQ(client.post("/api/balance", body).json["error"]["where"], "body.tolerance");
  body = small_run(10);
  body["compare"] = true;
  EXPECT_EQ(client.post("/api/reprice", body).json["error"]["where"], "body.compare");
  body = small_run(10);
  body["points"] = 0;
  for (const char* path : {"/api/balance", "/api/reprice"}) {
    const Reply zero = client.post(path, body);
    EXPECT_EQ(zero.status, 400) << zero.body;
    EXPECT_EQ(zero.json["error"]["where"], "body.points");
    EXPECT_EQ(zero.json["error"]["message"],
              "Points must be 1 or more: leave the field out for the ruleset's standard budget.");
  }
  EXPECT_TRUE(client.get("/api/jobs").json.empty());  // no bad body started a job

  const Reply started = client.post("/api/balance", small_run(4));
  ASSERT_EQ(started.status, 200) << started.body;
  const std::string job = started.json["job"];
  finished_job(client, job);
  const Reply replay = client.post("/api/jobs/" + job + "/replay", {{"indx", 0}});
  EXPECT_EQ(replay.status, 400) << replay.body;
  EXPECT_EQ(replay.json["error"]["what"], "unknown field `indx`; did you mean `index`?");
  EXPECT_EQ(client.post("/api/jobs/" + job + "/replay", {{"index", 0}}).status, 200);
}

// Issue 14: a cancelled balance job stayed "running" for 70 s (its bots searched on to the end of
// their game) and blocked every other job. The bots poll the job's budget: it stops within a
// decision and the runner takes the next job.
TEST(JobRoutes, ACancelledJobWithSearchBotsStopsAndFreesTheRunner) {
  TestServer server;
  Client& client = server.client();
  nlohmann::json body = small_run(50);
  body["bot"] = "greedy:depth=8,nodes=10000000";
  const Reply started = client.post("/api/balance", body);
  ASSERT_EQ(started.status, 200) << started.body;
  const std::string id = started.json["job"];
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ASSERT_EQ(client.del("/api/jobs/" + id).status, 200);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(finished_job(client, id)["state"], "cancelled");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(60));
  const Reply next = client.post("/api/balance", small_run(2));
  ASSERT_EQ(next.status, 200) << next.body;
  EXPECT_EQ(finished_job(client, next.json["job"])["state"], "done");
}

// A job has a time limit too: past it the run stops and the job fails, saying why.
TEST(JobRoutes, AJobPastItsTimeLimitFails) {
  TestServer server(
      [](ServerOptions& options) { options.job_budget = std::chrono::milliseconds(300); });
  Client& client = server.client();
  nlohmann::json body = small_run(50);
  body["bot"] = "greedy:depth=8,nodes=10000000";
  const Reply started = client.post("/api/balance", body);
  ASSERT_EQ(started.status, 200) << started.body;
  const nlohmann::json job = finished_job(client, started.json["job"]);
  EXPECT_EQ(job["state"], "failed") << job.dump();
  EXPECT_NE(job["error"].get<std::string>().find("time limit"), std::string::npos) << job.dump();
}

}  // namespace
}  // namespace warband::server
