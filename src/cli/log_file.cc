#include "cli/log_file.h"

#include "core/file_io.h"

namespace warband::cli {

void write_log_file(const GameRecord& record, const std::string& path) {
  write_file_atomically(path, record.to_json().dump(2) + "\n", "log");
}

}  // namespace warband::cli
