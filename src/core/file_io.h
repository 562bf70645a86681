// Reading and saving user files: every failure is an InputError naming the file, and a save
// lands whole or not at all (written to FILE.tmp, flushed to disk, then renamed over FILE).
#pragma once

#include <string>

namespace warband {

// The whole file; "file not found (or not a file)" or "cannot open the file for reading".
std::string read_text_file(const std::string& path);

// Replaces `path` with `text` atomically. `what` names the file in messages ("log", "chart").
void write_file_atomically(const std::string& path, const std::string& text,
                           const std::string& what = "file");

}  // namespace warband
