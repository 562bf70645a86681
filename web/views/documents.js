// Documents: any document kind a ruleset's builder declares that no dedicated page serves,
// listed and edited through the ruleset's declared operations
// (components/generic_documents.js). #/documents?ruleset=NAME&kind=KIND lists them;
// #/documents/ID opens one.
import { append, h } from '../lib/dom.js';
import { chooseRuleset, loadRulesets } from '../lib/rulesets.js';
import { dedicatedPage, documentsHref, navigate } from '../lib/navigate.js';
import { renderDocumentEditor, renderDocumentList } from '../components/generic_documents.js';

const listHref = (doc) => documentsHref(doc.ruleset, doc.kind);

export async function render(root, params, query) {
  if (params[0]) return renderDocumentEditor(root, { id: params[0], listHref });
  const rulesets = await loadRulesets();
  // The kinds this page serves: those no dedicated page does.
  const generic = rulesets.flatMap((ruleset) => (ruleset.documents ?? [])
    .filter((document) => !dedicatedPage(document)).map((document) => ({ ruleset, document })));
  const wanted = generic.find(({ ruleset, document }) =>
    ruleset.name === query.get('ruleset') && document.kind === query.get('kind')) ?? generic.find(({ ruleset }) =>
    ruleset === chooseRuleset(generic.map((g) => g.ruleset), query.get('ruleset'))) ?? null;
  if (!wanted) {
    append(root, h('h1', {}, 'Documents'), h('p', {}, 'Every document kind of this build has its own page.'));
    return;
  }
  append(root, h('nav', { class: 'tabs', id: 'document-kinds' }, generic.map(({ ruleset, document }) =>
    h('a', { href: documentsHref(ruleset.name, document.kind), class: ruleset === wanted.ruleset && document === wanted.document ? 'active' : '' },
      `${ruleset.title ?? ruleset.name}: ${document.title ?? document.kind}s`))));
  await renderDocumentList(root, { ruleset: wanted.ruleset, kind: wanted.document.kind,
    open: (doc) => navigate(`/documents/${doc.id}`), href: (doc) => `#/documents/${doc.id}` });
}
