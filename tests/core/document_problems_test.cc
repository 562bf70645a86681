#include "core/document_problems.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace warband {
namespace {

TEST(DocumentProblems, ReadsTheLineAfterTheFileName) {
  EXPECT_EQ(problem_line("a.toml:12: wounds must be 1 to 20"), 12);
  EXPECT_EQ(problem_line("C:/x/a.toml:7: bad"), 7);
  EXPECT_EQ(problem_line("a.toml: the deck has 9 cards"), 0);
  EXPECT_EQ(problem_line("no line at all"), 0);
  EXPECT_EQ(problem_line("a.toml:99999999999999: huge"), 0);
}

TEST(DocumentProblems, SortsByLineWithLinelessLastAndTiesInOrder) {
  std::vector<std::string> problems = {"f:9: c", "f: whole file", "f:2: a", "f:9: d", "f:3: b"};
  sort_by_line(problems);
  EXPECT_EQ(problems,
            (std::vector<std::string>{"f:2: a", "f:3: b", "f:9: c", "f:9: d", "f: whole file"}));
}

TEST(DocumentProblems, RefusesAllAtOnceAndListsThemInMarkdown) {
  EXPECT_NO_THROW(refuse_problems({}, "x.toml"));
  try {
    refuse_problems({"x.toml:1: one", "x.toml:2: two"}, "x.toml");
    FAIL() << "two problems were not refused";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("2 problems:\n  x.toml:1: one\n  x.toml:2: two"),
              std::string::npos)
        << error.what();
  }
  EXPECT_EQ(problems_markdown({}), "");
  EXPECT_EQ(problems_markdown({"a", "b"}), "\n## Problems\n\n- a\n- b\n");
}

TEST(DocumentProblems, CollectsWhatCannotBeReadAndGoesOn) {
  std::vector<std::string> problems;
  const ProblemCollector attempt(problems);
  int read = 0;
  EXPECT_TRUE(attempt([&] { ++read; }));
  EXPECT_FALSE(attempt([] { throw InputError("f:3", "not a number"); }));
  EXPECT_TRUE(attempt([&] { ++read; }));
  EXPECT_FALSE(attempt([] { throw InputError("f:1", "no name"); }));
  EXPECT_EQ(read, 2);
  EXPECT_EQ(problems, (std::vector<std::string>{"f:3: not a number", "f:1: no name"}));
  // Another error is not a problem with the document: it goes through.
  EXPECT_THROW(attempt([] { throw std::logic_error("a bug"); }), std::logic_error);
}

TEST(DocumentProblems, AllProblemsAreReadThenRuleProblemsByLine) {
  EXPECT_EQ(all_problems({"f:5: cannot read", "f: whole"}, {"f:2: breaks a rule", "f:5: and this"}),
            (std::vector<std::string>{"f:2: breaks a rule", "f:5: cannot read", "f:5: and this",
                                      "f: whole"}));
  EXPECT_TRUE(all_problems({}, {}).empty());
}

}  // namespace
}  // namespace warband
