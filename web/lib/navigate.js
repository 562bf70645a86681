// Moving to another page of the app: the router (router.js) follows the address, so a view
// changes the hash and never calls another view.
export function navigate(path) {
  if (location.hash === `#${path}`) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = path;
}

// The app's address of a rules passage (#/rules/RULESET/ANCHOR, #/rulings/RULESET/ANCHOR).
export function rulesHref(ruleset, anchor, rulings = false) {
  return `#/${rulings ? 'rulings' : 'rules'}/${encodeURIComponent(ruleset)}` +
         (anchor ? `/${encodeURIComponent(anchor)}` : '');
}

// The pages that edit builder documents, by document kind: a page serves a kind, never a ruleset.
export const EDITOR_PAGES = {
  warband: { section: 'build', label: 'Build' },
  collection: { section: 'build', label: 'Build' },
  wizard: { section: 'spells', label: 'Spell creator' },
};

// The editor pages for a ruleset's document kinds, each once: [{href, label}].
export function editorLinks(ruleset) {
  const links = new Map();
  for (const { kind } of ruleset.documents ?? []) {
    const page = Object.hasOwn(EDITOR_PAGES, kind) ? EDITOR_PAGES[kind] : null;
    if (page && !links.has(page.section))
      links.set(page.section, { href: `#/${page.section}?ruleset=${encodeURIComponent(ruleset.name)}`, label: page.label });
  }
  return [...links.values()];
}
