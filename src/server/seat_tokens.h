// The secrets of a game with remote seats: each seat's link token and the creator's owner token.
// A token is 256 bits from the operating system's random source, written as 64 hex digits; the
// database keeps only its SHA-256 (a stolen database file plays no seat).
#pragma once

#include <string>

namespace warband::server {

// A new token: 32 bytes from getrandom(2), as lowercase hex.
std::string new_token();
// SHA-256 of `token` as lowercase hex (OpenSSL's libcrypto, which cpp-httplib already needs).
std::string token_hash(const std::string& token);

}  // namespace warband::server
