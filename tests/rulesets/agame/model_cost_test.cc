// A Game's model points (model_cost.h, content/agame/costs.toml): the Vampire priced by hand
// from the formula, every shipped profile priced, and one edited number re-pricing a model.
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
//   Suck the Blood (4 x 0.8 x 1 die x (1 - 0.2 - 0.4) x 2 + 0.5 + special 3) = 6.06
//   Dominate Mind (4 x 0.6 x 2 dice x 1.3 x damage 0 + 0.5 x 8") - 2 x cost 1 = 2 (no rules text)
//   the others at half: 0.5 x (8.28 + 6.06 + 2) = 8.17
//   abilities 5 x 1 (Turn to Mist) = 5
// 3 + 17 + 28.2 + 0 + 8.7 + 8.17 + 5 = 70.07: 70 points.
TEST(AgameModelCost, TheVampireCountedByHand) {
  const Model& vampire = content().find_model("Vampire Swordfighter", "test");
  const ModelCost cost = model_cost(vampire, content_cost_formula(), content().parameters.faces);
  EXPECT_NEAR(cost.exact, 70.07, 1e-9);
  EXPECT_EQ(cost.points, 70);
  ASSERT_GE(cost.terms.size(), 5u);
  EXPECT_EQ(cost.terms[2].term, "toughness");
  EXPECT_NEAR(cost.terms[2].points, 28.2, 1e-9);
  EXPECT_EQ(cost.terms[2].formula, "3 Wounds x (3 + 2 x Defenses 1.3 + 2 x Resistances 1.9)");
}

TEST(AgameModelCost, EveryShippedProfileHasAPositivePrice) {
  for (const Model& model : content().models)
    EXPECT_GT(model_points(model, content_cost_formula(), content().parameters.faces), 10)
        << model.name;
}

TEST(AgameModelCost, OneEditedNumberRepricesAModel) {
  const Model& vampire = content().find_model("Vampire Swordfighter", "test");
  CostFormula dearer = content_cost_formula();
  dearer.wild_die += 10;  // the Vampire has 1 wild die
  const int faces = content().parameters.faces;
  EXPECT_NEAR(model_cost(vampire, dearer, faces).exact -
                  model_cost(vampire, content_cost_formula(), faces).exact,
              10, 1e-9);
  EXPECT_EQ(range_inches("8\"", dearer), 8);
  EXPECT_EQ(range_inches("Special", dearer), dearer.special_range_inches);
}

}  // namespace
}  // namespace warband::agame
