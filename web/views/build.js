// Build: warbands and collections (the document kinds "warband" and "collection") kept as documents
// on the server (the CLI's files), for a ruleset whose builder declares those kinds in
// GET /api/rulesets. Every edit runs a builder operation (POST /api/build/RULESET/OP) on the
// document and shows what it answers: the points, the problems, the units; the browser computes
// none of it.
import { api, attempt, showError } from '../lib/api.js';
import { h, append, replace, download, field } from '../lib/dom.js';
import { fileName } from '../lib/format.js';
import { navigate, playHref, rulesHref, servedBy } from '../lib/navigate.js';
import { chooseRuleset, loadRulesets, withDocumentKind } from '../lib/rulesets.js';
import { checkDocuments } from '../lib/document_checks.js';
import { documentTable } from '../components/document_table.js';
import { loadSamples, sampleStarters } from '../components/sample_documents.js';

// The builder operations of one ruleset: operation(name, body) posts to its endpoint.
function builderOf(ruleset) {
  return (name, body) => api.post(`/api/build/${encodeURIComponent(ruleset)}/${name}`, body);
}

function documentsPath(ruleset, kind) {
  return `/api/documents?ruleset=${encodeURIComponent(ruleset)}&kind=${kind}`;
}

export async function render(root, params, query) {
  if (params[0] === 'collection' && params[1]) return renderCollection(root, params[1]);
  if (params[0]) return renderEditor(root, params[0]);
  return renderList(root, query);
}

// ---------------------------------------------------------------------------------------------
// The documents: warbands and collections, new, import, export, delete.

