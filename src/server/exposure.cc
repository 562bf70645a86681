#include "server/exposure.h"

#include <arpa/inet.h>
#include <fmt/format.h>
#include <ifaddrs.h>
#include <netinet/in.h>

#include <array>
#include <regex>

#include "core/error.h"
#include "server/request_handling.h"

namespace warband::server {

std::vector<std::string> lan_addresses() {
  std::vector<std::string> addresses;
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) != 0) return addresses;
  for (const ifaddrs* entry = list; entry != nullptr; entry = entry->ifa_next) {
    if (entry->ifa_addr == nullptr || entry->ifa_addr->sa_family != AF_INET) continue;
    std::array<char, INET_ADDRSTRLEN> text{};
    const auto* in = reinterpret_cast<const sockaddr_in*>(entry->ifa_addr);
    inet_ntop(AF_INET, &in->sin_addr, text.data(), text.size());
    const std::string address = text.data();
    if (!is_loopback_host(address)) addresses.push_back(address);
  }
  ::freeifaddrs(list);
  return addresses;
}

std::string exposure_notice(const std::string& host, int port,
                            const std::vector<std::string>& addresses) {
  if (is_loopback_host(host)) return "";
  std::string notice = fmt::format(
      "WARNING: listening on {}: anyone who can reach this address can use this server (create "
      "and delete games, save documents, start balance jobs). Use it on a network you trust, or "
      "behind a reverse proxy with --public-url.\n",
      host);
  const bool any = host == "0.0.0.0" || host == "::" || host == "[::]";
  if (!any) return notice + fmt::format("Friends reach it at http://{}:{}/\n", host, port);
  if (addresses.empty()) return notice + "This machine has no network address besides loopback.\n";
  for (const std::string& address : addresses)
    notice += fmt::format("On your network: http://{}:{}/\n", address, port);
  return notice;
}

std::string normalize_public_url(const std::string& url) {
  static const std::regex form(R"(^https?://[^/\s?#@]+(/[^\s?#]*)?$)");
  if (!std::regex_match(url, form))
    throw InputError(
        "--public-url",
        fmt::format("expected http://HOST[:PORT][/PATH] or https://..., got \"{}\"", url));
  std::string normal = url;
  while (normal.back() == '/')
    normal.pop_back();
  return normal;
}

}  // namespace warband::server
