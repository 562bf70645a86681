// The players' panels, the roll in progress and the spell being resolved, drawn from what a table
// view carries ("players", "roll", "spell", "cards"; docs/api.md). A board renderer puts them beside
// its board; each shows nothing when its part of the view is absent. A spell's card text opens on
// a tap or click (no hover needed).
import { h } from '../lib/dom.js';
import { sideName } from '../lib/format.js';

// The cards whose text is open: a tap or click on a card's name shows its text under it and keeps
// it shown while the screen redraws (the bot's moves, the polls), until tapped again.
const openCards = new Set();

// A spell's name, a button that shows its card (AcTi, text) from the view's `cards`; the text is
// also the tooltip for a pointer that hovers.
function spellName(table, name, extra = '') {
  const card = table.cards?.[name];
  if (!card) return h('span', { class: 'spell-name' }, h('strong', {}, name), extra);
  const words = `AcTi ${card.acti}. ${card.text}`;
  const text = h('span', { class: 'card-text', hidden: !openCards.has(name) }, words);
  const button = h('button', {
    type: 'button', class: 'spell-name', title: words, 'aria-expanded': String(openCards.has(name)),
    onclick: () => {
      if (openCards.has(name)) openCards.delete(name); else openCards.add(name);
      // Every copy of the card on the screen (a hand and a Casting Zone) opens alike.
      for (const other of document.querySelectorAll('.spell')) {
        if (other.dataset.spell !== name) continue;
        other.querySelector('.card-text').hidden = !openCards.has(name);
        other.querySelector('button.spell-name').setAttribute('aria-expanded', String(openCards.has(name)));
      }
    } }, h('strong', {}, name), extra);
  return h('span', { class: 'spell', dataset: { spell: name } }, button, text);
}

// The two sides: a summary line, and where a ruleset has them hands (hidden ones as a count), decks,
// Casting Zones, Kon Spells.
export function playerPanels(table, { seat = -1, active = table.active } = {}) {
  return h('div', { class: 'players' }, (table.players ?? []).map((player) => {
    const side = player.side === 0 ? 'red' : 'blue';
    return h('section', { class: `player ${side} ${player.side === active ? 'to-move' : ''}`, dataset: { side: player.side } },
      h('h3', {}, player.name ?? sideName(player.side),
        player.warband ? h('span', { class: 'muted warband-name' }, ` · ${player.warband}`) : null,
        player.side === seat ? h('span', { class: 'tag' }, 'you') : null,
        player.side === active ? h('span', { class: 'tag turn' }, 'to move') : null),
      player.summary ? h('p', { class: 'small' }, player.summary) : null,
      player.deck !== undefined ? h('p', { class: 'small' },
        `Deck ${player.deck} · discard ${player.discard} · destroyed ${player.points_destroyed} pts`) : null,
      player.kon_spell ? h('p', { class: 'small' }, 'Kon Spell: ', spellName(table, player.kon_spell),
        player.kon_power_level ? ` at Power Level ${player.kon_power_level}` : '',
        player.kon_spell_acti !== undefined && player.kon_spell_acti !== null ? ` · AcTi ${player.kon_spell_acti}` : '') : null,
      !player.zone ? null : h('div', { class: 'zone' }, h('span', { class: 'small muted' }, 'Casting Zone'),
        player.zone.length
          ? h('ul', { class: 'zone-slots' }, player.zone.map((slot) => h('li', {},
              spellName(table, slot.spell), ` AcTi ${slot.acti}`, slot.boost ? ` · Boost ${slot.boost}` : '')))
          : h('span', { class: 'small muted' }, ' empty')),
      player.hand === undefined && player.hand_size === undefined ? null : h('div', { class: 'hand' }, h('span', { class: 'small muted' }, 'Hand'),
        player.hand
          ? h('ul', { class: 'cards-in-hand' }, player.hand.map((card) => h('li', { class: 'spell-card' }, spellName(table, card))))
          : h('span', { class: 'small muted hidden-hand' }, ` ${player.hand_size} card${player.hand_size === 1 ? '' : 's'} (hidden)`)));
  }));
}

// The spell being resolved, if any.
export function spellView(table, labels) {
  const spell = table.spell;
  if (!spell) return null;
  return h('div', { class: 'casting panel small' }, 'Resolving ', spellName(table, spell.name),
    spell.from_kon ? ' (Kon Spell)' : '', ` · X = ${spell.x}`,
    spell.targets?.length ? ` · on ${spell.targets.map((t) => labels.get(t) ?? t).join(', ')}` : '');
}

// The roll in progress or the last one: its notation, its dice and its total, and in words how
// the total is made, as the log says it (one description, the engine's): while the roll goes on the
// table's own words, once it is over `loggedText`, the log's last die (its purpose and what it did).
export function rollView(roll, loggedText = null) {
  if (!roll) return h('div', { class: 'roll empty' });
  const words = roll.in_progress || !loggedText ? roll.explanation : loggedText;
  return h('div', { class: `roll ${roll.in_progress ? 'in-progress' : ''}`, id: 'roll' },
    h('span', { class: 'small muted roll-label' }, `${roll.purpose ? `${roll.purpose} ` : ''}${roll.notation ?? `[S${roll.skill}/D${roll.dice}]`}`),
    h('span', { class: 'dice' }, (roll.rolled ?? []).map((face) => h('span', { class: `die${face > roll.skill ? ' counts-one' : ''}`,
      title: face > roll.skill ? `above Skill ${roll.skill}: counts 1` : `counts ${face}` }, face))),
    h('span', { class: 'total' }, '= ', h('strong', {}, roll.total)),
    words ? h('p', { class: 'roll-words small', id: 'roll-words' }, words) : null);
}