async function renderList(root, query) {
  // The rulesets whose warbands this page knows how to edit (others: the generic documents page).
  const candidates = withDocumentKind(await loadRulesets(), 'warband').filter((r) => servedBy(r, 'warband', 'build'));
  const ruleset = chooseRuleset(candidates, query.get('ruleset'));
  append(root, h('h1', {}, 'Warbands'));
  if (!ruleset) {
    append(root, h('p', {}, 'No ruleset of this build makes warbands.'));
    return;
  }
  const rulesetName = ruleset.name;
  const operation = builderOf(rulesetName);
  const [warbands, collections, samples, catalog] = await Promise.all([
    api.get(documentsPath(rulesetName, 'warband')), api.get(documentsPath(rulesetName, 'collection')),
    loadSamples(rulesetName, 'warband'), operation('points', { args: {} }).then((r) => r.json).catch(() => [])]);
  const checks = await checkDocuments(rulesetName, 'warband', warbands);
  const open = (doc) => navigate(`/build/${doc.id}`);
  const starters = sampleStarters({
    ruleset: rulesetName, kind: 'warband', samples, title: 'Start from a sample warband', open,
    note: 'A ready-made, legal list to copy and change: your copy is saved with your warbands.' });

  // A template: a new list of a faction, with its Kon already in the list and chosen.
  const factions = [...new Set(catalog.map((unit) => unit.faction).filter(Boolean))];
  const name = h('input', { type: 'text', name: 'name', required: true, placeholder: "Tom's Orcs" });
  const limit = h('input', { type: 'number', name: 'points-limit', min: 1, value: 1500 });
  const faction = h('input', { type: 'text', name: 'faction', placeholder: 'none', list: 'factions', oninput: () => fillKons() });
  const kon = h('select', { name: 'kon', 'aria-label': 'Start with this Kon' });
  const fillKons = () => {
    const wanted = faction.value.trim();
    const choices = catalog.filter((unit) => !wanted || !factions.includes(wanted) || unit.faction === wanted);
    replace(kon, h('option', { value: '' }, 'none yet'),
      choices.map((unit) => h('option', { value: unit.unit }, `${unit.name} — ${unit.points} pts`)));
  };
  fillKons();
  const create = h('form', { class: 'panel', id: 'new-warband', onsubmit: async (event) => {
    event.preventDefault();
    const args = { name: name.value.trim(), 'points-limit': limit.value };
    if (faction.value.trim()) args.faction = faction.value.trim();
    const result = await attempt(() => operation('new', { args }));
    if (!result?.document) return;
    if (kon.value) {
      const added = await attempt(() => operation('add', { document: result.document.id, revision: result.document.revision, args: { unit: kon.value } }));
      if (added?.document)
        await attempt(() => operation('set-kon', { document: result.document.id, revision: added.document.revision, args: { unit: kon.value } }));
    }
    open(result.document);
  } }, h('h2', {}, 'New warband'),
    h('div', { class: 'row' }, field('Name', name), field('Points limit', limit), field('Faction', faction),
      field('Kon', kon, 'added to the list as its Kon'),
      h('button', { class: 'primary', type: 'submit' }, 'Create')),
    h('datalist', { id: 'factions' }, factions.map((f) => h('option', { value: f }))));

  const upload = h('input', { type: 'file', accept: '.toml,text/plain', onchange: async () => {
    const file = upload.files[0];
    if (!file) return;
    const text = await file.text();
    const doc = await attempt(() => api.post('/api/documents', {
      ruleset: rulesetName, kind: 'warband', name: file.name.replace(/\.toml$/i, ''), text }));
    upload.value = '';
    if (doc) navigate(`/build/${doc.id}`);
  } });

  const collectionName = h('input', { type: 'text', name: 'collection', required: true, placeholder: 'My shelf' });
  const newCollection = h('form', { class: 'row', onsubmit: async (event) => {
    event.preventDefault();
    const doc = await attempt(() => api.post('/api/documents', {
      ruleset: rulesetName, kind: 'collection', name: collectionName.value.trim(), text: '' }));
    if (doc) navigate(`/build/collection/${doc.id}`);
  } }, field('New collection', collectionName), h('button', { type: 'submit' }, 'Create'));

  const again = () => { root.replaceChildren(); renderList(root, query).catch(showError); };
  append(root,
    candidates.length > 1 ? h('p', { class: 'tabs' }, candidates.map((r) =>
      h('a', { href: `#/build?ruleset=${encodeURIComponent(r.name)}`, class: r === ruleset ? 'active' : '' }, r.title ?? r.name))) : null,
    h('p', { class: 'muted' }, `${ruleset.title ?? rulesetName} warband lists, saved on this server as the same TOML files `,
      h('code', {}, `warband build ${rulesetName}`), ' writes: export one to use it with the command line, import one made there.'),
    warbands.length
      ? documentTable(warbands, (doc) => `#/build/${doc.id}`, again, checks)
      : h('p', { class: 'empty' }, 'No warbands yet: start from a sample, create one below or import a file.'),
    starters,
    h('div', { class: 'two-columns' }, create,
      h('div', { class: 'panel' }, h('h2', {}, 'Import a file'),
        h('p', { class: 'muted small' }, 'A warband file from the command line (TOML).'), upload)),
    h('h2', {}, 'Collections'),
    h('p', { class: 'muted' }, 'The miniatures you own: a warband can be checked against them.'),
    collections.length ? documentTable(collections, (doc) => `#/build/collection/${doc.id}`, again) : null,
    newCollection);
}

// ---------------------------------------------------------------------------------------------
// One warband: units, custom profiles, the Kon, the Spell Deck, live points and problems.

