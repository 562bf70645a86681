// A form for one builder operation, made from the options it declares (GET /api/build), as the
// CLI makes its flags from them: a value is a text field (a repeatable one a box, one value a
// line), a flag a checkbox, a text a file picker, another document a choice of the saved ones.
// The document the operation works on is the caller's, not a field.
import { h, field } from '../lib/dom.js';

// The options a person fills in ("document" is the page's own).
export function formOptions(operation) {
  return (operation.options ?? []).filter((option) => option.takes !== 'document');
}

// A field's label from its option name: "points-limit" -> "Points limit".
export function optionLabel(name) {
  const words = name.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// {form, read}: read() gives the request body's fields ({args, ...other documents}) from what was
// filled in, leaving out what was not. `documents(kind)` lists the saved documents of a kind;
// `omit` names options the form does not offer.
export function operationForm(operation, { submitLabel, onSubmit, documents = () => [], omit = [] }) {
  const controls = formOptions(operation).filter((option) => !omit.includes(option.name)).map((option) => {
    let control;
    if (option.flag) control = h('input', { type: 'checkbox', name: option.name });
    else if (option.takes === 'text') control = h('input', { type: 'file', name: option.name });
    else if (option.takes !== 'value') {
      control = h('select', { name: option.name }, h('option', { value: '' }, 'none'),
        documents(option.takes).map((doc) => h('option', { value: doc.id }, doc.name)));
    } else if (option.repeatable) control = h('textarea', { name: option.name, rows: 2, placeholder: 'one a line' });
    else control = h('input', { type: 'text', name: option.name });
    return { option, control };
  });
  const read = async () => {
    const body = { args: {} };
    for (const { option, control } of controls) {
      if (option.flag) {
        if (control.checked) body.args[option.name] = true;
      } else if (option.takes === 'text') {
        const file = control.files?.[0];
        if (file) body.args[option.name] = await file.text();
      } else if (option.takes !== 'value') {
        if (control.value) body[option.name] = control.value;
      } else if (control.value.trim()) {
        body.args[option.name] = option.repeatable
          ? control.value.split('\n').map((line) => line.trim()).filter(Boolean).join('\n')
          : control.value.trim();
      }
    }
    return body;
  };
  const form = h('form', { class: 'panel operation', dataset: { operation: operation.name },
    onsubmit: async (event) => {
      event.preventDefault();
      await onSubmit(await read(), form);
    } },
    h('h3', {}, operation.summary),
    h('div', { class: 'row' }, controls.map(({ option, control }) => field(optionLabel(option.name), control, option.help))),
    h('button', { type: 'submit', class: 'primary' }, submitLabel ?? optionLabel(operation.name)));
  return { form, read };
}
