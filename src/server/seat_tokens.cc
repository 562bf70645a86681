#include "server/seat_tokens.h"

#include <fmt/format.h>
#include <openssl/evp.h>
#include <sys/random.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace warband::server {
namespace {

constexpr std::size_t kTokenBytes = 32;

std::string hex(const unsigned char* bytes, std::size_t size) {
  std::string text;
  text.reserve(size * 2);
  for (std::size_t i = 0; i < size; ++i)
    text += fmt::format("{:02x}", bytes[i]);
  return text;
}

}  // namespace

std::string new_token() {
  std::array<unsigned char, kTokenBytes> bytes{};
  std::size_t filled = 0;
  while (filled < bytes.size()) {
    const ssize_t got = ::getrandom(bytes.data() + filled, bytes.size() - filled, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(fmt::format("getrandom failed: {}", std::strerror(errno)));
    }
    filled += static_cast<std::size_t>(got);
  }
  return hex(bytes.data(), bytes.size());
}

std::string token_hash(const std::string& token) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int size = 0;
  if (EVP_Digest(token.data(), token.size(), digest.data(), &size, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 failed (OpenSSL EVP_Digest)");
  return hex(digest.data(), size);
}

}  // namespace warband::server
