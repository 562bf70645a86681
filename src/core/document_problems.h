// The problems a builder finds in a document ("file:LINE: what"), as every ruleset's builder
// reports them: in the order of their lines, refused all at once, or listed under an export.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace warband {

// The line number of "file:12: what", or 0 when the problem names no line.
long problem_line(std::string_view problem);

// Orders problems by their line ("file:12: ..." before "file:13: ..."), those without a line
// last, keeping the order of problems on the same line: a reader goes down the file once.
void sort_by_line(std::vector<std::string>& problems);

// Throws InputError(path, "N problems:\n  ...") when there is any problem.
void refuse_problems(const std::vector<std::string>& problems, const std::string& path);

// "\n## Problems\n\n- ...\n" for a Markdown export, or "" when there is none.
std::string problems_markdown(const std::vector<std::string>& problems);

}  // namespace warband
