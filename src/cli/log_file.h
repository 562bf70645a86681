// Saving a game's log so that a crash or a full disk never leaves a half-written file: the JSON is
// saved by core's one writer (file_io.h: an exclusive temporary file, flushed, renamed over PATH;
// a device or a FIFO written through).
#pragma once

#include <string>

#include "core/game_record.h"

namespace warband::cli {

// Throws InputError(path, why) if the log cannot be written; PATH is then left as it was.
void write_log_file(const GameRecord& record, const std::string& path);

}  // namespace warband::cli
