// A card draft and the hands it dealt, from a table view's "draft" (docs/api.md, "The A Game
// view"): the cards on the table (name, text, whose deck) with a button for each legal burn or
// pick, and each side's hand, a held card with a Play button while it may be played now. Hands
// are open (A Game's ruling "Hands are open"). Nothing without a draft in the view.
import { h } from '../lib/dom.js';
import { sideName } from '../lib/format.js';

function cardLine(card, extra, button) {
  return h('li', { class: `draft-card${card.played ? ' played' : ''}`, dataset: { card: card.card } },
    h('strong', {}, card.name), extra, button, h('p', { class: 'small card-text' }, card.text));
}

// draft: the view's "draft"; legal: the game's legal action views; act(action) plays one.
export function draftPanel(draft, legal = [], act = () => {}) {
  if (!draft) return null;
  const choices = new Map();
  const plays = new Map();
  for (const action of legal) {
    if (action.kind === 'draft') choices.set(action.card_index, action);
    if (action.kind === 'play_card') plays.set(`${action.side}:${action.hand_slot}`, action);
  }
  const drafting = draft.step === 'burn' || draft.step === 'pick';
  const verb = draft.step === 'burn' ? 'Burn' : 'Pick';
  const heading = drafting
    ? `Draft round ${draft.round} of ${draft.rounds}: ${sideName(draft.to_choose)} to ${draft.step}`
    : draft.step === 'done' ? 'Cards' : 'The decks are shuffled';
  const table = !drafting ? null : h('ul', { class: 'draft-table', id: 'draft-table' }, draft.table.map((card) => {
    const action = choices.get(card.index);
    const button = action ? h('button', { type: 'button', class: 'small draft-choice', dataset: { action: action.action },
      title: action.text, onclick: () => act(action) }, verb) : null;
    return cardLine(card, h('span', { class: 'small muted' }, ` ${sideName(card.deck)}'s deck `), button);
  }));
  const hands = (draft.hands ?? []).map((hand, side) => h('section', { class: `hand ${side === 0 ? 'red' : 'blue'}`, dataset: { side } },
    h('h4', {}, `${sideName(side)}'s hand`, draft.decks ? h('span', { class: 'small muted' }, ` · deck ${draft.decks[side]}`) : null),
    hand.length ? h('ul', { class: 'hand-cards' }, hand.map((card, slot) => {
      const action = plays.get(`${side}:${card.slot ?? slot}`);
      const button = action ? h('button', { type: 'button', class: 'small primary play-card', dataset: { action: action.action },
        title: action.text, onclick: () => act(action) }, 'Play') : null;
      return cardLine(card, h('span', { class: 'small muted' }, card.played ? ' played' : ` ${card.timing}`), button);
    })) : h('p', { class: 'small muted' }, 'no cards yet')));
  return h('section', { class: 'card-draft panel small', id: 'card-draft' }, h('h3', {}, heading), table, ...hands);
}
