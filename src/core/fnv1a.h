// FNV-1a, 64 bits: the digest State::hash() takes of a state's canonical JSON text. Fed piece by
// piece, it gives the same value as over the whole text at once, so a ruleset may write the text
// straight into it instead of building the string.
#pragma once

#include <cstdint>
#include <string_view>

namespace warband {

class Fnv1a {
 public:
  void add(std::string_view text) {
    for (const char c : text)
      add(c);
  }
  void add(char c) {
    digest_ ^= static_cast<unsigned char>(c);
    digest_ *= 0x100000001b3ULL;
  }
  std::uint64_t digest() const { return digest_; }

 private:
  std::uint64_t digest_ = 0xcbf29ce484222325ULL;
};

}  // namespace warband
