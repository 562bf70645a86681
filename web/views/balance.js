// Balance: start a simulation job (`warband balance` on the server), watch its progress, read the
// report with its plots. Jobs are kept with their reports, so earlier ones stay readable.
// The form's defaults give a readable answer in under a minute on a two-core machine (the cheap
// balance bot, budgets spread wide enough that points decide games, priced by the margin);
// what-ifs (`--set`) and the comparison of the content with and without them are part of the
// form. A finished run says plainly what is solid, what is clearly priced off, or why nothing is,
// and opens each unit's best and worst game as a replay.
// A repricing (`--reprice`) is a job too: its rounds and frozen units show as it runs, then its
// table of old and new costs with the points file and the report to download.
import { api, attempt, showError } from '../lib/api.js';
import { h, append, replace, field } from '../lib/dom.js';
import { navigate } from '../lib/navigate.js';
import { byOffers, chooseRuleset, loadRulesets } from '../lib/rulesets.js';
import { balanceVerdict, gamesToReplay, parseWhatIfs } from '../lib/balance_verdict.js';
import { repriceProgressText } from '../lib/reprice_summary.js';
import { defaultsNote, whatIfHint } from '../lib/balance_form.js';
import { repriceResult } from '../components/reprice_result.js';
import { OUTCOMES, outcomeRequest, luckForced, luckHint } from '../lib/balance_outcome.js';

// Measured on the project's 2-core machine (docs/sim.md, "Balance from the browser"): 1,000
// balance-bot games take 11 to 66 CPU-seconds by ruleset, and by the margin they tell which units
// are clearly priced off even where by the result they tell nothing yet.
const BALANCE_DEFAULTS = { games: 1000, bot: 'balance', outcome: 'margin', points: 500, spread: 250, threads: 2 };
const BOTS = ['balance', 'greedy', 'random'];
// `warband balance --reprice`'s own defaults: freeze a unit within ±10 points, a card price (a
// spell's AcTi) within ±1 step, at most 6 rounds. The price jitter is left to the server: 1 where
// the ruleset's cards have a price, else 0.
const REPRICE_DEFAULTS = { tolerance: 10, priceTolerance: 1, rounds: 6 };

export async function render(root, params, query) {
  if (params[0] && params[1] === 'game') return openGame(root, params[0], Number(params[2]));
  if (params[0]) return renderJob(root, params[0]);
  return renderStart(root, query);
}

