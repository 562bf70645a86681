// The last roll beside a board: each group of dice (attack, dodge, save; or any a board makes,
// such as cards flipped) with each die's face marked by what it did, and the outcome. Draws the
// shape of lib/dice_roll.js: {title, notes, groups: [{key, label, need, dice, summary}], outcome}.
import { h } from '../lib/dom.js';

export function diceRollPanel(roll) {
  if (!roll) return null;
  return h('section', { class: 'panel small dice-roll', id: 'dice-roll', 'aria-label': 'The last roll' },
    h('h3', {}, 'Last roll'),
    h('p', { class: 'dice-roll-title' }, roll.title, roll.notes?.length ? ` (${roll.notes.join(', ')})` : ''),
    roll.groups.map((group) => h('div', { class: 'dice-roll-group', 'data-group': group.key },
      h('span', { class: 'small muted dice-roll-label' }, group.label, group.need ? ` (${group.need})` : ''),
      h('span', { class: 'dice' }, group.dice.length ? group.dice.map((die) =>
        h('span', { class: `die ${die.success ? 'success' : 'failure'}`, 'data-result': die.result ?? '',
                    title: die.result ?? '' }, die.face)) : h('span', { class: 'small muted' }, 'none')),
      h('span', { class: 'small dice-roll-summary' }, group.summary))),
    h('p', { class: 'dice-roll-outcome' }, h('strong', {}, roll.outcome)));
}
