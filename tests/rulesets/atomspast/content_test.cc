// AtomsPast content: the shipped files load and are legal; the loader reports bad files with the
// file, the line and the problem; validate_warband reports every problem in a player's words.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/grid.h"
#include "core/registry.h"
#include "rulesets/atomspast/content.h"
#include "rulesets/atomspast/terrain.h"
#include "tests/support/test_files.h"

namespace warband::atomspast {
namespace {

namespace fs = std::filesystem;

const std::string kContentDir = warband::default_content_dir() + "/atomspast";

const Content& loaded_content() {
  static const Content content = load_content(kContentDir);
  return content;
}

// ---------------------------------------------------------------- the shipped content

TEST(AtomspastContent, ShippedContentLoads) {
  const Content& content = loaded_content();
  EXPECT_EQ(content.dir, kContentDir);
  EXPECT_GE(content.units.size(), 12u);
  EXPECT_GE(content.spells.size(), 34u);
  EXPECT_GE(content.maps.size(), 3u);
  ASSERT_NE(content.find_warband("toms_orcs"), nullptr);
  ASSERT_NE(content.find_warband("jerrys_elves"), nullptr);

  int orcs = 0, elves = 0;
  for (const UnitProfile& unit : content.units) {
    orcs += unit.faction == "Orc Horde";
    elves += unit.faction == "Elven Alliance";
  }
  EXPECT_GE(orcs, 6);
  EXPECT_GE(elves, 6);
  EXPECT_EQ(orcs + elves, static_cast<int>(content.units.size()));
}

TEST(AtomspastContent, ParametersFileHoldsTheDefaults) {
  // parameters.toml writes every field out; its values are the documented defaults.
  const Parameters& p = loaded_content().parameters;
  const Parameters defaults;
  EXPECT_EQ(p.deck_size, 50);
  EXPECT_EQ(p.hand_size, defaults.hand_size);
  EXPECT_EQ(p.cast_skill, defaults.cast_skill);
  EXPECT_EQ(p.cast_dice, defaults.cast_dice);
  EXPECT_EQ(p.channel_skill, defaults.channel_skill);
  EXPECT_EQ(p.channel_dice, defaults.channel_dice);
  EXPECT_EQ(p.places_per_spell_phase, defaults.places_per_spell_phase);
  EXPECT_EQ(p.channels_per_spell_phase, defaults.channels_per_spell_phase);
  EXPECT_EQ(p.casts_per_spell_phase, defaults.casts_per_spell_phase);
  EXPECT_EQ(p.setup_places, 2);
  EXPECT_EQ(p.max_power_level, defaults.max_power_level);
  EXPECT_EQ(p.deploy_depth, 3);
  EXPECT_EQ(p.move_acti, 2);
  EXPECT_EQ(p.run_acti, 3);
  EXPECT_EQ(p.attack_acti, 4);
  EXPECT_EQ(p.charge_acti, 4);
  EXPECT_EQ(p.charge_move_bonus, defaults.charge_move_bonus);
  EXPECT_EQ(p.charge_dice_bonus, defaults.charge_dice_bonus);
  EXPECT_EQ(p.higher_ground_skill_bonus, defaults.higher_ground_skill_bonus);
  EXPECT_EQ(p.light_cover_penalty, 1);
  EXPECT_EQ(p.heavy_cover_penalty, 2);
  EXPECT_EQ(p.obscuring_penalty, defaults.obscuring_penalty);
  EXPECT_EQ(p.outnumbered_skill_bonus, defaults.outnumbered_skill_bonus);
  EXPECT_EQ(p.flanking_dice_bonus, defaults.flanking_dice_bonus);
  EXPECT_EQ(p.combined_skill_bonus, defaults.combined_skill_bonus);
  EXPECT_EQ(p.combined_range_halves, 3);
  EXPECT_EQ(p.dangerous_skill, 6);
  EXPECT_EQ(p.shield_blocks_spell_damage, defaults.shield_blocks_spell_damage);
  EXPECT_EQ(p.turn_limit, defaults.turn_limit);
  EXPECT_EQ(p.points_limit, 1500);
  EXPECT_EQ(p.kon_points_surcharge, 0);
}

TEST(AtomspastContent, SeedUnitsHaveTheSeedsNumbers) {
  const Content& content = loaded_content();
  const UnitProfile* warrior = content.find_unit("orc_warrior");
  ASSERT_NE(warrior, nullptr);
  EXPECT_EQ(warrior->move, 3);  // "My Orc Warrior has a Move Stat of 3 grid spaces"

  const UnitProfile* boar = content.find_unit("orc_boar_rider");
  ASSERT_NE(boar, nullptr);
  EXPECT_EQ(boar->move, 4);  // "His Orc Kon has a Move of 4"
  EXPECT_EQ(boar->base.w, 1);
  EXPECT_EQ(boar->base.h, 2);
  EXPECT_EQ(boar->faction, "Orc Horde");

  const UnitProfile* archer = content.find_unit("goblin_archer");
  ASSERT_NE(archer, nullptr);
  EXPECT_EQ(archer->ranged.skill, 3);
  EXPECT_EQ(archer->ranged.dice, 3);
  EXPECT_EQ(archer->ranged.range, 7);
  EXPECT_TRUE(archer->ranged.present());

  const UnitProfile* footmen = content.find_unit("footmen");
  ASSERT_NE(footmen, nullptr);
  EXPECT_EQ(footmen->shield, 2);            // "a Shield that blocks two damage"
  EXPECT_FALSE(footmen->ranged.present());  // no `ranged` table: no ranged attack

  const UnitProfile* riflemen = content.find_unit("elf_riflemen");
  ASSERT_NE(riflemen, nullptr);
  EXPECT_EQ(riflemen->faction, "Elven Alliance");
  EXPECT_TRUE(riflemen->ranged.present());

  const UnitProfile* troll = content.find_unit("troll");
  ASSERT_NE(troll, nullptr);
  EXPECT_EQ(troll->base.w, 2);
  EXPECT_EQ(troll->base.h, 2);
  EXPECT_EQ(troll->keywords, (std::vector<std::string>{"Monster", "Large"}));
}

TEST(AtomspastContent, GraftedStrikeIsTheKonExamplesCard) {
  const SpellCard* spell = loaded_content().find_spell("grafted_strike");
  ASSERT_NE(spell, nullptr);
  EXPECT_EQ(spell->name, "Grafted Strike");
  EXPECT_EQ(spell->acti, 6);  // ruling: the Kon example's 10 - 6 = 4
  EXPECT_EQ(spell->knowledge, 3);
  ASSERT_EQ(spell->targets.size(), 1u);
  EXPECT_EQ(spell->targets[0].name, "unit");
  EXPECT_EQ(spell->targets[0].side, TargetSide::kFriendly);
  EXPECT_TRUE(spell->targets[0].near.empty());
  EXPECT_TRUE(spell->targets[0].allow_kon);
  ASSERT_EQ(spell->effects.size(), 2u);

  const Effect& alter = spell->effects[0];
  EXPECT_EQ(alter.kind, EffectKind::kAlter);
  EXPECT_EQ(alter.target, "unit");
  EXPECT_EQ(alter.stat, Stat::kMeleeSkill);
  EXPECT_EQ(alter.amount.eval(4), 1);
  EXPECT_EQ(alter.turns, 0);  // altered: permanent

  const Effect& attack = spell->effects[1];
  EXPECT_EQ(attack.kind, EffectKind::kAttack);
  EXPECT_EQ(attack.attack_kind, AttackKind::kMelee);
  EXPECT_TRUE(attack.optional);
  EXPECT_EQ(attack.skill.eval(4), 0);
  // The Kon example: Power Level 5 casts at 10, X = 10 - 6 = 4, "+4Md".
  EXPECT_EQ(attack.dice.eval(2 * 5 - spell->acti), 4);
}

TEST(AtomspastContent, BoneExplosionIsTheSeedsCard) {
  const SpellCard* spell = loaded_content().find_spell("bone_explosion");
  ASSERT_NE(spell, nullptr);
  EXPECT_EQ(spell->acti, 4);
  ASSERT_EQ(spell->targets.size(), 2u);
  EXPECT_EQ(spell->targets[0].name, "sacrifice");
  EXPECT_EQ(spell->targets[0].side, TargetSide::kFriendly);
  EXPECT_EQ(spell->targets[1].name, "victim");
  EXPECT_EQ(spell->targets[1].side, TargetSide::kEnemy);
  EXPECT_EQ(spell->targets[1].near, "sacrifice");
  EXPECT_EQ(spell->targets[1].within_halves, 3);  // Range 1.5

  ASSERT_EQ(spell->effects.size(), 3u);
  const Effect& self = spell->effects[0];
  EXPECT_EQ(self.kind, EffectKind::kDamage);
  EXPECT_EQ(self.target, "sacrifice");
  EXPECT_EQ(self.skill.eval(2), 3);
  EXPECT_EQ(self.dice.eval(2), 5);
  EXPECT_EQ(self.when, "");

  const Effect& survived = spell->effects[1];
  EXPECT_EQ(survived.target, "victim");
  EXPECT_EQ(survived.when, "survived:sacrifice");
  EXPECT_EQ(survived.skill.eval(2), 3);
  EXPECT_EQ(survived.dice.eval(2), 9);

  const Effect& destroyed = spell->effects[2];
  EXPECT_EQ(destroyed.target, "victim");
  EXPECT_EQ(destroyed.when, "destroyed:sacrifice");
  EXPECT_EQ(destroyed.skill.constant, 3);  // "3+X"
  EXPECT_EQ(destroyed.skill.x_num, 1);
  EXPECT_EQ(destroyed.skill.x_den, 1);
  EXPECT_EQ(destroyed.skill.eval(2), 5);  // Jerry's Power Level 3: X = 6 - 4 = 2
  EXPECT_EQ(destroyed.dice.eval(2), 9);
}

TEST(AtomspastContent, AmountsParseAndRoundDown) {
  const Content& content = loaded_content();
  // "-1-X/3": Downtick 1 + X/3 times, X/3 rounded down.
  const SpellCard* boiling = content.find_spell("boiling_blood");
  ASSERT_NE(boiling, nullptr);
  const Effect& acti = boiling->effects[1];
  EXPECT_EQ(acti.kind, EffectKind::kActi);
  EXPECT_EQ(acti.amount.eval(0), -1);
  EXPECT_EQ(acti.amount.eval(2), -1);
  EXPECT_EQ(acti.amount.eval(3), -2);
  EXPECT_EQ(acti.amount.eval(6), -3);
  // "2+X/3" repeats.
  const SpellCard* leech = content.find_spell("leech_swarm");
  ASSERT_NE(leech, nullptr);
  EXPECT_EQ(leech->effects[0].every_turn.eval(3), 3);
  // Caster-wide effects name no target.
  const SpellCard* recall = content.find_spell("recall_lattice");
  ASSERT_NE(recall, nullptr);
  EXPECT_TRUE(recall->targets.empty());
  EXPECT_EQ(recall->effects[0].kind, EffectKind::kDraw);
  EXPECT_EQ(recall->effects[0].target, "");
  EXPECT_EQ(recall->effects[0].amount.eval(5), 2);  // "1+X/3"
  EXPECT_EQ(recall->effects[0].amount.eval(6), 3);
}

TEST(AtomspastContent, EveryEffectTargetsADeclaredSlot) {
  for (const SpellCard& spell : loaded_content().spells) {
    EXPECT_FALSE(spell.effects.empty()) << spell.id;
    for (const Effect& effect : spell.effects) {
      const bool caster_wide =
          effect.kind == EffectKind::kDraw || effect.kind == EffectKind::kChannel;
      if (caster_wide) {
        EXPECT_EQ(effect.target, "") << spell.id;
        continue;
      }
      const bool declared =
          std::any_of(spell.targets.begin(), spell.targets.end(),
                      [&](const TargetSlot& t) { return t.name == effect.target; });
      EXPECT_TRUE(declared) << spell.id << " effect on '" << effect.target << "'";
    }
  }
}

TEST(AtomspastContent, SampleWarbandsAreLegalAndCostWhatTheyShould) {
  const Content& content = loaded_content();
  const WarbandDef* orcs = content.find_warband("toms_orcs");
  const WarbandDef* elves = content.find_warband("jerrys_elves");
  ASSERT_NE(orcs, nullptr);
  ASSERT_NE(elves, nullptr);
  EXPECT_EQ(validate_warband(*orcs, content), std::vector<std::string>{});
  EXPECT_EQ(validate_warband(*elves, content), std::vector<std::string>{});

  // Boar Rider 190, 2 Orc Warriors 100, 3 Goblin Archers 85, 2 Orc Brutes 165, Wolf Rider 115,
  // Goblin Shaman 80, Troll 330.
  EXPECT_EQ(warband_points(*orcs, content), 190 + 2 * 100 + 3 * 85 + 2 * 165 + 115 + 80 + 330);
  EXPECT_EQ(warband_points(*orcs, content), 1500);
  // Elf Riflemen 165, 2 Footmen 140, Blademaster 165, Outrider 150, Arcanist 100, Treant 400,
  // Great Eagle 240.
  EXPECT_EQ(warband_points(*elves, content), 165 + 2 * 140 + 165 + 150 + 100 + 400 + 240);
  EXPECT_EQ(warband_points(*elves, content), 1500);

  // The seed's example turn.
  EXPECT_EQ(orcs->name, "Tom's Orcs");
  EXPECT_EQ(orcs->kon_profile, "orc_boar_rider");
  EXPECT_EQ(orcs->kon_spell, "grafted_strike");
  EXPECT_EQ(orcs->kon_power_level, 5);
  EXPECT_EQ(elves->name, "Jerry's Elves");
  EXPECT_EQ(elves->kon_profile, "elf_riflemen");
  EXPECT_EQ(elves->kon_spell, "bone_explosion");
  EXPECT_EQ(elves->kon_power_level, 3);

  // Both warbands field the units the example's rules passages use.
  auto fields = [](const WarbandDef& w, const std::string& id) {
    return std::any_of(w.units.begin(), w.units.end(),
                       [&](const WarbandUnit& u) { return u.profile == id && u.count > 0; });
  };
  EXPECT_TRUE(fields(*orcs, "orc_warrior"));
  EXPECT_TRUE(fields(*orcs, "goblin_archer"));
  EXPECT_TRUE(fields(*elves, "footmen"));
}

TEST(AtomspastContent, KonSurchargeIsAdded) {
  Content content = loaded_content();
  content.parameters.kon_points_surcharge = 50;
  EXPECT_EQ(warband_points(*content.find_warband("toms_orcs"), content), 1550);
}

TEST(AtomspastContent, MapsAreFullPlaymatsWithVariedTerrain) {
  const Content& content = loaded_content();
  int walls = 0, difficult_obscuring = 0, light = 0, heavy = 0, dangerous = 0, blocks = 0;
  int max_height = 0;
  bool some_west_east = false;
  for (const MapDef& map : content.maps) {
    EXPECT_EQ(map.board.width(), 28) << map.id;
    EXPECT_EQ(map.board.height(), 18) << map.id;
    EXPECT_FALSE(map.name.empty());
    some_west_east = some_west_east || map.west_east;
    for (int y = 0; y < 18; ++y) {
      for (int x = 0; x < 28; ++x) {
        const grid::Space& space =
            map.board.at(grid::Cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)});
        walls += (space.terrain & kWall) != 0;
        difficult_obscuring +=
            (space.terrain & (kDifficult | kObscuring)) == (kDifficult | kObscuring);
        light += (space.terrain & kLightCover) != 0;
        heavy += (space.terrain & kHeavyCover) != 0;
        blocks += (space.terrain & kBlocksSight) != 0;
        dangerous += atomspast::dangerous(space) > 0;
        max_height = std::max<int>(max_height, space.height);
      }
    }
  }
  EXPECT_GT(walls, 0);
  EXPECT_GT(difficult_obscuring, 0);
  EXPECT_GT(light, 0);
  EXPECT_GT(heavy, 0);
  EXPECT_GT(blocks, 0);
  EXPECT_GT(dangerous, 0);
  EXPECT_GE(max_height, 5);  // a cliff
  EXPECT_TRUE(some_west_east);

