// docs/api.md's examples of what the server answers, read from the file and checked against the
// server's real answers (the health example said "schema": 1 while the server was at 4).
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "core/registry.h"
#include "tests/support/test_files.h"
#include "tests/support/test_server.h"

namespace warband::server {
namespace {

using testing::Reply;
using testing::TestServer;

// The JSON of the line of docs/api.md that documents `route`: "- `GET /api/x` → `{...}`".
nlohmann::json documented_answer(const std::string& route) {
  const std::filesystem::path api_md =
      std::filesystem::path(default_content_dir()).parent_path() / "docs" / "api.md";
  std::istringstream lines(read_file_text(api_md));
  const std::string lead = "- `" + route + "` → `";
  std::string line;
  while (std::getline(lines, line))
    if (line.starts_with(lead) && line.ends_with("`"))
      return nlohmann::json::parse(line.substr(lead.size(), line.size() - lead.size() - 1));
  ADD_FAILURE() << "no line '" << lead << "...`' in " << api_md;
  return nullptr;
}

TEST(ApiDocExamples, TheHealthExampleIsWhatTheServerAnswers) {
  TestServer server;
  const Reply health = server.client().get("/api/health");
  ASSERT_EQ(health.status, 200);
  nlohmann::json documented = documented_answer("GET /api/health");
  ASSERT_TRUE(documented.is_object()) << documented;
  EXPECT_TRUE(documented["db"].is_string());
  documented["db"] = health.json["db"];  // the example's path is a placeholder
  EXPECT_EQ(documented, health.json);
}

}  // namespace
}  // namespace warband::server
