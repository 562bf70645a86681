// The CLI and the user's files (issue 14, defects 8, 9 and 12), in-process: the JSON readers take
// only regular files of a bounded size, builder edits change no file when any fails and say when
// comments are lost, exports do not overwrite without --force, and text from files reaches the
// terminal with its control characters escaped.
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/command.h"
#include "core/file_io.h"
#include "core/registry.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/test_files.h"

namespace warband::cli {
namespace {

namespace fs = std::filesystem;

class CliFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("warband_cli_files_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  static std::string sample(const std::string& id) {
    return (fs::path(warband::default_content_dir()) / "atomspast" / "warbands" / (id + ".toml"))
        .string();
  }
  // A copy of a sample list to edit.
  std::string list(const std::string& id) const {
    const std::string copy = path(id + ".toml");
    fs::copy_file(sample(id), copy);
    return copy;
  }

  fs::path dir_;
};

// Defect 8: `replay`, `play --setup`, `replay --sim` and `sim merge` read /dev/zero until out of
// memory and waited on a FIFO forever. Each is refused at once now.
TEST_F(CliFiles, JsonReadersRefuseDevicesFifosAndHugeFiles) {
  const std::string fifo = path("pipe.json");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string huge = path("huge.json");
  std::ofstream(huge).close();
  fs::resize_file(huge, kMaxInputFileBytes + 1);  // sparse: costs no disk
  for (const auto& [file, problem] : std::vector<std::pair<std::string, std::string>>{
           {"/dev/zero", "is a character device, not a regular file"},
           {fifo, "is a FIFO (named pipe), not a regular file"},
           {huge, "is larger than the 16777216 bytes a file may have"}}) {
    for (const std::vector<std::string>& args : {std::vector<std::string>{"replay", file},
                                                 {"play", "toy", "--red=bot", "--setup", file},
                                                 {"replay", "--sim", file, "--index", "0"},
                                                 {"sim", "merge", file}}) {
      const Ran ran = warband(args);
      EXPECT_EQ(ran.code, kExitBadInput) << args[0] << " " << file;
      EXPECT_EQ(ran.err, "error: " + file + ": " + problem + "\n") << args[0];
    }
  }
}

// Defect 9: reprice --write rewrote the first list, then failed on the second.
TEST_F(CliFiles, RepriceWritesEveryListOrNone) {
  const std::string good = list("toms_orcs"), bad = list("jerrys_elves");
  // Each list's size once repriced, measured on copies.
  const std::string measured_good = path("measure_good.toml"),
                    measured_bad = path("measure_bad.toml");
  fs::copy_file(good, measured_good);
  fs::copy_file(bad, measured_bad);
  ASSERT_EQ(
      build_atomspast({"reprice", "--file", measured_good, "--file", measured_bad, "--write"}).code,
      kExitOk);
  const auto good_size = fs::file_size(measured_good), bad_size = fs::file_size(measured_bad);
  ASSERT_LT(good_size + 16, bad_size);

  // A file size limit between the two (root is bound by it too): the second save fails.
  const std::string good_before = read_file_text(good), bad_before = read_file_text(bad);
  rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  const auto previous_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit limited = saved;
  limited.rlim_cur = (good_size + bad_size) / 2;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &limited), 0);
  const Ran ran = build_atomspast({"reprice", "--file", good, "--file", bad, "--write"});
  ::setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, previous_handler);

  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_TRUE(
      contains_text(ran.err, "error: " + bad + ": cannot write the file (write: File too large)"))
      << ran.err;
  EXPECT_EQ(read_file_text(good),
            good_before);  // untouched: nothing is saved unless everything can be
  EXPECT_EQ(read_file_text(bad), bad_before);
  for (const auto& entry : fs::directory_iterator(dir_))
    EXPECT_FALSE(entry.path().extension() == ".tmp") << entry.path();
}