  const MapDef* hills = content.find_map("broken_hills");
  ASSERT_NE(hills, nullptr);
  // The stepped tor: Higher Ground 4 at its top (L9), 1 on its rim (I7).
  grid::Cell top, rim;
  ASSERT_TRUE(grid::parse_cell_name("L9", top));
  ASSERT_TRUE(grid::parse_cell_name("I7", rim));
  EXPECT_EQ(hills->board.at(top).height, 4);
  EXPECT_EQ(hills->board.at(rim).height, 1);
}

// Every unit of both sample warbands fits in either deployment zone of every map: count the
// placements where each footprint can stand entirely inside the zone.
TEST(AtomspastContent, SampleWarbandsCanDeployOnEveryMap) {
  const Content& content = loaded_content();
  const int depth = content.parameters.deploy_depth;
  for (const MapDef& map : content.maps) {
    for (int side = 0; side < 2; ++side) {
      auto in_zone = [&](grid::Cell c) {
        const int edge = map.west_east ? c.x : c.y;
        const int size = map.west_east ? map.board.width() : map.board.height();
        return side == 0 ? edge < depth : edge >= size - depth;
      };
      int open_spaces = 0;
      for (int y = 0; y < map.board.height(); ++y)
        for (int x = 0; x < map.board.width(); ++x) {
          const grid::Cell c{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
          open_spaces += in_zone(c) && !(map.board.at(c).terrain & kWall);
        }
      for (const WarbandDef& warband : content.warbands) {
        int area = 0;
        for (const WarbandUnit& entry : warband.units) {
          const UnitProfile* unit = content.find_unit(entry.profile);
          ASSERT_NE(unit, nullptr);
          area += unit->base.area() * entry.count;
          int fits = 0;
          for (int index = 0; index < grid::kMaxPlacements; ++index) {
            const grid::Placement p = grid::placement_at(index);
            if (p.rotated && unit->base.square()) continue;
            if (!map.board.contains(p.anchor)) continue;
            grid::FootprintCells cells;
            grid::covered_cells(unit->base, p, cells);
            bool inside = true;
            for (int i = 0; i < cells.count; ++i)
              inside = inside && in_zone(cells.cells[i]);
            fits += inside && grid::can_stand(map.board, unit->base, p, grid::CellSet{});
          }
          EXPECT_GE(fits, 3 * entry.count) << map.id << " side " << side << " " << unit->id;
        }
        // Room to spare: the zone holds at least twice the warband's spaces.
        EXPECT_GE(open_spaces, 2 * area) << map.id << " side " << side << " " << warband.id;
      }
    }
  }
}

// ---------------------------------------------------------------- validate_warband

WarbandDef toms_orcs() {
  return *loaded_content().find_warband("toms_orcs");
}

void set_copies(WarbandDef& warband, const std::string& spell, int copies) {
  for (auto& [id, count] : warband.deck) {
    if (id == spell) {
      count = copies;
      return;
    }
  }
  warband.deck.emplace_back(spell, copies);
}

void remove_spell(WarbandDef& warband, const std::string& spell) {
  std::erase_if(warband.deck, [&](const auto& entry) { return entry.first == spell; });
}

TEST(AtomspastWarbandRules, OverThePointsLimit) {
  WarbandDef warband = toms_orcs();
  warband.units.push_back({"orc_warrior", 1});
  EXPECT_EQ(warband_points(warband, loaded_content()), 1600);
  EXPECT_EQ(validate_warband(warband, loaded_content()),
            std::vector<std::string>{"The warband costs 1600 points, 100 over its limit of 1500."});
}

TEST(AtomspastWarbandRules, NoKon) {
  // A warband file has one [kon] table, so two Kons cannot be written (a second [kon] is a TOML
  // error, tested below); what can happen is no Kon at all.
  WarbandDef warband = toms_orcs();
  warband.kon_profile = "";
  EXPECT_EQ(validate_warband(warband, loaded_content()),
            std::vector<std::string>{"No Kon chosen: pick one of the warband's units as its Kon."});
}

TEST(AtomspastWarbandRules, KonNotAmongTheUnits) {
  WarbandDef warband = toms_orcs();
  warband.kon_profile = "wyvern";
  EXPECT_EQ(validate_warband(warband, loaded_content()),
            std::vector<std::string>{"The Kon is a Wyvern, but the warband has no Wyvern: the Kon "
                                     "must be one of its units."});
}

TEST(AtomspastWarbandRules, FortyNineCards) {
  WarbandDef warband = toms_orcs();
  set_copies(warband, "sinew_lash", 3);
  EXPECT_EQ(validate_warband(warband, loaded_content()),
            std::vector<std::string>{"The Spell Deck has 49 cards; it must have exactly 50."});
}

TEST(AtomspastWarbandRules, TooManyCopies) {
  WarbandDef warband = toms_orcs();
  set_copies(warband, "grafted_strike", 4);  // Knowledge 3
  set_copies(warband, "sinew_lash", 3);      // still 50 cards
  EXPECT_EQ(validate_warband(warband, loaded_content()),
            std::vector<std::string>{
                "Grafted Strike: 4 copies in the Spell Deck, but its Knowledge allows at most 3."});
}

TEST(AtomspastWarbandRules, KonSpellNotInTheDeck) {
  WarbandDef warband = toms_orcs();
  remove_spell(warband, "grafted_strike");
  set_copies(warband, "bone_explosion", 3);  // still 50 cards
  EXPECT_EQ(validate_warband(warband, loaded_content()),
            std::vector<std::string>{"The Kon Spell Grafted Strike is not in the Spell Deck: the "
                                     "Kon's copy is taken from the deck."});
}

TEST(AtomspastWarbandRules, PowerLevelTooLowForTheSpell) {
  WarbandDef warband = toms_orcs();
  warband.kon_power_level = 2;  // casts at 4 < AcTi 6
  EXPECT_EQ(validate_warband(warband, loaded_content()),
            std::vector<std::string>{
                "Power Level 2 is too low for Grafted Strike (AcTi 6): it casts at 4, below the "
                "AcTi, so X would be -2. Choose at least Power Level 3."});
  warband.kon_power_level = 3;  // casts at 6: X = 0, legal
  EXPECT_EQ(validate_warband(warband, loaded_content()), std::vector<std::string>{});
}

TEST(AtomspastWarbandRules, PowerLevelOutOfRange) {
  WarbandDef warband = toms_orcs();
  warband.kon_power_level = 11;
  EXPECT_EQ(
      validate_warband(warband, loaded_content()),
      std::vector<std::string>{"The Kon Spell's Power Level is 11; it must be from 1 to 10."});
  warband.kon_power_level = 0;
  EXPECT_EQ(validate_warband(warband, loaded_content()),
            std::vector<std::string>{"The Kon Spell's Power Level is 0; it must be from 1 to 10."});
}

TEST(AtomspastWarbandRules, UnknownUnitAndSpell) {
  WarbandDef warband = toms_orcs();
  warband.units.push_back({"dragon", 1});
  set_copies(warband, "sinew_lash", 3);
  set_copies(warband, "fireball", 1);
  EXPECT_EQ(validate_warband(warband, loaded_content()),
            (std::vector<std::string>{"Unknown unit 'dragon': no unit profile has this id.",
                                      "Unknown spell 'fireball' in the Spell Deck."}));
}

TEST(AtomspastWarbandRules, ReportsEveryProblemAtOnce) {
  WarbandDef warband = toms_orcs();
  warband.units.push_back({"troll", 1});  // 1830 points
  warband.kon_power_level = 1;
  set_copies(warband, "grafted_strike", 5);  // 52 cards, over Knowledge
  const auto problems = validate_warband(warband, loaded_content());
  ASSERT_EQ(problems.size(), 4u);
  EXPECT_TRUE(contains_text(problems[0], "1830 points, 330 over"));
  EXPECT_TRUE(contains_text(problems[1], "52 cards"));
  EXPECT_TRUE(contains_text(problems[2], "Grafted Strike: 5 copies"));
  EXPECT_TRUE(contains_text(problems[3], "Power Level 1 is too low"));
}

// ---------------------------------------------------------------- bad content files

// A minimal valid content folder in a temp dir; tests overwrite one file and load.
class TempContent {
 public:
  TempContent() {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           fmt::format("warband_content_{}_{}_{}", test->name(), ::getpid(), counter_++);
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "maps");
    fs::create_directories(dir_ / "warbands");
    write("parameters.toml", "[parameters]\ndeck_size = 50\n");
    write("units.toml", kUnits);
    write("spells.toml", kSpells);
  }
  ~TempContent() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  void write(const std::string& relative, const std::string& text) {
    std::ofstream out(dir_ / relative, std::ios::binary);
    out << text;
  }
  std::string dir() const { return dir_.string(); }
  std::string path(const std::string& relative) const { return (dir_ / relative).string(); }

  // The message of the InputError load_content throws ("" if it throws none).
  std::string load_error() const {
    try {
      load_content(dir());
    } catch (const InputError& error) {
      return error.what();
    }
    return "";
  }

  static constexpr const char* kUnits =
      "[[unit]]\n"                                    // 1
      "id = \"grunt\"\n"                              // 2
      "name = \"Grunt\"\n"                            // 3
      "faction = \"Test\"\n"                          // 4
      "move = 3\n"                                    // 5
      "melee = { skill = 3, dice = 4, range = 1 }\n"  // 6
      "wounds = 8\n"                                  // 7
      "base = \"1x1\"\n"                              // 8
      "points = 100\n";                               // 9
  static constexpr const char* kSpells =
      "[[spell]]\n"                                                               // 1
      "id = \"zap\"\n"                                                            // 2
      "name = \"Zap\"\n"                                                          // 3
      "acti = 2\n"                                                                // 4
      "knowledge = 3\n"                                                           // 5
      "text = \"Target Enemy Unit takes [S3/D X] damage.\"\n"                     // 6
      "targets = [ { name = \"victim\", side = \"enemy\" } ]\n"                   // 7
      "effects = [\n"                                                             // 8
      "  { kind = \"damage\", target = \"victim\", skill = 3, dice = \"X\" },\n"  // 9
      "]\n";                                                                      // 10

 private:
  fs::path dir_;
  static inline int counter_ = 0;
};

