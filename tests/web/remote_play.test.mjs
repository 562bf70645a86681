// Remote play in the browser (issue 21): what a seat reads about the turn and its opponent, and
// the token a tab keeps for a game (per tab: two tabs may hold the two seats).
import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { connectionText, opponentMovedText, opponentPresenceText, remoteTurnText } from '../../web/lib/remote_turn.js';
import { keepCreatorToken, keepInvite, keepSeatToken, keepToken, keptInvite, seatToken, withNewSeatLink } from '../../web/lib/seat_tokens.js';

const view = (fields) => ({ terminal: false, current_player: 0, access: { seats: [1], remote_seats: [0, 1] }, ...fields });

test('a seat reads whose turn it is and when it waits for its opponent', () => {
  assert.equal(remoteTurnText(view({ current_player: 1 })), 'Your turn (Blue).');
  // Waiting, the link still says which side it plays: a friend may open it on the other's turn.
  assert.equal(remoteTurnText(view({ current_player: 0 })), 'You play Blue. Waiting for your opponent (Red)…');
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

test("a seat reads what its opponent's last move was, and nothing of a hidden one", () => {
  const log = [
    { index: 4, player: 'Blue', text: 'B1 moves to C3' },
    { index: 5, player: 'Red', text: 'R2 moves to D4' },
    { index: 6, player: 'chance', text: 'Die: 5' },
    { index: 7, player: 'Red', text: 'R2 attacks B1.' },
  ];
  const seen = view({ length: 8, log });
  assert.equal(opponentMovedText(seen, 5), 'Red moved: R2 attacks B1 (and 1 more before it).');
  assert.equal(opponentMovedText(seen, 7), 'Red moved: R2 attacks B1.');
  assert.equal(opponentMovedText(seen, 8), '', 'nothing new');
  assert.equal(opponentMovedText(view({ length: 7, log: log.slice(0, 1) }), 4), '', 'only its own move');
  const hidden = view({ length: 9, log: [{ index: 8, player: 'Red', text: '(hidden)', hidden: true }] });
  assert.equal(opponentMovedText(hidden, 8), 'Red moved.');
  assert.equal(opponentMovedText(view({ length: 8, log, access: { seats: [], remote_seats: [1] } }), 5), '', 'a spectator has no opponent');
});

// node has no sessionStorage or localStorage: a Map stands in for one tab's, another for the
// browser's.
const mapStorage = () => {
  const items = new Map();
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
  };
};
beforeEach(() => {
  globalThis.sessionStorage = mapStorage();
  globalThis.localStorage = mapStorage();
});

test("the creator's token and invitation, and a seat link opened, outlive the tab", () => {
  keepCreatorToken('11', 'owner');
  keepInvite('11', { seats: [{ seat: 1, link: 'http://x/#/play/11?token=b' }] });
  keepToken('12', 'tab');
  assert.equal(seatToken('13', new URLSearchParams('token=blue')), 'blue');  // the friend's link
  keepSeatToken('14', 'blue again');  // the friend's rematch
  // The tabs are closed; each player resumes from the saved games in a new one.
  globalThis.sessionStorage = mapStorage();
  assert.equal(seatToken('11', new URLSearchParams('')), 'owner');
  assert.equal(keptInvite('11').seats[0].seat, 1);
  assert.equal(seatToken('13', new URLSearchParams('')), 'blue');
  assert.equal(seatToken('14', new URLSearchParams('')), 'blue again');
  assert.equal(seatToken('12', new URLSearchParams('')), null, 'a token kept for the tab only');
  // A link opened in the new tab wins over the kept token: this tab plays that link's seat; a
  // tab without one still resumes as the creator.
  assert.equal(seatToken('11', new URLSearchParams('token=b')), 'b');
  assert.equal(seatToken('11', null), 'b');
  globalThis.sessionStorage = mapStorage();
  assert.equal(seatToken('11', null), 'owner');
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

test("a re-issued seat link replaces that seat's link and QR code only, and is what the tab keeps", () => {
  const invite = {
    owner_token: 'owner', spectator_link: 'http://x/#/play/9',
    seats: [{ seat: 0, token: 'a', link: 'http://x/#/play/9?token=a', qr_svg: '<svg>a</svg>' },
            { seat: 1, token: 'b', link: 'http://x/#/play/9?token=b', qr_svg: '<svg>b</svg>' }],
  };
  const next = withNewSeatLink(invite, { seat: 1, token: 'c', link: 'http://x/#/play/9?token=c', qr_svg: '<svg>c</svg>' });
  assert.deepEqual(next.seats[1], { seat: 1, token: 'c', link: 'http://x/#/play/9?token=c', qr_svg: '<svg>c</svg>' });
  assert.deepEqual(next.seats[0], invite.seats[0]);
  assert.equal(next.owner_token, 'owner');
  assert.equal(next.spectator_link, invite.spectator_link);
  assert.equal(invite.seats[1].token, 'b', 'the old invitation is not changed in place');
  // An answer without a QR code drops the old one: it encodes the revoked link.
  assert.equal(withNewSeatLink(invite, { seat: 0, token: 'd', link: 'http://x/#/play/9?token=d' }).seats[0].qr_svg, null);
  keepInvite('9', next);
  assert.equal(keptInvite('9').seats[1].link, 'http://x/#/play/9?token=c');
  // A seat not in the invitation, or no invitation: nothing changes.
  assert.deepEqual(withNewSeatLink(invite, { seat: 5, token: 'z', link: 'z' }).seats, invite.seats);
  assert.equal(withNewSeatLink(null, { seat: 1 }), null);
});
