#include "server/qr_svg.h"

#include <fmt/format.h>
#include <qrencode.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <stdexcept>

namespace warband::server {
namespace {

constexpr int kQuietZone = 4;

}  // namespace

std::vector<std::vector<bool>> qr_modules(const std::string& text) {
  const std::unique_ptr<QRcode, decltype(&QRcode_free)> code(
      QRcode_encodeString8bit(text.c_str(), 0, QR_ECLEVEL_M), &QRcode_free);
  if (!code)
    throw std::runtime_error(fmt::format("libqrencode could not encode {} bytes: {}", text.size(),
                                         std::strerror(errno)));
  const int width = code->width;
  std::vector<std::vector<bool>> modules(static_cast<std::size_t>(width),
                                         std::vector<bool>(static_cast<std::size_t>(width)));
  for (int y = 0; y < width; ++y)
    for (int x = 0; x < width; ++x)
      modules[y][x] = (code->data[y * width + x] & 1) != 0;  // bit 0: dark
  return modules;
}

std::string qr_svg(const std::string& text) {
  const std::vector<std::vector<bool>> modules = qr_modules(text);
  const int size = static_cast<int>(modules.size()) + 2 * kQuietZone;
  std::string path;
  for (std::size_t y = 0; y < modules.size(); ++y)
    for (std::size_t x = 0; x < modules.size(); ++x)
      if (modules[y][x]) path += fmt::format("M{} {}h1v1h-1z", x + kQuietZone, y + kQuietZone);
  return fmt::format(
      R"(<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {0} {0}" shape-rendering="crispEdges" role="img" aria-label="QR code of the link"><rect width="{0}" height="{0}" fill="#fff"/><path fill="#000" d="{1}"/></svg>)",
      size, path);
}

}  // namespace warband::server
