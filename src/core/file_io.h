// Reading and saving user files: every failure is an InputError naming the file.
//
// Reading takes only a regular file, and at most kMaxInputFileBytes of it: a device (/dev/zero)
// or a FIFO is refused at once rather than read until memory runs out or waited on forever.
//
// Saving lands whole or not at all, and never replaces what is not a file:
//  - a regular file (or a new one) is written to a temporary file created exclusively (O_EXCL,
//    O_NOFOLLOW, an unpredictable name) in the target's folder, given the target's permission
//    bits, flushed to disk, then renamed over the target;
//  - a symbolic link is followed: the file it points at is replaced (as editors do), the link
//    stays; a link to nothing is refused;
//  - a character device or a FIFO is written through, as `tee` would: `--out /dev/null` discards,
//    `--out /dev/full` fails with "No space left on device", a FIFO gets the text (the write
//    waits for a reader, as tee's does); the device is never replaced by a file;
//  - /dev/stdout, /dev/stderr, /dev/fd/N and /proc/self/fd/N are this process's descriptor N,
//    written at its current position whatever it is (a terminal, a pipe, a redirected file);
//  - anything else (a directory, a block device, a socket) is refused.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace warband {

// The largest file read_text_file takes by default: far above any content file, log or save.
inline constexpr std::size_t kMaxInputFileBytes = std::size_t{16} << 20;

// The whole file. InputError(path, ...): "file not found", "cannot open: <reason>", "is a
// directory, not a file", "is a FIFO (named pipe), not a regular file", "is larger than ...".
std::string read_text_file(const std::string& path, std::size_t max_bytes = kMaxInputFileBytes);

// Several files saved together, so that an error in any leaves every one as it was: stage()
// checks each target and writes its temporary file; commit() then puts them all in place.
// Destroying a batch that was not committed removes its temporary files.
class FileSaveBatch {
 public:
  FileSaveBatch();
  ~FileSaveBatch();
  FileSaveBatch(const FileSaveBatch&) = delete;
  FileSaveBatch& operator=(const FileSaveBatch&) = delete;

  // Checks `path` and prepares `text` for it. `what` names the file in messages ("log",
  // "chart"). Throws InputError(path, "cannot write the <what> ...") and stages nothing then.
  void stage(const std::string& path, const std::string& text, const std::string& what = "file");

  // Renames every staged temporary over its target and writes the write-through targets, in
  // the order staged. A failure here (rare: the folder changed since stage) throws InputError
  // naming the file; the files before it are saved, the ones after it are not.
  void commit();

 private:
  struct Staged;
  std::vector<Staged> staged_;
};

// Saves one file (a batch of one).
void write_file_atomically(const std::string& path, const std::string& text,
                           const std::string& what = "file");

// Throws the InputError write_file_atomically(path, ..., what) would throw for the folder or the
// kind of file (a missing or read-only folder, a directory), before a long run rather than after
// it; the target is left as it was. A device or a FIFO (written through) is not opened here.
void check_writable(const std::string& path, const std::string& what = "file");

}  // namespace warband