async function renderEditor(root, id) {
  const doc = await api.get(`/api/documents/${id}`);
  const rulesetName = doc.ruleset;
  const operation = builderOf(rulesetName);
  const [spells, terms, weapons, collections, warbands] = await Promise.all([
    operation('spells', { args: {} }),
    operation('terms', { args: {} }),
    operation('weapons', { args: {} }),
    api.get(documentsPath(rulesetName, 'collection')),
    api.get(documentsPath(rulesetName, 'warband'))]);
  const state = {
    ruleset: rulesetName, operation,
    id, revision: doc.revision, name: doc.name, text: doc.text,
    list: null,       // the `show` JSON: points, problems, units
    exported: null,   // the `export --format json` JSON: the deck, the Kon, the unit cards
    selected: null,   // the unit whose profile is open
    units: [], spells: spells.json, weapons: weapons.json,
    terms: terms.json, collection: '',
    otherWarbands: warbands.filter((w) => w.id !== id),  // to copy a Spell Deck from
    factionOnly: true,  // the unit picker shows the list's faction only
    deckView: { filter: '', inDeckOnly: false, scroll: 0 },  // kept across redraws
  };

  const crumbName = h('span', {}, doc.name);
  const status = h('p', { class: 'status muted', id: 'build-status' });
  const summary = h('section', { class: 'summary panel', id: 'summary' });
  // The problems stay in view while the list below is edited (position: sticky).
  const banner = h('div', { class: 'problems-banner', id: 'problems-banner' });
  const unitsBox = h('section', { class: 'panel', id: 'units' });
  const profileBox = h('section', { class: 'panel', id: 'profile' });
  const konBox = h('section', { class: 'panel', id: 'kon' });
  const deckBox = h('section', { class: 'panel', id: 'deck' });
  append(root,
    h('p', { class: 'crumbs no-print' }, h('a', { href: `#/build?ruleset=${encodeURIComponent(doc.ruleset)}` }, 'Warbands'), ' / ', crumbName),
    summary, banner, status,
    h('div', { class: 'editor' },
      h('div', { class: 'editor-main' }, unitsBox, deckBox),
      h('div', { class: 'editor-side' }, konBox, profileBox)));

  // Runs one builder operation on this document and redraws from what it answers. `more`: other
  // fields of the body (another document's id: deck-copy's `from`).
  async function edit(op, args, more = {}) {
    status.textContent = '…';
    try {
      const result = await operation(op, { ...more, document: id, revision: state.revision, args });
      if (result.document) {
        state.revision = result.document.revision;
        state.text = result.document.text;
      }
      status.textContent = result.text.split('\n')[0].replace(/ Saved .*$/, '');
      await refresh();
    } catch (err) {
      status.textContent = '';
      showError(err);
      if (err.status === 409) await reload();
    }
  }

  async function reload() {
    const fresh = await api.get(`/api/documents/${id}`);
    state.revision = fresh.revision;
    state.text = fresh.text;
    await refresh();
  }

  async function refresh() {
    const [shown, exported, priced] = await Promise.all([
      operation('show', { document: id, args: {} }),
      operation('export', { document: id, args: { format: 'json' } }),
      operation('points', { document: id, args: {} })]);
    state.list = shown.json;
    state.exported = exported.json;
    state.units = priced.json;
    if (state.collection) {
      const checked = await operation('validate', { document: id, collection: state.collection, args: {} })
        .catch((err) => { showError(err); return null; });
      if (checked) state.list = { ...state.list, problems: checked.json.problems, legal: checked.json.legal };
    }
    draw();
  }

  function draw() {
    drawSummary(summary, state, { collections, edit, setCollection: async (value) => { state.collection = value; await refresh(); } });
    drawBanner(banner, state.list, state.ruleset, state.id);
    crumbName.textContent = state.list.name;
    drawUnits(unitsBox, state, { edit, select: (unit) => { state.selected = unit; draw(); }, redraw: draw });
    drawKon(konBox, state, edit);
    drawDeck(deckBox, state, edit);
    drawProfile(profileBox, state, id);
  }

  await refresh();
  return undefined;
}

// A rules term as a link to its passage, its definition as the tooltip.
function term(state, title, label = title) {
  const found = state.terms.find((t) => t.title === title);
  if (!found) return label;
  return h('a', { class: 'term', href: rulesHref(state.ruleset, found.anchor), title: found.definition }, label);
}

// The list's own fields: name, points limit, faction (the `set` operation; only what changed);
// `factions`: the catalog's, offered as the faction's choices.
function settingsForm(list, edit, factions) {
  const name = h('input', { type: 'text', name: 'name', value: list.name, required: true, maxlength: 200 });
  const limit = h('input', { type: 'number', name: 'points-limit', min: 1, max: 1000000, value: list.points_limit, required: true });
  const faction = h('input', { type: 'text', name: 'faction', value: list.faction ?? '', maxlength: 200, list: 'list-factions' });
  return h('details', { class: 'custom no-print', id: 'warband-settings' }, h('summary', {}, 'Name, points limit, faction…'),
    h('form', { onsubmit: async (event) => {
      event.preventDefault();
      const args = {};
      if (name.value.trim() !== list.name) args.name = name.value.trim();
      if (Number(limit.value) !== list.points_limit) args['points-limit'] = Number(limit.value);
      if (faction.value.trim() !== (list.faction ?? '')) args.faction = faction.value.trim();
      if (Object.keys(args).length) await edit('set', args);
    } },
    h('div', { class: 'row' }, field('Name', name), field('Points limit', limit), field('Faction', faction)),
    h('datalist', { id: 'list-factions' }, factions.map((f) => h('option', { value: f }))),
    h('button', { type: 'submit' }, 'Save')));
}

