// The comments of a TOML text (src/core/toml_comments.h), which `warband build` compares before
// and after an edit to say which a user would lose. It reads any text, TOML or not, so nothing
// is refused; the promises:
//  - every comment starts with '#', holds no line break and no trailing white space;
//  - a text loses no comment against itself, and against an empty text loses them all;
// and, as for every target, no sanitizer report (its scanner steps over escapes and quotes).
#include <string>
#include <vector>

#include "core/toml_comments.h"
#include "fuzz/support/fuzz_support.h"

using namespace warband;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::input_text(data, size);
  const std::vector<std::string> comments =
      fuzz::must("toml_comments", [&] { return toml_comments(text); });
  for (const std::string& comment : comments) {
    if (comment.empty() || comment.front() != '#')
      fuzz::defect("a comment that does not start with '#': " + comment);
    if (comment.find('\n') != std::string::npos)
      fuzz::defect("a comment over two lines: " + comment);
    if (comment.back() == ' ' || comment.back() == '\t')
      fuzz::defect("a comment with trailing white space: " + comment);
  }
  if (!lost_toml_comments(text, text).empty()) fuzz::defect("a text lost comments to itself");
  if (lost_toml_comments(text, "").size() != comments.size())
    fuzz::defect("an empty text did not lose every comment");
  return 0;
}