async function renderStart(root, query) {
  const [rulesets, jobs] = await Promise.all([loadRulesets(), api.get('/api/jobs')]);
  // The suggested ruleset first, as every list shows it; the one a link names (?ruleset=NAME, the
  // start page's "Balance" under each ruleset) chosen.
  const playable = byOffers(rulesets.filter((r) => r.balance ?? r.playable));
  const chosen = chooseRuleset(playable, query?.get('ruleset'));
  const d = BALANCE_DEFAULTS;
  const ruleset = h('select', { name: 'ruleset' }, playable.map((r) => h('option', { value: r.name, selected: r === chosen }, r.title ?? r.name)));
  const games = h('input', { type: 'number', name: 'games', min: 1, max: 20000, value: d.games });
  const bot = h('select', { name: 'bot' }, BOTS.map((b) => h('option', { value: b, selected: b === d.bot }, b)));
  const seed = h('input', { type: 'number', name: 'seed', min: 0, value: 1 });
  const points = h('input', { type: 'number', name: 'points', min: 1, value: d.points });
  const spread = h('input', { type: 'number', name: 'spread', min: 0, value: d.spread });
  const threads = h('input', { type: 'number', name: 'threads', min: 1, max: 64, value: d.threads });
  const chosenRuleset = () => playable.find((r) => r.name === ruleset.value);
  const whatIfs = h('textarea', { name: 'set', rows: 3, spellcheck: false });
  const whatIfPaths = h('span', { id: 'what-if-paths' });
  const defaultsLine = h('p', { class: 'muted small', id: 'balance-defaults' });
  // A ruleset priced by a formula (a spell's power, say) draws its sides at its own standard
  // budget: the points fields start empty for it, and the unit-count defaults come back for others.
  // The what-ifs shown are the chosen ruleset's own paths.
  const fitRuleset = () => {
    const entry = chosenRuleset();
    const formula = entry?.balance_formula;
    points.value = formula ? '' : d.points;
    spread.value = formula ? '' : d.spread;
    points.placeholder = spread.placeholder = formula ? 'standard' : '';
    const hint = whatIfHint(entry);
    whatIfs.placeholder = hint.placeholder;
    whatIfPaths.textContent = hint.paths;
    defaultsLine.textContent = defaultsNote(d, entry);
  };
  ruleset.addEventListener('change', fitRuleset);
  fitRuleset();
  // What the fit reads, and the luck: the margin tells more a game; the luck narrows either.
  const outcome = h('select', { name: 'outcome' }, OUTCOMES.map((o) => h('option', { value: o.value, selected: o.value === d.outcome }, o.label)));
  const luck = h('input', { type: 'checkbox', name: 'luck' });
  const luckNote = h('span', { class: 'muted small', id: 'luck-hint' });
  const chosenMode = () => form.querySelector('input[name=mode]:checked')?.value;
  // A repricing by the result always measures the luck: the box shows it ticked and fixed.
  let luckAsked = false;
  luck.addEventListener('change', () => { luckAsked = luck.checked; });
  const fitLuck = () => {
    const reprice = chosenMode() === 'reprice';
    const forced = luckForced(outcome.value, reprice);
    luck.disabled = forced;
    luck.checked = forced || luckAsked;
    luckNote.textContent = luckHint(outcome.value, reprice);
  };
  outcome.addEventListener('change', fitLuck);
  const tolerance = h('input', { type: 'number', name: 'tolerance', min: 0, max: 100000, step: 'any', value: REPRICE_DEFAULTS.tolerance });
  const rounds = h('input', { type: 'number', name: 'rounds', min: 1, max: 20, value: REPRICE_DEFAULTS.rounds });
  const priceTolerance = h('input', { type: 'number', name: 'price_tolerance', min: 0, max: 100, step: 'any', value: REPRICE_DEFAULTS.priceTolerance });
  const priceJitter = h('input', { type: 'number', name: 'price_jitter', min: 0, max: 5, placeholder: 'default' });
  const repriceFields = h('div', { class: 'row hidden', id: 'reprice-fields' },
    field('Target ± points', tolerance, 'a unit is frozen once its 95% interval is within this'),
    field('Target ± card price', priceTolerance, 'steps of a card\'s price (a spell\'s AcTi): frozen once its interval is within this'),
    field('Price jitter', priceJitter, '0 to 5: each card price moved by ± this between games to learn what a step is worth; empty: 1 where cards have prices'),
    field('Rounds', rounds, 'at most; each round plays new games at the prices the last one suggested'));
  const mode = (value, label, checked) => h('label', { class: 'check-inline' },
    h('input', { type: 'radio', name: 'mode', value, checked,
      onchange: () => { repriceFields.classList.toggle('hidden', value !== 'reprice'); fitLuck(); } }), ` ${label}`);
  const startButton = h('button', { class: 'primary', type: 'submit' }, 'Start');
  const form = h('form', { class: 'panel', id: 'balance-form', onsubmit: async (event) => {
    event.preventDefault();
    const example = whatIfHint(chosenRuleset()).example;
    const parsed = parseWhatIfs(whatIfs.value, example);
    if (parsed.error) { showError(parsed.error); return; }
    const chosen = chosenMode();
    const compare = chosen === 'compare';
    if (compare && !Object.keys(parsed.set).length) {
      showError(`Comparing needs at least one what-if: write a line such as ${example || 'PATH=VALUE'}.`);
      return;
    }
    const body = { ruleset: ruleset.value, games: Number(games.value), bot: bot.value, seed: Number(seed.value),
      threads: Number(threads.value) };
    // Left empty: the ruleset's standard budget and spread.
    if (points.value !== '') body.points = Number(points.value);
    if (spread.value !== '') body.spread = Number(spread.value);
    if (Object.keys(parsed.set).length) body.set = parsed.set;
    if (compare) body.compare = true;
    Object.assign(body, outcomeRequest({ outcome: outcome.value, luck: luck.checked }));
    const reprice = chosen === 'reprice';
    if (reprice) {
      body.tolerance = Number(tolerance.value);
      body.price_tolerance = Number(priceTolerance.value);
      if (priceJitter.value !== '') body.price_jitter = Number(priceJitter.value);
      body.rounds = Number(rounds.value);
    }
    startButton.disabled = true;
    const started = await attempt(() => api.post(reprice ? '/api/reprice' : '/api/balance', body));
    startButton.disabled = false;
    if (started) navigate(`/balance/${started.job}`);
  } }, h('h2', {}, 'New run'),
    h('div', { class: 'row top' }, field('Ruleset', ruleset), field('Games', games, '1 to 20,000'), field('Bot', bot, 'balance plays to win at a few ms a game; greedy searches deeper at 4 to 50 times the cost; random barely rewards points')),
    h('div', { class: 'row' }, field('Points a side', points), field('Budget spread', spread, 'how far below the points a side\'s budget may be drawn'),
      field('Seed', seed), field('Threads', threads)),
    h('div', { class: 'row' }, field('Priced by', outcome, 'the margin gives more evidence a game, but prices a unit\'s worth to the margin, not to winning'),
      h('label', { class: 'check-inline' }, luck, ' Measure the luck ', luckNote)),
    field('What-ifs (one PATH=VALUE a line)', whatIfs, whatIfPaths),
    h('p', { class: 'modes' }, mode('run', 'One run (with the what-ifs, if any)', true), ' ',
      mode('compare', 'Compare: the content as it is against the what-ifs, the same games', false), ' ',
      mode('reprice', 'Reprice: search for new costs round by round, each round playing the games above (mirrored pairs; the luck too by the result)', false)),
    repriceFields,
    defaultsLine,
    h('p', {}, startButton));
  fitLuck();
  append(root, h('h1', {}, 'Balance'),
    h('p', { class: 'lead' }, 'Bots play many games between random warbands; a fit says what each unit and spell is worth ' +
      'against its points, and which costs it would suggest.'),
    h('div', { class: 'two-columns' }, form,
      h('section', { class: 'panel' }, h('h2', {}, 'Runs'),
        jobs.length ? h('table', { class: 'data' },
          h('thead', {}, h('tr', {}, h('th', {}, 'Job'), h('th', {}, 'State'), h('th', { class: 'num' }, 'Games'))),
          h('tbody', {}, jobs.map((job) => h('tr', {},
            h('td', {}, h('a', { href: `#/balance/${job.id}` }, `#${job.id}`), job.settings?.compare ? ' (compare)' : '',
              job.kind === 'reprice' ? ' (reprice)' : ''), h('td', {}, job.state),
            h('td', { class: 'num' }, `${job.done} / ${job.total}`)))))
          : h('p', { class: 'empty' }, 'No runs yet.'))));
}