function drawSummary(box, state, { collections, setCollection, edit }) {
  const list = state.list;
  const over = list.points > list.points_limit;
  const fill = Math.min(100, (100 * list.points) / Math.max(1, list.points_limit));
  const collection = h('select', { 'aria-label': 'Check against a collection', onchange: () => setCollection(collection.value) },
    h('option', { value: '' }, 'no collection'),
    collections.map((c) => h('option', { value: c.id, selected: c.id === state.collection }, c.name)));
  replace(box,
    h('div', { class: 'summary-head' },
      h('div', {},
        h('h1', {}, list.name, list.faction ? h('span', { class: 'muted faction' }, ` · ${list.faction}`) : null),
        h('div', { class: 'points-line' },
          h('span', { class: `points ${over ? 'over' : ''}`, id: 'points' }, `${list.points} / ${list.points_limit} points`),
          h('span', { class: 'points-bar' }, h('span', { class: `points-fill ${over ? 'over' : ''}`, style: `width: ${fill}%` })),
          h('span', { class: 'muted' }, `${list.deck_cards} spell cards`))),
      h('div', { class: 'actions no-print' },
        h('button', { onclick: () => printView(state) }, 'Print view'),
        h('button', { onclick: () => download(fileName(list.name), state.text, 'application/toml') }, 'Export file'),
        h('label', { class: 'inline-field' }, 'Check against ', collection))),
    settingsForm(list, edit, [...new Set(state.units.map((unit) => unit.faction).filter(Boolean))]));
}

// Legal or not, every problem, and the warnings (legal, but worth a look: a unit of another
// faction). Kept in view while editing: the problems banner is sticky.
function drawBanner(box, list, ruleset, documentId) {
  const warnings = list.warnings ?? [];
  replace(box,
    list.legal
      ? h('p', { class: 'legal ok', id: 'problems' }, '✔ Legal: ready to play. ',
          h('a', { href: playHref(ruleset, documentId), id: 'play-it' }, 'Play it'), `: “${list.name}” plays as Red; pick the other side.`)
      : h('div', { class: 'legal bad', id: 'problems' },
          h('strong', {}, `Not legal yet (${list.problems.length} problem${list.problems.length === 1 ? '' : 's'}):`),
          h('ul', {}, list.problems.map((problem) => h('li', { class: 'problem' }, problem)))),
    warnings.length
      ? h('div', { class: 'legal warn', id: 'warnings' },
          h('strong', {}, `${warnings.length} warning${warnings.length === 1 ? '' : 's'} (the list stays legal):`),
          h('ul', {}, warnings.map((warning) => h('li', { class: 'warning' }, warning))))
      : null);
}

// The unit picker: the list's own faction (and its custom profiles) first; the other factions'
// units in their own groups, or hidden while "only FACTION" is ticked (as Army Forge and New
// Recruit filter by faction). Adding one anyway is allowed: the builder then warns.
function unitPicker(state, customIds, redraw) {
  const own = state.list.faction ?? '';
  const inFaction = (unit) => !own || customIds.has(unit.unit) || !unit.faction || unit.faction === own;
  const option = (unit) => h('option', { value: unit.unit },
    `${unit.name} — ${unit.points} pts${customIds.has(unit.unit) ? ' (custom)' : ''}${inFaction(unit) ? '' : ` (${unit.faction})`}`);
  const others = state.units.filter((unit) => !inFaction(unit));
  const groups = new Map();
  for (const unit of others) groups.set(unit.faction, [...(groups.get(unit.faction) ?? []), unit]);
  const filtering = own && state.factionOnly;
  const select = h('select', { name: 'unit', 'aria-label': 'Unit to add' },
    own ? h('optgroup', { label: own }, state.units.filter(inFaction).map(option)) : state.units.map(option),
    filtering ? null : [...groups].map(([faction, units]) => h('optgroup', { label: `${faction} (another faction)` }, units.map(option))));
  const only = own && others.length
    ? h('label', { class: 'check-inline small' }, h('input', { type: 'checkbox', name: 'faction-only', checked: state.factionOnly,
        onchange: (event) => { state.factionOnly = event.target.checked; redraw(); } }), ` only ${own}`)
    : null;
  return { select, only, inFaction };
}

