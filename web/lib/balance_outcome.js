// What a balance job's fit reads (docs/sim.md, "Pricing from the margin" and "Variance
// reduction"): the result (win, draw, loss) or the margin (the share of the enemy's points
// destroyed less one's own), and whether each game's luck is measured: the result's fit subtracts
// it, the margin's fits it as one more column. A repricing measures it whatever the box says
// (its default design); a run or a comparison only when asked, since it costs a clone per dice
// outcome.
export const OUTCOMES = [
  { value: 'result', label: 'result (win, draw, loss)' },
  { value: 'margin', label: 'margin (share of points destroyed)' },
];

// The request's fields for the chosen outcome and luck: only what differs from the server's
// defaults (result, no luck).
export function outcomeRequest({ outcome, luck }) {
  const fields = {};
  if (outcome && outcome !== 'result') fields.outcome = outcome;
  if (luck) fields.luck = true;
  return fields;
}

// What the luck does with this outcome, for the form's hint.
export function luckHint(outcome, reprice) {
  const use = outcome === 'margin' ? 'fitted as a column of the margin\'s fit' : 'subtracted from each result';
  return reprice ? `a repricing always measures it (${use})` : `each game's dice luck, ${use}; costs a clone per dice outcome`;
}
