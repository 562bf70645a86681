// The browser UI: every GET outside /api/ is looked up in the embedded table (assets.h) and
// nowhere else, so no request path, however encoded, reaches the file system.
#include <httplib.h>

#include <algorithm>

#include "server/api.h"
#include "server/assets.h"

namespace warband::server {

const Asset* find_asset(std::string_view path) {
  if (path == "/") path = "/index.html";
  const std::vector<Asset>& assets = embedded_assets();
  const auto found = std::find_if(assets.begin(), assets.end(),
                                  [path](const Asset& asset) { return asset.path == path; });
  return found == assets.end() ? nullptr : &*found;
}

void add_asset_routes(httplib::Server& server) {
  server.Get(".*", [](const httplib::Request& request, httplib::Response& response) {
    const bool api = request.path == "/api" || request.path.rfind("/api/", 0) == 0;
    const Asset* asset = api ? nullptr : find_asset(request.path);
    if (asset == nullptr) {
      response.status = 404;
      response.set_content(json_text(error_json(404, "path",
                                                api ? "nothing is at GET " + request.path
                                                    : "no such file in the app: " + request.path)),
                           "application/json");
      return;
    }
    response.set_content(std::string(asset->bytes), std::string(asset->content_type));
    // The assets change only with the binary; revalidating each load keeps an upgrade visible.
    response.set_header("Cache-Control", "no-cache");
  });
}

}  // namespace warband::server
