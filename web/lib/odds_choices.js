// Which choices an odds picker offers and which it holds (GET /api/odds `choices`, `required`),
// and what a question starts with (its `example`). Pure functions (no DOM), tested in
// tests/web/odds_choices.test.mjs.

// The choices offered while the other options hold these values: a choice with `only_with`
// ({option, value}: an attack of one attacker) only while that option holds that value.
export function offeredChoices(choices, valueOf) {
  return choices.filter((c) => !c.only_with ||
    String(valueOf(c.only_with.option) ?? '').toLowerCase() === String(c.only_with.value).toLowerCase());
}

// The value a picker holds: the choice named by `wanted` (its value or its label, any case), else
// for a required picker the offered choice at `fallbackIndex` (or the last), else '' ("none").
export function pickedValue(offered, wanted, required, fallbackIndex = 0) {
  const text = String(wanted ?? '').toLowerCase();
  const match = offered.find((c) => c.value.toLowerCase() === text || c.label.toLowerCase() === text);
  if (match) return match.value;
  if (required && offered.length) return offered[Math.min(fallbackIndex, offered.length - 1)].value;
  return '';
}

// Whether a question starts on its example: it has one and the values a form starts with (a link,
// the ruleset's example) give none of its options.
export function startsOnExample(question, startArgs = {}) {
  if (!question.example || !Object.keys(question.example).length) return false;
  return !question.options.some((name) => startArgs[name] !== undefined && startArgs[name] !== '');
}
