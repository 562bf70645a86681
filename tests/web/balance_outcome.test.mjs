// The Balance form's outcome and luck: the request fields they add, and the luck's hint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OUTCOMES, luckForced, luckHint, outcomeRequest } from '../../web/lib/balance_outcome.js';

test('only what differs from the server\'s defaults is sent', () => {
  assert.deepEqual(outcomeRequest({ outcome: 'result', luck: false }), {});
  assert.deepEqual(outcomeRequest({ outcome: 'margin', luck: false }), { outcome: 'margin' });
  assert.deepEqual(outcomeRequest({ outcome: 'margin', luck: true }), { outcome: 'margin', luck: true });
  assert.deepEqual(outcomeRequest({ outcome: 'result', luck: true }), { luck: true });
  assert.deepEqual(OUTCOMES.map((o) => o.value), ['result', 'margin']);
});

test('the hint says what the luck does with each outcome; a repricing by the result always measures it', () => {
  assert.match(luckHint('margin', false), /column of the margin's fit/);
  assert.match(luckHint('result', false), /subtracted from each result/);
  assert.match(luckHint('result', true), /^a repricing by the result always measures it/);
  assert.match(luckHint('margin', true), /column of the margin's fit/);
  assert.equal(luckForced('result', true), true);
  assert.equal(luckForced('margin', true), false);
  assert.equal(luckForced('result', false), false);
});
