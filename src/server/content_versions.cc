#include "server/content_versions.h"

#include <fmt/format.h>
#include <openssl/evp.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include "core/content_root.h"
#include "core/error.h"
#include "core/folder_cache.h"
#include "server/api.h"

namespace warband::server {
namespace {

namespace fs = std::filesystem;

// Incremental SHA-256 (OpenSSL's libcrypto, as seat_tokens.cc uses).
class Sha256 {
 public:
  Sha256() : context_(EVP_MD_CTX_new()) {
    if (context_ == nullptr || EVP_DigestInit_ex(context_, EVP_sha256(), nullptr) != 1)
      throw std::runtime_error("SHA-256 failed (OpenSSL EVP_DigestInit_ex)");
  }
  ~Sha256() { EVP_MD_CTX_free(context_); }
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  void add(const std::string& bytes) {
    if (EVP_DigestUpdate(context_, bytes.data(), bytes.size()) != 1)
      throw std::runtime_error("SHA-256 failed (OpenSSL EVP_DigestUpdate)");
  }
  std::string hex_digest() {
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int size = 0;
    if (EVP_DigestFinal_ex(context_, digest.data(), &size) != 1)
      throw std::runtime_error("SHA-256 failed (OpenSSL EVP_DigestFinal_ex)");
    std::string text;
    for (unsigned int i = 0; i < size; ++i)
      text += fmt::format("{:02x}", digest[i]);
    return text;
  }

