// A document page's reference lists: the builder's catalog operations (no document, no option),
// those its forms' help names first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catalogOperations, catalogsFor } from '../../web/lib/catalogs.js';

const builder = {
  ruleset: 'example',
  operations: [
    { name: 'warband-new', kind: 'warband', options: [{ name: 'name', help: "the warband's name" }] },
    { name: 'warband-add', kind: 'warband', options: [{ name: 'profile', help: "a profile's name (see `profiles`)" }] },
    { name: 'deck-add', kind: 'deck', options: [{ name: 'card', help: 'a card id of cards.toml, repeatable (see `cards`)' }] },
    { name: 'cards', kind: '', summary: 'the draft cards', options: [] },
    { name: 'profiles', kind: '', summary: 'the model profiles', options: [] },
    { name: 'model-price', kind: '', summary: "a profile's points", options: [{ name: 'profile', help: 'a name' }] },
  ],
};

test('a catalog takes no document and no option', () => {
  assert.deepEqual(catalogOperations(builder).map((op) => op.name), ['cards', 'profiles']);
  assert.deepEqual(catalogOperations(null), []);
  assert.deepEqual(catalogOperations({ operations: [{ name: 'show', kind: 'warband', options: [] }] }), []);
});

test('the catalogs a kind\'s forms name come first, the others after', () => {
  const catalogs = catalogOperations(builder);
  const warbandForms = builder.operations.filter((op) => op.kind === 'warband');
  assert.deepEqual(catalogsFor(warbandForms, catalogs).map((op) => op.name), ['profiles', 'cards']);
  const deckForms = builder.operations.filter((op) => op.kind === 'deck');
  assert.deepEqual(catalogsFor(deckForms, catalogs).map((op) => op.name), ['cards', 'profiles']);
  assert.deepEqual(catalogsFor([], []), []);
});
