// A QR code of a seat link as an SVG picture, drawn on the server (libqrencode, from Debian): the
// link can be scanned from the creator's screen with a phone, and no network service ever sees it.
#pragma once

#include <string>
#include <vector>

namespace warband::server {

// The QR code's modules (error correction M, 8-bit mode), row by row: true = dark. Throws
// std::runtime_error if libqrencode cannot encode `text` (longer than a QR code holds).
std::vector<std::vector<bool>> qr_modules(const std::string& text);

// The code as an SVG of one path (a module per unit, a quiet zone of 4), scaled by the page.
std::string qr_svg(const std::string& text);

}  // namespace warband::server
