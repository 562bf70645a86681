// The spell creator, for a ruleset whose builder makes documents of kind "wizard" (GET
// /api/rulesets): a spell's effects, area, range, element and specials; its power and MP cost
// follow every change (the builder's spell-power operation). Spells go into wizards: wizard
// documents kept on the server as the CLI's *.wizard.toml files.
import { api, attempt, cached, showError } from '../lib/api.js';
import { h, append, replace, debounce, field, download } from '../lib/dom.js';
import { fileName } from '../lib/format.js';
import { playHref, rulesHref, servedBy } from '../lib/navigate.js';
import { chooseRuleset, loadRulesets, withDocumentKind } from '../lib/rulesets.js';

const EFFECTS = {
  damage: { value: 'number', placeholder: '3' },
  healing: { value: 'number', placeholder: '3' },
  shift: { value: 'number', placeholder: '2' },
  status: { value: ['poison', 'slow', 'stun', 'regenerate', 'protection', 'dispel'] },
  terrain: { value: ['burning', 'rough', 'dark', 'fortified', 'wall'] },
  conjure: { value: ['grizzly-bear', 'annoying-imps'] },
};
const AREAS = ['single', 'small', 'medium', 'large', 'nuke', 'line', 'tetramino'];
const RANGES = ['close', 'medium', 'far', 'snipe'];

// The choices an option's help lists after its colon ("a wizard talent, ...: a, b, c").
function choicesFromHelp(help) {
  const list = help?.split(':').pop() ?? '';
  return list.split(',').map((word) => word.trim()).filter((word) => /^[a-z][a-z-]*$/.test(word));
}

