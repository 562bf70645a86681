// A Game's model points (model_cost.h, content/agame/costs.toml): the Vampire priced by hand
// from the formula, each engine field priced by its own number, every shipped profile priced, and
// one edited number re-pricing a model.
#include <gtest/gtest.h>

#include "core/error.h"
#include "core/registry.h"
#include "rulesets/agame/content.h"
#include "rulesets/agame/model_cost.h"

namespace warband::agame {
namespace {

const Content& content() {
  static const Content loaded = load_content(default_content_dir() + "/agame");
  return loaded;
}

// The Vampire Swordfighter on d10, by hand from costs.toml:
//   size 0.5 x 6 = 3
//   dice 3 x 3 attack + 3 x 0 defense + 4 x 1 wild + 2 x 2 movement = 17
//   toughness 3 x (3 + 2 x (0.5 + 0.4 + 0.4) + 2 x (0.7 + 0.5 + 0.3 + 0.4)) = 3 x 9.4 = 28.2
//   damage types 2 x 1 resisted - 2 x 1 vulnerable = 0
//   Vicious Stab (4 x 0.7 x 2 dice x (1 + 0.1 x 1 + 0.1 x 2) x 1 + 0.5 x 2") x 1 = 8.28
//   Wide Swing (4 x 0.4 x 3 dice x 1 x 1 + 0.5 x 2") x area 1.5 = 8.7: the best
//   Suck the Blood 4 x 0.8 x 1 die x (1 - 0.2 - 0.4) x 2 + 0.5 x 1" + heal 3 x 1 x chance 0.8
//     = 2.56 + 0.5 + 2.4 = 5.46 (its text is the heal, so no special points)
//   Dominate Mind (damage 0) 0.5 x 8" + charmed 6 x chance 0.6 - 2 x cost 1 = 4 + 3.6 - 2 = 5.6
//   the others at half: 0.5 x (8.28 + 5.46 + 5.6) = 9.67
//   Turn to Mist (mistform 6) x chance 0.8 - 2 x cost 1 = 2.8
// 3 + 17 + 28.2 + 0 + 8.7 + 9.67 + 2.8 = 69.37: 69 points.
TEST(AgameModelCost, TheVampireCountedByHand) {
  const Model& vampire = content().find_model("Vampire Swordfighter", "test");
  const ModelCost cost = model_cost(vampire, content_cost_formula(), content().parameters.faces);
  EXPECT_NEAR(cost.exact, 69.37, 1e-9);
  EXPECT_EQ(cost.points, 69);
  ASSERT_EQ(cost.terms.size(), 9u);
  EXPECT_EQ(cost.terms[2].term, "toughness");
  EXPECT_NEAR(cost.terms[2].points, 28.2, 1e-9);
  EXPECT_EQ(cost.terms[2].formula, "3 Wounds x (3 + 2 x Defenses 1.3 + 2 x Resistances 1.9)");
  EXPECT_EQ(cost.terms[5].term, "attack 'Wide Swing' (best)");
  EXPECT_NEAR(cost.terms[5].points, 8.7, 1e-9);
  EXPECT_EQ(cost.terms[6].term, "attack 'Suck the Blood'");
  EXPECT_NEAR(cost.terms[6].points, 0.5 * 5.46, 1e-9);
  EXPECT_EQ(cost.terms[6].formula,
            "0.5 x (4 x chance 0.8 x 1 dice x (1 + 0.1 x Accuracy -2 + 0.1 x Power -4) x damage 2 "
            "+ 0.5 x 1\" + 3 x heal 1 x chance 0.8) x single 1");
  EXPECT_EQ(cost.terms[7].term, "attack 'Dominate Mind'");
  EXPECT_NEAR(cost.terms[7].points, 0.5 * 5.6, 1e-9);
  EXPECT_EQ(cost.terms[8].term, "ability 'Turn to Mist'");
  EXPECT_NEAR(cost.terms[8].points, 2.8, 1e-9);
  EXPECT_EQ(cost.terms[8].formula, "(mistform 6) x chance 0.8 - 2 x cost 1");
  // What each number puts in: charmed's chance-weighted 6, Turn to Mist's 6 x 0.8.
  EXPECT_NEAR(cost.numbers.at("condition_points:charmed"), 0.5 * 6 * 0.6, 1e-9);
  EXPECT_NEAR(cost.numbers.at("ability_points:mistform"), 6 * 0.8, 1e-9);
  EXPECT_NEAR(cost.numbers.at("heal_points"), 0.5 * 2.4, 1e-9);
  EXPECT_NEAR(cost.numbers.at("target_multiplier:area"), 0.5 * 5.8, 1e-9);  // Wide Swing
}

// Each engine field of an attack or ability is priced by its own number: the Wizard's Fireball
// (radius), the Ram's Great Ramming Charge (move), the Dwarf's Far Mountain Strike (a reaction
// only, at reaction_share, never the best attack), the Healer's Mend Wounds, the Drummer's Beat
// of War and the Troll's prone.
TEST(AgameModelCost, EachEngineFieldHasItsNumber) {
  const CostFormula& costs = content_cost_formula();
  const int faces = content().parameters.faces;
  const auto numbers = [&](const char* name) {
    return model_cost(content().find_model(name, "test"), costs, faces).numbers;
  };
  const auto term = [&](const char* name, const std::string& starts) {
    for (const CostTerm& t : model_cost(content().find_model(name, "test"), costs, faces).terms)
      if (t.term.starts_with(starts)) return t;
    ADD_FAILURE() << name << " has no term " << starts;
    return CostTerm{};
  };
  // Fireball, the Wizard's best attack: 2 x radius 2" (its area bonus apart).
  EXPECT_NEAR(numbers("Wizard from the Halls of Dolion").at("radius_points"), 2 * 2, 1e-9);
  EXPECT_NE(
      term("Wizard from the Halls of Dolion", "attack 'Fireball'").formula.find("+ 2 x radius 2\""),
      std::string::npos);
  EXPECT_NEAR(numbers("Great Ram of Shamborga").at("move_points"), 0.5 * 6, 1e-9);
  const CostTerm strike = term("Dwarven Defender", "attack 'Far Mountain Strike'");
  EXPECT_EQ(strike.term, "attack 'Far Mountain Strike' (reaction)");
  EXPECT_TRUE(strike.formula.starts_with("0.5 x ")) << strike.formula;
  EXPECT_EQ(term("Dwarven Defender", "attack 'Axe Hack'").term, "attack 'Axe Hack' (best)");
  // Mend Wounds: (heal 2 + 3 x heal 1 + 0.25 x range 3").
  EXPECT_EQ(term("Temple Healer", "ability 'Mend Wounds'").formula,
            "(heal 2 + 3 x heal 1 + 0.25 x range 3\")");
  EXPECT_NEAR(term("Temple Healer", "ability 'Mend Wounds'").points, 2 + 3 + 0.75, 1e-9);
  EXPECT_NEAR(numbers("War Drummer").at("inspire_points"), 2 * 2, 1e-9);
  EXPECT_GT(numbers("Cave Troll").at("condition_points:prone"), 0);
  // Every model's numbers and roles each add up to its price.
  for (const Model& model : content().models) {
    const ModelCost cost = model_cost(model, costs, faces);
    double numbers_sum = 0, roles_sum = 0;
    for (const auto& [id, points] : cost.numbers)
      numbers_sum += points;
    for (const auto& [id, points] : cost.roles)
      roles_sum += points;
    EXPECT_NEAR(numbers_sum, cost.exact, 1e-9) << model.name;
    EXPECT_NEAR(roles_sum, cost.exact, 1e-9) << model.name;
  }
}

TEST(AgameModelCost, EveryShippedProfileHasAPositivePrice) {
  for (const Model& model : content().models)
    EXPECT_GT(model_points(model, content_cost_formula(), content().parameters.faces), 10)
        << model.name;
}

// Without its words a price is the same to the last bit: the balance run's fast path.
TEST(AgameModelCost, APriceWithoutWordsHoldsTheSameNumbers) {
  const int faces = content().parameters.faces;
  for (const Model& model : content().models) {
    const ModelCost written = model_cost(model, content_cost_formula(), faces);
    const ModelCost numbers = model_cost(model, content_cost_formula(), faces, CostWords::kOmitted);
    EXPECT_FALSE(written.terms.empty()) << model.name;
    EXPECT_FALSE(written.terms.front().formula.empty()) << model.name;
    EXPECT_TRUE(numbers.terms.empty()) << model.name;
    EXPECT_EQ(numbers.exact, written.exact) << model.name;
    EXPECT_EQ(numbers.points, written.points) << model.name;
    EXPECT_EQ(numbers.numbers, written.numbers) << model.name;
    EXPECT_EQ(numbers.roles, written.roles) << model.name;
    EXPECT_EQ(model_points(model, content_cost_formula(), faces), written.points) << model.name;
  }
}

TEST(AgameModelCost, OneEditedNumberRepricesAModel) {
  const Model& vampire = content().find_model("Vampire Swordfighter", "test");
  CostFormula dearer = content_cost_formula();
  dearer.wild_die += 10;  // the Vampire has 1 wild die
  const int faces = content().parameters.faces;
  EXPECT_NEAR(model_cost(vampire, dearer, faces).exact -
                  model_cost(vampire, content_cost_formula(), faces).exact,
              10, 1e-9);
  CostFormula dearer_mist = content_cost_formula();
  dearer_mist.ability_points["mistform"] += 5;  // Turn to Mist, times its 3+ chance 0.8
  EXPECT_NEAR(model_cost(vampire, dearer_mist, faces).exact -
                  model_cost(vampire, content_cost_formula(), faces).exact,
              4, 1e-9);
}

}  // namespace
}  // namespace warband::agame
