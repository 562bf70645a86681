// The bar over the board that tells a player what the other side did since their last decision
// (lib/turns.js: opponentRun) and lets them step through it: one action at a time, the board drawn
// as it stood after that action with what it did marked, or skip back to the game.
import { h } from '../lib/dom.js';

// run: {side, entries}; stepping: the index of the entry shown, or null for the live game.
// onStep(index) shows one entry; onSkip() returns to the live game.
export function turnStepsBar(run, { stepping = null, onStep, onSkip } = {}) {
  if (!run) return null;
  const count = run.entries.length;
  const plural = count === 1 ? 'action' : 'actions';
  if (stepping === null)
    return h('div', { class: 'turn-steps', id: 'turn-steps' },
      h('span', {}, `${run.side} played since your last move (${count} ${plural}, dice and draws included): marked on the board.`),
      h('button', { id: 'step-through', onclick: () => onStep(0) }, `Step through ${run.side}'s turn`));
  const entry = run.entries[stepping];
  return h('div', { class: 'turn-steps stepping', id: 'turn-steps' },
    h('button', { id: 'step-back', title: 'The action before', disabled: stepping === 0, onclick: () => onStep(stepping - 1) }, '◀'),
    h('span', { class: 'counter', id: 'step-counter' }, `${stepping + 1} of ${count}`),
    h('button', { id: 'step-next', title: 'The next action', disabled: stepping + 1 >= count, onclick: () => onStep(stepping + 1) }, '▶'),
    h('span', { class: 'step-text', id: 'step-text' }, h('strong', {}, entry.player), ' ', entry.text),
    h('button', { id: 'step-skip', class: 'primary', onclick: onSkip }, stepping + 1 >= count ? 'Back to the game' : 'Skip to now'));
}