// 18 rows of 28 open spaces, one of them replaced; row r (1-based) is on line 3 + r.
std::string map_text(int bad_row = 0, const std::string& bad = "") {
  std::string text = "id = \"m\"\nname = \"M\"\nterrain = [\n";
  for (int row = 1; row <= 18; ++row)
    text += "  \"" + (row == bad_row ? bad : std::string(28, '.')) + "\",\n";
  text += "]\n[legend]\n\".\" = []\n\"#\" = [\"wall\"]\n";
  return text;
}

TEST(AtomspastContentErrors, TheMinimalFolderLoads) {
  TempContent temp;
  temp.write("maps/m.toml", map_text());
  EXPECT_EQ(temp.load_error(), "");
  const Content content = load_content(temp.dir());
  ASSERT_EQ(content.units.size(), 1u);
  EXPECT_EQ(content.units[0].shield, 0);  // optional fields take their defaults
  EXPECT_FALSE(content.units[0].ranged.present());
  EXPECT_EQ(content.parameters.hand_size, 5);
  ASSERT_EQ(content.maps.size(), 1u);
  EXPECT_FALSE(content.maps[0].west_east);
}

TEST(AtomspastContentErrors, SyntaxError) {
  TempContent temp;
  temp.write("units.toml", "[[unit]]\nid = \"grunt\"\nname = \"Grunt\n");
  const std::string error = temp.load_error();
  EXPECT_TRUE(contains_text(error, "units.toml:3: not valid TOML")) << error;
}

