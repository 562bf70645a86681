// A saved game whose content folder changed since it began: its log replays on the content as it
// is now (games read their folder again when a file changes, core/folder_cache.h), so a change to
// what its moves did stops it replaying with a 409 that says so, and the log, left as it was,
// replays again once the file is put back.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/registry.h"
#include "server/api.h"
#include "server/game_session.h"
#include "tests/support/test_files.h"

namespace warband::server {
namespace {

TEST(SavedGameContentChange, AChangedContentFileStopsTheReplayWithA409AndTheLogStays) {
  const ScratchFolder scratch;
  scratch.copy_folder(default_content_dir() + "/atomspast", "atomspast");
  const nlohmann::json setup = {{"content_dir", scratch.root()}};
  GameSession session("atomspast", make_game("atomspast", setup), {"random", "random"}, 3);
  session.advance(80);  // past both deployments
  const nlohmann::json log = session.log();
  EXPECT_EQ(GameSession::from_log(log, {"random", "random"}, 3).length(), session.length());

  // Deployment "within Range 3 of your edge" cut to 1: the units deployed further in no longer
  // stood where the content now allows.
  const std::string parameters = scratch.file("atomspast/parameters.toml");
  replace_in_file(parameters, "deploy_depth = 3", "deploy_depth = 1");
  try {
    GameSession::from_log(log, {"random", "random"}, 3);
    ADD_FAILURE() << "the saved game replayed on the changed content";
  } catch (const ApiError& error) {
    EXPECT_EQ(error.status(), 409);
    EXPECT_NE(std::string(error.what()).find("content file changed"), std::string::npos)
        << error.what();
  }

  replace_in_file(parameters, "deploy_depth = 1", "deploy_depth = 3");
  EXPECT_EQ(GameSession::from_log(log, {"random", "random"}, 3).state().hash(),
            session.state().hash());
}

}  // namespace
}  // namespace warband::server
