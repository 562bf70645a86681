// The browser UI's files (web/), embedded in the binary by cmake/embed_web.cmake.
#pragma once

#include <string_view>
#include <vector>

namespace warband::server {

struct Asset {
  std::string_view path;          // the URL path: "/index.html", "/main.js"
  std::string_view content_type;  // "text/html; charset=utf-8"
  std::string_view bytes;
};

// Every embedded asset, sorted by path. Defined in a source generated at build time.
const std::vector<Asset>& embedded_assets();

// The asset served at a request path ("/" is "/index.html"); nullptr when there is none.
const Asset* find_asset(std::string_view path);

}  // namespace warband::server