TEST(AtomspastContentErrors, UnknownKey) {
  TempContent temp;
  std::string units = TempContent::kUnits;
  units += "mvoe = 4\n";  // line 10
  temp.write("units.toml", units);
  const std::string error = temp.load_error();
  EXPECT_TRUE(contains_text(error, "units.toml:10: unit 'grunt': unknown key 'mvoe'")) << error;
  EXPECT_TRUE(contains_text(error, "Did you mean 'move'?")) << error;
}

TEST(AtomspastContentErrors, TypoIsReportedBeforeTheMissingField) {
  TempContent temp;
  std::string units = TempContent::kUnits;
  units.replace(units.find("range = 1"), 9, "rnage = 1");
  temp.write("units.toml", units);
  const std::string error = temp.load_error();
  EXPECT_TRUE(contains_text(error, "units.toml:6: unit 'grunt': 'melee': unknown key 'rnage'"))
      << error;
}

TEST(AtomspastContentErrors, WrongType) {
  TempContent temp;
  std::string units = TempContent::kUnits;
  units.replace(units.find("move = 3"), 8, "move = \"three\"");
  temp.write("units.toml", units);
  EXPECT_EQ(temp.load_error(),
            temp.path("units.toml") +
                ":5: unit 'grunt': 'move' must be a whole number from 0 to 20, got \"three\"");
}

