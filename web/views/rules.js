// Rules: every ruleset's rules text and the project's rulings, rendered on the server; a table of
// contents, a search over every ruleset, and links that stay inside the app
// (#/rules/RULESET/ANCHOR, #/rulings/RULESET/ANCHOR: routes_rules.cc writes them).
import { api, cached } from '../lib/api.js';
import { h, append, replace, debounce } from '../lib/dom.js';
import { rulesHref } from '../lib/navigate.js';
import { loadRulesets, rulesetTitle } from '../lib/rulesets.js';

export async function render(root, params, query, section) {
  const rulings = section === 'rulings';
  const [list, rulesets] = await Promise.all([cached('/api/rules'), loadRulesets()]);
  const ruleset = params[0] ?? '';
  const anchor = params[1] ?? '';
  const searchBox = h('input', { type: 'search', placeholder: 'Search every ruleset…', 'aria-label': 'Search the rules',
                                 value: query.get('q') ?? '', class: 'search' });
  const results = h('div', { class: 'search-results' });
  const sidebar = h('aside', { class: 'sidebar' }, searchBox, results);
  const body = h('article', { class: 'rules-text' });
  append(root, h('div', { class: 'with-sidebar' }, sidebar, body));

  const search = debounce(async () => {
    const words = searchBox.value.trim();
    history.replaceState(null, '', words ? `${location.hash.split('?')[0]}?q=${encodeURIComponent(words)}` : location.hash.split('?')[0]);
    if (!words) { results.replaceChildren(); return; }
    try {
      const hits = await api.get(`/api/rules/search?q=${encodeURIComponent(words)}`);
      replace(results, h('h3', {}, hits.length ? `${hits.length} found` : 'Nothing found'),
        h('ul', { class: 'hits' }, hits.map((hit) => h('li', {},
          h('a', { href: rulesHref(hit.ruleset, hit.anchor) }, hit.title),
          h('span', { class: 'muted' }, ` · ${rulesetTitle(rulesets, hit.ruleset)}`),
          hit.snippet ? h('div', { class: 'snippet' }, hit.snippet) : null))));
    } catch (err) {
      replace(results, h('p', { class: 'error-text' }, err.message));
    }
  }, 250);
  searchBox.addEventListener('input', search);
  if (searchBox.value) search();

  if (!ruleset) {
    append(body, h('h1', {}, 'Rules'),
      h('p', {}, 'The rules of each ruleset, cleaned up from the designers\' drafts, and the project\'s rulings: ' +
                  'how this implementation settles each open question.'),
      h('ul', { class: 'plain' }, list.map((entry) => h('li', {},
        h('a', { href: rulesHref(entry.ruleset) }, entry.title), ' · ',
        h('a', { href: rulesHref(entry.ruleset, '', true) }, 'rulings')))));
    return search.cancel;
  }
  const entry = list.find((item) => item.ruleset === ruleset);
  if (!entry) {
    append(body, h('h1', {}, 'Unknown ruleset'), h('p', {}, `No rules for "${ruleset}".`));
    return search.cancel;
  }
  append(sidebar, h('h3', {}, entry.title),
    h('p', { class: 'tabs' },
      h('a', { href: rulesHref(ruleset), class: rulings ? '' : 'active' }, 'Rules'), ' ',
      h('a', { href: rulesHref(ruleset, '', true), class: rulings ? 'active' : '' }, 'Rulings')),
    rulings ? null : h('nav', { class: 'toc' }, h('ul', {}, entry.topics.map((topic) =>
      h('li', {}, h('a', { href: rulesHref(ruleset, topic.anchor), class: topic.anchor === anchor ? 'active' : '' }, topic.title))))));

  const doc = await cached(`/api/rules/${encodeURIComponent(ruleset)}`);
  body.innerHTML = rulings ? doc.rulings_html : doc.html;  // rendered by the server from our own docs
  openWebLinksApart(body);
  if (anchor) {
    const target = document.getElementById(anchor);
    if (target) {
      target.classList.add('target');
      target.scrollIntoView({ block: 'start' });
    }
  } else {
    window.scrollTo(0, 0);
  }
  return search.cancel;
}

// The server made each link of the text an app link (#/rules/RULESET/ANCHOR, #/rulings/...) or
// left a web address, which opens beside the app.
function openWebLinksApart(body) {
  for (const link of body.querySelectorAll('a[href]')) {
    if (link.getAttribute('href').startsWith('#')) continue;
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener');
  }
}
