// The comments of a TOML text, and which of them an edit lost (issue 14, defect 9: builder edits
// drop the user's comments, and the command now says so).
#include "core/toml_comments.h"

#include <gtest/gtest.h>

namespace warband {
namespace {

using Comments = std::vector<std::string>;

TEST(TomlComments, FoundOnTheirOwnLinesAndAfterValues) {
  EXPECT_EQ(toml_comments("# mine\nname = \"Orcs\"  # the name \r\n[[units]]\n#x\n"),
            (Comments{"# mine", "# the name", "#x"}));
  EXPECT_EQ(toml_comments("name = \"Orcs\"\n"), Comments{});
}

TEST(TomlComments, AHashInsideAStringIsNoComment) {
  EXPECT_EQ(toml_comments(R"(a = "#1 \" # still" # real)"), Comments{"# real"});
  EXPECT_EQ(toml_comments("a = '#1' # real"), Comments{"# real"});
  EXPECT_EQ(toml_comments("a = \"\"\"\n# inside\n\"\"\" # after"), Comments{"# after"});
  EXPECT_EQ(toml_comments("a = '''\n# inside\n'''\n# after"), Comments{"# after"});
  EXPECT_EQ(toml_comments("a = \"\"\"x\"\"\"\"\" # after"), Comments{"# after"});
}

TEST(TomlComments, LostAreThoseTheNewTextLacksCountedEachTime) {
  const std::string before = "# keep\n# mine\nname = \"Orcs\" # mine\n";
  const std::string after = "# keep\nname = \"Orc Raiders\"\n";
  EXPECT_EQ(lost_toml_comments(before, after), (Comments{"# mine", "# mine"}));
  EXPECT_EQ(lost_toml_comments(after, before), Comments{});
}

}  // namespace
}  // namespace warband