TEST(AtomspastContentErrors, MissingField) {
  TempContent temp;
  std::string units = TempContent::kUnits;
  units.erase(units.find("wounds = 8\n"), 11);
  temp.write("units.toml", units);
  const std::string error = temp.load_error();
  EXPECT_TRUE(contains_text(error, "units.toml:1: unit 'grunt': 'wounds' is missing")) << error;
}

TEST(AtomspastContentErrors, DuplicateUnitId) {
  TempContent temp;
  temp.write("units.toml", std::string(TempContent::kUnits) + TempContent::kUnits);
  const std::string error = temp.load_error();
  EXPECT_TRUE(contains_text(error, "units.toml:11: unit 'grunt': duplicate id")) << error;
}

TEST(AtomspastContentErrors, DuplicateMapIdNamesBothFilesLines) {
  TempContent temp;
  temp.write("maps/m.toml", map_text());
  temp.write("maps/n.toml", "# the same id again\n" + map_text());  // its id on line 2
  EXPECT_EQ(temp.load_error(), temp.path("maps/n.toml") + ":2: duplicate map id 'm': map 'M' (" +
                                   temp.path("maps/m.toml") + ":1) already has it");
}

TEST(AtomspastContentErrors, DuplicateWarbandIdNamesBothFilesLines) {
  TempContent temp;
  const std::string warband =
      "id = \"w\"\nname = \"W\"\n[kon]\nunit = \"grunt\"\nspell = \"zap\"\npower_level = 1\n"
      "[[units]]\nunit = \"grunt\"\ncount = 1\n[deck]\nzap = 3\n";
  temp.write("warbands/a.toml", warband);
  temp.write("warbands/b.toml", "# the same id again\n\n" + warband);  // its id on line 3
  EXPECT_EQ(temp.load_error(), temp.path("warbands/b.toml") +
                                   ":3: duplicate warband id 'w': warband 'W' (" +
                                   temp.path("warbands/a.toml") + ":1) already has it");
}

