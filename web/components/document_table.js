// A list of builder documents (GET /api/documents): each opens, exports as the CLI's file, or is
// deleted.
import { api, attempt } from '../lib/api.js';
import { h, download } from '../lib/dom.js';
import { fileName, formatTime } from '../lib/format.js';

// docs: the documents; href(doc): where a document opens; onDeleted(): called after a delete.
export function documentTable(docs, href, onDeleted) {
  return h('table', { class: 'data documents' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Name'), h('th', {}, 'Saved'), h('th', {}, ''))),
    h('tbody', {}, docs.map((doc) => h('tr', {},
      h('td', {}, h('a', { href: href(doc) }, doc.name)),
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