function drawUnits(box, state, { edit, select, redraw }) {
  const list = state.list;
  const kon = state.exported?.warband?.kon?.unit ?? '';
  const customIds = new Set((state.exported?.warband?.custom ?? []).map((c) => c.id));
  const picker = unitPicker(state, customIds, redraw);
  const unitSelect = picker.select;
  const factionOf = new Map(state.units.map((unit) => [unit.unit, unit]));
  const count = h('input', { type: 'number', min: 1, max: 100, value: 1, name: 'count', 'aria-label': 'How many' });
  replace(box, h('h2', {}, 'Units'),
    list.units.length
      ? h('table', { class: 'data units' },
          h('thead', {}, h('tr', {}, h('th', {}, 'Unit'), h('th', { class: 'num' }, 'Count'), h('th', { class: 'num' }, 'Each'),
            h('th', { class: 'num' }, 'Points'), h('th', {}, ''))),
          h('tbody', {}, list.units.map((unit) => h('tr', {
            class: `clickable ${state.selected === unit.unit ? 'selected' : ''}`, dataset: { unit: unit.unit },
            onclick: (event) => { if (!event.target.closest('button')) select(unit.unit); } },
            h('td', {}, unit.name, unit.unit === kon ? h('span', { class: 'tag kon' }, 'Kon') : null,
              customIds.has(unit.unit) ? h('span', { class: 'tag' }, 'custom') : null,
              factionOf.has(unit.unit) && !picker.inFaction(factionOf.get(unit.unit))
                ? h('span', { class: 'tag warn', title: 'outside the list\'s faction: allowed, see the warning' }, factionOf.get(unit.unit).faction) : null),
            h('td', { class: 'num' },
              h('button', { class: 'small', title: 'One fewer', 'aria-label': `Remove one ${unit.name}`, onclick: () => edit('remove', { unit: unit.unit, count: 1 }) }, '−'),
              h('span', { class: 'count' }, ` ${unit.count} `),
              h('button', { class: 'small', title: 'One more', 'aria-label': `Add one ${unit.name}`, onclick: () => edit('add', { unit: unit.unit, count: 1 }) }, '+')),
            h('td', { class: 'num' }, unit.points_each),
            h('td', { class: 'num' }, unit.points),
            h('td', { class: 'num' }, h('button', { class: 'small danger', onclick: () => edit('remove', { unit: unit.unit, count: unit.count }) }, 'Remove'))))),
          h('tfoot', {}, h('tr', {}, h('td', {}, 'Total'), h('td', {}), h('td', {}), h('td', { class: 'num' }, h('strong', {}, list.points)), h('td', {}))))
      : h('p', { class: 'empty' }, 'No units yet.'),
    h('form', { class: 'row add-unit', onsubmit: (event) => { event.preventDefault(); edit('add', { unit: unitSelect.value, count: count.value }); } },
      field('Add a unit', unitSelect), field('Count', count), h('button', { class: 'primary', type: 'submit' }, 'Add'), picker.only),
    customForm(state, edit));
}

