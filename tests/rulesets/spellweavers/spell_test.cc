// Spellweavers' spell creator: the power formula on spells computed by hand from seed 002, the
// action thresholds, MP costs with each talent's discount, shapes (Tetramino connectivity, the
// count limits) and spell files.
#include "rulesets/spellweavers/spell.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/build_files.h"
#include "core/error.h"
#include "rulesets/spellweavers/build_operations.h"
#include "rulesets/spellweavers/parameters.h"
#include "rulesets/spellweavers/spell_file.h"
#include "tests/support/test_files.h"

namespace warband::spellweavers {
namespace {

const Parameters kDefaults;  // two_action_power 30, mp_per_action 5, snapcast_power_below 15...

Spell make_spell(std::vector<std::string> effects, AreaClass area, RangeClass range,
                 std::string shape = "") {
  Spell spell;
  spell.name = "Test";
  for (const std::string& effect : effects)
    spell.effects.push_back(parse_effect(effect, "test"));
  spell.area = area;
  spell.range = range;
  if (!shape.empty()) spell.shape = parse_shape(shape, "test");
  return spell;
}

int mp(const Spell& spell, int actions, const TalentChoice* talent = nullptr) {
  return cast_cost(spell, talent, actions, kDefaults).mp_cost;
}

TEST(SpellweaversSpell, DefaultsAreTheRulingsNumbers) {
  EXPECT_EQ(kDefaults.two_action_power, 30);
  EXPECT_EQ(kDefaults.mp_per_action, 5);
  EXPECT_EQ(kDefaults.snapcast_power_below, 15);
  EXPECT_EQ(kDefaults.big_guns_power, 30);
  EXPECT_EQ(kDefaults.wizard_max_mp, 60);
  EXPECT_EQ(kDefaults.wizard_max_spells, 6);
  EXPECT_EQ(kDefaults.minimum_mp_cost, 0);
  const Parameters& content = content_parameters();  // the shipped file says the same
  EXPECT_EQ(content.two_action_power, 30);
  EXPECT_EQ(content.wizard_max_mp, 60);
}

TEST(SpellweaversSpell, EffectPowersAreTheSeeds) {
  const std::pair<const char*, int> cases[] = {
      {"damage:3", 15},
      {"healing:2", 10},
      {"shift:4", 8},
      {"status:poison", 8},
      {"status:slow", 5},
      {"status:stun", 20},
      {"status:regenerate", 13},
      {"status:protection", 8},
      {"status:dispel", 3},
      {"terrain:burning", 10},
      {"terrain:rough", 8},
      {"terrain:dark", 5},
      {"terrain:fortified", 10},
      {"terrain:wall", 5},
      {"conjure:grizzly-bear", 45},
      {"conjure:annoying-imps", 19},
  };
  for (const auto& [text, power] : cases) {
    const Effect effect = parse_effect(text, "test");
    EXPECT_EQ(effect_power(effect), power) << text;
    EXPECT_EQ(effect_key(effect), text);  // keys read back to themselves
  }
  EXPECT_EQ(effect_name(parse_effect("conjure:Grizzly Bear", "test")), "Conjure: Grizzly Bear");
}

TEST(SpellweaversSpell, SingleMediumDamageThreeIsFifteen) {
  // 15 x 1 x 1 = 15; MP 15 - 1x5 = 10 with one action, 15 - 2x5 = 5 with two.
  const Spell spell = make_spell({"damage:3"}, AreaClass::kSingle, RangeClass::kMedium);
  const PowerBreakdown breakdown = spell_power(spell);
  EXPECT_EQ(breakdown.effect_total, 15);
  EXPECT_EQ(breakdown.exact_thousandths, 15000);
  EXPECT_EQ(breakdown.power, 15);
  EXPECT_EQ(mp(spell, 1), 10);
  EXPECT_EQ(mp(spell, 2), 5);
}

TEST(SpellweaversSpell, SmallClosePoisonRoundsOnceHalfUp) {
  // 8 x 1.3 x 0.7 = 7.28 -> 7.
  const Spell spell =
      make_spell({"status:poison"}, AreaClass::kSmall, RangeClass::kClose, "0,0;1,0;0,1;1,1");
  const PowerBreakdown breakdown = spell_power(spell);
  EXPECT_EQ(breakdown.exact_thousandths, 7280);
  EXPECT_EQ(thousandths_text(breakdown.exact_thousandths), "7.28");
  EXPECT_EQ(breakdown.power, 7);
  EXPECT_EQ(mp(spell, 1), 2);
  EXPECT_EQ(mp(spell, 2), 0);  // 7 - 10 = -3: never below minimum_mp_cost (0)
  // Grizzly Bear, Single, Close: 45 x 0.7 = 31.5 -> 32 (half up), so it needs 2 actions.
  const Spell bear = make_spell({"conjure:grizzly-bear"}, AreaClass::kSingle, RangeClass::kClose);
  EXPECT_EQ(spell_power(bear).power, 32);
  // Rounding once: Damage 1 Medium area, Close: 5 x 2.5 x 0.7 = 8.75 -> 9 (rounding the area
  // step first would give 13 x 0.7 = 9.1 -> 9 too, but 12.5 -> 12.5: exact all the way).
  const Spell medium = make_spell({"damage:1"}, AreaClass::kMedium, RangeClass::kClose);
  EXPECT_EQ(spell_power(medium).exact_thousandths, 8750);
  EXPECT_EQ(spell_power(medium).power, 9);
}

TEST(SpellweaversSpell, EverySpecialTimesBeforePlus) {
  // Damage 2, Single, Medium, Adaptable and Snapcast: 10 x 1.3 = 13, then + 3 = 16. Plus first
  // would give (10 + 3) x 1.3 = 16.9 -> 17.
  Spell spell = make_spell({"damage:2"}, AreaClass::kSingle, RangeClass::kMedium);
  spell.adaptable = true;
  spell.snapcast = true;
  PowerBreakdown breakdown = spell_power(spell);
  EXPECT_EQ(breakdown.multiplier_tenths, 13);
  EXPECT_EQ(breakdown.plus, 3);
  EXPECT_EQ(breakdown.exact_thousandths, 16000);
  EXPECT_EQ(breakdown.power, 16);
  // Damage 4, Medium area, Far, both specials: 20 x 2.5 x 1.5 = 75; x 1.3 = 97.5; + 3 = 100.5
  // -> 101 (half up).
  spell = make_spell({"damage:4"}, AreaClass::kMedium, RangeClass::kFar);
  spell.adaptable = spell.snapcast = true;
  breakdown = spell_power(spell);
  EXPECT_EQ(breakdown.exact_thousandths, 100500);
  EXPECT_EQ(breakdown.power, 101);
  // Effects add up before the mods: Damage 3 + Burning, Small, Far: 25 x 1.3 x 1.5 = 48.75 -> 49.
  spell = make_spell({"damage:3", "terrain:burning"}, AreaClass::kSmall, RangeClass::kFar,
                     "0,0;1,0;0,1;1,1");
  EXPECT_EQ(spell_power(spell).effect_total, 25);
  EXPECT_EQ(spell_power(spell).power, 49);
}

TEST(SpellweaversSpell, TwoActionThreshold) {
  // Healing 5 + Shift 2 = 29: one action is allowed. Damage 6 = 30: two actions only.
  const Spell under = make_spell({"healing:5", "shift:2"}, AreaClass::kSingle, RangeClass::kMedium);
  EXPECT_EQ(spell_power(under).power, 29);
  EXPECT_TRUE(cast_cost(under, nullptr, 1, kDefaults).allowed);
  EXPECT_EQ(mp(under, 1), 24);
  EXPECT_EQ(mp(under, 2), 19);  // a 1-action spell may be cast with 2 to cost less
  const Spell at = make_spell({"damage:6"}, AreaClass::kSingle, RangeClass::kMedium);
  EXPECT_EQ(spell_power(at).power, 30);
  const CastCost one = cast_cost(at, nullptr, 1, kDefaults);
  EXPECT_FALSE(one.allowed);
  EXPECT_NE(one.why_not.find("2 actions"), std::string::npos);
  EXPECT_TRUE(cast_cost(at, nullptr, 2, kDefaults).allowed);
  EXPECT_EQ(mp(at, 2), 20);
  EXPECT_EQ(cheapest_mp_cost(at, nullptr, kDefaults), 20);
  EXPECT_FALSE(cast_cost(at, nullptr, 0, kDefaults).allowed);  // no Snapcast
}

TEST(SpellweaversSpell, SnapcastWithoutAnActionUnderItsThreshold) {
  // Damage 2 + Snapcast = 13 < 15: castable with 0 actions, costing its whole power.
  Spell spell = make_spell({"damage:2"}, AreaClass::kSingle, RangeClass::kMedium);
  spell.snapcast = true;
  EXPECT_EQ(spell_power(spell).power, 13);
  const CastCost free_action = cast_cost(spell, nullptr, 0, kDefaults);
  EXPECT_TRUE(free_action.allowed);
  EXPECT_EQ(free_action.mp_cost, 13);
  EXPECT_EQ(mp(spell, 1), 8);
  // Damage 3 + Snapcast = 18: not under 15.
  spell = make_spell({"damage:3"}, AreaClass::kSingle, RangeClass::kMedium);
  spell.snapcast = true;
  EXPECT_FALSE(cast_cost(spell, nullptr, 0, kDefaults).allowed);
}

TEST(SpellweaversSpell, TalentDiscounts) {
  const auto talent = [](Talent which, std::string element = "") {
    return TalentChoice{which, std::move(element)};
  };
  // Up Close and Personal: Damage 6, Single, Close = 21; 16 and 11, then -10.
  const TalentChoice close = talent(Talent::kUpCloseAndPersonal);
  const Spell close_spell = make_spell({"damage:6"}, AreaClass::kSingle, RangeClass::kClose);
  EXPECT_EQ(spell_power(close_spell).power, 21);
  EXPECT_EQ(mp(close_spell, 1), 16);
  EXPECT_EQ(mp(close_spell, 1, &close), 6);
  EXPECT_EQ(mp(close_spell, 2, &close), 1);
  const Spell medium_range = make_spell({"damage:3"}, AreaClass::kSingle, RangeClass::kMedium);
  EXPECT_EQ(mp(medium_range, 1, &close), 10);  // not Close: no discount
  // Navy Seal: Damage 3, Snipe = 30 (2 actions: 20), -10.
  const TalentChoice seal = talent(Talent::kNavySeal);
  const Spell snipe = make_spell({"damage:3"}, AreaClass::kSingle, RangeClass::kSnipe);
  EXPECT_EQ(mp(snipe, 2), 20);
  EXPECT_EQ(mp(snipe, 2, &seal), 10);
  EXPECT_EQ(mp(medium_range, 1, &seal), 10);
  // Crowd Controller (Large or Nuke, -10) and Nuclear Option (Nuke, -25): Damage 3 Nuke = 75.
  const TalentChoice crowd = talent(Talent::kCrowdController);
  const TalentChoice nuclear = talent(Talent::kNuclearOption);
  const Spell nuke = make_spell({"damage:3"}, AreaClass::kNuke, RangeClass::kMedium);
  const Spell large = make_spell({"damage:1"}, AreaClass::kLarge, RangeClass::kMedium, "0,0");
  EXPECT_EQ(spell_power(nuke).power, 75);
  EXPECT_EQ(mp(nuke, 2), 65);
  EXPECT_EQ(mp(nuke, 2, &crowd), 55);
  EXPECT_EQ(mp(nuke, 2, &nuclear), 40);
  EXPECT_EQ(mp(large, 1), 15);  // 5 x 4 = 20
  EXPECT_EQ(mp(large, 1, &crowd), 5);
  EXPECT_EQ(mp(large, 1, &nuclear), 15);  // Large is no Nuke
  // Big Guns: power 30 or more, -10; 29 gets nothing.
  const TalentChoice big = talent(Talent::kBigGuns);
  const Spell thirty = make_spell({"damage:6"}, AreaClass::kSingle, RangeClass::kMedium);
  const Spell twenty_nine =
      make_spell({"healing:5", "shift:2"}, AreaClass::kSingle, RangeClass::kMedium);
  EXPECT_EQ(mp(thirty, 2, &big), 10);
  EXPECT_EQ(mp(twenty_nine, 1, &big), 24);
  // Good Doctor: a spell that only helps (Healing 4, Small = 26 -> 21), -10; with Damage, none.
  const TalentChoice doctor = talent(Talent::kGoodDoctor);
  const Spell heal =
      make_spell({"healing:4"}, AreaClass::kSmall, RangeClass::kMedium, "0,0;1,0;0,1;1,1");
  EXPECT_EQ(mp(heal, 1), 21);
  EXPECT_EQ(mp(heal, 1, &doctor), 11);
  const Spell mixed =
      make_spell({"healing:1", "damage:1"}, AreaClass::kSingle, RangeClass::kMedium);
  EXPECT_EQ(mp(mixed, 1, &doctor), mp(mixed, 1));
  // Element Incarnate (fire): fire -5, any other element +5, Adaptable takes fire when cast.
  const TalentChoice fire = talent(Talent::kElementIncarnate, "fire");
  Spell fire_spell = make_spell({"damage:3"}, AreaClass::kSingle, RangeClass::kMedium);
  fire_spell.element = "Fire";
  EXPECT_EQ(mp(fire_spell, 1, &fire), 5);
  EXPECT_EQ(mp(medium_range, 1, &fire), 15);  // pure magical energy: +5
  Spell adaptable = medium_range;
  adaptable.adaptable = true;  // 15 x 1.3 = 19.5 -> 20
  EXPECT_EQ(mp(adaptable, 1, &fire), 10);
  // Tetra Master: no discount.
  const TalentChoice tetra = talent(Talent::kTetraMaster);
  EXPECT_EQ(mp(medium_range, 1, &tetra), 10);
  // The floor: Dispel, Single, Close = 2.1 -> 2; 2 - 5 = -3 -> 0.
  const Spell dispel = make_spell({"status:dispel"}, AreaClass::kSingle, RangeClass::kClose);
  EXPECT_EQ(spell_power(dispel).power, 2);
  EXPECT_EQ(mp(dispel, 1), 0);
  EXPECT_EQ(mp(dispel, 1, &close), 0);
}

bool has_problem(const std::vector<std::string>& problems, const std::string& words) {
  for (const std::string& problem : problems)
    if (problem.find(words) != std::string::npos) return true;
  return false;
}

TEST(SpellweaversSpell, TetraminoMustBeConnected) {
  const TalentChoice tetra{Talent::kTetraMaster, ""};
  const TalentChoice seal{Talent::kNavySeal, ""};
  const Spell l_block =
      make_spell({"damage:3"}, AreaClass::kTetramino, RangeClass::kMedium, "0,0;0,1;0,2;1,2");
  const Spell s_block =
      make_spell({"damage:3"}, AreaClass::kTetramino, RangeClass::kMedium, "0,0;1,0;1,1;2,1");
  EXPECT_TRUE(spell_problems(l_block, &tetra).empty());
  EXPECT_TRUE(spell_problems(s_block, &tetra).empty());
  EXPECT_EQ(spell_power(l_block).power, 15);  // Tetramino x1
  const Spell diagonal =
      make_spell({"damage:3"}, AreaClass::kTetramino, RangeClass::kMedium, "0,0;1,1;2,2;3,3");
  EXPECT_TRUE(has_problem(spell_problems(diagonal, &tetra), "not joined side to side"));
  const Spell split =  // two dominoes touching only at a corner
      make_spell({"damage:3"}, AreaClass::kTetramino, RangeClass::kMedium, "0,0;1,0;2,1;3,1");
  EXPECT_FALSE(orthogonally_connected(split.shape));
  EXPECT_TRUE(has_problem(spell_problems(split, &tetra), "not joined side to side"));
  const Spell three =
      make_spell({"damage:3"}, AreaClass::kTetramino, RangeClass::kMedium, "0,0;1,0;2,0");
  EXPECT_TRUE(has_problem(spell_problems(three, &tetra), "exactly 4 squares"));
  EXPECT_TRUE(has_problem(spell_problems(l_block, &seal), "only a Tetra Master"));
}

TEST(SpellweaversSpell, ShapesWithinTheirClass) {
  EXPECT_TRUE(spell_problems(make_spell({"damage:1"}, AreaClass::kSingle, RangeClass::kMedium),
                             nullptr)
                  .empty());  // Single needs no shape
  EXPECT_TRUE(has_problem(
      spell_problems(make_spell({"damage:1"}, AreaClass::kSingle, RangeClass::kMedium, "0,0;1,0"),
                     nullptr),
      "at most 1"));
  EXPECT_TRUE(has_problem(spell_problems(make_spell({"damage:1"}, AreaClass::kSmall,
                                                    RangeClass::kMedium, "0,0;1,0;2,0;3,0;4,0"),
                                         nullptr),
                          "has 5 squares in its shape; at most 4"));
  // Small takes up to 4 anywhere ("choose up to 4 squares anywhere on that checkerboard").
  EXPECT_TRUE(
      spell_problems(make_spell({"damage:1"}, AreaClass::kSmall, RangeClass::kMedium, "0,0;5,5"),
                     nullptr)
          .empty());
  EXPECT_TRUE(has_problem(
      spell_problems(make_spell({"damage:1"}, AreaClass::kMedium, RangeClass::kMedium), nullptr),
      "needs a shape"));
  EXPECT_TRUE(has_problem(
      spell_problems(make_spell({"damage:1"}, AreaClass::kSmall, RangeClass::kMedium, "0,0;0,0"),
                     nullptr),
      "square 0,0 twice"));
  EXPECT_TRUE(has_problem(
      spell_problems(make_spell({"damage:1"}, AreaClass::kNuke, RangeClass::kMedium, "0,0"),
                     nullptr),
      "Nuke"));
  EXPECT_TRUE(has_problem(
      spell_problems(make_spell({"damage:1"}, AreaClass::kLine, RangeClass::kMedium, "0,0"),
                     nullptr),
      "Line"));
  std::string sixteen;
  // Appended piece by piece: `"literal" + std::string&&` makes gcc 12 at -O3 print a false
  // -Wrestrict from inside std::string (its insert at 0, inlined).
  for (int i = 0; i < 16; ++i) {
    if (i > 0) sixteen += ";";
    sixteen += std::to_string(i) + ",0";
  }
  EXPECT_TRUE(
      spell_problems(make_spell({"damage:1"}, AreaClass::kLarge, RangeClass::kMedium, sixteen),
                     nullptr)
          .empty());
}

TEST(SpellweaversSpell, EffectCombinations) {
  EXPECT_TRUE(
      has_problem(spell_problems(make_spell({}, AreaClass::kSingle, RangeClass::kMedium), nullptr),
                  "no effect"));
  EXPECT_TRUE(has_problem(
      spell_problems(make_spell({"damage:1", "damage:2"}, AreaClass::kSingle, RangeClass::kMedium),
                     nullptr),
      "make them one effect"));
  EXPECT_TRUE(has_problem(spell_problems(make_spell({"terrain:wall", "terrain:dark"},
                                                    AreaClass::kSingle, RangeClass::kMedium),
                                         nullptr),
                          "more than one Terrain"));
  EXPECT_TRUE(
      has_problem(spell_problems(make_spell({"conjure:grizzly-bear", "conjure:annoying-imps"},
                                            AreaClass::kSingle, RangeClass::kMedium),
                                 nullptr),
                  "more than one Conjure"));
  EXPECT_TRUE(has_problem(spell_problems(make_spell({"status:slow", "status:slow"},
                                                    AreaClass::kSingle, RangeClass::kMedium),
                                         nullptr),
                          "Status: Slow twice"));
  EXPECT_TRUE(spell_problems(make_spell({"status:slow", "status:poison", "damage:1"},
                                        AreaClass::kSingle, RangeClass::kMedium),
                             nullptr)
                  .empty());
}

TEST(SpellweaversSpell, BadTextIsAnInputError) {
  EXPECT_THROW(parse_effect("damage", "--effect"), InputError);
  EXPECT_THROW(parse_effect("damage:0", "--effect"), InputError);
  EXPECT_THROW(parse_effect("damage:x", "--effect"), InputError);
  EXPECT_THROW(parse_effect("status:sleepy", "--effect"), InputError);
  EXPECT_THROW(parse_effect("fireworks:3", "--effect"), InputError);
  EXPECT_THROW(parse_shape("0,0;1", "--shape"), InputError);
  EXPECT_THROW(parse_shape("a,b", "--shape"), InputError);
  EXPECT_THROW(parse_shape("0,1000", "--shape"), InputError);
  EXPECT_THROW(parse_area("huge", "--area"), InputError);
  EXPECT_THROW(parse_range("nearby", "--range"), InputError);
  EXPECT_THROW(parse_talent("lucky", "--talent"), InputError);
  try {
    parse_effect("status:sleepy", "--effect");
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "--effect");
    EXPECT_NE(error.problem().find("poison"), std::string::npos);  // lists the known ones
  }
}

TEST(SpellweaversSpell, SpellFiles) {
  const std::string good = write_temp_file("sw_good.spell.toml",
                                           "name = \"Fireball\"\n"
                                           "effects = [\"damage:3\", \"terrain:burning\"]\n"
                                           "area = \"small\"\nshape = \"0,0;1,0;0,1;1,1\"\n"
                                           "range = \"far\"\nelement = \"fire\"\n"
                                           "specials = [\"adaptable\"]\n");
  const Spell spell = load_spell_file(good);
  EXPECT_EQ(spell.name, "Fireball");
  EXPECT_EQ(spell.effects.size(), 2u);
  EXPECT_TRUE(spell.adaptable);
  EXPECT_EQ(spell_power(spell).power, 63);  // 25 x 1.3 x 1.5 x 1.3 = 63.375
  EXPECT_EQ(spell_from_json(spell_to_json(spell), "json"), spell);
  const auto expect_error_at = [](const std::string& path, const std::string& where,
                                  const std::string& words) {
    try {
      load_spell_file(path);
      ADD_FAILURE() << "no error for " << path;
    } catch (const InputError& error) {
      EXPECT_EQ(error.where(), where);
      EXPECT_NE(error.problem().find(words), std::string::npos) << error.what();
    }
  };
  const std::string bad_effect = write_temp_file("sw_bad_effect.spell.toml",
                                                 "name = \"X\"\n\neffects = [\"damage:3\",\n"
                                                 "  \"status:sleepy\"]\n");
  expect_error_at(bad_effect, bad_effect + ":4", "unknown status condition");
  const std::string bad_field =
      write_temp_file("sw_bad_field.spell.toml", "effects = [\"damage:1\"]\ncolour = \"red\"\n");
  expect_error_at(bad_field, bad_field + ":2", "spell: unknown key 'colour'");
  const std::string typo = write_temp_file(
      "sw_typo.spell.toml", "name = \"Y\"\neffects = [\"damage:1\"]\nelemnt = \"fire\"\n");
  expect_error_at(typo, typo + ":3", "spell 'Y': unknown key 'elemnt'");
  expect_error_at(typo, typo + ":3", "Did you mean 'element'?");
  const std::string bad_toml =
      write_temp_file("sw_bad_toml.spell.toml", "effects = [\"damage:1\"\n");
  try {
    load_spell_file(bad_toml);
    ADD_FAILURE();
  } catch (const InputError& error) {
    EXPECT_EQ(error.where().rfind(bad_toml + ":", 0), 0u) << error.where();
  }
  expect_error_at("/nonexistent/x.spell.toml", "/nonexistent/x.spell.toml", "not found");
}

TEST(SpellweaversSpell, SpellPowerOperation) {
  const std::vector<BuildOperation> operations = build_operations();
  const auto find = [&](const std::string& name) -> const BuildOperation& {
    for (const BuildOperation& operation : operations)
      if (operation.name == name) return operation;
    throw std::runtime_error("no operation " + name);
  };
  const BuildOperation& power = find("spell-power");
  BuildResult result = run_on_files(power, {{"effect", "status:poison"},
                                            {"area", "small"},
                                            {"shape", "0,0;1,0;0,1;1,1"},
                                            {"range", "close"}});
  EXPECT_EQ(result.json["power"], 7);
  EXPECT_EQ(result.json["breakdown"]["exact"], "7.28");
  EXPECT_EQ(result.json["costs"][1]["mp_cost"], 2);
  EXPECT_EQ(result.json["costs"][2]["mp_cost"], 0);
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_NE(result.text.find("Power 7"), std::string::npos) << result.text;

  result = run_on_files(power, {{"effect", "damage:3\nterrain:burning"},
                                {"area", "medium"},
                                {"shape", "0,0;1,0"},
                                {"range", "far"},
                                {"special", "adaptable\nsnapcast"},
                                {"talent", "big-guns"},
                                {"actions", "2"}});
  // 25 x 2.5 x 1.5 = 93.75; x 1.3 = 121.875; + 3 = 124.875 -> 125; 2 actions 115, Big Guns 105.
  EXPECT_EQ(result.json["power"], 125);
  EXPECT_EQ(result.json["mp_cost"], 105);
  EXPECT_EQ(result.json["costs"][1]["allowed"], false);
  EXPECT_EQ(result.exit_code, 0);  // cast with 2 actions, as asked
  EXPECT_EQ(run_on_files(power, {{"effect", "damage:6"}, {"actions", "1"}}).exit_code,
            1);                                                        // 30: 2 only
  EXPECT_THROW(run_on_files(power, {{"area", "small"}}), InputError);  // no effect
  EXPECT_THROW(run_on_files(power, {{"effect", "damage:1"}, {"actions", "3"}}), InputError);
  // One number changed in a parameters file re-prices the spell: 15 - 1 x 3 = 12.
  const std::string parameters = write_temp_file(
      "sw_parameters.toml", "[parameters]\nmp_per_action = 3\ntwo_action_power = 15\n");
  result = run_on_files(power, {{"effect", "damage:3"}, {"parameters", parameters}});
  EXPECT_EQ(result.json["costs"][1]["allowed"], false);  // 15 is now the two-action line
  EXPECT_EQ(result.json["costs"][2]["mp_cost"], 9);
  // A spell problem is reported, not thrown: exit code 1.
  result = run_on_files(power, {{"effect", "damage:1"},
                                {"area", "tetramino"},
                                {"talent", "navy-seal"},
                                {"shape", "0,0;1,0;2,0;3,0"}});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_FALSE(result.json["problems"].empty());
}

}  // namespace
}  // namespace warband::spellweavers
