// The router's hash parsing and its view table, without a browser: importing the router must not
// start the app (no `document`, no `window` here).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { VIEWS, navSection, parseHash } from '../../web/router.js';

test('a hash is a section, its parameters and a query', () => {
  const route = parseHash('#/rules/toy/a-passage?q=boost&x=1');
  assert.equal(route.section, 'rules');
  assert.deepEqual(route.params, ['toy', 'a-passage']);
  assert.equal(route.query.get('q'), 'boost');
  assert.equal(route.query.get('x'), '1');
});

test('the empty hash and a bare slash are the start page', () => {
  for (const hash of ['', '#', '#/', undefined]) {
    const route = parseHash(hash);
    assert.equal(route.section, '', String(hash));
    assert.deepEqual(route.params, []);
    assert.equal([...route.query].length, 0);
  }
});

test('parameters are decoded and empty segments dropped', () => {
  const route = parseHash('#/play//42%2F7/?ruleset=a%20b');
  assert.equal(route.section, 'play');
  assert.deepEqual(route.params, ['42/7']);
  assert.equal(route.query.get('ruleset'), 'a b');
});

test('every navigation section has a view, and the rulings are part of the rules', () => {
  for (const section of ['', 'build', 'spells', 'play', 'replay', 'odds', 'rules', 'rulings', 'balance'])
    assert.equal(typeof VIEWS[section], 'function', section);
  assert.equal(navSection('rulings'), 'rules');
  assert.equal(navSection('play'), 'play');
});

test('a section that names an inherited property is no view', () => {
  assert.equal(Object.hasOwn(VIEWS, 'constructor'), false);
  assert.equal(Object.hasOwn(VIEWS, 'toString'), false);
});
