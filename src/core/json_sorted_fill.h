// Filling a nlohmann::json object whose keys come in their sorted order: each key goes in at the
// map's end (std::map::emplace_hint), with no search for its place. A state's JSON is built this
// way because the conformance suite, saves and views build it many times (nlohmann's object is a
// std::map, so a key given out of order still lands in its place, only with the search).
#pragma once

#include <nlohmann/json.hpp>

#include <utility>

namespace warband {

// The object and array inside a nlohmann::json, filled in place.
using JsonObject = nlohmann::json::object_t;
using JsonArray = nlohmann::json::array_t;

template <typename Value>
void json_put_sorted(nlohmann::json::object_t& object, const char* key, Value&& value) {
  object.emplace_hint(object.end(), key, std::forward<Value>(value));
}

}  // namespace warband