TEST(AtomspastContentErrors, BadBase) {
  TempContent temp;
  std::string units = TempContent::kUnits;
  units.replace(units.find("\"1x1\""), 5, "\"5x1\"");
  temp.write("units.toml", units);
  const std::string error = temp.load_error();
  EXPECT_TRUE(contains_text(error, "units.toml:8: unit 'grunt': 'base' must be")) << error;
}

TEST(AtomspastContentErrors, EffectNamesUnknownTarget) {
  TempContent temp;
  std::string spells = TempContent::kSpells;
  spells.replace(spells.find("target = \"victim\""), 17, "target = \"vctim\"");
  temp.write("spells.toml", spells);
  const std::string error = temp.load_error();
  EXPECT_TRUE(contains_text(error, "spells.toml:9: spell 'zap': effect") ||
              contains_text(error, "spells.toml:9: spell 'zap'"))
      << error;
  EXPECT_TRUE(contains_text(error, "'vctim'")) << error;
  EXPECT_TRUE(contains_text(error, "its targets: 'victim'")) << error;
}

TEST(AtomspastContentErrors, EveryAmountForm) {
  TempContent temp;
  std::string spells = TempContent::kSpells;
  const std::vector<std::string> forms = {"\"X\"",   "\"2X\"",      "\"X/2\"",
                                          "\"3+X\"", "\"X+3\"",     "\"1+X/2\"",
                                          "\"-1\"",  "\"2 - X/3\"", "7"};
  std::string effects;
  for (const std::string& form : forms)
    effects += "  { kind = \"heal\", target = \"victim\", amount = " + form + " },\n";
  spells.insert(spells.rfind("]\n"), effects);
  temp.write("spells.toml", spells);
  const Content content = load_content(temp.dir());
  const SpellCard& spell = content.spells[0];
  ASSERT_EQ(spell.effects.size(), 1 + forms.size());
  // Evaluated at X = 5, rounded down.
  const std::vector<int> expected = {5, 10, 2, 8, 8, 3, -1, 1, 7};
  for (std::size_t i = 0; i < forms.size(); ++i)
    EXPECT_EQ(spell.effects[i + 1].amount.eval(5), expected[i]) << forms[i];
  EXPECT_EQ(spell.effects[3].amount.x_num, 1);  // "X/2"
  EXPECT_EQ(spell.effects[3].amount.x_den, 2);
  EXPECT_EQ(spell.effects[8].amount.constant, 2);  // "2 - X/3"
  EXPECT_EQ(spell.effects[8].amount.x_num, -1);
  EXPECT_EQ(spell.effects[8].amount.x_den, 3);
}

TEST(AtomspastContentErrors, BadAmount) {
  TempContent temp;
  std::string spells = TempContent::kSpells;
  spells.replace(spells.find("dice = \"X\""), 10, "dice = \"X+Y\"");
  temp.write("spells.toml", spells);
  const std::string error = temp.load_error();
  EXPECT_TRUE(contains_text(error, "spells.toml:9:")) << error;
  EXPECT_TRUE(contains_text(error, "'dice' must be a whole number or an amount")) << error;
}

TEST(AtomspastContentErrors, FieldOfAnotherEffectKind) {
  TempContent temp;
  std::string spells = TempContent::kSpells;
  spells.replace(spells.find("skill = 3,"), 10, "stat = \"move\", skill = 3,");
  temp.write("spells.toml", spells);
  const std::string error = temp.load_error();
  EXPECT_TRUE(contains_text(error, "spells.toml:9:")) << error;
  EXPECT_TRUE(contains_text(error, "'stat' does not apply to a 'damage' effect")) << error;
}

