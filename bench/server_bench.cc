// `warband serve` over loopback: a keep-alive client against an in-process server with a fresh
// database, one request per iteration (so the figures are latency per request, client included).
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

#include "core/registry.h"
#include "tests/support/test_server.h"

namespace {

using warband::server::testing::TestServer;

// One server for every benchmark of a run: starting one per benchmark would measure start-up.
TestServer& shared_server() {
  static TestServer server;
  static const bool keep_alive = [] {
    server.client().raw().set_keep_alive(true);
    return true;
  }();
  (void)keep_alive;
  return server;
}

// The built-in Tom's Orcs: a full legal warband, as a file saved by `warband build`.
std::string sample_warband_text() {
  std::ifstream in(warband::default_content_dir() + "/atomspast/warbands/toms_orcs.toml");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void expect_ok(benchmark::State& state, const warband::server::testing::Reply& reply) {
  if (reply.status != 200) state.SkipWithError(("HTTP " + std::to_string(reply.status)).c_str());
}

void BM_ServerHealth(benchmark::State& state) {
  TestServer& server = shared_server();
  for (auto _ : state)
    expect_ok(state, server.client().get("/api/health"));
}
BENCHMARK(BM_ServerHealth)->Unit(benchmark::kMicrosecond);

void BM_ServerRulesets(benchmark::State& state) {
  TestServer& server = shared_server();
  for (auto _ : state)
    expect_ok(state, server.client().get("/api/rulesets"));
}
BENCHMARK(BM_ServerRulesets)->Unit(benchmark::kMicrosecond);

void BM_ServerOddsSkillRoll(benchmark::State& state) {
  TestServer& server = shared_server();
  const nlohmann::json body = {{"args", {{"skill", 3}, {"dice", 4}}}};
  for (auto _ : state)
    expect_ok(state, server.client().post("/api/odds/atomspast", body));
}
BENCHMARK(BM_ServerOddsSkillRoll)->Unit(benchmark::kMicrosecond);

void BM_ServerBuildValidate(benchmark::State& state) {
  TestServer& server = shared_server();
  const auto created = server.client().post("/api/documents", {{"ruleset", "atomspast"},
                                                               {"kind", "warband"},
                                                               {"name", "Tom's Orcs"},
                                                               {"text", sample_warband_text()}});
  if (created.status != 200) {
    state.SkipWithError(("upload failed: " + created.body).c_str());
    return;
  }
  const nlohmann::json body = {{"document", created.json["id"]}};
  for (auto _ : state)
    expect_ok(state, server.client().post("/api/build/atomspast/validate", body));
}
BENCHMARK(BM_ServerBuildValidate)->Unit(benchmark::kMicrosecond);

void BM_ServerStoreCreateDocument(benchmark::State& state) {
  TestServer& server = shared_server();
  const std::string text = sample_warband_text();
  for (auto _ : state)
    benchmark::DoNotOptimize(server.store().create_document("atomspast", "warband", "Bench", text));
}
BENCHMARK(BM_ServerStoreCreateDocument)->Unit(benchmark::kMicrosecond);

}  // namespace
