// One server per database (issue 14, defect 10): a second `warband serve` on a database in use
// refuses to start instead of marking the first one's running job failed; a job whose cancel was
// asked for before its server stopped shows as cancelled after a restart.
#include "server/server_lock.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "tests/support/test_server.h"

namespace warband::server {
namespace {

using testing::Client;
using testing::Reply;
using testing::TempDir;
using testing::TestServer;

ServerOptions options_on(const std::string& db) {
  ServerOptions options;
  options.port = 0;
  options.db_path = db;
  return options;
}

TEST(ServerLock, ASecondServerOnADatabaseInUseRefusesToStart) {
  TestServer first;
  const std::string db = first.dir().file("warband.db");
  const Reply started =
      first.client().post("/api/balance", {{"ruleset", "atomspast"},
                                           {"games", 20000},
                                           {"bot", "random"},
                                           {"threads", 1},
                                           {"setup", {{"map", "training_ground"}}}});
  ASSERT_EQ(started.status, 200) << started.body;
  const std::string id = started.json["job"];
  try {
    HttpServer second(options_on(db));
    FAIL() << "a second server started on " << db;
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "--db");
    EXPECT_NE(error.problem().find("in use by another `warband serve`"), std::string::npos)
        << error.what();
    EXPECT_NE(error.problem().find("process"), std::string::npos) << error.what();
  }
  // The first server's job is still its own, running.
  EXPECT_EQ(first.client().get("/api/jobs/" + id).json["state"], "running");
  EXPECT_EQ(first.client().del("/api/jobs/" + id).status, 200);
}

TEST(ServerLock, TheLockIsFreeOnceTheServerStops) {
  TempDir dir;
  const std::string db = dir.file("warband.db");
  { HttpServer first(options_on(db)); }
  EXPECT_NO_THROW(HttpServer again(options_on(db)));
}

TEST(ServerLock, AJobCancelledBeforeARestartShowsCancelled) {
  TempDir dir;
  const std::string db = dir.file("warband.db");
  std::string cancelled, dead;
  {
    // What a server killed mid-run leaves: two jobs "running", one of them asked to stop.
    Store store(db);
    cancelled = store.create_job("balance", {{"games", 10}}, 10);
    store.request_job_cancel(cancelled);
    dead = store.create_job("balance", {{"games", 10}}, 10);
  }
  TestServer server([&](ServerOptions& options) { options.db_path = db; });
  const Reply was_cancelled = server.client().get("/api/jobs/" + cancelled);
  EXPECT_EQ(was_cancelled.json["state"], "cancelled") << was_cancelled.body;
  EXPECT_TRUE(was_cancelled.json["error"].is_null()) << was_cancelled.body;
  const Reply was_running = server.client().get("/api/jobs/" + dead);
  EXPECT_EQ(was_running.json["state"], "failed") << was_running.body;
}

}  // namespace
}  // namespace warband::server
