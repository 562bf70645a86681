// `warband balance spellweavers`: random wizards are legal, priced by the spell creator's own code
// and a pure function of the seed; every formula term is drawn; each family of terms shares out a
// wizard's power exactly; a short run has the report's shape; bad options are clear errors.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <sstream>

#include "balance/balance_run.h"
#include "balance/report.h"
#include "cli/app.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/rng.h"
#include "rulesets/spellweavers/power_terms.h"
#include "rulesets/spellweavers/random_wizard.h"
#include "rulesets/spellweavers/spellweavers_game.h"
#include "rulesets/spellweavers/wizard_file.h"
#include "sim/sweep.h"
#include "tests/support/in_process_cli.h"

namespace warband::spellweavers {
namespace {

const BalanceHooks& hooks() {
  return find_balance("spellweavers");
}

// The sum of each family's points in `points` (one per power_terms() entry).
std::map<std::string, double> family_totals(const std::vector<double>& points) {
  std::map<std::string, double> totals;
  for (std::size_t t = 0; t < points.size(); ++t)
    totals[power_terms()[t].family] += points[t];
  return totals;
}

double exact_power(const Wizard& wizard) {
  double total = 0;
  for (const Spell& spell : wizard.spells)
    total += spell_power(spell).exact_thousandths / 1000.0;
  return total;
}

TEST(SpellweaversBalance, RandomWizardsAreLegalWithinTheBudgetAndAPureFunctionOfTheSeed) {
  const nlohmann::json base = nlohmann::json::object();
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    const nlohmann::json setup = hooks().random_setup(base, 120, 20, seed);
    EXPECT_EQ(setup, hooks().random_setup(base, 120, 20, seed));
    // The game validates every wizard with the builder's own wizard_problems.
    const auto game =
        std::dynamic_pointer_cast<const SpellweaversGame>(make_game("spellweavers", setup));
    ASSERT_TRUE(game);
    ASSERT_EQ(game->num_wizards(), 2);
    for (int w = 0; w < game->num_wizards(); ++w) {
      const Wizard& wizard = game->wizard(w).wizard;
      EXPECT_TRUE(wizard_problems(wizard, game->parameters()).empty()) << "seed " << seed;
      EXPECT_LE(spell_list_power(wizard), 120) << "seed " << seed;
      EXPECT_GE(spell_list_power(wizard), 100) << "seed " << seed;
      EXPECT_LE(static_cast<int>(wizard.spells.size()), game->parameters().wizard_max_spells);
    }
  }
  EXPECT_NE(hooks().random_setup(base, 120, 20, 1), hooks().random_setup(base, 120, 20, 2));
}

TEST(SpellweaversBalance, EveryTermOfTheFormulaIsDrawn) {
  Rng rng(7);
  std::vector<double> seen(power_terms().size(), 0.0);
  for (int i = 0; i < 300; ++i) {
    const std::vector<double> points =
        wizard_points(random_wizard("W", 120, 20, content_parameters(), rng));
    for (std::size_t t = 0; t < points.size(); ++t)
      seen[t] += points[t];
  }
  for (std::size_t t = 0; t < seen.size(); ++t)
    EXPECT_GT(seen[t], 0.0) << power_terms()[t].name << " never drawn";
}

TEST(SpellweaversBalance, EachFamilySharesOutAWizardsPowerExactly) {
  Rng rng(3);
  for (int i = 0; i < 50; ++i) {
    const Wizard wizard = random_wizard("W", 120, 20, content_parameters(), rng);
    for (const auto& [family, total] : family_totals(wizard_points(wizard)))
      EXPECT_NEAR(total, exact_power(wizard), 1e-9) << family;
  }
}

TEST(SpellweaversBalance, ASpellsPointsFollowThePowerFormula) {
  // (Damage 2 = 10, Stun 20) x Medium 2.5 x Far 1.5 = 112.5, x1.3 Adaptable = 146.25.
  Spell spell;
  spell.name = "Storm";
  spell.effects = {parse_effect("damage:2", "test"), parse_effect("status:stun", "test")};
  spell.area = AreaClass::kMedium;
  spell.shape = parse_shape("0,0;1,0;2,0;3,0;0,1;1,1;2,1;3,1", "test");
  spell.range = RangeClass::kFar;
  spell.adaptable = true;
  ASSERT_EQ(spell_power(spell).exact_thousandths, 146250);
  std::vector<double> points(power_terms().size(), 0.0);
  add_spell_points(spell, Talent::kBigGuns, points);
  const auto at = [&](const std::string& family, const std::string& id) {
    for (std::size_t t = 0; t < power_terms().size(); ++t)
      if (power_terms()[t].family == family && power_terms()[t].id == id) return points[t];
    ADD_FAILURE() << family << " " << id;
    return -1.0;
  };
  EXPECT_NEAR(at("effect", "adaptable"), 146.25 - 112.5, 1e-9);
  EXPECT_NEAR(at("effect", "damage"), 112.5 * 10 / 30, 1e-9);
  EXPECT_NEAR(at("effect", "status:stun"), 112.5 * 20 / 30, 1e-9);
  EXPECT_NEAR(at("area", "medium"), 146.25, 1e-9);
  EXPECT_NEAR(at("area", "single"), 0, 1e-9);
  EXPECT_NEAR(at("range", "far"), 146.25, 1e-9);
  EXPECT_NEAR(at("talent", "big-guns"), 146.25, 1e-9);
  // Snapcast gets its +3.
  Spell quick;
  quick.name = "Zap";
  quick.effects = {parse_effect("damage:1", "test")};
  quick.snapcast = true;
  std::fill(points.begin(), points.end(), 0.0);
  add_spell_points(quick, Talent::kNavySeal, points);
  EXPECT_NEAR(at("effect", "snapcast"), 3, 1e-9);
  EXPECT_NEAR(at("effect", "damage"), 5, 1e-9);
}

TEST(SpellweaversBalance, ABudgetNoListCanReachIsAClearError) {
  Rng rng(1);
  try {
    random_wizard("W", 5000, 100, content_parameters(), rng);
    FAIL() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "--points");
    EXPECT_NE(error.problem().find("--spread"), std::string::npos) << error.problem();
  }
  EXPECT_THROW(random_wizard("W", 120, 120, content_parameters(), rng), InputError);
}

