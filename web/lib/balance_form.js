// What the Balance form says of the chosen ruleset: its own what-ifs (the ruleset listing's
// `what_if_examples` and `what_if_paths`, each ruleset's front-end hints) and the budget its run
// is drawn at, so that no ruleset's form shows another's paths or a budget it does not use.

// {placeholder, paths, example}: the textarea's example lines, the paths in words, and the line an
// error quotes ("" when the ruleset offers none).
export function whatIfHint(ruleset) {
  const examples = ruleset?.what_if_examples ?? [];
  return { placeholder: examples.join('\n'), paths: ruleset?.what_if_paths ?? '', example: examples[0] ?? '' };
}

// The line under the form: what the defaults play. A ruleset priced by a formula draws its sides
// at its own standard budget (the points fields stay empty), not at the form's points.
export function defaultsNote(defaults, ruleset) {
  const budget = ruleset?.balance_formula ? 'the ruleset\'s standard budget'
    : `${defaults.points} points spread by ${defaults.spread}`;
  return `The defaults (${defaults.games} games, ${defaults.bot} bots, ${budget}, priced by the ${defaults.outcome}) take under a minute on two cores.`;
}
