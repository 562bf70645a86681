// One odds query as a form beside its chart and table: the question first (a roll, an attack
// between two units, a Cast: the query's `questions` from GET /api/odds), then only that
// question's options, picked from lists where the server offers `choices` (the content's units).
// The result follows the values as they change (debounced); the chart stays in view (sticky).
import { api } from '../lib/api.js';
import { h, append, replace, debounce, field } from '../lib/dom.js';
import { percent } from '../lib/format.js';
import { questionSlug } from '../lib/odds_link.js';
import { offeredChoices, pickedValue, startsOnExample } from '../lib/odds_choices.js';

// The query's questions; a query without any has one holding every option.
function questionsOf(query) {
  if (query.questions?.length) return query.questions;
  return [{ title: '', options: query.options.map((o) => o.name) }];
}

// The question an example or a link asks: the one named, else the one holding most of the given
// options (questions may share one: the dodge dice of a roll and of an attack by name). A named
// question that holds none of the given options is an older link whose question was renamed (a
// title now another question's): the options decide then.
function startingQuestion(questions, start) {
  const given = Object.keys(start.args ?? {});
  const held = questions.map((q) => q.options.filter((name) => given.includes(name)).length);
  const named = questions.findIndex((q) => questionSlug(q.title) === start.question);
  if (named >= 0 && (given.length === 0 || held[named] > 0)) return named;
  return held.indexOf(Math.max(0, ...held));
}

// Fills a picker with the choices offered now and picks `wanted` among them (lib/odds_choices.js):
// a value given by name ("Orc Warrior") selects its id. Optional pickers offer "none"; a required
// one (a unit of an attack) always holds a choice.
function fillPicker(select, option, offered, wanted, fallbackIndex) {
  replace(select, option.required ? null : h('option', { value: '' }, 'none'),
    offered.map((c) => h('option', { value: c.value }, c.label)));
  select.value = pickedValue(offered, wanted, option.required, fallbackIndex);
}

