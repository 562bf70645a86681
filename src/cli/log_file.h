// Saving a game's log (or a chart) so that a crash or a full disk never leaves a half-written file:
// the JSON goes to PATH.tmp, is flushed to disk, and is then renamed over PATH.
#pragma once

#include <string>

#include "core/game_record.h"

namespace warband::cli {

// Throws InputError(path, why) if the log cannot be written; PATH is then left as it was.
void write_log_file(const GameRecord& record, const std::string& path);

}  // namespace warband::cli