// A unit's best or worst game: played again on the server as a replay, then opened.
async function openGame(root, id, index) {
  append(root, h('p', { class: 'crumbs' }, h('a', { href: '#/balance' }, 'Balance'), ' / ', h('a', { href: `#/balance/${id}` }, `run #${id}`)),
    h('p', { class: 'status muted' }, `Playing game ${index} of run #${id} again…`));
  const made = await attempt(() => api.post(`/api/jobs/${id}/replay`, { index }));
  if (made) navigate(`/replay/${made.id}`);
}

function gameLink(id, game, label) {
  if (!game) return '—';
  return h('a', { href: `#/balance/${id}/game/${game.index}`, class: 'replay-link' }, `${label}: game ${game.index}`);
}

// Each unit's best and worst game of a run's report, each opening as a replay.
function replays(id, report) {
  const games = gamesToReplay(report);
  return games.length ? h('details', { class: 'replays' }, h('summary', {}, 'Each unit\'s best and worst game, as replays'),
    h('table', { class: 'data' }, h('thead', {}, h('tr', {}, h('th', {}, 'Unit'), h('th', {}, 'Best'), h('th', {}, 'Worst'))),
      h('tbody', {}, games.map((g) => h('tr', {}, h('td', {}, g.name), h('td', {}, gameLink(id, g.best, 'best')), h('td', {}, gameLink(id, g.worst, 'worst'))))))) : null;
}

