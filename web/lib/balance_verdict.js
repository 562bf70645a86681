// What a balance report (its JSON, docs/api.md "Balance") means, in plain words: which units have a
// solid suggested cost, or, when none has, why not and what to change. Pure (no DOM), tested in
// tests/web/balance_verdict.test.mjs.

// {solid: [{name, points, suggested, text}], off: [the same, for units clearly priced off but not
// solid], headline, reasons: [sentence]}.
export function balanceVerdict(report, bot = report?.bot) {
  if (report?.formula) return formulaVerdict(report, bot);
  const units = report?.units ?? [];
  const estimable = units.filter((u) => u.estimable);
  const solid = estimable.filter((u) => u.solid).map((u) => ({
    name: u.name, points: u.points, suggested: Math.round(u.suggested_points?.value ?? u.points) }));
  // Clearly priced off: the suggested cost's 95% interval leaves out the cost now, though it may
  // still be too wide to say by how much. Only with an identified rate (without it the intervals
  // say nothing).
  const off = report?.rate_per_point?.identified
    ? estimable.filter((u) => !u.solid && pricedOff(u)).map((u) => ({ name: u.name, points: u.points,
      suggested: Math.round(u.suggested_points.value), text: offText(u) }))
    : [];
  const reasons = [];
  if (!estimable.length) {
    reasons.push('The two sides had the same forces in every game, so no unit\'s value can be told apart: leave the warbands random.');
  } else if (!solid.length) {
    if (!report.rate_per_point?.identified)
      reasons.push(`Points did not predict who won in these ${report.games} games (the average rate is not clearly above 0), so no cost can be suggested from them.`);
    else
      reasons.push(`Points do predict wins, but every suggested cost is still uncertain by more than ±15% after ${report.games} games.`);
    if (bot === 'random')
      reasons.push('Random bots barely reward points: choose the balance bot, which plays to win at a small cost a game.');
    if (!report.rate_per_point?.identified && report.outcome !== 'margin')
      reasons.push('Priced by the margin (how much of each army was destroyed), the same games tell more than who won.');
    if ((report.spread ?? 0) < (report.points ?? 0) / 4)
      reasons.push(`The sides' budgets differed by at most ${report.spread} of ${report.points} points: a wider spread makes points matter more.`);
    reasons.push('More games narrow every interval (about four times the games halve it).');
  }
  if (report?.unfinished)
    reasons.push(`${report.unfinished} game${report.unfinished === 1 ? '' : 's'} reached no result and count as draws.`);
  let headline = 'Nothing is solid yet: no unit\'s suggested cost can be trusted from this run.';
  if (solid.length) headline = `${solid.length} of ${units.length} units have a solid suggested cost.`;
  else if (off.length) headline = `Nothing is solid yet, but ${off.length} of ${units.length} units are clearly priced off.`;
  return { solid, off, headline, reasons };
}

// Whether a unit's suggested cost's 95% interval leaves out its cost now.
function pricedOff(unit) {
  const s = unit.suggested_points;
  return s != null && Number.isFinite(s.low) && Number.isFinite(s.high) && (s.low > unit.points || s.high < unit.points);
}

function offText(unit) {
  const { low, high } = unit.suggested_points;
  const worth = low > unit.points ? 'more' : 'less';
  return `${unit.name}: worth ${worth} than its ${unit.points} points (95%: ${Math.round(low)} to ${Math.round(high)})`;
}

// A ruleset priced by a formula (a spell's power, say): which terms are priced off, with the number
// that would price each fairly, or why the run says nothing.
function formulaVerdict(report, bot) {
  const { formula } = report;
  const reasons = [];
  if (!formula.rate_per_point?.identified) {
    reasons.push(`The bot is too weak for these figures to mean anything: a side with more cost did not clearly win more in these ${report.games} games.`);
    if (bot === 'random') reasons.push('Random bots barely reward cost: choose the balance bot, which plays to win at a small cost a game.');
    reasons.push('A wider budget spread (sides whose totals differ more) and more games narrow every interval (about four times the games halve it).');
    if (report.unfinished)
      reasons.push(`${report.unfinished} game${report.unfinished === 1 ? '' : 's'} reached no result and count as draws.`);
    return { solid: [], headline: 'Nothing to act on yet: cost did not predict who won.', reasons };
  }
  const off = formula.terms.filter((t) => t.priced === 'too high' || t.priced === 'too low');
  const round = (x) => Math.round(x * 100) / 100;
  const solid = off.map((t) => ({
    name: t.name, points: t.current, suggested: t.suggested ? round(t.suggested.value) : null,
    text: t.suggested
      ? `${t.name}: priced ${t.priced} (${t.current} now, about ${round(t.suggested.value)} suggested, 95% ${round(t.suggested.low)} to ${round(t.suggested.high)})`
      : `${t.name}: priced ${t.priced}` }));
  const estimable = formula.terms.filter((t) => t.estimable).length;
  const headline = off.length
    ? `${off.length} of ${estimable} formula terms are priced off the average point.`
    : `No formula term is clearly priced off the average point (${estimable} terms fitted).`;
  return { solid, headline, reasons };
}

// Each unit's best and worst game (index in the run), for replay links: [{name, best, worst}].
export function gamesToReplay(report) {
  return (report?.units ?? [])
    .filter((u) => u.best_game || u.worst_game)
    .map((u) => ({ name: u.name, best: u.best_game ?? null, worst: u.worst_game ?? null }));
}

// "PATH=VALUE" lines as the API's `set`: {set} or {error: sentence}; an error quotes `example`
// (the chosen ruleset's first what-if) when there is one.
export function parseWhatIfs(text, example = '') {
  const set = {};
  const lines = String(text ?? '').split('\n');
  for (let i = 0; i < lines.length; ++i) {
    const line = lines[i].trim();
    if (!line || line.startsWith('#')) continue;
    const at = line.indexOf('=');
    if (at <= 0 || at === line.length - 1)
      return { error: `What-if line ${i + 1} must be PATH=VALUE${example ? `, such as ${example}` : ''} (you typed "${line}").` };
    const value = line.slice(at + 1).trim();
    set[line.slice(0, at).trim()] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return { set };
}
