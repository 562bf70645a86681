// A ruleset's declared parameters (GET /api/rulesets, "parameters": [{name, type, default, min,
// max, doc}]) as form fields; a field left as it is keeps the ruleset's default and is not sent.
import { h, field } from '../lib/dom.js';

function isNumber(spec) {
  return typeof spec.default === 'number' || ['int', 'integer', 'number', 'double', 'float'].includes(spec.type);
}

function isFlag(spec) {
  return typeof spec.default === 'boolean' || ['bool', 'boolean', 'flag'].includes(spec.type);
}

// → {element, values()}: values() gives {name: value} for the fields changed from their default.
export function parameterFields(specs = []) {
  const inputs = specs.map((spec) => {
    const name = `parameter-${spec.name}`;
    if (isFlag(spec)) return { spec, input: h('input', { type: 'checkbox', name, checked: spec.default === true }) };
    if (isNumber(spec)) {
      const whole = spec.type !== 'double' && spec.type !== 'float' && spec.type !== 'number' &&
                    (spec.default === undefined || Number.isInteger(spec.default));
      return { spec, input: h('input', { type: 'number', name, min: spec.min, max: spec.max, step: whole ? 1 : 'any',
                                         placeholder: spec.default ?? '' }) };
    }
    return { spec, input: h('input', { type: 'text', name, placeholder: spec.default ?? '' }) };
  });
  const element = inputs.length
    ? h('details', { class: 'parameters' }, h('summary', {}, `Parameters (${inputs.length})`),
        h('div', { class: 'row top' }, inputs.map(({ spec, input }) =>
          field(spec.name, input, [spec.doc, spec.default !== undefined ? `default ${spec.default}` : null].filter(Boolean).join('; ')))))
    : null;
  function values() {
    const chosen = {};
    for (const { spec, input } of inputs) {
      if (input.type === 'checkbox') {
        if (input.checked !== (spec.default === true)) chosen[spec.name] = input.checked;
      } else if (input.value.trim() !== '') {
        chosen[spec.name] = input.type === 'number' ? Number(input.value) : input.value.trim();
      }
    }
    return chosen;
  }
  return { element, values };
}
