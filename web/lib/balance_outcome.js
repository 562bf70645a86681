// What a balance job's fit reads (docs/sim.md, "Pricing from the margin" and "Variance
// reduction"): the result (win, draw, loss) or the margin (the share of the enemy's points
// destroyed less one's own), and whether each game's luck is measured: the result's fit subtracts
// it, the margin's fits it as one more column. A repricing by the result always measures it (its
// default design); otherwise only when asked: it costs a clone per dice outcome, and where measured
// the margin's luck column took out nothing (docs/sim.md).
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

// Whether the luck is measured whatever the box says: a repricing by the result.
export function luckForced(outcome, reprice) {
  return reprice && outcome !== 'margin';
}

// What the luck does with this outcome, for the form's hint.
export function luckHint(outcome, reprice) {
  if (luckForced(outcome, reprice)) return 'a repricing by the result always measures it (subtracted from each result)';
  const use = outcome === 'margin' ? 'fitted as a column of the margin\'s fit' : 'subtracted from each result';
  return `each game's dice luck, ${use}; costs a clone per dice outcome`;
}
