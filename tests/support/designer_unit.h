// A unit a designer adds to a copy of AtomsPast's content (appended to units.toml): the tests of
// --content and of a content file saved while the server runs find it where the built-in content
// has none.
#pragma once

namespace warband::testing {

inline constexpr const char* kOrcShamanUnitToml = R"(
[[unit]]
id = "orc_shaman"
name = "Orc Shaman"
faction = "Orc Horde"
move = 3
weapons = ["cleaver"]
wounds = 9
shield = 0
base = "1x1"
keywords = ["Infantry", "Orc"]
)";

}  // namespace warband::testing
