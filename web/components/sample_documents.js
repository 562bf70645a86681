// "Start from ...": the documents a ruleset ships (GET /api/build/{ruleset}/samples: its sample
// warbands, wizards...), each a button that saves an editable copy (POST /api/documents) and
// opens it. The shipped file itself is never changed.
import { api, attempt } from '../lib/api.js';
import { h } from '../lib/dom.js';

// The ruleset's samples of one kind ([] when it ships none or cannot say).
export async function loadSamples(ruleset, kind) {
  const samples = await api.get(`/api/build/${encodeURIComponent(ruleset)}/samples`).catch(() => []);
  return samples.filter((sample) => sample.kind === kind);
}

// A panel of "Start from NAME" buttons; `open(doc)` is called with the new copy. null when none.
export function sampleStarters({ ruleset, kind, samples, title = 'Start from a sample', note, open }) {
  if (!samples.length) return null;
  return h('div', { class: 'panel samples', id: 'samples' }, h('h2', {}, title),
    note ? h('p', { class: 'muted small' }, note) : null,
    h('div', { class: 'sample-buttons' }, samples.map((sample) => h('button', {
      type: 'button', dataset: { sample: sample.id },
      onclick: async (event) => {
        const button = event.currentTarget;
        button.disabled = true;
        const doc = await attempt(() => api.post('/api/documents', { ruleset, kind, name: sample.name, text: sample.text }));
        button.disabled = false;
        if (doc) open(doc);
      } }, `Start from ${sample.name}`))));
}
