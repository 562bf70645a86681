// Balance: start a simulation job (`warband balance` on the server), watch its progress, read the
// report with its plots. Jobs are kept with their reports, so earlier ones stay readable.
import { api, attempt, showError } from '../lib/api.js';
import { h, append, replace, field } from '../lib/dom.js';
import { navigate } from '../lib/navigate.js';
import { loadRulesets } from '../lib/rulesets.js';

export async function render(root, params) {
  if (params[0]) return renderJob(root, params[0]);
  return renderStart(root);
}

async function renderStart(root) {
  const [rulesets, jobs] = await Promise.all([loadRulesets(), api.get('/api/jobs')]);
  const playable = rulesets.filter((r) => r.balance ?? r.playable);
  const ruleset = h('select', { name: 'ruleset' }, playable.map((r) => h('option', { value: r.name }, r.title ?? r.name)));
  const games = h('input', { type: 'number', name: 'games', min: 1, max: 20000, value: 200 });
  const bot = h('select', { name: 'bot' }, ['random', 'greedy'].map((b) => h('option', { value: b }, b)));
  const seed = h('input', { type: 'number', name: 'seed', min: 0, value: 1 });
  const points = h('input', { type: 'number', name: 'points', min: 1, value: 500 });
  const threads = h('input', { type: 'number', name: 'threads', min: 1, max: 64, value: 2 });
  const startButton = h('button', { class: 'primary', type: 'submit' }, 'Start');
  append(root, h('h1', {}, 'Balance'),
    h('p', { class: 'lead' }, 'Bots play many games between random warbands; a fit says what each unit and spell is worth ' +
      'against its points, and which costs it would suggest.'),
    h('div', { class: 'two-columns' },
      h('form', { class: 'panel', id: 'balance-form', onsubmit: async (event) => {
        event.preventDefault();
        startButton.disabled = true;
        const started = await attempt(() => api.post('/api/balance', {
          ruleset: ruleset.value, games: Number(games.value), bot: bot.value, seed: Number(seed.value),
          points: Number(points.value), threads: Number(threads.value) }));
        startButton.disabled = false;
        if (started) navigate(`/balance/${started.job}`);
      } }, h('h2', {}, 'New run'),
        h('div', { class: 'row top' }, field('Ruleset', ruleset), field('Games', games, '1 to 20,000'), field('Bot', bot)),
        h('div', { class: 'row' }, field('Seed', seed), field('Points a side', points), field('Threads', threads)),
        h('p', {}, startButton)),
      h('section', { class: 'panel' }, h('h2', {}, 'Runs'),
        jobs.length ? h('table', { class: 'data' },
          h('thead', {}, h('tr', {}, h('th', {}, 'Job'), h('th', {}, 'State'), h('th', { class: 'num' }, 'Games'))),
          h('tbody', {}, jobs.map((job) => h('tr', {},
            h('td', {}, h('a', { href: `#/balance/${job.id}` }, `#${job.id}`)), h('td', {}, job.state),
            h('td', { class: 'num' }, `${job.done} / ${job.total}`)))))
          : h('p', { class: 'empty' }, 'No runs yet.'))));
}

async function renderJob(root, id) {
  const progress = h('progress', { max: 1, value: 0, id: 'job-progress' });
  const label = h('span', { class: 'muted' });
  const cancel = h('button', { class: 'danger', onclick: async () => { await attempt(() => api.del(`/api/jobs/${id}`)); poll(); } }, 'Cancel');
  const report = h('article', { class: 'report', id: 'report' });
  append(root, h('p', { class: 'crumbs' }, h('a', { href: '#/balance' }, 'Balance'), ` / run #${id}`),
    h('h1', {}, `Balance run #${id}`), h('div', { class: 'progress-line panel' }, progress, label, cancel), report);
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
    progress.max = Math.max(1, job.total);
    progress.value = job.done;
    label.textContent = ` ${job.done} of ${job.total} games · ${job.state}`;
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
      replace(report, frame);
    } else if (job.error) {
      replace(report, h('p', { class: 'error-text' }, job.error));
    } else {
      replace(report, h('p', { class: 'muted' }, `The run was ${job.state}.`));
    }
  }
  poll();
  return () => { stopped = true; clearTimeout(timer); };
}
