// A builder operation (builder.h) on files: what `warband build` does around the pure operation.
// It reads the files its options name, runs it, then writes each document it changed or created
// atomically (file_io.h) and the export to its output file.
#pragma once

#include "core/builder.h"

namespace warband {

// `args` as the CLI collects them: every option's value by name, a file's path for a document,
// another document, a text or an output (several paths joined with '\n' for a repeatable one).
// A missing file is an InputError naming it, except the document of an operation that creates
// one. Returns the operation's report.
BuildResult run_on_files(const BuildOperation& operation, const BuildArgs& args);

}  // namespace warband
