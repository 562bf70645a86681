// An odds query as a link: what a page writes into its address reads back as the same queries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeQueries, encodeQueries, questionSlug } from '../../web/lib/odds_link.js';

test('a question title becomes a short slug', () => {
  assert.equal(questionSlug('An attack between two units'), 'an-attack-between-two-units');
  assert.equal(questionSlug('A Cast'), 'a-cast');
});

test('one query round-trips through the address, flags and defaults left out', () => {
  const query = { question: 'an-attack-between-two-units', args: { attacker: 'orc_warrior', target: 'footmen', charge: true, ranged: false, cover: '' }, samples: 0, seed: 1 };
  const text = encodeQueries([query]);
  assert.equal(text, 'q=an-attack-between-two-units&attacker=orc_warrior&target=footmen&charge=true');
  assert.deepEqual(decodeQueries(new URLSearchParams(text)), [
    { question: 'an-attack-between-two-units', args: { attacker: 'orc_warrior', target: 'footmen', charge: 'true' }, samples: 0, seed: 1 }]);
});

test('two queries compared: the second under "b."', () => {
  const text = encodeQueries([
    { question: 'a-cast', args: { acti: '6' }, samples: 2000, seed: 7 },
    { question: 'a-cast', args: { acti: '6', channels: '2' }, samples: 0, seed: 1 }]);
  const queries = decodeQueries(new URLSearchParams(text));
  assert.equal(queries.length, 2);
  assert.deepEqual(queries[0], { question: 'a-cast', args: { acti: '6' }, samples: 2000, seed: 7 });
  assert.deepEqual(queries[1], { question: 'a-cast', args: { acti: '6', channels: '2' }, samples: 0, seed: 1 });
});

test('an address without a query holds none', () => {
  assert.deepEqual(decodeQueries(new URLSearchParams('')), []);
});
