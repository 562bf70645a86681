// A finished repricing (`warband balance --reprice`) on the balance page: its headline, one row per
// unit (old cost, new cost, 95% interval, frozen or not), one per card price if any (a spell's
// AcTi) and the downloads of the new points file
// and of the report (the table, then the last round's report with its replay commands).
import { h, download } from '../lib/dom.js';
import { repriceCardRows, repriceCardsHeadline, repriceHeadline, repriceRows } from '../lib/reprice_summary.js';

// The card prices the search moved too (a spell's AcTi), when the ruleset prices cards.
function cardTable(reprice) {
  const rows = repriceCardRows(reprice);
  if (!rows.length) return null;
  const price = reprice.card_price || 'price';
  return [h('h3', { id: 'reprice-cards-headline' }, repriceCardsHeadline(reprice)),
    h('table', { class: 'data', id: 'reprice-cards' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Card'), h('th', {}, 'Kind'), h('th', { class: 'num' }, `Old ${price}`),
        h('th', { class: 'num' }, `New ${price}`), h('th', { class: 'num' }, 'Change'), h('th', { class: 'num' }, 'Suggested'),
        h('th', {}, '95% interval'), h('th', {}, 'Frozen'))),
      h('tbody', {}, rows.map((row) => h('tr', {},
        h('td', {}, row.name), h('td', {}, row.kind), h('td', { class: 'num' }, row.old), h('td', { class: 'num' }, row.new),
        h('td', { class: 'num' }, row.change), h('td', { class: 'num' }, row.suggested), h('td', {}, row.interval),
        h('td', {}, row.frozen)))))];
}

export function repriceResult(job) {
  const { reprice } = job.report;
  const ruleset = job.settings?.ruleset ?? 'points';
  return h('section', { class: 'panel', id: 'reprice' },
    h('h2', {}, repriceHeadline(reprice)),
    h('table', { class: 'data', id: 'reprice-table' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Unit'), h('th', { class: 'num' }, 'Old cost'), h('th', { class: 'num' }, 'New cost'),
        h('th', { class: 'num' }, 'Change'), h('th', {}, '95% interval'), h('th', {}, 'Frozen'))),
      h('tbody', {}, repriceRows(reprice).map((row) => h('tr', {},
        h('td', {}, row.name), h('td', { class: 'num' }, row.old), h('td', { class: 'num' }, row.new),
        h('td', { class: 'num' }, row.change), h('td', {}, row.interval), h('td', {}, row.frozen))))),
    cardTable(reprice),
    h('p', { class: 'muted small' }, `Each round priced the units, played new games and refitted on every game so far; a unit froze once its interval was within ±${reprice.tolerance} points. The report below is the last round's games, at that round's prices.`),
    h('p', {},
      h('button', { type: 'button', id: 'download-points', onclick: () => download(`${ruleset}_points.toml`, job.report.points_file, 'application/toml') }, 'Download the points file'), ' ',
      h('button', { type: 'button', id: 'download-report', onclick: () => download(`reprice-${job.id}.md`, job.report.markdown, 'text/markdown') }, 'Download the report')));
}
