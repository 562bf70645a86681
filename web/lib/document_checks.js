// Whether saved documents are legal, asked of the ruleset's own check: the builder operation of
// the document's kind named "validate" (a warband) or "<kind>-validate" (a wizard), as
// GET /api/build declares it. The browser judges nothing itself.
import { api, cached } from './api.js';

// The check operation a ruleset's builder declares for documents of `kind`, or null.
export function checkOperation(builders, ruleset, kind) {
  const builder = (builders ?? []).find((b) => b.ruleset === ruleset);
  return (builder?.operations ?? []).find((op) => op.kind === kind && (op.name === 'validate' || op.name === `${kind}-validate`)) ?? null;
}

// {legal, problems} for each document (by id); a document that cannot be checked is left out.
export async function checkDocuments(ruleset, kind, documents) {
  const operation = checkOperation(await cached('/api/build'), ruleset, kind);
  const checks = new Map();
  if (!operation || !documents.length) return checks;
  await Promise.all(documents.map(async (doc) => {
    try {
      const result = await api.post(`/api/build/${encodeURIComponent(ruleset)}/${operation.name}`, { document: doc.id, args: {} });
      const problems = result.json?.problems ?? [];
      checks.set(doc.id, { legal: result.json?.legal ?? problems.length === 0, problems });
    } catch {
      // A document its check refuses (unreadable text) is shown as it is; starting says why.
    }
  }));
  return checks;
}

// " (illegal: 3 problems)" after an illegal document's name; "" for a legal or unchecked one.
export function legalityLabel(check) {
  if (!check || check.legal) return '';
  const count = check.problems.length;
  return ` (illegal: ${count} problem${count === 1 ? '' : 's'})`;
}
