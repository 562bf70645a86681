// The token this tab holds for a game with remote seats (docs/api.md, "Remote seats"): from the
// seat link (#/play/ID?token=...), else the one kept for this tab. Kept in sessionStorage, per tab,
// so that two tabs of one browser can hold the two seats; the creator's owner token is kept the
// same way when the game is created, with the invitation to show.
const tokenKey = (id) => `warband.token.${id}`;
const inviteKey = (id) => `warband.invite.${id}`;

function storage() {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;  // storage disabled: the token lives in the link alone
  }
}

export function seatToken(id, query) {
  const given = query?.get?.('token');
  if (given) {
    storage()?.setItem(tokenKey(id), given);
    return given;
  }
  return storage()?.getItem(tokenKey(id)) ?? null;
}

export function keepToken(id, token) {
  if (token) storage()?.setItem(tokenKey(id), token);
}

// The creator's invitation (links and QR codes), answered once when the game is created.
export function keepInvite(id, invite) {
  if (invite) storage()?.setItem(inviteKey(id), JSON.stringify(invite));
}

export function keptInvite(id) {
  const text = storage()?.getItem(inviteKey(id));
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
