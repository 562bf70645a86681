// A small helper for building DOM nodes without a framework: h('button', {onclick}, 'Add').
// Strings become text nodes (never HTML), so what the API returns is shown, not interpreted.

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      node.addEventListener(name.slice(2), value);
    } else if (name === 'class') {
      node.className = value;
    } else if (name === 'dataset') {
      Object.assign(node.dataset, value);
    } else if (name === 'value' || name === 'checked' || name === 'selected') {
      node[name] = value;
    } else {
      node.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(node, children);
  return node;
}

// Appends children: nodes, strings, numbers, nested arrays; null/undefined/false are skipped.
export function append(node, ...children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Replaces every child of `node`.
export function replace(node, ...children) {
  node.replaceChildren();
  return append(node, ...children);
}

const SVG_NS = 'http://www.w3.org/2000/svg';

// An SVG element: s('rect', {x: 0, y: 0, width: 10, height: 10}).
export function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Calls `fn` once the calls have stopped for `ms` milliseconds (forms that update as you type).
export function debounce(fn, ms) {
  let timer = null;
  const debounced = (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}

// Saves `text` as a file the browser downloads.
export function download(filename, text, type = 'text/plain') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h('a', { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// A labelled form field: field('Points limit', input).
export function field(label, control, help) {
  return h('label', { class: 'field' }, h('span', { class: 'field-label' }, label), control,
           help ? h('small', { class: 'field-help' }, help) : null);
}