// `phase` says at which phase's Additional Effects step a repeating effect resolves (ruling
// "Additional Effects"); Battlefield when not written.
TEST(AtomspastContentErrors, RepeatingEffectPhase) {
  TempContent temp;
  std::string spells = TempContent::kSpells;
  const std::string damage = "dice = \"X\" }";
  spells.replace(spells.find(damage), damage.size(),
                 "dice = \"X\", every_turn = 2 },\n"
                 "  { kind = \"heal\", target = \"victim\", amount = 1, every_turn = 1, "
                 "phase = \"spell\" },\n"
                 "  { kind = \"heal\", target = \"victim\", amount = 1, every_turn = 1, "
                 "phase = \"kon\" },\n"
                 "  { kind = \"heal\", target = \"victim\", amount = 1, every_turn = 1, "
                 "phase = \"battlefield\" }");
  temp.write("spells.toml", spells);
  const Content content = load_content(temp.dir());
  const SpellCard& spell = content.spells[0];
  ASSERT_EQ(spell.effects.size(), 4u);
  EXPECT_EQ(spell.effects[0].phase, EffectPhase::kBattlefield);
  EXPECT_EQ(spell.effects[1].phase, EffectPhase::kSpell);
  EXPECT_EQ(spell.effects[2].phase, EffectPhase::kKon);
  EXPECT_EQ(spell.effects[3].phase, EffectPhase::kBattlefield);
}

TEST(AtomspastContentErrors, BadRepeatingEffectPhase) {
  TempContent temp;
  std::string spells = TempContent::kSpells;
  spells.replace(spells.find("dice = \"X\""), 10,
                 "dice = \"X\", every_turn = 2, phase = \"kon_phase\"");
  temp.write("spells.toml", spells);
  std::string error = temp.load_error();
  EXPECT_TRUE(contains_text(error, "spells.toml:9:")) << error;
  EXPECT_TRUE(contains_text(error, "'phase' must be \"spell\", \"kon\" or \"battlefield\""))
      << error;

  // Without every_turn the effect resolves at once: a phase would mean nothing.
  spells = TempContent::kSpells;
  spells.replace(spells.find("dice = \"X\""), 10, "dice = \"X\", phase = \"spell\"");
  temp.write("spells.toml", spells);
  error = temp.load_error();
  EXPECT_TRUE(contains_text(error, "spells.toml:9:")) << error;
  EXPECT_TRUE(contains_text(error, "'phase' needs 'every_turn'")) << error;
}

TEST(AtomspastContentErrors, MapRowOfTheWrongLength) {
  TempContent temp;
  temp.write("maps/m.toml", map_text(5, std::string(27, '.')));
  const std::string error = temp.load_error();
  EXPECT_TRUE(contains_text(error, "m.toml:8: map 'm': 'terrain' row 5 must be 28 characters long"))
      << error;
  EXPECT_TRUE(contains_text(error, "got 27")) << error;
}

TEST(AtomspastContentErrors, MapUnknownLegendCharacter) {
  TempContent temp;
  temp.write("maps/m.toml", map_text(10, std::string(12, '.') + "Z" + std::string(15, '.')));
  const std::string error = temp.load_error();
  EXPECT_TRUE(contains_text(error, "m.toml:13: map 'm': 'terrain' row 10, column 13 (M10)"))
      << error;
  EXPECT_TRUE(contains_text(error, "'Z' is not in the [legend]")) << error;
}

TEST(AtomspastContentErrors, MapBadHeightDigit) {
  TempContent temp;
  std::string text = map_text();
  text += "";
  std::string heights = "heights = [\n";  // starts after the legend: put it before [legend]
  for (int row = 1; row <= 18; ++row)
    heights += "  \"" + (row == 2 ? std::string(27, '0') + "x" : std::string(28, '0')) + "\",\n";
  heights += "]\n";
  text.insert(text.find("[legend]"), heights);  // heights = [ on line 23, row r on 23 + r
  temp.write("maps/m.toml", text);
  const std::string error = temp.load_error();
  EXPECT_TRUE(contains_text(error, "m.toml:25: map 'm': 'heights' row 2, column 28")) << error;
  EXPECT_TRUE(contains_text(error, "'x' is not a digit")) << error;
}

TEST(AtomspastContentErrors, WarbandNamesUnknownUnit) {
  TempContent temp;
  temp.write("warbands/w.toml",
             "id = \"w\"\n"         // 1
             "name = \"W\"\n"       // 2
             "[kon]\n"              // 3
             "unit = \"grunt\"\n"   // 4
             "spell = \"zap\"\n"    // 5
             "power_level = 1\n"    // 6
             "[[units]]\n"          // 7
             "unit = \"gruntt\"\n"  // 8
             "count = 1\n"          // 9
             "[deck]\n"             // 10
             "zap = 3\n");          // 11
  const std::string error = temp.load_error();
  EXPECT_TRUE(contains_text(error, "w.toml:8: warband 'w': [[units]]: unknown unit 'gruntt'"))
      << error;
  EXPECT_TRUE(contains_text(error, "no unit profile has this id. Did you mean 'grunt'?")) << error;
}

TEST(AtomspastContentErrors, WarbandDeckNamesUnknownSpell) {
  TempContent temp;
  temp.write("warbands/w.toml",
             "id = \"w\"\n"    // 1
             "name = \"W\"\n"  // 2
             "[deck]\n"        // 3
             "zap = 3\n"       // 4
             "zapp = 1\n");    // 5
  EXPECT_TRUE(
      contains_text(temp.load_error(),
                    "w.toml:5: warband 'w': [deck]: unknown spell 'zapp': no spell card has "
                    "this id. Did you mean 'zap'?"))
      << temp.load_error();
}

TEST(AtomspastContentErrors, NearMissOfAChoiceGetsAHint) {
  TempContent temp;
  temp.write("maps/m.toml", "deployment = \"west-eats\"\n" + map_text());
  EXPECT_TRUE(contains_text(temp.load_error(),
                            "m.toml:1: map 'm': 'deployment' must be \"north-south\" or "
                            "\"west-east\", got \"west-eats\". Did you mean 'west-east'?"))
      << temp.load_error();
}

