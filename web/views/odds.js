// Odds: each ruleset's `warband odds` query as a form grouped by question (GET /api/odds), its
// chart beside it; a second query can be set beside the first for comparison. The address holds
// the queries (lib/odds_link.js), so a link reproduces them: opening it fills the forms and runs them.
// Without one, the form starts on the ruleset's own example (odds_example in GET /api/rulesets).
import { cached } from '../lib/api.js';
import { h, append, replace } from '../lib/dom.js';
import { decodeQueries, encodeQueries } from '../lib/odds_link.js';
import { loadRulesets, rulesetTitle } from '../lib/rulesets.js';
import { oddsPanel } from '../components/odds_panel.js';

export async function render(root, params, search = new URLSearchParams()) {
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
  const linked = decodeQueries(search);
  const starts = linked.length ? linked : [{ question: '', args: example, samples: 0, seed: 1 }];

  const link = h('a', { class: 'share-link', href: '#' }, 'Link to this query');
  const compare = h('button', { type: 'button', class: 'compare' });
  const panelsBox = h('div', { class: 'odds-panels' });
  append(root, h('p', { class: 'muted' }, query.summary),
    h('p', { class: 'row odds-actions' }, compare, ' ', link,
      h('small', { class: 'muted' }, ' (copy it to share these odds: it opens on the same forms)')),
    panelsBox);

  let panels = [];
  // The address follows the forms without a reload (replaceState fires no hashchange).
  const keepAddress = () => {
    const text = encodeQueries(panels.map((p) => p.state()));
    const address = `#/odds/${encodeURIComponent(ruleset)}${text ? `?${text}` : ''}`;
    link.href = address;
    if (location.hash !== address) history.replaceState(null, '', address);
  };
  const draw = (states) => {
    for (const panel of panels) panel.cancel();
    panels = states.map((start, i) => oddsPanel({
      ruleset, query, start,
      idPrefix: i === 0 ? 'odds-' : 'odds-b-',
      label: states.length > 1 ? `Query ${'AB'[i]}` : '',
      onChange: () => keepAddress(),
    }));
    panelsBox.classList.toggle('comparing', panels.length > 1);
    replace(panelsBox, panels.map((p) => p.node));
    compare.textContent = panels.length > 1 ? 'Remove query B' : 'Compare with another query';
    keepAddress();
  };
  compare.addEventListener('click', () => {
    const now = panels.map((p) => p.state());
    // The second query starts as a copy of the first: change one thing and compare.
    draw(now.length > 1 ? [now[0]] : [now[0], structuredClone(now[0])]);
  });
  draw(starts);
  return () => { for (const panel of panels) panel.cancel(); };
}