 private:
  EVP_MD_CTX* context_;
};

std::string whole_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(fmt::format("cannot read {}", path));
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

std::shared_ptr<const ContentVersion> read_folder_version(const std::string& folder) {
  const std::vector<FileStamp> stamps = file_stamps_under(folder);
  if (stamps.empty() || stamps.size() > kMaxContentVersionFiles) return nullptr;
  std::int64_t bytes = 0;
  for (const FileStamp& stamp : stamps)
    bytes += stamp.size;
  if (bytes > kMaxContentVersionBytes) return nullptr;
  auto version = std::make_shared<ContentVersion>();
  for (const FileStamp& stamp : stamps) {
    std::string text = whole_file(stamp.path);
    version->bytes += static_cast<std::int64_t>(text.size());
    version->files.emplace(fs::path(stamp.path).lexically_relative(folder).generic_string(),
                           std::move(text));
  }
  // Read after the stamps: a file grown meanwhile is seen (the next lookup reads it again).
  if (version->bytes > kMaxContentVersionBytes) return nullptr;
  version->hash = content_hash(version->files);
  return version;
}

// A version's file path names a file inside its folder: relative, no "..", nothing odd (the store
// could have been edited by hand).
bool safe_relative_path(const std::string& name) {
  const fs::path path(name);
  if (name.empty() || path.is_absolute()) return false;
  for (const fs::path& part : path)
    if (part == ".." || part == "." || part.empty()) return false;
  return true;
}

bool is_hash(const std::string& text) {
  return text.size() == 64 && text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// The live version of the folder a game of `ruleset` and `setup` reads; null when it cannot be
// kept, or the setup names no folder (GameRecord::replay says what is wrong with it).
std::shared_ptr<const ContentVersion> live_folder_version(const std::string& ruleset,
                                                          const nlohmann::json& setup) {
  try {
    return folder_version(content_folder(ruleset, setup));
  } catch (const InputError&) {
    return nullptr;
  }
}

// Where the copies of versions are written: <db>.content.
fs::path copies_root(const Store& store) {
  return fs::absolute(fs::path(store.path() + ".content"));
}

// Removes `folder`: renamed aside first, so no reader finds half of it.
void remove_copy_folder(const fs::path& folder) {
  static std::atomic<int> counter = 0;
  const fs::path stale =
      folder.parent_path() /
      fmt::format("{}.stale.{}.{}", folder.filename().string(), ::getpid(), counter++);
  std::error_code error;
  fs::rename(folder, stale, error);
  fs::remove_all(error ? folder : stale, error);
}

// Writes `version` as `root`/`ruleset`/: into a temporary folder first, then renamed to `root`
// (a folder that was there, not this version, moved aside and removed first).
void write_version(const ContentVersion& version, const fs::path& root,
                   const std::string& ruleset) {
  static std::atomic<int> counter = 0;
  const std::string unique = fmt::format("{}.{}", ::getpid(), counter++);
  const fs::path partial = root.parent_path() / (root.filename().string() + ".partial." + unique);
  std::error_code error;
  fs::remove_all(partial);
  try {
    fs::create_directories(partial / ruleset);
    for (const auto& [name, bytes] : version.files) {
      if (!safe_relative_path(name))
        throw std::runtime_error(
            fmt::format("content version {} holds a file named '{}'", version.hash, name));
      const fs::path file = partial / ruleset / name;
      fs::create_directories(file.parent_path());
      std::ofstream out(file, std::ios::binary);
      out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
      out.close();
      if (!out) throw std::runtime_error(fmt::format("cannot write {}", file.string()));
    }
  } catch (...) {
    fs::remove_all(partial, error);
    throw;
  }
  if (fs::exists(root, error)) {
    const fs::path stale = root.parent_path() / (root.filename().string() + ".stale." + unique);
    fs::rename(root, stale);
    fs::remove_all(stale, error);
  }
  fs::rename(partial, root);
}

}  // namespace

std::string content_folder(const std::string& ruleset, const nlohmann::json& setup) {
  return setup_content_root(setup) + "/" + ruleset;
}

std::string content_hash(const std::map<std::string, std::string>& files) {
  Sha256 sha;
  for (const auto& [name, bytes] : files) {
    // Each length before its bytes: no two different folders feed the same stream.
    sha.add(fmt::format("{}:{}\n{}:", name.size(), name, bytes.size()));
    sha.add(bytes);
  }
  return sha.hex_digest();
}

std::shared_ptr<const ContentVersion> folder_version(const std::string& folder) {
  static FolderCache<std::shared_ptr<const ContentVersion>> versions(read_folder_version);
  return *versions.get(folder);
}

PlayedContent version_root(Store& store, const std::string& ruleset, const std::string& hash) {
  if (!safe_relative_path(ruleset))
    throw ApiError(409, "log", fmt::format("the game's ruleset '{}' names no folder", ruleset));
  if (!is_hash(hash))
    throw ApiError(409, "log", fmt::format("the game's content version '{}' is no hash", hash));
  const fs::path root = copies_root(store) / hash;
  const std::string folder = (root / ruleset).string();
  if (auto written = folder_version(folder); written && written->hash == hash)
    return {std::move(written), root.string()};
  // One writer at a time in this process (the server lock keeps other processes off the store).
  static std::mutex writing;
  std::lock_guard lock(writing);
  if (auto written = folder_version(folder); written && written->hash == hash)
    return {std::move(written), root.string()};
  const std::optional<ContentVersion> stored = store.find_content_version(hash);
  if (!stored)
    throw ApiError(409, "log",
                   fmt::format("the content version the game began on ({}) is not in the "
                               "database",
                               hash.substr(0, 12)));
  if (content_hash(stored->files) != hash)
    throw ApiError(409, "log",
                   fmt::format("the content version the game began on ({}) is damaged in the "
                               "database: its files no longer match its hash",
                               hash.substr(0, 12)));
  write_version(*stored, root, ruleset);
  std::shared_ptr<const ContentVersion> written = folder_version(folder);
  if (!written || written->hash != hash)
    throw std::runtime_error(
        fmt::format("content version {} was written to {} but does not read "
                    "back the same",
                    hash, root.string()));
  return {std::move(written), root.string()};
}

std::string began_on_text(const std::string& hash, std::size_t files) {
  return fmt::format("as it began (version {}, {} files)", hash.substr(0, 12), files);
}

PlayedContent played_content(Store& store, const std::string& ruleset, const nlohmann::json& setup,
                             const std::string& hash) {
  if (auto live = live_folder_version(ruleset, setup); live && live->hash == hash)
    return {std::move(live), ""};
  return version_root(store, ruleset, hash);
}

std::string listed_content_text(const GameRow& listed, LiveVersions& live_by_folder) {
  if (listed.content_version.empty()) return "live";
  // A setup naming no folder (content_dir not a string): its game does not replay, and plays no
  // live folder.
  std::shared_ptr<const ContentVersion> live;
  if (listed.content_dir) {
    const std::string folder =
        content_folder(listed.ruleset, {{"content_dir", *listed.content_dir}});
    auto known = live_by_folder.find(folder);
    if (known == live_by_folder.end())
      known = live_by_folder.emplace(folder, folder_version(folder)).first;
    live = known->second;
  }
  if (live && live->hash == listed.content_version) return "live";
  return began_on_text(listed.content_version, static_cast<std::size_t>(listed.content_files));
}

GameSession saved_session(Store& store, const GameRow& row) {
  std::vector<std::string> players = row.players.get<std::vector<std::string>>();
  if (row.content_version.empty()) return GameSession::from_log(row.log, players, row.seed);
  const nlohmann::json setup =
      row.log.is_object() ? row.log.value("setup", nlohmann::json()) : nlohmann::json();
  return GameSession::from_log(row.log, std::move(players), row.seed,
                               played_content(store, row.ruleset, setup, row.content_version));
}

void remove_version_copy(const Store& store, const std::string& hash) {
  if (!is_hash(hash)) return;
  const fs::path copy = copies_root(store) / hash;
  std::error_code error;
  if (fs::exists(copy, error)) remove_copy_folder(copy);
}

int sweep_version_copies(Store& store) {
  const fs::path root = copies_root(store);
  std::error_code error;
  if (!fs::is_directory(root, error)) return 0;
  std::vector<fs::path> unneeded;
  for (const fs::directory_entry& entry : fs::directory_iterator(root, error)) {
    // HASH: a version's copy, needed while the database holds the version. HASH.partial.* and
    // HASH.stale.*: a copy half written or half removed (write_version, remove_copy_folder).
    const std::string name = entry.path().filename().string();
    const std::string hash = name.substr(0, 64);
    if (!is_hash(hash)) continue;  // not ours
    const std::string rest = name.substr(64);
    if (rest.empty() ? !store.has_content_version(hash)
                     : rest.starts_with(".partial.") || rest.starts_with(".stale."))
      unneeded.push_back(entry.path());
  }
  for (const fs::path& path : unneeded)
    fs::remove_all(path, error);
  return static_cast<int>(unneeded.size());
}

}  // namespace warband::server
