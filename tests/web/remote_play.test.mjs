// Remote play in the browser (issue 21): what a seat reads about the turn and its opponent, and
// the token a tab keeps for a game (per tab: two tabs may hold the two seats).
import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { connectionText, opponentPresenceText, remoteTurnText } from '../../web/lib/remote_turn.js';
import { keepInvite, keepToken, keptInvite, seatToken } from '../../web/lib/seat_tokens.js';

const view = (fields) => ({ terminal: false, current_player: 0, access: { seats: [1], remote_seats: [0, 1] }, ...fields });

test('a seat reads whose turn it is and when it waits for its opponent', () => {
  assert.equal(remoteTurnText(view({ current_player: 1 })), 'Your turn (Blue).');
  assert.equal(remoteTurnText(view({ current_player: 0 })), 'Waiting for your opponent (Red)…');
  assert.equal(remoteTurnText(view({ current_player: -1 })), 'The dice are rolling…');
  assert.equal(remoteTurnText(view({ terminal: true })), 'The game is over.');
  assert.equal(remoteTurnText(view({ access: { seats: [], remote_seats: [0, 1] } })), 'Red is to move (you are watching).');
});

test("the opponent's connection is told for the remote seats this tab does not play", () => {
  assert.equal(opponentPresenceText(view({}), [true, true]), 'Red is connected.');
  assert.equal(opponentPresenceText(view({}), [false, true]), 'Red is not connected.');
  // The creator plays Red at this screen; only Blue is remote.
  const creator = view({ access: { seats: [0], remote_seats: [1] } });
  assert.equal(opponentPresenceText(creator, [true, false]), 'Blue is not connected.');
  assert.equal(connectionText('reconnecting'), 'Connection lost: reconnecting…');
  assert.equal(connectionText('connected'), '');
});

// node has no sessionStorage: a Map stands in for one tab's.
beforeEach(() => {
  const items = new Map();
  globalThis.sessionStorage = {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
  };
});

test('a seat link keeps its token for the tab, and a reload without it finds it again', () => {
  assert.equal(seatToken('7', new URLSearchParams('token=abc')), 'abc');
  assert.equal(seatToken('7', new URLSearchParams('')), 'abc');
  assert.equal(seatToken('8', new URLSearchParams('')), null);
  keepToken('9', 'owner');
  assert.equal(seatToken('9', null), 'owner');
  keepInvite('9', { seats: [{ seat: 1, link: 'http://x/#/play/9?token=t' }] });
  assert.equal(keptInvite('9').seats[0].seat, 1);
  assert.equal(keptInvite('10'), null);
});
