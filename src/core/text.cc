#include "core/text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace warband {

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}

std::string lower(std::string_view text) {
  std::string result(text);
  for (char& c : result)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return result;
}

std::string shortened(std::string_view text, std::size_t most) {
  if (text.size() <= most) return std::string(text);
  return std::string(text.substr(0, most - 3)) + "...";
}

std::size_t display_columns(std::string_view text) {
  // Every byte but a UTF-8 continuation byte (10xxxxxx) starts a character.
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

std::string wrap_parts(const std::vector<std::string>& parts, std::string_view separator,
                       int columns, std::string_view indent) {
  std::string out;
  std::size_t line_columns = 0;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::size_t width = display_columns(parts[i]);
    if (i == 0) {
      out = parts[i];
      line_columns = width;
      continue;
    }
    const std::size_t joined = line_columns + display_columns(separator) + width;
    if (columns > 0 && joined > static_cast<std::size_t>(columns)) {
      out += "\n";
      out += indent;
      out += parts[i];
      line_columns = display_columns(indent) + width;
    } else {
      out += separator;
      out += parts[i];
      line_columns = joined;
    }
  }
  return out;
}

std::string fit_lines(std::string_view text, int columns) {
  if (columns <= 0) return std::string(text);
  std::string out;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    if (display_columns(line) <= static_cast<std::size_t>(columns)) {
      out += line;
    } else {
      const std::size_t indent = line.find_first_not_of(' ');
      std::vector<std::string> words;
      std::size_t at = indent == std::string_view::npos ? line.size() : indent;
      while (at < line.size()) {
        const std::size_t space = std::min(line.find(' ', at), line.size());
        if (space > at) words.emplace_back(line.substr(at, space - at));
        at = space + 1;
      }
      if (!words.empty()) words.front().insert(0, line.substr(0, indent));
      out += wrap_parts(words, " ", columns, std::string(indent + 4, ' '));
    }
    if (end != std::string_view::npos) out += '\n';
  }
  return out;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string closest_match(std::string_view name, const std::vector<std::string_view>& candidates) {
  constexpr std::size_t kMostEdits = 2;
  std::string_view best;
  std::size_t best_distance = kMostEdits + 1;
  for (std::string_view candidate : candidates) {
    // Lengths further apart than the edits allowed cannot match (and a long name costs nothing).
    const std::size_t longer = std::max(name.size(), candidate.size());
    if (longer - std::min(name.size(), candidate.size()) > kMostEdits) continue;
    const std::size_t distance = edit_distance(name, candidate);
    if (distance < best_distance && distance < candidate.size()) {
      best = candidate;
      best_distance = distance;
    }
  }
  return std::string(best);
}

std::string did_you_mean(std::string_view name, const std::vector<std::string_view>& candidates) {
  const std::string match = closest_match(name, candidates);
  return match.empty() ? "" : fmt::format(". Did you mean '{}'?", match);
}

namespace {

void append_escaped_byte(unsigned char byte, std::string& out) {
  out += fmt::format("\\x{:02x}", byte);
}

// How many bytes a UTF-8 character starting with `lead` has; 0 when no character starts so.
std::size_t utf8_length(unsigned char lead) {
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 0;
}

// Whether `byte` may follow `lead` as the character's second byte (no overlong forms, no
// surrogates, nothing past U+10FFFF); later bytes are any continuation byte.
bool valid_second_byte(unsigned char lead, unsigned char byte) {
  if (lead == 0xE0) return byte >= 0xA0 && byte <= 0xBF;
  if (lead == 0xED) return byte >= 0x80 && byte <= 0x9F;
  if (lead == 0xF0) return byte >= 0x90 && byte <= 0xBF;
  if (lead == 0xF4) return byte >= 0x80 && byte <= 0x8F;
  return byte >= 0x80 && byte <= 0xBF;
}

}  // namespace

void ControlCharacterEscaper::feed(std::string_view piece, std::string& out) {
  std::string joined;
  if (!pending_.empty()) {
    joined = std::move(pending_) + std::string(piece);
    pending_.clear();
    piece = joined;
  }
  std::size_t at = 0;
  while (at < piece.size()) {
    const auto byte = static_cast<unsigned char>(piece[at]);
    if (byte < 0x80) {
      const bool shown = byte == '\n' || byte == '\t' || (byte >= 0x20 && byte != 0x7F);
      if (shown)
        out += static_cast<char>(byte);
      else
        append_escaped_byte(byte, out);
      ++at;
      continue;
    }
    const std::size_t length = utf8_length(byte);
    std::size_t valid = length == 0 ? 0 : 1;  // bytes of the character seen valid so far
    while (valid > 0 && valid < length && at + valid < piece.size()) {
      const auto next = static_cast<unsigned char>(piece[at + valid]);
      const bool continues =
          valid == 1 ? valid_second_byte(byte, next) : next >= 0x80 && next <= 0xBF;
      if (!continues) break;
      ++valid;
    }
    if (valid > 0 && valid < length && at + valid == piece.size()) {
      pending_ = std::string(piece.substr(at));  // may still be finished by the next piece
      return;
    }
    if (valid == 0 || valid < length) {
      append_escaped_byte(byte, out);  // not UTF-8: the byte alone, then go on with the next
      ++at;
      continue;
    }
    // U+0080..U+009F, the C1 controls (CSI is U+009B), are 0xC2 0x80..0x9F.
    const bool c1_control = byte == 0xC2 && static_cast<unsigned char>(piece[at + 1]) <= 0x9F;
    for (std::size_t i = 0; i < length; ++i) {
      if (c1_control)
        append_escaped_byte(static_cast<unsigned char>(piece[at + i]), out);
      else
        out += piece[at + i];
    }
    at += length;
  }
}

void ControlCharacterEscaper::finish(std::string& out) {
  for (const char byte : pending_)
    append_escaped_byte(static_cast<unsigned char>(byte), out);
  pending_.clear();
}

std::string escape_control_characters(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  ControlCharacterEscaper escaper;
  escaper.feed(text, out);
  escaper.finish(out);
  return out;
}

}  // namespace warband