// A custom profile: priced by the points formula when added (`add --custom`).
function customForm(state, edit) {
  const inputs = {
    custom: h('input', { type: 'text', required: true, placeholder: 'Goblin Pikebow' }),
    move: h('input', { type: 'number', min: 0, max: 20, value: 4 }),
    wounds: h('input', { type: 'number', min: 1, max: 200, value: 2 }),
    shield: h('input', { type: 'number', min: 0, max: 20, value: 0 }),
    melee: h('input', { type: 'text', value: '3/3/1', size: 8 }),
    ranged: h('input', { type: 'text', placeholder: '0/0/0', size: 8 }),
    size: h('select', {}, ['infantry', 'cavalry', 'large', 'huge'].map((s) => h('option', { value: s }, s))),
    keywords: h('input', { type: 'text', placeholder: 'Infantry, Orc' }),
    text: h('input', { type: 'text', placeholder: "the unit card's text" }),
  };
  const weaponBoxes = state.weapons.map((weapon) => h('label', { class: 'check-inline', title: `${weapon.name}` },
    h('input', { type: 'checkbox', value: weapon.id }), ` ${weapon.name}`));
  return h('details', { class: 'custom' }, h('summary', {}, 'Custom profile…'),
    h('form', { onsubmit: (event) => {
      event.preventDefault();
      const args = { count: 1 };
      for (const [name, input] of Object.entries(inputs)) if (input.value.trim() !== '') args[name] = input.value.trim();
      const chosen = weaponBoxes.map((label) => label.querySelector('input')).filter((box) => box.checked).map((box) => box.value);
      if (chosen.length) { args.weapon = chosen.join('\n'); delete args.melee; delete args.ranged; }
      edit('add', args);
    } },
      h('div', { class: 'row' }, field('Name', inputs.custom), field('Move', inputs.move), field('Wounds', inputs.wounds),
        field('Shield', inputs.shield), field('Size', inputs.size)),
      h('div', { class: 'row' }, field('Melee S/D/R', inputs.melee), field('Ranged S/D/R', inputs.ranged),
        field('Keywords', inputs.keywords), field('Text', inputs.text)),
      state.weapons.length ? h('fieldset', {}, h('legend', {}, 'Or carry weapons (instead of melee/ranged)'), weaponBoxes) : null,
      h('button', { class: 'primary', type: 'submit' }, 'Add custom unit')));
}

function drawKon(box, state, edit) {
  const warband = state.exported?.warband ?? {};
  const kon = warband.kon ?? { unit: '', spell: '', power_level: 1 };
  const units = state.list.units;
  const deck = Object.keys(warband.deck ?? {});
  const unit = h('select', { name: 'kon-unit', 'aria-label': 'Kon unit', onchange: () => unit.value && edit('set-kon', { unit: unit.value }) },
    h('option', { value: '' }, '— choose —'),
    units.map((u) => h('option', { value: u.unit, selected: u.unit === kon.unit }, u.name)));
  const spell = h('select', { name: 'kon-spell', 'aria-label': 'Kon Spell', onchange: () => spell.value && edit('set-kon', { spell: spell.value }) },
    h('option', { value: '' }, deck.length ? '— choose —' : 'put spells in the deck first'),
    deck.map((id) => h('option', { value: id, selected: id === kon.spell }, spellName(state, id))));
  const level = h('input', { type: 'number', name: 'power-level', min: 1, max: 10, value: kon.power_level || 1, 'aria-label': 'Power Level',
    onchange: () => edit('set-kon', { 'power-level': level.value }) });
  replace(box, h('h2', {}, term(state, 'Kon')),
    field('Unit', unit), field(term(state, 'Kon Spell'), spell),
    field(term(state, 'Power Level'), level, kon.power_level ? `Cast Result ${2 * kon.power_level}` : null));
}

function spellName(state, id) {
  return state.spells.find((s) => s.spell === id)?.name ?? id;
}