TEST(AtomspastContentErrors, TwoKonsCannotBeWritten) {
  TempContent temp;
  temp.write("warbands/w.toml",
             "id = \"w\"\nname = \"W\"\n"
             "[kon]\nunit = \"grunt\"\nspell = \"zap\"\npower_level = 1\n"
             "[kon]\nunit = \"grunt\"\nspell = \"zap\"\npower_level = 1\n");  // line 7
  const std::string error = temp.load_error();
  EXPECT_TRUE(contains_text(error, "w.toml:7: not valid TOML")) << error;
}

TEST(AtomspastContentErrors, PlayersOwnWarbandFile) {
  TempContent temp;
  const Content content = load_content(temp.dir());
  temp.write("mine.toml",
             "id = \"mine\"\nname = \"Mine\"\n"
             "[kon]\nunit = \"grunt\"\nspell = \"zap\"\npower_level = 1\n"
             "[[units]]\nunit = \"grunt\"\ncount = 2\n"
             "[deck]\nzap = 3\n");
  const WarbandDef warband = load_warband_file(temp.path("mine.toml"), content);
  EXPECT_EQ(warband.kon_profile, "grunt");
  EXPECT_EQ(warband_points(warband, content), 200);
  // Loaded, but not legal: 3 cards of 50.
  EXPECT_EQ(validate_warband(warband, content),
            std::vector<std::string>{"The Spell Deck has 3 cards; it must have exactly 50."});

  temp.write("mine.toml", "id = \"mine\"\nname = \"Mine\"\n[deck]\nzapp = 3\n");
  try {
    load_warband_file(temp.path("mine.toml"), content);
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), temp.path("mine.toml") + ":4");
    EXPECT_TRUE(contains_text(error.problem(), "unknown spell 'zapp'")) << error.what();
  }
}

TEST(AtomspastContentErrors, MissingFile) {
  TempContent temp;
  fs::remove(temp.path("spells.toml"));
  const std::string error = temp.load_error();
  EXPECT_TRUE(contains_text(error, "spells.toml: file not found")) << error;
  EXPECT_TRUE(contains_text(
      [] {
        try {
          load_content("/nonexistent/warband/content");
        } catch (const InputError& e) {
          return std::string(e.what());
        }
        return std::string();
      }(),
      "content folder not found"));
}

// Never crash: every prefix of every shipped file (cut every few bytes) either loads or throws
// an InputError.
TEST(AtomspastContentErrors, TruncatedFilesNeverCrash) {
  const std::vector<std::string> files = {
      "parameters.toml", "heuristics.toml", "weapons.toml",           "points.toml",
      "units.toml",      "spells.toml",     "maps/broken_hills.toml", "warbands/toms_orcs.toml"};
  TempContent temp;
  for (const std::string& file : files) {
    fs::copy_file(kContentDir + "/" + file, temp.path(file), fs::copy_options::overwrite_existing);
  }
  for (const std::string& file : files) {
    std::ifstream in(kContentDir + "/" + file, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    int errors = 0;
    for (std::size_t cut = 0; cut < text.size(); cut += 97) {
      temp.write(file, text.substr(0, cut));
      errors += !temp.load_error().empty();
    }
    EXPECT_GT(errors, 0) << file;
    temp.write(file, text);
  }
  EXPECT_EQ(temp.load_error(), "");
}

// heuristics.toml: the bots' evaluate() weights as data, checked like every content file.
TEST(AtomspastHeuristics, TheShippedWeightsLoadAndSumToAtMostOne) {
  const HeuristicWeights& w = loaded_content().heuristics;
  const double shares = w.material + w.kon + w.position + w.kon_safety + w.spells + w.threat +
                        w.kon_hunt + w.kon_kill + w.kon_guard;
  EXPECT_GT(shares, 0.5);
  EXPECT_LE(shares, 1.0 + 1e-9);
  EXPECT_GT(w.kon_material_factor, 0.0);
}

TEST(AtomspastHeuristics, AFolderWithoutTheFileKeepsTheDefaults) {
  TempContent temp;
  const Content content = load_content(temp.dir());
  EXPECT_EQ(content.heuristics.material, HeuristicWeights{}.material);
  EXPECT_EQ(content.heuristics.safe_margin, HeuristicWeights{}.safe_margin);
}

TEST(AtomspastHeuristics, ReadsEveryWeight) {
  TempContent temp;
  temp.write("heuristics.toml",
             "[heuristics]\nmaterial = 0.6\nkon = 0.2\nposition = 0.1\nkon_safety = 0.05\n"
             "spells = 0.05\nkon_material_factor = 2\nsafe_margin = 3\n");
  const Content content = load_content(temp.dir());
  EXPECT_DOUBLE_EQ(content.heuristics.material, 0.6);
  EXPECT_DOUBLE_EQ(content.heuristics.kon, 0.2);
  EXPECT_DOUBLE_EQ(content.heuristics.kon_material_factor, 2.0);
  EXPECT_DOUBLE_EQ(content.heuristics.safe_margin, 3.0);
}

TEST(AtomspastHeuristics, ABadWeightSaysWhereAndWhat) {
  TempContent temp;
  temp.write("heuristics.toml", "[heuristics]\nmaterial = 0.5\nkon = 1.5\n");
  std::string error = temp.load_error();
  EXPECT_NE(error.find("heuristics.toml:3"), std::string::npos) << error;
  EXPECT_NE(error.find("'kon' must be a number from 0 to 1"), std::string::npos) << error;
  temp.write("heuristics.toml", "[heuristics]\nmaterial = \"lots\"\n");
  error = temp.load_error();
  EXPECT_NE(error.find("heuristics.toml:2"), std::string::npos) << error;
  temp.write("heuristics.toml", "[heuristics]\nmaterail = 0.5\n");
  error = temp.load_error();
  EXPECT_NE(error.find("material"), std::string::npos) << error;  // the key it meant
  temp.write("heuristics.toml", "[heuristics]\nmaterial = 0.7\nkon = 0.3\nposition = 0.1\n");
  error = temp.load_error();
  EXPECT_NE(error.find("sum to at most 1"), std::string::npos) << error;
}

}  // namespace
}  // namespace warband::atomspast
