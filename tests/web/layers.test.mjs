// The web app's layers (docs: DESIGN.md, "Layout"): views import only components/ and lib/, no
// view imports another view, lib/ imports only lib/, and importing any module but main.js starts
// nothing (this runs in node, where there is no `document`). Outside the board renderers
// (components/boards/), no file names a ruleset.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const WEB = fileURLToPath(new URL('../../web/', import.meta.url));

async function files(folder = WEB) {
  const found = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...await files(full));
    else found.push(full);
  }
  return found;
}

const relative = (file) => path.relative(WEB, file).split(path.sep).join('/');

// The modules a file imports, as paths relative to web/ (static and dynamic imports).
async function importsOf(file) {
  const text = await readFile(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);
  return specifiers.map((spec) => relative(path.resolve(path.dirname(file), spec)));
}

test('views import only components/ and lib/, never another view', async () => {
  const scripts = (await files()).filter((f) => f.endsWith('.js'));
  assert.ok(scripts.length > 10);
  for (const file of scripts) {
    const name = relative(file);
    const imports = await importsOf(file);
    if (name.startsWith('views/'))
      for (const target of imports) assert.match(target, /^(components|lib)\//, `${name} imports ${target}`);
    if (name.startsWith('components/'))
      for (const target of imports) assert.match(target, /^(components|lib)\//, `${name} imports ${target}`);
    if (name.startsWith('lib/'))
      for (const target of imports) assert.match(target, /^lib\//, `${name} imports ${target}`);
  }
});

test('importing a module starts nothing (no document in node)', async () => {
  assert.equal(typeof globalThis.document, 'undefined');
  for (const file of (await files()).filter((f) => f.endsWith('.js') && relative(f) !== 'main.js'))
    await assert.doesNotReject(import(pathToFileURL(file).href), relative(file));
});

test('no file outside the board renderers names a ruleset', async () => {
  const names = /atomspast|spellweavers|conflict|agame/i;
  for (const file of await files()) {
    const name = relative(file);
    if (name.startsWith('components/boards/') || !/\.(js|html|css)$/.test(name)) continue;
    const text = await readFile(file, 'utf8');
    assert.doesNotMatch(text, names, name);
  }
});
