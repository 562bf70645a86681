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

// The pages that edit builder documents, by document kind: a page serves a kind, never a ruleset,
// and only a kind whose operations it calls (`needs`, among those GET /api/rulesets lists for the
// kind). Any other kind opens in the generic documents page, which runs whatever operations the
// ruleset declares.
export const EDITOR_PAGES = {
  warband: { section: 'build', label: 'Build', needs: ['new', 'add', 'validate'] },
  collection: { section: 'build', label: 'Build', needs: ['collection-add', 'collection-show'] },
  wizard: { section: 'spells', label: 'Spell creator', needs: ['wizard-new', 'wizard-add-spell'] },
};

// The dedicated page for a declared document kind ({kind, operations}), or null when there is
// none or it would call an operation the kind lacks. A declaration without its operations (an
// older server) is taken to fit.
export function dedicatedPage(document) {
  const page = Object.hasOwn(EDITOR_PAGES, document.kind) ? EDITOR_PAGES[document.kind] : null;
  if (!page) return null;
  if (!Array.isArray(document.operations)) return page;
  return page.needs.every((name) => document.operations.includes(name)) ? page : null;
}

// Whether the ruleset's documents of `kind` open in the page of `section`.
export function servedBy(ruleset, kind, section) {
  const document = (ruleset.documents ?? []).find((d) => d.kind === kind);
  return Boolean(document) && dedicatedPage(document)?.section === section;
}

// The Play page's new-game form for a ruleset (a saved side is picked there, under "Your ...").
// The Play page of a ruleset; with a saved document's id, that document is Red's side
// (`red=document:ID`, which the new-game form reads as its option value).
export function playHref(ruleset, redDocument) {
  const red = redDocument ? `&red=${encodeURIComponent(`document:${redDocument}`)}` : '';
  return `#/play?ruleset=${encodeURIComponent(ruleset)}${red}`;
}

// The generic documents page of one ruleset's kind.
export function documentsHref(ruleset, kind) {
  return `#/documents?ruleset=${encodeURIComponent(ruleset)}&kind=${encodeURIComponent(kind)}`;
}

// The editor pages for a ruleset's document kinds, each once: [{href, label}]; a kind no
// dedicated page serves gets the generic page, labelled by its title ("Characters").
export function editorLinks(ruleset) {
  const links = new Map();
  for (const document of ruleset.documents ?? []) {
    const page = dedicatedPage(document);
    if (page && !links.has(page.section))
      links.set(page.section, { href: `#/${page.section}?ruleset=${encodeURIComponent(ruleset.name)}`, label: page.label });
    else if (!page)
      links.set(`documents:${document.kind}`, { href: documentsHref(ruleset.name, document.kind), label: `${document.title ?? document.kind}s` });
  }
  return [...links.values()];
}
