// The token this tab holds for a game with remote seats (docs/api.md, "Remote seats"): from the
// seat link (#/play/ID?token=...), else the one kept for this tab. Kept in sessionStorage, per tab,
// so that two tabs of one browser can hold the two seats. The creator's owner token, the
// invitation and the last seat link opened are kept for the browser too (localStorage): a player
// who closed the tab and resumes from the saved games would otherwise watch their own game as a
// stranger (and a creator lose the links they sent, which the server answers once). A tab
// without a token of its own takes the creator's, else the seat's.
const tokenKey = (id) => `warband.token.${id}`;
const creatorKey = (id) => `warband.creator.${id}`;
const seatKey = (id) => `warband.seat.${id}`;
const inviteKey = (id) => `warband.invite.${id}`;

function storageOf(name) {
  try {
    return globalThis[name] ?? null;
  } catch {
    return null;  // storage disabled: the token lives in the link alone
  }
}
const storage = () => storageOf('sessionStorage');
const browserStorage = () => storageOf('localStorage');

export function seatToken(id, query) {
  const given = query?.get?.('token');
  if (given) {
    storage()?.setItem(tokenKey(id), given);
    if (given !== browserStorage()?.getItem(creatorKey(id))) browserStorage()?.setItem(seatKey(id), given);
    return given;
  }
  return storage()?.getItem(tokenKey(id)) ?? browserStorage()?.getItem(creatorKey(id))
    ?? browserStorage()?.getItem(seatKey(id)) ?? null;
}

export function keepToken(id, token) {
  if (token) storage()?.setItem(tokenKey(id), token);
}

// A seat's token (a rematch keeps the seat), for this tab and for this browser.
export function keepSeatToken(id, token) {
  if (!token) return;
  keepToken(id, token);
  browserStorage()?.setItem(seatKey(id), token);
}

// The creator's owner token, for this tab and for this browser.
export function keepCreatorToken(id, token) {
  if (!token) return;
  keepToken(id, token);
  browserStorage()?.setItem(creatorKey(id), token);
}

// The creator's invitation (links and QR codes), answered once when the game is created.
export function keepInvite(id, invite) {
  if (!invite) return;
  const text = JSON.stringify(invite);
  storage()?.setItem(inviteKey(id), text);
  browserStorage()?.setItem(inviteKey(id), text);
}

export function keptInvite(id) {
  const text = storage()?.getItem(inviteKey(id)) ?? browserStorage()?.getItem(inviteKey(id));
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

// The invitation after the creator re-issued one seat's link (POST /api/games/{id}/seats/{seat}/link
// answers {seat, token, link, qr_svg}): that seat's link replaced, the others as they were. The old
// link is refused by the server from then on, so the page must never show it again.
export function withNewSeatLink(invite, answer) {
  if (!invite?.seats) return invite;
  return {
    ...invite,
    seats: invite.seats.map((seat) => (seat.seat === answer.seat
      ? { ...seat, token: answer.token, link: answer.link, qr_svg: answer.qr_svg ?? null }
      : seat)),
  };
}
