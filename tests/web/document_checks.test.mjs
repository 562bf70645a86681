// Which builder operation checks a saved document (as GET /api/build declares it), and how an
// illegal one is labelled in a menu.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkOperation, legalityLabel } from '../../web/lib/document_checks.js';

const builders = [
  { ruleset: 'atomspast', operations: [{ name: 'show', kind: 'warband' }, { name: 'validate', kind: 'warband' }, { name: 'collection-show', kind: 'collection' }] },
  { ruleset: 'spellweavers', operations: [{ name: 'wizard-new', kind: 'wizard' }, { name: 'wizard-validate', kind: 'wizard' }] },
];

test('the check is the "validate" (or "<kind>-validate") operation of the document\'s kind', () => {
  assert.equal(checkOperation(builders, 'atomspast', 'warband').name, 'validate');
  assert.equal(checkOperation(builders, 'spellweavers', 'wizard').name, 'wizard-validate');
  assert.equal(checkOperation(builders, 'atomspast', 'collection'), null);
  assert.equal(checkOperation(builders, 'conflict', 'warband'), null);
  assert.equal(checkOperation(undefined, 'atomspast', 'warband'), null);
});

test('an illegal document says how many problems; a legal or unchecked one says nothing', () => {
  assert.equal(legalityLabel({ legal: false, problems: ['a', 'b', 'c'] }), ' (illegal: 3 problems)');
  assert.equal(legalityLabel({ legal: false, problems: ['a'] }), ' (illegal: 1 problem)');
  assert.equal(legalityLabel({ legal: true, problems: [] }), '');
  assert.equal(legalityLabel(undefined), '');
});
