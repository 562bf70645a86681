// Documents of any kind a ruleset's builder declares, edited through the operations it declares
// (GET /api/build) and nothing else: the list (saved ones, samples, a new one from the kind's
// `created_by` operation, an import), and one document with its check's report (the points and
// every problem, as the CLI prints them) and a form per operation. Pages with a dedicated editor
// (Build, Spells) serve their own kinds; this serves the rest, so a new ruleset's documents work
// in the browser by being registered.
import { api, attempt, cached } from '../lib/api.js';
import { h, append, replace, download } from '../lib/dom.js';
import { fileName } from '../lib/format.js';
import { checkDocuments, checkOperation } from '../lib/document_checks.js';
import { catalogOperations, catalogsFor } from '../lib/catalogs.js';
import { documentTable } from './document_table.js';
import { loadSamples, sampleStarters } from './sample_documents.js';
import { operationForm } from './operation_form.js';
import { playHref } from '../lib/navigate.js';

function post(ruleset, name, body) {
  return api.post(`/api/build/${encodeURIComponent(ruleset)}/${name}`, body);
}

function documentsPath(ruleset, kind) {
  return `/api/documents?ruleset=${encodeURIComponent(ruleset)}&kind=${encodeURIComponent(kind)}`;
}

function notLegal(count) {
  return `Not legal: ${count} problem${count === 1 ? '' : 's'}`;
}

// The ruleset's builder (GET /api/build): {documents, operations}.
export async function builderOf(ruleset) {
  return (await cached('/api/build')).find((builder) => builder.ruleset === ruleset) ?? null;
}

// The operations on documents of `kind`, by role.
function kindOperations(builder, kind) {
  const ofKind = (builder?.operations ?? []).filter((op) => op.kind === kind);
  const declared = (builder?.documents ?? []).find((d) => d.kind === kind);
  const check = checkOperation([builder], builder?.ruleset, kind);
  const creator = ofKind.find((op) => op.name === declared?.created_by) ?? null;
  // An import creates its document from a text (an exported file).
  const importer = ofKind.find((op) => op.creates && op !== creator && op.options.some((o) => o.takes === 'text')) ?? null;
  const exporter = ofKind.find((op) => /(^|-)export$/.test(op.name)) ?? null;
  const edits = ofKind.filter((op) => !op.creates && op !== check && op !== exporter);
  return { declared, check, creator, importer, exporter, edits };
}

// The list page of one kind: `open(doc)` goes to a document.
export async function renderDocumentList(root, { ruleset, kind, open, href }) {
  const builder = await builderOf(ruleset.name);
  const ops = kindOperations(builder, kind);
  const title = ops.declared?.title ?? kind;
  const [docs, samples] = await Promise.all([api.get(documentsPath(ruleset.name, kind)), loadSamples(ruleset.name, kind)]);
  const checks = await checkDocuments(ruleset.name, kind, docs);
  const reload = async () => {
    replace(root);
    await renderDocumentList(root, { ruleset, kind, open, href });
  };
  append(root, h('h1', {}, `${ruleset.title ?? ruleset.name}: ${title}s`),
    h('p', { class: 'muted' }, ops.declared?.summary ?? '', '. Saved on this server as the same files ',
      h('code', {}, `warband build ${ruleset.name}`), ' writes.'),
    sampleStarters({ ruleset: ruleset.name, kind, samples, title: `Start from a shipped ${title.toLowerCase()}`, open,
      note: 'Your copy is saved with yours; the shipped file is never changed.' }),
    docs.length ? documentTable(docs, href, reload, checks) : h('p', { class: 'muted', id: 'no-documents' }, `No ${title.toLowerCase()}s saved yet.`));
  // A form here makes a new document: there is no file for the CLI's "force" to replace.
  const omit = ['force'];
  if (ops.creator) {
    const { form } = operationForm(ops.creator, { submitLabel: `Create the ${title.toLowerCase()}`, omit,
      onSubmit: async (body) => {
        const result = await attempt(() => post(ruleset.name, ops.creator.name, body));
        if (result?.document) open(result.document);
      } });
    form.id = 'new-document';
    append(root, form);
  }
  if (ops.importer) {
    const { form } = operationForm(ops.importer, { submitLabel: 'Import', omit,
      onSubmit: async (body) => {
        const result = await attempt(() => post(ruleset.name, ops.importer.name, body));
        if (result?.document) open(result.document);
      } });
    form.id = 'import-document';
    append(root, form);
  }
}

