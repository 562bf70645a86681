// The problems a builder finds in a document ("file:LINE: what"), as every ruleset's builder
// reports them: in the order of their lines, refused all at once, or listed under an export.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace warband {

// Reads a document on past what cannot be read: `attempt(read)` runs read() and, when it throws an
// InputError, notes its message among the problems instead, so that a reader lists every problem
// at once rather than the first.
class ProblemCollector {
 public:
  explicit ProblemCollector(std::vector<std::string>& problems) : problems_(problems) {}

  // True when `read` went through.
  template <class Read>
  bool operator()(Read&& read) const {
    try {
      read();
      return true;
    } catch (const InputError& error) {
      problems_.push_back(error.message());
      return false;
    }
  }

 private:
  std::vector<std::string>& problems_;
};

// Every problem with a document: what could not be read, then what breaks a rule, in the order of
// their lines (sort_by_line).
std::vector<std::string> all_problems(std::vector<std::string> read_problems,
                                      std::vector<std::string> rule_problems);

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
