// The game log, newest last: each entry's player ("Red", "Blue", "chance") and its text; entries
// hidden from the viewer say so.
import { h } from '../lib/dom.js';

// The game log, newest last.
export function logView(log) {
  const list = h('ol', { class: 'log', start: log.length ? log[0].index + 1 : 1 },
    log.map((entry) => h('li', { class: `log-${String(entry.player).toLowerCase()}${entry.hidden ? ' hidden-entry' : ''}`, dataset: { index: entry.index } },
      h('span', { class: 'who' }, entry.player), ' ', entry.text)));
  return list;
}


// The log under a heading, scrolled to its newest entry.
export function logSection(box, log) {
  box.replaceChildren(h('h3', {}, 'Log'), logView(log ?? []));
  const list = box.querySelector('.log');
  if (list) list.scrollTop = list.scrollHeight;
}

// Marks the entry of log index `index` as the one shown (a step-through), scrolled into the list's view.
export function markLogEntry(box, index) {
  for (const old of box.querySelectorAll('.log li.current')) old.classList.remove('current');
  const entry = box.querySelector(`.log li[data-index="${index}"]`);
  if (!entry) return;
  entry.classList.add('current');
  const list = entry.parentElement;
  list.scrollTop = entry.offsetTop - list.clientHeight / 2;
}