// One document: its check's report, its exports and a form per operation on it.
export async function renderDocumentEditor(root, { id, listHref }) {
  const doc = await api.get(`/api/documents/${id}`);
  const builder = await builderOf(doc.ruleset);
  const ops = kindOperations(builder, doc.kind);
  const title = ops.declared?.title ?? doc.kind;
  const documentsOf = new Map();
  for (const kind of new Set(ops.edits.flatMap((op) => op.options.map((o) => o.takes)).filter((t) => !['value', 'text', 'document'].includes(t))))
    documentsOf.set(kind, await api.get(documentsPath(doc.ruleset, kind)));
  const reload = async () => {
    replace(root);
    await renderDocumentEditor(root, { id, listHref });
  };
  const report = ops.check ? await attempt(() => post(doc.ruleset, ops.check.name, { document: id, args: {} })) : null;
  append(root,
    h('p', { class: 'crumbs' }, h('a', { href: listHref(doc) }, `${title}s`), ' / ', doc.name),
    h('h1', {}, doc.name),
    report ? h('div', { class: `panel document-report ${report.exit_code === 0 ? 'legal' : 'illegal'}`, id: 'report' },
      h('h2', {}, report.exit_code === 0 ? `Legal ${title.toLowerCase()}` : notLegal(report.json?.problems?.length ?? 0)),
      report.json?.points !== undefined ? h('p', { class: 'points' }, `${report.json.points} points`) : null,
      report.exit_code === 0 && ops.declared?.plays_as_side
        ? h('p', { class: 'play-it' }, h('a', { href: playHref(doc.ruleset, doc.id) }, 'Play it'),
            `: “${doc.name}” plays as Red; pick the other side.`) : null,
      h('pre', { class: 'report-text' }, report.text)) : null);
  const exports = h('div', { class: 'row no-print', id: 'exports' },
    h('button', { type: 'button', onclick: () => download(fileName(doc.name, ops.declared?.suffix ?? '.toml'), doc.text, 'application/toml') }, 'Export the file'));
  const formats = ops.exporter?.options.some((o) => o.name === 'format') ? ['json', 'markdown'] : [];
  for (const format of formats)
    append(exports, ' ', h('button', { type: 'button', onclick: async () => {
      const result = await attempt(() => post(doc.ruleset, ops.exporter.name, { document: id, args: { format } }));
      if (result) download(fileName(doc.name, format === 'json' ? '.json' : '.md'), result.text, format === 'json' ? 'application/json' : 'text/markdown');
    } }, `Export as ${format === 'json' ? 'JSON' : 'Markdown'}`));
  append(root, exports, referenceLists(doc.ruleset, ops.edits, catalogOperations(builder)));
  for (const operation of ops.edits) {
    const { form } = operationForm(operation, {
      documents: (kind) => documentsOf.get(kind) ?? [],
      onSubmit: async (body) => {
        const fresh = await api.get(`/api/documents/${id}`);
        const result = await attempt(() => post(doc.ruleset, operation.name, { ...body, document: id, revision: fresh.revision }));
        if (result) await reload();
      } });
    append(root, form);
  }
}

// What the forms' values may name, as the CLI's catalog commands list it (the shipped characters,
// the profiles, the cards): a form's help says "see `profiles`", and the browser has no other
// place to see them. The one the forms name first is open; the others load when opened.
function referenceLists(ruleset, edits, catalogs) {
  const shown = catalogsFor(edits, catalogs);
  if (!shown.length) return null;
  return h('section', { class: 'panel reference', id: 'reference' }, h('h2', {}, 'For reference'),
    shown.map((operation, index) => {
      const body = h('pre', { class: 'report-text' }, 'Loading…');
      let loaded = false;
      const load = async () => {
        if (loaded) return;
        loaded = true;
        const result = await attempt(() => post(ruleset, operation.name, { args: {} }));
        body.textContent = result ? result.text : 'Could not be loaded (see the message above).';
      };
      const details = h('details', { dataset: { catalog: operation.name }, ontoggle: () => { if (details.open) load(); } },
        h('summary', {}, `${operation.summary} (`, h('code', {}, operation.name), ')'), body);
      if (index === 0) {
        details.open = true;
        load();
      }
      return details;
    }));
}
