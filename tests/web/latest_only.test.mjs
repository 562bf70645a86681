// A remote game's page fetches its view on each event; answers that come back out of order must
// not put an older view over a newer one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { latestOnly } from '../../web/lib/latest_only.js';

test('an earlier answer that comes back last is dropped', async () => {
  const release = [];
  const fetchView = latestOnly((length) => new Promise((resolve) => release.push(() => resolve({ length }))));
  const first = fetchView(7);
  const second = fetchView(8);
  release[1]();  // the later request answers first
  release[0]();
  assert.deepEqual(await second, { length: 8 });
  assert.equal(await first, null);
});

test('answers in order are each kept', async () => {
  const fetchView = latestOnly(async (length) => ({ length }));
  assert.deepEqual(await fetchView(1), { length: 1 });
  assert.deepEqual(await fetchView(2), { length: 2 });
});
