// The hash router: #/section/param/... picks a view module from views/ and renders it into <main>.
// A view exports render(root, params, query, section) and may return a cleanup function (timers,
// listeners). Importing this module starts nothing: main.js calls startRouter().
import { clearMessages, showError } from './lib/api.js';
import { h, replace } from './lib/dom.js';

// Each section's view, loaded when first visited.
export const VIEWS = {
  '': () => import('./views/home.js'),
  build: () => import('./views/build.js'),
  spells: () => import('./views/spells.js'),
  documents: () => import('./views/documents.js'),
  play: () => import('./views/play.js'),
  replay: () => import('./views/replay.js'),
  odds: () => import('./views/odds.js'),
  rules: () => import('./views/rules.js'),
  rulings: () => import('./views/rules.js'),
  balance: () => import('./views/balance.js'),
};

// "#/rules/foo/kon?q=boost" → {section: "rules", params: ["foo", "kon"], query}.
export function parseHash(hash) {
  const [path, search = ''] = String(hash ?? '').replace(/^#\/?/, '').split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  return { section: parts[0] ?? '', params: parts.slice(1), query: new URLSearchParams(search) };
}

// The navigation link marked active for a section (the rulings belong to the rules).
export function navSection(section) {
  return section === 'rulings' ? 'rules' : section;
}

let cleanup = null;
let generation = 0;

async function route() {
  const { section, params, query } = parseHash(location.hash);
  const current = ++generation;
  if (cleanup) {
    try { cleanup(); } catch (err) { console.error(err); }
    cleanup = null;
  }
  clearMessages();
  for (const link of document.querySelectorAll('nav a'))
    link.classList.toggle('active', link.dataset.section === navSection(section));
  const root = document.getElementById('view');
  const load = Object.hasOwn(VIEWS, section) ? VIEWS[section] : null;
  if (!load) {
    replace(root, h('h1', {}, 'Not found'),
            h('p', {}, `There is no page "${section}". `, h('a', { href: '#/' }, 'Start here.')));
    return;
  }
  try {
    const view = await load();
    if (current !== generation) return;  // the user moved on while the module loaded
    root.replaceChildren();
    root.dataset.view = section || 'home';
    const result = await view.render(root, params, query, section);
    if (current !== generation) {
      if (typeof result === 'function') result();
      return;
    }
    if (typeof result === 'function') cleanup = result;
  } catch (err) {
    showError(err);
  }
}

// Follows the address from now on, starting with the current one.
export function startRouter() {
  window.addEventListener('hashchange', route);
  route();
}
