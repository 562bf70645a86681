// The formula fit's part of a balance report (balance/formula_analysis.h): a verdict, then one
// table per family of terms, in Markdown, HTML and JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "balance/formula_analysis.h"

namespace warband::balance {

std::string formula_markdown(const FormulaAnalysis& formula, const std::string& bot);
std::string formula_html(const FormulaAnalysis& formula, const std::string& bot);
nlohmann::json formula_json(const FormulaAnalysis& formula);

}  // namespace warband::balance