// The Spell Deck: every spell with its copies, edited in place (− / a number / +); "Fill the rest"
// (the builder's deck-fill: a round-robin spread within each card's Knowledge) and "Copy from"
// another list (deck-copy). The filter, the "in the deck only" toggle and the scroll position
// survive the redraw after each edit.
function drawDeck(box, state, edit) {
  const deck = state.exported?.warband?.deck ?? {};
  const view = state.deckView;
  const setCopies = (spell, count) => edit('deck', { spell: spell.spell, count: Math.max(0, Math.min(spell.knowledge, count)) });
  const filter = h('input', { type: 'search', placeholder: 'Filter spells…', 'aria-label': 'Filter spells', value: view.filter });
  const inDeckOnly = h('input', { type: 'checkbox', name: 'in-deck-only', checked: view.inDeckOnly });
  const rows = state.spells.map((spell) => {
    const copies = deck[spell.spell] ?? 0;
    const input = h('input', { type: 'number', min: 0, max: spell.knowledge, value: copies, 'aria-label': `${spell.name} copies`,
      onchange: () => edit('deck', { spell: spell.spell, count: input.value }) });
    return h('tr', { class: copies ? 'in-deck' : '', dataset: { spell: spell.spell, copies, search: `${spell.name} ${spell.text}`.toLowerCase() } },
      h('td', {}, h('strong', {}, spell.name), h('div', { class: 'muted small' }, spell.text)),
      h('td', { class: 'num' }, spell.acti), h('td', { class: 'num' }, spell.knowledge),
      h('td', { class: 'num copies' },
        h('button', { type: 'button', class: 'small', 'aria-label': `One fewer ${spell.name}`, disabled: copies === 0, onclick: () => setCopies(spell, copies - 1) }, '−'),
        input,
        h('button', { type: 'button', class: 'small', 'aria-label': `One more ${spell.name}`, disabled: copies >= spell.knowledge, onclick: () => setCopies(spell, copies + 1) }, '+')));
  });
  const applyFilter = () => {
    view.filter = filter.value;
    view.inDeckOnly = inDeckOnly.checked;
    const words = filter.value.toLowerCase();
    for (const row of rows)
      row.classList.toggle('hidden', (!!words && !row.dataset.search.includes(words)) || (view.inDeckOnly && row.dataset.copies === '0'));
  };
  filter.addEventListener('input', applyFilter);
  inDeckOnly.addEventListener('change', applyFilter);
  applyFilter();
  const cards = Object.values(deck).reduce((a, b) => a + b, 0);
  const source = h('select', { name: 'deck-from', 'aria-label': 'Copy the Spell Deck of' },
    state.otherWarbands.map((w) => h('option', { value: w.id }, w.name)));
  const scroller = h('div', { class: 'deck-scroll', onscroll: () => { view.scroll = scroller.scrollTop; } }, h('table', { class: 'data deck' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Spell'), h('th', { class: 'num' }, term(state, 'AcTi')),
      h('th', { class: 'num' }, term(state, 'Knowledge')), h('th', { class: 'num' }, 'Copies'))),
    h('tbody', {}, rows)));
  replace(box, h('div', { class: 'deck-head' }, h('h2', {}, term(state, 'Spell Deck'), h('span', { id: 'deck-cards' }, ` (${cards} cards)`)), filter),
    h('div', { class: 'row deck-tools no-print' },
      h('button', { type: 'button', id: 'deck-fill', disabled: cards >= (state.list.deck_size ?? Infinity), title: 'Adds one copy of a spell at a time, never past its Knowledge: the spells already in the deck first (up to their Knowledge), then the others in catalog order',
        onclick: () => edit('deck-fill', {}) },
        state.list.deck_size && cards < state.list.deck_size ? `Fill the rest (${state.list.deck_size - cards} to go)` : 'Fill the rest'),
      state.otherWarbands.length
        ? h('span', { class: 'inline-field' }, 'Copy from', source,
            h('button', { type: 'button', id: 'deck-copy', onclick: () => source.value && edit('deck-copy', {}, { from: source.value }) }, 'Copy deck'))
        : null,
      h('label', { class: 'check-inline small' }, inDeckOnly, ' in the deck only')),
    scroller);
  scroller.scrollTop = view.scroll;
}

