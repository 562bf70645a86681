// The game log, newest last: each entry's player ("Red", "Blue", "chance") and its text; entries
// hidden from the viewer say so.
import { h } from '../lib/dom.js';

// The game log, newest last.
export function logView(log) {
  const list = h('ol', { class: 'log', start: log.length ? log[0].index + 1 : 1 },
    log.map((entry) => h('li', { class: `log-${String(entry.player).toLowerCase()}${entry.hidden ? ' hidden-entry' : ''}` },
      h('span', { class: 'who' }, entry.player), ' ', entry.text)));
  return list;
}


// The log under a heading, scrolled to its newest entry.
export function logSection(box, log) {
  box.replaceChildren(h('h3', {}, 'Log'), logView(log ?? []));
  const list = box.querySelector('.log');
  if (list) list.scrollTop = list.scrollHeight;
}