export async function render(root, params, query) {
  const candidates = withDocumentKind(await loadRulesets(), 'wizard').filter((r) => servedBy(r, 'wizard', 'spells'));
  const ruleset = chooseRuleset(candidates, query.get('ruleset'));
  if (!ruleset) {
    append(root, h('h1', {}, 'Spell creator'), h('p', {}, 'No ruleset of this build makes wizards.'));
    return undefined;
  }
  const rulesetName = ruleset.name;
  const operation = (name, body) => api.post(`/api/build/${encodeURIComponent(rulesetName)}/${name}`, body);
  const wizardsPath = `/api/documents?ruleset=${encodeURIComponent(rulesetName)}&kind=wizard`;
  const builders = await cached('/api/build');
  const hooks = builders.find((b) => b.ruleset === rulesetName);
  const power = hooks?.operations.find((o) => o.name === 'spell-power');
  const talents = choicesFromHelp(power?.options.find((o) => o.name === 'talent')?.help);
  const wizards = await api.get(wizardsPath);
  let wizardId = params[0] ?? wizards[0]?.id ?? '';

  const effectsBox = h('div', { class: 'effects' });
  const addEffect = (kind = 'damage', value = '') => {
    const kindSelect = h('select', { class: 'effect-kind', 'aria-label': 'Effect' }, Object.keys(EFFECTS).map((k) => h('option', { value: k, selected: k === kind }, k)));
    const valueBox = h('span', {});
    const row = h('div', { class: 'effect-row' }, kindSelect, valueBox,
      h('button', { type: 'button', class: 'small', title: 'Remove this effect', onclick: () => { row.remove(); update(); } }, '×'));
    const fillValue = (initial) => {
      const spec = EFFECTS[kindSelect.value].value;
      replace(valueBox, Array.isArray(spec)
        ? h('select', { class: 'effect-value', 'aria-label': 'Effect value' }, spec.map((v) => h('option', { value: v, selected: v === initial }, v)))
        : h('input', { class: 'effect-value', type: 'number', min: 1, value: initial || EFFECTS[kindSelect.value].placeholder, 'aria-label': 'Effect value' }));
    };
    kindSelect.addEventListener('change', () => { fillValue(''); update(); });
    fillValue(value);
    effectsBox.append(row);
  };
  const area = h('select', { name: 'area' }, AREAS.map((a) => h('option', { value: a }, a)));
  const shape = h('input', { type: 'text', name: 'shape', placeholder: '0,0;1,0;0,1;1,1' });
  const range = h('select', { name: 'range' }, RANGES.map((r) => h('option', { value: r, selected: r === 'medium' }, r)));
  const element = h('input', { type: 'text', name: 'element', placeholder: 'pure magical energy' });
  const snapcast = h('input', { type: 'checkbox', name: 'snapcast' });
  const adaptable = h('input', { type: 'checkbox', name: 'adaptable' });
  const name = h('input', { type: 'text', name: 'name', placeholder: 'Fire Bolt' });
  const talent = h('select', { name: 'talent' }, h('option', { value: '' }, 'none'), talents.map((t) => h('option', { value: t }, t)));
  const talentElement = h('input', { type: 'text', name: 'talent-element', placeholder: 'for element-incarnate' });
  const actions = h('select', { name: 'actions' }, ['0', '1', '2'].map((a) => h('option', { value: a, selected: a === '1' }, a)));

  const form = h('form', { class: 'panel spell-form', onsubmit: (event) => event.preventDefault() },
    h('h2', {}, 'Spell'),
    field('Name', name),
    h('div', { class: 'field' }, h('span', { class: 'field-label' }, 'Effects'), effectsBox,
      h('button', { type: 'button', class: 'small add-effect', onclick: () => { addEffect('damage'); update(); } }, '+ effect')),
    h('div', { class: 'row' }, field('Area', area), field('Range', range)),
    field('Shape (squares from the origin)', shape, 'for a custom area such as a tetramino'),
    field('Element', element),
    h('div', { class: 'row' }, h('label', { class: 'check-inline' }, snapcast, ' Snapcast'), h('label', { class: 'check-inline' }, adaptable, ' Adaptable')),
    h('fieldset', {}, h('legend', {}, 'The caster'),
      h('div', { class: 'row' }, field('Talent', talent), field('Talent element', talentElement), field('Actions', actions))));
  addEffect('damage', '3');

  const result = h('section', { class: 'panel spell-result', id: 'spell-result' });
  const wizardBox = h('section', { class: 'panel', id: 'wizard' });
  append(root, h('h1', {}, `${ruleset.title ?? rulesetName}: spell creator`),
    h('p', { class: 'muted' }, 'Each change prices the spell as ', h('code', {}, `warband build ${rulesetName} spell-power`),
      ' does; the ', h('a', { href: rulesHref(rulesetName) }, 'rules'), ' say why.'),
    h('div', { class: 'spell-layout' }, form, h('div', {}, result, wizardBox)));

  function args() {
    const out = {};
    const effects = [...effectsBox.querySelectorAll('.effect-row')].map((row) =>
      `${row.querySelector('.effect-kind').value}:${row.querySelector('.effect-value').value}`);
    if (effects.length) out.effect = effects.join('\n');
    out.area = area.value;
    if (shape.value.trim()) out.shape = shape.value.trim();
    out.range = range.value;
    if (element.value.trim()) out.element = element.value.trim();
    const specials = [snapcast.checked ? 'snapcast' : null, adaptable.checked ? 'adaptable' : null].filter(Boolean);
    if (specials.length) out.special = specials.join('\n');
    if (name.value.trim()) out.name = name.value.trim();
    return out;
  }

  let ticket = 0;
  const update = debounce(async () => {
    const mine = ++ticket;
    const query = { ...args(), actions: actions.value };
    if (talent.value) query.talent = talent.value;
    if (talentElement.value.trim()) query['talent-element'] = talentElement.value.trim();
    try {
      const answer = await operation('spell-power', { args: query });
      if (mine === ticket) showPower(answer.json);
    } catch (err) {
      if (mine === ticket) replace(result, h('h2', {}, 'Power'), h('p', { class: 'error-text', dataset: { field: err.field ?? '' } }, err.message));
    }
  }, 200);
  form.addEventListener('input', update);
  form.addEventListener('change', update);

  function showPower(json) {
    const breakdown = json.breakdown;
    replace(result,
      h('div', { class: 'big-numbers' },
        h('div', {}, h('span', { class: 'big', id: 'spell-power' }, json.power), h('span', { class: 'muted' }, 'power')),
        h('div', {}, h('span', { class: 'big', id: 'spell-mp' }, json.mp_cost ?? '—'), h('span', { class: 'muted' }, `MP with ${json.actions} action${json.actions === 1 ? '' : 's'}`),
          json.mp_cost === null ? h('span', { class: 'small error-text' }, json.costs.find((c) => c.actions === json.actions)?.why_not ?? '') : null)),
      h('table', { class: 'data' }, h('tbody', {},
        breakdown.effects.map((e) => h('tr', {}, h('td', {}, e.name), h('td', { class: 'num' }, e.power))),
        h('tr', {}, h('th', {}, 'effect power'), h('td', { class: 'num' }, breakdown.effect_total)),
        h('tr', {}, h('td', {}, `× area (${breakdown.area.class})`), h('td', { class: 'num' }, `×${breakdown.area.mod}`)),
        h('tr', {}, h('td', {}, `× range (${breakdown.range.class}, ${breakdown.range.squares} squares)`), h('td', { class: 'num' }, `×${breakdown.range.mod}`)),
        breakdown.specials.map((sp) => h('tr', {}, h('td', {}, sp.special), h('td', { class: 'num' }, sp.times ? `×${sp.times}` : `+${sp.plus}`))),
        h('tr', {}, h('th', {}, 'exact'), h('td', { class: 'num' }, breakdown.exact)))),
      h('h3', {}, 'MP cost'),
      h('table', { class: 'data' },
        h('thead', {}, h('tr', {}, h('th', {}, 'Actions'), h('th', { class: 'num' }, 'MP'), h('th', {}, ''))),
        h('tbody', {}, json.costs.map((c) => h('tr', { class: c.actions === json.actions ? 'selected' : '' },
          h('td', {}, c.actions), h('td', { class: 'num' }, c.allowed ? c.mp_cost : '—'),
          h('td', { class: 'muted small' }, c.allowed ? (c.talent_change ? `${c.talent_reason} ${c.talent_change > 0 ? '+' : ''}${c.talent_change}` : '') : c.why_not))))),
      json.problems?.length ? h('ul', { class: 'problems' }, json.problems.map((p) => h('li', { class: 'problem' }, p))) : null);
  }

  // Another wizard: the address follows, the spell being made stays.
  function chooseWizard(id) {
    wizardId = id;
    history.replaceState(null, '', `#/spells/${id}?ruleset=${encodeURIComponent(rulesetName)}`);
    drawWizard().catch(showError);
  }

  // Wizards: a name and a talent, and the spells added to them.
  async function drawWizard() {
    const all = await api.get(wizardsPath);
    const select = h('select', { 'aria-label': 'Wizard', onchange: () => chooseWizard(select.value) },
      all.map((w) => h('option', { value: w.id, selected: w.id === wizardId }, w.name)));
    const newName = h('input', { type: 'text', required: true, placeholder: 'Merla the Bright' });
    const newTalent = h('select', {}, talents.map((t) => h('option', { value: t }, t)));
    const create = h('form', { class: 'row', onsubmit: async (event) => {
      event.preventDefault();
      const made = await attempt(() => operation('wizard-new', { args: { name: newName.value.trim(), talent: newTalent.value } }));
      if (made?.document) chooseWizard(made.document.id);
    } }, field('New wizard', newName), field('Talent', newTalent), h('button', { type: 'submit' }, 'Create'));
    replace(wizardBox, h('h2', {}, 'Wizards'), all.length ? h('div', { class: 'row' }, field('Wizard', select)) : null);
    if (wizardId) {
      const [shown, checked] = await Promise.all([
        operation('wizard-export', { document: wizardId, args: { format: 'json' } }).catch((err) => { showError(err); return null; }),
        operation('wizard-validate', { document: wizardId, args: {} }).catch(() => null)]);
      const doc = shown?.json;
      append(wizardBox,
        doc ? h('div', {},
          h('p', {}, h('strong', {}, doc.name ?? ''), doc.talent ? ` · talent ${doc.talent.name ?? doc.talent}` : ''),
          h('ul', { class: 'wizard-spells' }, (doc.spells ?? []).map((spell) => h('li', {},
            h('strong', {}, spell.name ?? spell.spell?.name ?? 'spell'), spell.power !== undefined ? ` · power ${spell.power}` : '',
            h('button', { class: 'small danger', onclick: async () => {
              const done = await attempt(() => operation('wizard-remove-spell', { document: wizardId, args: { name: spell.name } }));
              if (done) drawWizard();
            } }, 'Remove'))))) : null,
        checked ? h('pre', { class: checked.exit_code ? 'error-text' : 'ok-text' }, checked.text) : null,
        checked?.exit_code === 0 && doc ? h('p', { class: 'play-it' }, h('a', { href: playHref(rulesetName, wizardId) }, 'Play it'),
          `: “${doc.name}” plays as Red; pick the other side.`) : null,
        h('p', {},
          h('button', { class: 'primary', onclick: async () => {
            const added = await attempt(() => operation('wizard-add-spell', { document: wizardId, args: { ...args(), replace: true } }));
            if (added) drawWizard();
          } }, 'Add this spell to the wizard'), ' ',
          h('button', { onclick: async () => {
            const fresh = await attempt(() => api.get(`/api/documents/${wizardId}`));
            if (fresh) download(fileName(fresh.name, '.wizard.toml'), fresh.text, 'application/toml');
          } }, 'Export file')));
    }
    append(wizardBox, create);
  }

  update();
  drawWizard().catch(showError);
  return update.cancel;
}