// Defect 9: `export --out` overwrote any file, the list being exported included.
TEST_F(CliFiles, ExportReplacesAFileOnlyWithForceAndNeverItsOwnList) {
  const std::string orcs = list("toms_orcs"), out = path("orcs.md");
  std::ofstream(out) << "my notes\n";
  Ran ran = build_atomspast({"export", "--file", orcs, "--out", out});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_EQ(ran.err, "error: " + out +
                         ": already exists: choose another file, or give --force to replace it\n");
  EXPECT_EQ(read_file_text(out), "my notes\n");

  ran = build_atomspast({"export", "--file", orcs, "--out", out, "--force"});
  EXPECT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_TRUE(contains_text(read_file_text(out), "| **Total** |"));

  const std::string before = read_file_text(orcs);
  for (const std::string& same : {orcs, path("./toms_orcs.toml")}) {
    ran = build_atomspast({"export", "--file", orcs, "--format", "toml", "--out", same, "--force"});
    EXPECT_EQ(ran.code, kExitBadInput);
    EXPECT_EQ(ran.err, "error: --out: '" + same +
                           "' is the file being read (--file): choose another file for the "
                           "output\n");
  }
  EXPECT_EQ(read_file_text(orcs), before);

  // A device is written through, not "an existing file".
  EXPECT_EQ(build_atomspast({"export", "--file", orcs, "--out", "/dev/null"}).code, kExitOk);
}

// Defect 9: builder edits drop the comments a user wrote; the command says so.
TEST_F(CliFiles, AnEditSaysWhichCommentsItDidNotKeep) {
  const std::string orcs = list("toms_orcs");
  Ran ran = build_atomspast({"set", "--file", orcs, "--name", "Orc Raiders"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_TRUE(contains_text(ran.out, "Note: " + orcs +
                                         ": 6 comments were not kept (a builder edit "
                                         "writes the file anew from its data)\n"))
      << ran.out;
  // Once lost, nothing more to say.
  ran = build_atomspast({"set", "--file", orcs, "--name", "Orc Raiders 2"});
  EXPECT_FALSE(contains_text(ran.out, "Note:")) << ran.out;

  // With --json the note goes to the error stream: the output stays JSON.
  std::ofstream(orcs, std::ios::app) << "# my own note\n";
  ran = build_atomspast({"set", "--file", orcs, "--name", "Orc Raiders", "--json"});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_TRUE(nlohmann::json::accept(ran.out)) << ran.out;
  EXPECT_EQ(ran.err, "note: " + orcs +
                         ": 1 comment was not kept (a builder edit writes the "
                         "file anew from its data)\n");
}

// Defect 12: escape sequences in a name cleared the screen or set the window title; a NUL in an
// id cut the error message short.
TEST_F(CliFiles, TextFromFilesReachesTheTerminalEscaped) {
  const std::string orcs = list("toms_orcs");
  std::string text = read_file_text(orcs);
  text.replace(text.find("name = \"Tom's Orcs\""), 19,
               R"(name = "\u001b]0;pwned\u0007Tom\u001b[2J's Orcs")");
  std::ofstream(orcs, std::ios::trunc) << text;
  Ran ran = build_atomspast({"show", "--file", orcs});
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_EQ(ran.out.find('\x1b'), std::string::npos);
  EXPECT_EQ(ran.out.find('\x07'), std::string::npos);
  EXPECT_TRUE(contains_text(ran.out, "\\x1b]0;pwned\\x07Tom\\x1b[2J's Orcs")) << ran.out;

  text.replace(text.find("unit = \"troll\""), 14, R"(unit = "tr\u0000oll\u001b[2J")");
  std::ofstream(orcs, std::ios::trunc) << text;
  ran = build_atomspast({"show", "--file", orcs});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_EQ(ran.err.find('\0'), std::string::npos);
  EXPECT_EQ(ran.err.find('\x1b'), std::string::npos);
  // The whole message, past the NUL.
  EXPECT_TRUE(contains_text(ran.err, "'tr\\x00oll\\x1b[2J'")) << ran.err;
  EXPECT_EQ(ran.err.back(), '\n');

  // A log's ruleset id, in `replay`'s error.
  const std::string log = path("log.json");
  std::ofstream(log)
      << R"({"format": "warband-log", "version": 1, "ruleset": "to\u0000y\u001b]0;x\u0007",
                         "setup": {}, "actions": []})";
  ran = warband({"replay", log});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_TRUE(contains_text(ran.err, "to\\x00y\\x1b]0;x\\x07")) << ran.err;
  EXPECT_EQ(ran.err.find('\x1b'), std::string::npos);
}

}  // namespace
}  // namespace warband::cli
