// A list of builder documents (GET /api/documents): each opens, exports as the CLI's file, or is
// deleted.
import { api, attempt } from '../lib/api.js';
import { h, download } from '../lib/dom.js';
import { fileName, formatTime } from '../lib/format.js';
import { legalityLabel } from '../lib/document_checks.js';

// "legal" or "illegal: 3 problems" (the problems as its tooltip); nothing when unchecked.
function legalityTag(check) {
  if (!check) return null;
  if (check.legal) return h('span', { class: 'tag ok legality' }, 'legal');
  return h('span', { class: 'tag bad legality', title: check.problems.join('\n') }, legalityLabel(check).trim().replace(/^\(|\)$/g, ''));
}

// docs: the documents; href(doc): where a document opens; onDeleted(): called after a delete;
// checks (optional, lib/document_checks.js): each document's legality, marked after its name.
export function documentTable(docs, href, onDeleted, checks = null) {
  return h('table', { class: 'data documents' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Name'), h('th', {}, 'Saved'), h('th', {}, ''))),
    h('tbody', {}, docs.map((doc) => h('tr', {},
      h('td', {}, h('a', { href: href(doc) }, doc.name), legalityTag(checks?.get(doc.id))),
      h('td', { class: 'muted' }, formatTime(doc.updated)),
      h('td', { class: 'num' },
        h('button', { class: 'small', onclick: async () => {
          const full = await attempt(() => api.get(`/api/documents/${doc.id}`));
          if (full) download(fileName(full.name), full.text, 'application/toml');
        } }, 'Export'), ' ',
        h('button', { class: 'small danger', onclick: async () => {
          if (!confirm(`Delete "${doc.name}"?`)) return;
          if (await attempt(() => api.del(`/api/documents/${doc.id}`))) onDeleted();
        } }, 'Delete'))))));
}
