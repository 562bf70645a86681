// Odds: each ruleset's `warband odds` query as a form (its options from GET /api/odds); the chart
// and the table follow the values as they change (debounced).
// The first values of the form are the ruleset's own example (odds_example in GET /api/rulesets),
// so the page opens on a chart.
import { api, cached } from '../lib/api.js';
import { h, append, replace, debounce, field } from '../lib/dom.js';
import { percent } from '../lib/format.js';
import { loadRulesets, rulesetTitle } from '../lib/rulesets.js';

export async function render(root, params) {
  const [queries, rulesets] = await Promise.all([cached('/api/odds'), loadRulesets()]);
  const ruleset = params[0] ?? queries[0]?.ruleset;
  const query = queries.find((q) => q.ruleset === ruleset);
  append(root, h('h1', {}, 'Odds'),
    h('p', { class: 'tabs' }, queries.map((q) =>
      h('a', { href: `#/odds/${q.ruleset}`, class: q.ruleset === ruleset ? 'active' : '' }, rulesetTitle(rulesets, q.ruleset)))));
  if (!query) {
    append(root, h('p', {}, `No odds for "${ruleset}".`));
    return undefined;
  }
  const example = rulesets.find((r) => r.name === ruleset)?.odds_example ?? {};
  const inputs = new Map();
  const form = h('form', { class: 'odds-form', onsubmit: (event) => event.preventDefault() });
  for (const option of query.options) {
    const id = `odds-${option.name}`;
    const input = option.flag
      ? h('input', { type: 'checkbox', id, name: option.name, checked: String(example[option.name]) === 'true' })
      : h('input', { type: 'text', id, name: option.name, value: example[option.name] ?? '', placeholder: '', autocomplete: 'off' });
    inputs.set(option.name, input);
    append(form, option.flag
      ? h('label', { class: 'field check', title: option.help }, input, h('span', {}, `--${option.name}`), h('small', { class: 'field-help' }, option.help))
      : field(`--${option.name}`, input, option.help));
  }
  const samples = h('input', { type: 'number', min: 0, max: 1000000, step: 1000, value: 0, name: 'samples' });
  const seed = h('input', { type: 'number', min: 0, value: 1, name: 'seed' });
  append(form, h('fieldset', { class: 'inline' }, h('legend', {}, 'Monte Carlo check'),
    field('samples', samples, 'plays the mechanic this many times (0: exact odds only)'), field('seed', seed)));
  const status = h('p', { class: 'status muted' });
  const chart = h('div', { class: 'chart' });
  const table = h('div', { class: 'odds-table' });
  append(root, h('p', { class: 'muted' }, query.summary),
    h('div', { class: 'odds-layout' }, form, h('div', { class: 'odds-result' }, status, chart, table)));

  let latest = 0;
  const update = debounce(async () => {
    const args = {};
    for (const [name, input] of inputs) {
      if (input.type === 'checkbox') { if (input.checked) args[name] = true; }
      else if (input.value.trim() !== '') args[name] = input.value.trim();
    }
    const ticket = ++latest;
    status.textContent = 'Computing…';
    try {
      const result = await api.post(`/api/odds/${encodeURIComponent(ruleset)}`, {
        args, samples: Number(samples.value) || 0, seed: Number(seed.value) || 0 });
      if (ticket !== latest) return;
      showResult(result, status, chart, table);
    } catch (err) {
      if (ticket !== latest) return;
      status.textContent = '';
      replace(status, h('span', { class: 'error-text' }, err.where ? h('code', {}, err.where) : null, ' ', err.what ?? err.message));
      status.classList.remove('muted');
    }
  }, 300);
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  update();
  return update.cancel;
}

function showResult(result, status, chart, table) {
  status.classList.add('muted');
  replace(status, h('strong', {}, result.title), ` · mean ${result.mean.toFixed(3)} · sd ${result.stdev.toFixed(3)}`,
    Object.entries(result.figures ?? {}).map(([name, value]) =>
      ` · ${name} ${typeof value === 'number' && !Number.isInteger(value) ? value.toFixed(4) : value}`));
  chart.innerHTML = result.svg;  // the server's own SVG chart
  const sampled = new Map((result.monte_carlo?.outcomes ?? []).map((o) => [o.value, o.probability]));
  replace(table, h('table', { class: 'data' },
    h('thead', {}, h('tr', {}, h('th', {}, result.outcome_label ?? 'value'), h('th', { class: 'num' }, 'P'), h('th', { class: 'num' }, 'P(≥)'),
      h('th', { class: 'num' }, 'P(≤)'), h('th', { class: 'num' }, 'exact'), result.monte_carlo ? h('th', { class: 'num' }, 'sampled') : null)),
    h('tbody', {}, result.outcomes.map((o) => h('tr', {},
      h('td', {}, o.value), h('td', { class: 'num' }, percent(o.probability)), h('td', { class: 'num' }, percent(o.at_least)),
      h('td', { class: 'num' }, percent(o.at_most)), h('td', { class: 'num' }, o.fraction ?? ''),
      result.monte_carlo ? h('td', { class: 'num' }, sampled.has(o.value) ? percent(sampled.get(o.value)) : '') : null)))));
}
