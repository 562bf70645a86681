// What a repricing job (`warband balance --reprice`, docs/api.md "Balance") says, in plain words:
// its progress line while it runs, then its headline and one row per unit (and per card price). Pure (no DOM), tested
// in tests/web/reprice_summary.test.mjs.

// The progress line of a running repricing: {round, rounds, round_done, round_total, frozen, units,
// cards_frozen, cards} (cards: the card prices searched too, such as spells' AcTi; 0 without).
export function repriceProgressText(progress) {
  if (!progress) return 'starting';
  const cards = progress.cards > 0 ? ` · ${progress.cards_frozen} of ${progress.cards} card prices frozen` : '';
  return `round ${progress.round} of ${progress.rounds} · ${progress.round_done} of ${progress.round_total} games this round · ` +
    `${progress.frozen} of ${progress.units} units frozen${cards}`;
}

// The headline of a finished repricing (its report's `reprice`).
export function repriceHeadline(reprice) {
  const frozen = reprice.units.filter((u) => u.frozen_round >= 0).length;
  const played = `${reprice.rounds} round${reprice.rounds === 1 ? '' : 's'} of ${reprice.games_per_round} games (${reprice.games} in all)`;
  // Without an identified rate every suggestion is noise: the search moved no unit (but those
  // frozen before) and the points file keeps every cost.
  if (reprice.rate_identified === false) {
    const kept = frozen === 0 ? 'every unit keeps its cost' : `every unit keeps its cost but the ${frozen} frozen earlier`;
    return `Points did not clearly predict the outcome after ${played}, so no price moved on noise: ${kept}. ` +
      'More games, a bot that plays to win or the margin outcome identify it.';
  }
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

// The card prices' line (a spell's AcTi, say), or '' without card prices: how many froze within
// ±price_tolerance steps, and why the others did not move.
export function repriceCardsHeadline(reprice) {
  const cards = reprice.cards ?? [];
  if (!cards.length) return '';
  const price = reprice.card_price || 'price';
  const frozen = cards.filter((c) => c.frozen_round >= 0).length;
  const suggested = cards.filter((c) => c.estimable).length;
  const line = `${frozen} of ${cards.length} card prices (${price}) within ±${reprice.price_tolerance} steps`;
  if (suggested === 0)
    return `${line}: no ${price} could be suggested (a dearer card was not measured to be worth less), so none moved.`;
  return `${line}; ${suggested} had a suggestion.`;
}

// One row per card price: {name, kind, old, new, change, suggested, interval, frozen}.
export function repriceCardRows(reprice) {
  return (reprice.cards ?? []).map((c) => ({
    name: c.name,
    kind: c.kind,
    old: c.old,
    new: c.new,
    change: c.new === c.old ? '' : `${c.new > c.old ? '+' : '−'}${Math.abs(c.new - c.old)}`,
    suggested: c.estimable ? c.suggested.toFixed(1) : 'none',
    interval: c.estimable ? `${c.low.toFixed(1)} to ${c.high.toFixed(1)}` : '',
    frozen: c.frozen_round >= 0 ? `yes (round ${c.frozen_round + 1})` : 'no',
  }));
}
