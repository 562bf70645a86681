#include "core/json_input.h"

#include <vector>

#include "core/error.h"
#include "core/file_io.h"
#include "core/text.h"

namespace warband {
namespace {

// Messages quote at most this much of a number: a 400-digit one is still one number.
constexpr std::size_t kQuotedToken = 40;

// Follows a parse event by event to name the value the parser stopped at ("samples",
// "actions[3]"): nlohmann's own errors give a byte offset only. Used on the error path alone, so
// the common parse pays nothing for it.
class ValuePathFinder final : public nlohmann::json_sax<nlohmann::json> {
 public:
  // The path of the value the parse failed at, "" for the document itself.
  const std::string& failed_at() const { return failed_at_; }

  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override {
    value();
    frames_.push_back({false, 0, ""});
    return true;
  }
  bool key(string_t& key) override {
    frames_.back().key = key;
    return true;
  }
  bool end_object() override {
    frames_.pop_back();
    return true;
  }
  bool start_array(std::size_t) override {
    value();
    frames_.push_back({true, 0, ""});
    return true;
  }
  bool end_array() override {
    frames_.pop_back();
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    // The failed value has not been counted: an array's next item is the one that failed.
    for (std::size_t i = 0; i < frames_.size(); ++i) {
      const Frame& frame = frames_[i];
      const bool innermost = i + 1 == frames_.size();
      if (frame.array)
        failed_at_ += fmt::format("[{}]", innermost ? frame.items : frame.items - 1);
      else
        failed_at_ += (failed_at_.empty() ? "" : ".") + frame.key;
    }
    return false;
  }

 private:
  struct Frame {
    bool array;
    std::size_t items;  // an array's values begun so far
    std::string key;    // an object's latest key
  };

  bool value() {
    if (!frames_.empty() && frames_.back().array) ++frames_.back().items;
    return true;
  }

  std::vector<Frame> frames_;
  std::string failed_at_;
};

// nlohmann's message without its "[json.exception.parse_error.101] " id, which means nothing to a
// user.
std::string reason_of(const nlohmann::json::exception& error) {
  std::string reason = error.what();
  if (const auto close = reason.find("] "); reason.starts_with("[") && close != std::string::npos)
    reason.erase(0, close + 2);
  return reason;
}

}  // namespace

nlohmann::json parse_json(std::string_view text, const std::string& where,
                          std::string_view separator) {
  try {
    return nlohmann::json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& error) {
    throw InputError(where, "not valid JSON: " + reason_of(error));
  } catch (const nlohmann::json::out_of_range& error) {
    // 406: a number beyond a double (1e999, a 400-digit integer). Name the field it is in.
    if (error.id != 406) throw InputError(where, "not valid JSON: " + reason_of(error));
    ValuePathFinder finder;
    nlohmann::json::sax_parse(text.begin(), text.end(), &finder);
    const std::string& path = finder.failed_at();
    const std::string token = reason_of(error);
    const std::size_t quote = token.find('\'');
    throw InputError(
        path.empty()
            ? where
            : fmt::format(
                  "{}{}{}", where,
                  where.empty() || (path.starts_with('[') && separator == ".") ? "" : separator,
                  path),
        fmt::format("the number {} is too large (beyond ±1.7e308)",
                    shortened(quote == std::string::npos
                                  ? token
                                  : token.substr(quote + 1, token.size() - quote - 2),
                              kQuotedToken)));
  } catch (const nlohmann::json::exception& error) {
    throw InputError(where, "not valid JSON: " + reason_of(error));
  }
}

nlohmann::json read_json_file(const std::string& path) {
  return parse_json(read_text_file(path), path, ": ");
}

std::string json_type_name(const nlohmann::json& value) {
  switch (value.type()) {
    case nlohmann::json::value_t::null:
      return "null";
    case nlohmann::json::value_t::object:
      return "an object";
    case nlohmann::json::value_t::array:
      return "an array";
    case nlohmann::json::value_t::string:
      return "a string";
    case nlohmann::json::value_t::boolean:
      return "a boolean";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
      return "an integer";
    case nlohmann::json::value_t::number_float:
      return "a number with a fraction";
    default:
      return "binary data";
  }
}

}  // namespace warband