function verdictSection(id, job) {
  const report = job.report.json;
  if (job.settings?.compare) return null;  // a comparison has two runs: its table says it
  if (job.kind === 'reprice') {
    // The repricing's table, then the last round's games as replays (that round's verdict would
    // judge one round, not the search).
    return append(repriceResult(job), replays(id, report));
  }
  const verdict = balanceVerdict(report, job.settings?.bot);
  return h('section', { class: 'panel verdict', id: 'verdict' },
    h('h2', {}, verdict.headline),
    verdict.solid.length ? h('ul', {}, verdict.solid.map((u) => h('li', {}, u.text ?? `${u.name}: ${u.points} points now, about ${u.suggested} suggested`))) : null,
    verdict.off?.length ? h('div', { class: 'priced-off' }, h('p', {}, solidOrNot(verdict)),
      h('ul', {}, verdict.off.map((u) => h('li', {}, u.text)))) : null,
    verdict.reasons.length ? h('ul', { class: 'reasons' }, verdict.reasons.map((r) => h('li', {}, r))) : null,
    replays(id, report));
}

// The line above the units clearly priced off: beside solid ones, or on its own.
function solidOrNot(verdict) {
  return verdict.solid.length ? 'Clearly priced off too, though not yet solid:'
    : 'Each interval leaves out the cost now, so the direction is clear, not yet the amount:';
}

async function renderJob(root, id) {
  const progress = h('progress', { max: 1, value: 0, id: 'job-progress' });
  const label = h('span', { class: 'muted' });
  const cancel = h('button', { class: 'danger', onclick: async () => { await attempt(() => api.del(`/api/jobs/${id}`)); poll(); } }, 'Cancel');
  const report = h('article', { class: 'report', id: 'report' });
  append(root, h('p', { class: 'crumbs' }, h('a', { href: '#/balance' }, 'Balance'), ` / run #${id}`),
    h('h1', { id: 'job-title' }, `Balance run #${id}`), h('div', { class: 'progress-line panel' }, progress, label, cancel), report);
  let timer = null;
  let stopped = false;
  async function poll() {
    let job;
    try {
      job = await api.get(`/api/jobs/${id}`);
    } catch (err) {
      showError(err);
      return;
    }
    if (stopped) return;
    const repricing = job.kind === 'reprice';
    if (repricing) root.querySelector('#job-title').textContent = `Repricing #${id}`;
    progress.max = Math.max(1, job.total);
    progress.value = job.done;
    if (repricing && job.state === 'running') {
      label.textContent = ` ${repriceProgressText(job.progress)} · running`;
    } else if (repricing && job.state === 'done' && job.report?.reprice) {
      // Stopped early when every unit froze: the bar is full at the games it played.
      const { rounds, max_rounds: most, games } = job.report.reprice;
      progress.max = Math.max(1, games);
      label.textContent = ` ${rounds} of ${most} rounds, ${games} games · done`;
    } else {
      label.textContent = ` ${job.done} of ${job.total} games · ${job.state}`;
    }
    cancel.classList.toggle('hidden', job.state !== 'running');
    if (job.state === 'running') {
      timer = setTimeout(poll, 500);
    } else if (job.state === 'done' && job.report) {
      // The server's report is a whole HTML page with its own styles: framed, so they stay in it.
      const frame = h('iframe', { class: 'report-frame', sandbox: 'allow-same-origin', title: 'Balance report' });
      frame.srcdoc = job.report.html;
      frame.addEventListener('load', () => {
        frame.style.height = `${frame.contentDocument.documentElement.scrollHeight + 20}px`;
      });
      replace(report, verdictSection(id, job), frame);
    } else if (job.error) {
      replace(report, h('p', { class: 'error-text' }, job.error));
    } else {
      replace(report, h('p', { class: 'muted' }, `The run was ${job.state}.`));
    }
  }
  poll();
  return () => { stopped = true; clearTimeout(timer); };
}