async function drawProfile(box, state, id) {
  const unitId = state.selected;
  const card = (state.exported?.cards ?? []).find((c) => c.unit === unitId);
  if (!unitId || !card) {
    replace(box, h('h2', {}, 'Unit profile'), h('p', { class: 'muted' }, 'Choose a unit of the list to see its profile and how its points are made.'));
    return;
  }
  const attack = (a) => (a ? `${a.skill}/${a.dice}/${a.range}` : '—');
  replace(box, h('h2', {}, card.name, card.kon ? h('span', { class: 'tag kon' }, 'Kon') : null),
    h('table', { class: 'data profile' }, h('tbody', {},
      [['Move', card.move], [term(state, 'MS, MD, RS, RD, RR', 'Melee'), attack(card.melee)], [term(state, 'MS, MD, RS, RD, RR', 'Ranged'), attack(card.ranged)],
       ['Wounds', card.wounds], ['Shield', card.shield], ['Base', card.base], ['Keywords', card.keywords.join(', ') || '—']]
        .map(([label, value]) => h('tr', {}, h('th', {}, label), h('td', {}, value))))),
    card.weapons.length ? h('ul', { class: 'weapons' }, card.weapons.map((w) => h('li', {}, h('strong', {}, w.name), ` ${w.kind ?? ''} `, w.text ? h('span', { class: 'muted' }, w.text) : null))) : null,
    card.text ? h('p', { class: 'unit-text' }, card.text) : null,
    h('h3', {}, 'Points'), h('p', { class: 'muted' }, 'Loading the breakdown…'));
  try {
    const result = await state.operation('points', { document: id, args: { unit: unitId } });
    if (state.selected !== unitId) return;
    box.lastChild.replaceWith(h('table', { class: 'data breakdown' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Term'), h('th', { class: 'num' }, 'Value'), h('th', { class: 'num' }, 'Weight'), h('th', { class: 'num' }, 'Points'))),
      h('tbody', {}, result.json.terms.map((t) => h('tr', {}, h('td', {}, t.term), h('td', { class: 'num' }, round(t.value)),
        h('td', { class: 'num' }, round(t.weight)), h('td', { class: 'num' }, round(t.contribution))))),
      h('tfoot', {}, h('tr', {}, h('td', {}, result.json.overridden ? 'Points (set by hand)' : `Formula ${round(result.json.formula)}, rounded`),
        h('td', {}), h('td', {}), h('td', { class: 'num' }, h('strong', {}, result.json.points))))));
  } catch (err) {
    showError(err);
  }
}

function round(value) {
  return Number.isInteger(value) ? value : Number(value).toFixed(2);
}

// The print view: the CLI's HTML export (unit cards, deck, rules terms) in a window to print.
async function printView(state) {
  const result = await attempt(() => state.operation('export', { document: state.id, args: { format: 'html' } }));
  if (!result) return;
  const win = window.open('', '_blank');
  if (!win) { showError(new Error('the browser blocked the print window: allow pop-ups for this page')); return; }
  win.document.open();
  win.document.write(result.text);
  win.document.close();
  win.focus();
  win.print?.();
}

// ---------------------------------------------------------------------------------------------
// A collection: the miniatures owned.

async function renderCollection(root, id) {
  const doc = await api.get(`/api/documents/${id}`);
  const operation = builderOf(doc.ruleset);
  let revision = doc.revision;
  const listBox = h('div', {});
  const name = h('input', { type: 'text', required: true, placeholder: 'Plastic orc' });
  const base = h('input', { type: 'text', value: '1x1', size: 5 });
  const count = h('input', { type: 'number', min: 0, value: 1 });
  const show = (result) => replace(listBox, result.json.length
    ? h('table', { class: 'data' }, h('thead', {}, h('tr', {}, h('th', {}, 'Miniature'), h('th', {}, 'Base'), h('th', { class: 'num' }, 'Count'))),
        h('tbody', {}, result.json.map((m) => h('tr', {}, h('td', {}, m.name), h('td', {}, m.base), h('td', { class: 'num' }, m.count)))))
    : h('p', { class: 'empty' }, 'No miniatures yet.'));
  append(root, h('p', { class: 'crumbs' }, h('a', { href: `#/build?ruleset=${encodeURIComponent(doc.ruleset)}` }, 'Warbands'), ' / collection'),
    h('h1', {}, doc.name), listBox,
    h('form', { class: 'row panel', onsubmit: async (event) => {
      event.preventDefault();
      const result = await attempt(() => operation('collection-add', { document: id, revision,
        args: { miniature: name.value.trim(), base: base.value.trim(), count: count.value } }));
      if (!result) return;
      if (result.document) revision = result.document.revision;
      show(result);
      name.value = '';
    } }, field('Miniature', name), field('Base (WxH)', base), field('Count', count), h('button', { class: 'primary', type: 'submit' }, 'Add')),
    h('p', {}, h('button', { onclick: async () => {
      const fresh = await attempt(() => api.get(`/api/documents/${id}`));
      if (fresh) download(fileName(fresh.name), fresh.text, 'application/toml');
    } }, 'Export file')));
  show(await operation('collection-show', { document: id, args: {} }));
}
