// Which legal actions of a tabletop decision are chosen on the board, and where (docs/api.md, table
// views of kind "tabletop"): a destination at its `point`, an attack or an activation on its model's base
// (`target`, else `unit`), a climb on its piece. Actions sharing a place (two attacks on one
// target) make one choice. The rest (pass, end activation, maneuvers, stand up) stay buttons.
// Pure functions (no DOM), tested in node.
import { distance, inchesText, nearestIndex, onTable } from './tabletop_geometry.js';

const isPoint = (value) => Array.isArray(value) && value.length === 2 && value.every(Number.isFinite);

// Where an action acts on the table: {at, radius, model, piece, on: 'point' | 'model' | 'piece'},
// or null when it has no place. Any action with a `point` is placed there (a destination, a
// deployment); an activation or an attack on its model's base; a climb or an attack on terrain
// at its piece's centre; a kind it does not know stays a button.
export function placeOf(action, table) {
  const models = table?.models ?? [];
  const onModel = (index) => {
    const model = models[index];
    if (!onTable(model)) return null;
    return { at: model.at, radius: (model.diameter ?? 0) / 2, model: index, piece: -1, on: 'model' };
  };
  if (isPoint(action.point)) return { at: action.point, radius: 0, model: -1, piece: -1, on: 'point' };
  switch (action.kind) {
    case 'attack_target':
      return Number.isInteger(action.target) && action.target >= 0 ? onModel(action.target) : null;
    case 'activate':
      return Number.isInteger(action.unit) && action.unit >= 0 ? onModel(action.unit) : null;
    case 'climb':
    case 'attack_piece': {
      const piece = table?.pieces?.[action.piece];
      if (!piece || piece.destroyed || !isPoint(piece.centre)) return null;
      return { at: piece.centre, radius: 0, model: -1, piece: action.piece, on: 'piece' };
    }
    default:
      return null;
  }
}

// The legal actions split: `choices` on the board, one per place ({at, radius, model, piece, kind,
// actions}), in the order the server lists them; `buttons`, the actions without a place.
export function splitChoices(legal, table) {
  const choices = [];
  const byPlace = new Map();
  const buttons = [];
  for (const action of legal ?? []) {
    const place = placeOf(action, table);
    if (!place) {
      buttons.push(action);
      continue;
    }
    const key = `${action.kind}:${place.model >= 0 ? `m${place.model}` : place.at.join(',')}`;
    if (!byPlace.has(key)) {
      const choice = { ...place, kind: action.kind, actions: [] };
      byPlace.set(key, choice);
      choices.push(choice);
    }
    byPlace.get(key).actions.push(action);
  }
  return { choices, buttons };
}

// The choice a click at a table point snaps to: the nearest (a base clicked inside is nearest of
// all); -1 when there is none.
export function snapIndex(choices, point) {
  return nearestIndex(choices, point);
}

// The model an action moves or acts with: its `unit`, else the table's active model; -1 for none.
export function actorOf(choice, table) {
  const unit = choice?.actions?.[0]?.unit;
  if (Number.isInteger(unit) && unit >= 0) return unit;
  return Number.isInteger(table?.active) ? table.active : -1;
}

// What the preview of a choice says, in words: its action's own text, and what the board measured
// for it (how far a destination lies from the mover, the cover an attack meets).
export function choiceCaption(choice, table) {
  if (!choice) return { title: 'Click the table: the nearest legal choice is shown', detail: '' };
  const action = choice.actions[0];
  const title = choice.actions.length > 1 ? `${choice.actions.length} choices here` : action.text ?? `action ${action.action}`;
  const details = [];
  const mover = table?.models?.[actorOf(choice, table)];
  if (choice.on === 'point' && onTable(mover)) details.push(`${inchesText(distance(mover.at, choice.at))} from where it stands`);
  if (choice.kind === 'attack_target') details.push(...attackNotes(action));
  return { title, detail: details.join(' · ') };
}

// An attack's sight and cover as the server measured them (absent from an older server: none said).
export function attackNotes(action) {
  const notes = [];
  if (action.sight && Number.isInteger(action.sight.clear))
    notes.push(`${action.sight.clear} of ${action.sight.lines?.length ?? 5} sight lines clear`);
  if (typeof action.cover === 'string') notes.push(action.cover === 'none' ? 'no cover' : `${action.cover} cover`);
  if (action.flanking === true) notes.push('flanking');
  if (action.high_ground === true) notes.push('high ground');
  return notes;
}
