// A saved game keeps the content it began on. The server stores a game as its log and replays it
// on every request; the log's moves are only legal on the content they were played on. So when a
// game is stored, the folder its ruleset reads (setup_content_root(setup)/<ruleset>) is kept with
// it as a content version: every file's exact bytes, named by their SHA-256, stored once per
// version (store.h). A game whose version is still the live folder's plays on the live folder;
// one whose folder changed since plays on its version, written once beside the database as
// <db>.content/<hash>/<ruleset>/ (under a temporary name, then renamed: a crash never leaves half
// a folder) and checked against its hash before each use (rewritten from the store when it is
// missing or changed). The log keeps the game's own setup: an exported log replays with
// `warband replay` on the content it began on.
//
// A copy beside the database goes when the version's last game does (remove_version_copy), and
// the start of a server sweeps the copies of versions no longer stored (a crash between the two
// leaves one): a leftover copy is harmless, a missing one is written again.
//
// A folder of more than kMaxContentVersionFiles files or kMaxContentVersionBytes bytes is not
// kept: its games are stored without a version and replay on the live folder, as games stored
// before versions were kept do (a content change that breaks their moves is a 409).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "server/game_session.h"
#include "server/store.h"

namespace warband::server {

inline constexpr std::size_t kMaxContentVersionFiles = 1000;
inline constexpr std::int64_t kMaxContentVersionBytes = std::int64_t{16} << 20;

// The folder the game of `ruleset` and `setup` reads: setup_content_root(setup)/<ruleset>.
// InputError when the setup's content_dir is not a string.
std::string content_folder(const std::string& ruleset, const nlohmann::json& setup);

// The SHA-256 (lowercase hex) naming `files`: each relative path and its bytes, in path order.
std::string content_hash(const std::map<std::string, std::string>& files);

// The version of `folder` as it is now, read and hashed again only when a file under it changed
// (core/folder_cache.h: otherwise one stamp of its files). Null when the folder is missing or
// empty, or has more files or bytes than a version keeps.
std::shared_ptr<const ContentVersion> folder_version(const std::string& folder);

// What a view's "content" says of a game on version `hash` of `files` files, when that is not the
// live folder's: "as it began (version 1a2b3c4d5e6f, 12 files)".
std::string began_on_text(const std::string& hash, std::size_t files);

// The content a game of `ruleset` and `setup` (as its log has it) that began on version `hash`
// plays: the live folder when that is still the version, else the version's copy (version_root).
// 409 when the database lacks the version.
PlayedContent played_content(Store& store, const std::string& ruleset, const nlohmann::json& setup,
                             const std::string& hash);

// What a listed game (Store::list_games: its content root and version's file count, no log) plays:
// "live" or began_on_text, as its view says. `live_by_folder` keeps each folder's live version
// for one listing: many games read one folder, looked at once.
using LiveVersions = std::map<std::string, std::shared_ptr<const ContentVersion>>;
std::string listed_content_text(const GameRow& listed, LiveVersions& live_by_folder);

// The session stored `row` holds: replayed on the live folder when it has no version or its
// version is the live folder's, else on its version (content_versions.h above). 409 when the log
// does not replay (GameSession::from_log) or the database lacks the row's version.
GameSession saved_session(Store& store, const GameRow& row);

// Where `store` writes version `hash` of `ruleset`'s folder (the root a setup's content_dir
// names): <db>.content/<hash>, its files under <ruleset>/. Written from the store when missing or
// not that version; 409 when the store has no such version.
PlayedContent version_root(Store& store, const std::string& ruleset, const std::string& hash);

// Removes the copy of version `hash` beside the database, once the database no longer holds it
// (Store::delete_game named it). Nothing when there is none.
void remove_version_copy(const Store& store, const std::string& hash);

// Removes what lies in <db>.content/ that no stored version needs: copies of versions the
// database no longer holds, and folders half written or half removed by a process that stopped
// (*.partial.*, *.stale.*). Run at start, before any request; returns how many it removed.
int sweep_version_copies(Store& store);

}  // namespace warband::server