// Builds the panel. `start`: {question, args, samples, seed}; `onChange(state)` after each
// change (the page keeps its address in step). `label` names the panel when two are compared.
export function oddsPanel({ ruleset, query, start, idPrefix = 'odds-', label = '', onChange = () => {} }) {
  const questions = questionsOf(query);
  let current = startingQuestion(questions, start);
  const byName = new Map(query.options.map((o) => [o.name, o]));
  const inputs = new Map();
  const form = h('form', { class: 'odds-form', onsubmit: (event) => event.preventDefault() });

  if (questions.length > 1) {
    append(form, h('fieldset', { class: 'questions' }, h('legend', {}, 'What do you want to know?'),
      questions.map((q, i) => h('label', { class: 'question' },
        h('input', { type: 'radio', name: `${idPrefix}question`, value: questionSlug(q.title), checked: i === current,
                     onchange: () => { current = i; showQuestion(); } }),
        ` ${q.title}`))));
  }
  // One field per option, shown in the box of the question asked: a question may share an
  // option with another (the reductions of a damage roll and of Poison), which keeps its value.
  const fields = new Map();
  const pickers = [];
  let picks = 0;
  for (const option of query.options) {
    const { name } = option;
    const shownAs = option.label ?? name;
    const id = `${idPrefix}${name}`;
    const value = start.args?.[name];
    let input;
    if (option.flag) {
      input = h('input', { type: 'checkbox', id, name, checked: String(value) === 'true' });
      fields.set(name, h('label', { class: 'field check', title: option.help }, input, h('span', {}, shownAs), h('small', { class: 'field-help' }, option.help)));
    } else if (option.choices) {
      input = h('select', { id, name });
      // Required pickers without a value take different choices (an attack's two units differ).
      const dependent = option.choices.some((c) => c.only_with);
      pickers.push({ option, select: input, dependent, fallback: option.required && !dependent ? picks++ : 0 });
      fields.set(name, field(shownAs, input, option.help));
    } else {
      input = h('input', { type: 'text', id, name, value: value ?? '', autocomplete: 'off' });
      fields.set(name, field(shownAs, input, option.help));
    }
    inputs.set(name, input);
  }
  const valueOf = (name) => inputs.get(name)?.value;
  // Each picker offers the choices its other options allow (an attack of the picked attacker),
  // keeping its value while offered: `wanted` names the values to pick instead.
  function fillPickers(wanted, dependentOnly) {
    const independent = dependentOnly ? [] : pickers.filter((p) => !p.dependent);
    for (const p of [...independent, ...pickers.filter((p) => p.dependent)]) {
      const name = p.option.name;
      const keep = name in wanted ? wanted[name] : p.select.value;
      fillPicker(p.select, p.option, offeredChoices(p.option.choices, valueOf), keep, p.fallback);
    }
  }
  fillPickers(start.args ?? {}, false);
  for (const p of pickers) {
    if (p.dependent) continue;
    p.select.addEventListener('change', () => fillPickers({}, true));
  }

  // A typed value that belongs to a picked one (the dice of an attack) is emptied when that
  // changes, so the query falls back to its default instead of refusing the old count.
  for (const option of query.options) {
    for (const name of option.reset_by ?? []) {
      inputs.get(name)?.addEventListener('change', () => { inputs.get(option.name).value = ''; });
    }
  }

  // A question picked with none of its options given starts on its example, so it answers at once.
  // Only the options the example names are set: one the question shares with another (a Defend box)
  // keeps what the player gave it there.
  const onExample = new Set(questions.map((q, i) => (startsOnExample(q, start.args) ? i : -1)).filter((i) => i >= 0));
  function useExample(question) {
    const example = question.example;
    for (const name of question.options) {
      const input = inputs.get(name);
      if (!input || input.tagName === 'SELECT' || !(name in example)) continue;
      if (input.type === 'checkbox') input.checked = String(example[name]) === 'true';
      else input.value = example[name] ?? '';
    }
    const wanted = {};
    for (const name of question.options) if (inputs.get(name)?.tagName === 'SELECT') wanted[name] = example[name] ?? '';
    fillPickers(wanted, false);
  }
  const optionsBox = h('div', { class: 'question-options' });
  append(form, optionsBox);

  const samples = h('input', { type: 'number', min: 0, max: 1000000, step: 1000, value: start.samples ?? 0, name: 'samples', id: `${idPrefix}samples` });
  const seed = h('input', { type: 'number', min: 0, value: start.seed ?? 1, name: 'seed', id: `${idPrefix}seed` });
  if (query.sampler !== false)
    append(form, h('fieldset', { class: 'inline' }, h('legend', {}, 'Monte Carlo check'),
      field('samples', samples, 'plays the mechanic this many times (0: exact odds only)'), field('seed', seed)));

  const status = h('p', { class: 'status muted', 'aria-live': 'polite' });
  const chart = h('div', { class: 'chart' });
  const table = h('div', { class: 'odds-table' });
  const node = h('section', { class: 'odds-panel' }, label ? h('h2', {}, label) : null,
    h('div', { class: 'odds-layout' }, form, h('div', { class: 'odds-result' }, status, chart, table)));

  // What the form asks now: the shown question's options only.
  function state() {
    const args = {};
    for (const name of questions[current].options) {
      const input = inputs.get(name);
      if (!input) continue;
      if (input.type === 'checkbox') { if (input.checked) args[name] = true; }
      else if (input.value.trim() !== '') args[name] = input.value.trim();
    }
    return { question: questions.length > 1 ? questionSlug(questions[current].title) : '', args,
             samples: Number(samples.value) || 0, seed: seed.value === '' ? 1 : Number(seed.value) || 0 };
  }

  function placeFields() {
    if (onExample.delete(current)) useExample(questions[current]);
    optionsBox.dataset.question = questionSlug(questions[current].title);
    replace(optionsBox, questions[current].options.map((name) => fields.get(name)));
  }

  function showQuestion() {
    placeFields();
    update();
  }

  let latest = 0;
  const update = debounce(async () => {
    const asked = state();
    onChange(asked);
    const ticket = ++latest;
    status.textContent = 'Computing…';
    try {
      const result = await api.post(`/api/odds/${encodeURIComponent(ruleset)}`, {
        args: asked.args, samples: asked.samples, seed: asked.seed });
      if (ticket !== latest) return;
      showResult(result, status, chart, table);
    } catch (err) {
      if (ticket !== latest) return;
      // The server's sentence about the input; the field it names is kept for tools.
      replace(status, h('span', { class: 'error-text', dataset: { field: err.field ?? '' } }, err.message));
      status.classList.remove('muted');
    }
  }, 300);
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  placeFields();
  update();
  return { node, state, cancel: update.cancel };
}

function showResult(result, status, chart, table) {
  status.classList.add('muted');
  replace(status, h('strong', {}, result.title), ` · mean ${result.mean.toFixed(3)} · sd ${result.stdev.toFixed(3)}`,
    (result.figure_order ?? Object.keys(result.figures ?? {})).map((name) => [name, result.figures[name]]).map(([name, value]) =>
      ` · ${name} ${typeof value === 'number' && !Number.isInteger(value) ? value.toFixed(4) : value}`));
  chart.innerHTML = result.svg;  // the server's own SVG chart
  const sampled = new Map((result.monte_carlo?.outcomes ?? []).map((o) => [o.value, o.probability]));
  replace(table, h('table', { class: 'data' },
    h('thead', {}, h('tr', {}, h('th', {}, result.outcome_label ?? 'value'), h('th', { class: 'num' }, 'P'), h('th', { class: 'num' }, 'P(≥)'),
      h('th', { class: 'num' }, 'P(≤)'), h('th', { class: 'num' }, 'exact'), result.monte_carlo ? h('th', { class: 'num' }, 'sampled') : null)),
    h('tbody', {}, result.outcomes.map((o) => h('tr', {},
      h('td', {}, o.value), h('td', { class: 'num' }, percent(o.probability)), h('td', { class: 'num' }, percent(o.at_least)),
      h('td', { class: 'num' }, percent(o.at_most)), h('td', { class: 'num' }, o.fraction ?? ''),
      result.monte_carlo ? h('td', { class: 'num' }, sampled.has(o.value) ? percent(sampled.get(o.value)) : '') : null)))));
}
