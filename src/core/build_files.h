// A builder operation (builder.h) on files: what `warband build` does around the pure operation.
// It reads the files its options name, runs it, then saves every document it changed or created
// and the export to its output file, all together (file_io.h's FileSaveBatch): when any of them
// cannot be saved, none is changed.
#pragma once

#include <string>
#include <vector>

#include "core/builder.h"

namespace warband {

// `args` as the CLI collects them: every option's value by name, a file's path for a document,
// another document, a text or an output (several paths joined with '\n' for a repeatable one).
// A missing file is an InputError naming it, except the document of an operation that creates
// one. Returns the operation's report.
//
// The output file (the kOutput option, an export) is never one of the files the operation reads,
// and an existing file there is replaced only when args has "force" (the CLI's --force); a
// device, a FIFO or /dev/stdout is written through (file_io.h).
//
// A builder writes a document anew from its data, so comments a user wrote in it are not kept:
// `notes`, when given, gets one line per document that lost some ("orcs.toml: 2 comments were
// not kept ...").
//
// `content_root` is BuildInput::content_root: the rulesets' content folder (a folder per ruleset,
// as content_root_of resolves a `--content DIR`), "" for the built-in content.
BuildResult run_on_files(const BuildOperation& operation, const BuildArgs& args,
                         std::vector<std::string>* notes = nullptr,
                         const std::string& content_root = "");

}  // namespace warband
