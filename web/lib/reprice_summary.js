// What a repricing job (`warband balance --reprice`, docs/api.md "Balance") says, in plain words:
// its progress line while it runs, then its headline and one row per unit. Pure (no DOM), tested
// in tests/web/reprice_summary.test.mjs.

// The progress line of a running repricing: {round, rounds, round_done, round_total, frozen, units}.
export function repriceProgressText(progress) {
  if (!progress) return 'starting';
  return `round ${progress.round} of ${progress.rounds} · ${progress.round_done} of ${progress.round_total} games this round · ` +
    `${progress.frozen} of ${progress.units} units frozen`;
}

// The headline of a finished repricing (its report's `reprice`).
export function repriceHeadline(reprice) {
  const frozen = reprice.units.filter((u) => u.frozen_round >= 0).length;
  const played = `${reprice.rounds} round${reprice.rounds === 1 ? '' : 's'} of ${reprice.games_per_round} games (${reprice.games} in all)`;
  if (reprice.all_frozen)
    return `Every unit's price is within ±${reprice.tolerance} points after ${played}.`;
  return `${frozen} of ${reprice.units.length} units priced within ±${reprice.tolerance} points after ${played}: ` +
    'the others need more games (more rounds, more games a round, or a bot that rewards points more).';
}

// One row per unit: {name, old, new, change, interval, frozen}, as the table shows them.
export function repriceRows(reprice) {
  return reprice.units.map((u) => ({
    name: u.name,
    old: u.old,
    new: u.new,
    change: u.new === u.old ? '' : `${u.new > u.old ? '+' : '−'}${Math.abs(u.new - u.old)}`,
    interval: u.estimable ? `${Math.round(u.low)} to ${Math.round(u.high)}` : 'not estimable',
    frozen: u.frozen_round >= 0 ? `yes (round ${u.frozen_round + 1})` : 'no',
  }));
}
