// What `warband serve` says when it listens beyond this machine, and the address links point at.
#pragma once

#include <string>
#include <vector>

namespace warband::server {

// This machine's IPv4 addresses other than loopback (getifaddrs): where a friend on the same
// network reaches the server.
std::vector<std::string> lan_addresses();

// The warning printed when `host` is not a loopback address ("" when it is): anyone who can
// reach the address can use the server, and where on the network it is (`addresses`).
std::string exposure_notice(const std::string& host, int port,
                            const std::vector<std::string>& addresses);

// --public-url as links use it: "http(s)://HOST[:PORT][/PATH]" without a trailing slash;
// InputError at "--public-url" otherwise.
std::string normalize_public_url(const std::string& url);

}  // namespace warband::server
