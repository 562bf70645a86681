// The amounts a spell writes ("X", "2X", "X/2", "3+X", "1+X/2", "-1"): a small grammar, apart
// from the TOML reading so that its job stays plain.
#include <string>

#include "rulesets/atomspast/content_files/content_files.h"

namespace warband::atomspast::content_files {

bool parse_amount_text(std::string_view text, Amount& out) {
  std::string s;
  for (char c : text)
    if (c != ' ') s += c;
  if (s.empty()) return false;
  Amount amount;
  bool seen_x = false;
  std::size_t i = 0;
  bool first = true;
  auto read_number = [&](long& value) {
    const std::size_t start = i;
    value = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9' && i - start < 6)
      value = value * 10 + (s[i++] - '0');
    return i > start && !(i < s.size() && s[i] >= '0' && s[i] <= '9');
  };
  while (i < s.size()) {
    int sign = 1;
    if (s[i] == '+' || s[i] == '-') {
      sign = s[i] == '-' ? -1 : 1;
      ++i;
    } else if (!first) {
      return false;
    }
    first = false;
    long number = 1;
    bool has_number = false;
    if (i < s.size() && s[i] >= '0' && s[i] <= '9') {
      if (!read_number(number)) return false;
      has_number = true;
    }
    if (i < s.size() && (s[i] == 'X' || s[i] == 'x')) {
      if (seen_x) return false;
      seen_x = true;
      ++i;
      long den = 1;
      if (i < s.size() && s[i] == '/') {
        ++i;
        if (!read_number(den) || den == 0) return false;
      }
      amount.x_num = static_cast<int>(sign * number);
      amount.x_den = static_cast<int>(den);
    } else {
      if (!has_number) return false;
      amount.constant += static_cast<int>(sign * number);
    }
  }
  out = amount;
  return true;
}
}  // namespace warband::atomspast::content_files