TEST(SpellweaversBalance, OnlyParametersAreWhatIfs) {
  const nlohmann::json setup =
      hooks().apply_overrides(nlohmann::json::object(), {{"parameters.wizard_max_hp", "40"}});
  EXPECT_EQ(setup["parameters"]["wizard_max_hp"], 40);
  EXPECT_EQ(make_game("spellweavers", hooks().random_setup(setup, 120, 20, 4))
                ->setup()["parameters"]["wizard_max_hp"],
            40);
  try {
    hooks().apply_overrides(nlohmann::json::object(), {{"units.bear.hp", "3"}});
    FAIL() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "--set units.bear.hp");
    EXPECT_NE(error.problem().find("parameters.NAME"), std::string::npos);
  }
  EXPECT_THROW(hooks().apply_overrides(nlohmann::json::object(), {{"parameters.nonsense", "3"}}),
               InputError);
  EXPECT_THROW(
      hooks().apply_overrides(nlohmann::json::object(), {{"parameters.wizard_max_hp", "x"}}),
      InputError);
}

TEST(SpellweaversBalance, AShortRunHasTheFormulaReportsShape) {
  balance::BalanceSettings settings;
  settings.ruleset = "spellweavers";
  settings.games = 12;
  settings.seed = 9;
  settings.threads = 2;
  const balance::BalanceRun run = balance::run_balance(settings);
  EXPECT_EQ(run.points, kDefaultPowerBudget);
  EXPECT_EQ(run.games.size(), 12u);
  ASSERT_TRUE(run.formula.has_value());
  EXPECT_EQ(run.formula->terms.size(), power_terms().size());
  ASSERT_EQ(run.formula->families.size(), 4u);
  EXPECT_EQ(run.formula->families[0].family, "effect");
  // The sides are drawn from half the budget to all of it (default_power_spread).
  EXPECT_EQ(run.spread, kDefaultPowerBudget / 2);
  EXPECT_GE(run.formula->mean_points, kDefaultPowerBudget / 2);
  EXPECT_LE(run.formula->mean_points, kDefaultPowerBudget);
  const nlohmann::json json = balance::report_json(run, {.command = "warband balance"});
  ASSERT_TRUE(json.contains("formula"));
  EXPECT_EQ(json["formula"]["terms"].size(), power_terms().size());
  EXPECT_EQ(json["formula"]["families"].size(), 4u);
  EXPECT_TRUE(json["formula"]["rate_per_point"].contains("identified"));
  EXPECT_EQ(json["lists"], "priced");  // no with_warbands: the prices under test draw them
  const std::string md = balance::report_markdown(run, {.command = "warband balance"});
  EXPECT_NE(md.find("## The cost formula"), std::string::npos) << md;
  EXPECT_NE(md.find("AreaMod Medium"), std::string::npos) << md;
  // Twelve random-bot games cannot show that power wins: the report says so plainly, and
  // suggests no number.
  EXPECT_FALSE(run.formula->rate_identified);
  EXPECT_NE(md.find("too weak"), std::string::npos) << md;
  for (const balance::TermBalance& term : run.formula->terms)
    EXPECT_FALSE(term.has_suggestion) << term.term.name;
  const std::string html = balance::report_html(run, {.command = "warband balance"});
  EXPECT_NE(html.find("<h2>The cost formula</h2>"), std::string::npos);
  // Its prose is HTML, not Markdown: no backquote is left as text.
  EXPECT_EQ(html.find('`'), std::string::npos) << html;
  EXPECT_NE(html.find("bot <code>random</code>"), std::string::npos) << html;
  // The run replays game 3 as it played it.
  const auto record = balance::replay_balance_game(settings, 3);
  EXPECT_EQ(record->game().setup()["warbands"],
            hooks().random_setup(run.setup, run.points, run.spread,
                                 mix_seed(sim::game_seed(9, 3), 2))["warbands"]);
}

TEST(SpellweaversBalance, TheCommandRunsAndRefusesBadOptions) {
  const cli::Ran ran =
      cli::warband_balance({"spellweavers", "--games", "4", "--threads", "1", "--json"});
  ASSERT_EQ(ran.code, 0) << ran.err;
  const nlohmann::json json = nlohmann::json::parse(ran.out);
  EXPECT_EQ(json["ruleset"], "spellweavers");
  EXPECT_EQ(json["formula"]["terms"].size(), power_terms().size());
  const cli::Ran spread = cli::warband_balance({"spellweavers", "--games", "4", "--spread", "500"});
  EXPECT_EQ(spread.code, 2);
  EXPECT_NE(spread.err.find("--spread"), std::string::npos) << spread.err;
  const cli::Ran points =
      cli::warband_balance({"spellweavers", "--games", "4", "--points", "9000"});
  EXPECT_EQ(points.code, 2);
  EXPECT_NE(points.err.find("--points"), std::string::npos) << points.err;
  const cli::Ran set =
      cli::warband_balance({"spellweavers", "--games", "4", "--set", "spells.x.acti=3"});
  EXPECT_EQ(set.code, 2);
  EXPECT_NE(set.err.find("parameters.NAME"), std::string::npos) << set.err;
}

}  // namespace
}  // namespace warband::spellweavers
