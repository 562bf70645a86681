// The warbands a new-game form starts on, Red's then Blue's: the ruleset's `default_warbands`
// (what `warband play RULESET` plays when no warband is given), else the first two it lists.
// Indexes into `ruleset.warbands`.
import { choiceId } from './format.js';

export function defaultSides(ruleset) {
  const warbands = ruleset.warbands ?? [];
  const fallback = [0, Math.min(1, Math.max(0, warbands.length - 1))];
  const wanted = ruleset.default_warbands;
  if (!Array.isArray(wanted) || wanted.length !== 2) return fallback;
  const indexes = wanted.map((id) => warbands.findIndex((w) => choiceId(w) === id));
  return indexes.every((i) => i >= 0) ? indexes : fallback;
}

// The sides a link asks for (`?red=document:7&blue=toms_orcs`, the form's option values), each
// in place of the default when the form offers it: [red, blue], null where it keeps its default.
export function linkedSides(optionValues, query) {
  return ['red', 'blue'].map((side) => {
    const wanted = query?.get?.(side);
    return wanted && optionValues.includes(wanted) ? wanted : null;
  });
}
