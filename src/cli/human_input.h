// Reading a human's choice at a decision node: a number from the listed actions, an action's
// description (exactly, or a unique case-insensitive prefix of it), or a command.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace warband::cli {

struct HumanInput {
  enum class Kind { kAction, kBoard, kHelp, kQuit, kBack, kInvalid };
  Kind kind = Kind::kInvalid;
  std::size_t action_index = 0;  // kAction: which of the listed descriptions (0-based)
  std::string problem;           // kInvalid: one line saying what is wrong and what to type
};

// Interprets one line typed by a human, given the legal actions' descriptions as listed (numbered
// from 1 on screen). Order: a number; an exact description; a command (board, help, quit,
// back); a description ignoring case; a unique case-insensitive prefix of one.
HumanInput interpret_human_input(std::string_view line,
                                 const std::vector<std::string>& descriptions);

}  // namespace warband::cli
