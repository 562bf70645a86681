// The seat links' QR codes (qr_svg.h): a real QR symbol (its size, its three finder patterns) and
// an SVG with one square per dark module.
#include "server/qr_svg.h"

#include <gtest/gtest.h>

#include <string>

namespace warband::server {
namespace {

// The 7x7 finder pattern at (row, column): a dark ring, a light ring, a dark 3x3 centre.
bool finder_at(const std::vector<std::vector<bool>>& modules, std::size_t row, std::size_t column) {
  for (std::size_t y = 0; y < 7; ++y)
    for (std::size_t x = 0; x < 7; ++x) {
      const bool ring = y == 0 || y == 6 || x == 0 || x == 6;
      const bool centre = y >= 2 && y <= 4 && x >= 2 && x <= 4;
      if (modules[row + y][column + x] != (ring || centre)) return false;
    }
  return true;
}

TEST(QrSvg, ALinkIsARealQrSymbol) {
  const std::string link =
      "http://192.168.1.20:8080/#/play/12?token="
      "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
  const std::vector<std::vector<bool>> modules = qr_modules(link);
  const std::size_t width = modules.size();
  // Versions are 21 + 4 (v - 1) modules wide; ~110 bytes at level M need version 6 or more.
  EXPECT_EQ((width - 21) % 4, 0u);
  EXPECT_GE(width, 41u);
  EXPECT_TRUE(finder_at(modules, 0, 0));
  EXPECT_TRUE(finder_at(modules, 0, width - 7));
  EXPECT_TRUE(finder_at(modules, width - 7, 0));
  EXPECT_FALSE(finder_at(modules, width - 7, width - 7));  // no fourth corner

  std::size_t dark = 0;
  for (const auto& row : modules)
    for (bool module : row)
      dark += module ? 1 : 0;
  const std::string svg = qr_svg(link);
  std::size_t squares = 0;
  for (std::size_t at = svg.find("h1v1h-1z"); at != std::string::npos;
       at = svg.find("h1v1h-1z", at + 1))
    ++squares;
  EXPECT_EQ(squares, dark);
  EXPECT_NE(svg.find("viewBox=\"0 0 " + std::to_string(width + 8)), std::string::npos) << svg;
  EXPECT_NE(qr_modules(link + "x"), modules);
}

}  // namespace
}  // namespace warband::server
