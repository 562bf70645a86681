// The invitation of a game with remote seats, shown to its creator: each seat's link with a Copy
// button and its QR code (an SVG drawn by the server: no network service sees the link), and
// "New link", which revokes the seat's link and shows the one the server issues in its place
// (docs/api.md, "Remote seats": the owner token may revoke and re-issue the links).
import { api, attempt } from '../lib/api.js';
import { h, replace } from '../lib/dom.js';
import { sideName } from '../lib/format.js';
import { keepInvite, withNewSeatLink } from '../lib/seat_tokens.js';

async function copy(text, input, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch {
    // No clipboard permission (plain http on a LAN address): select it for Ctrl+C.
    input.select();
    button.textContent = 'Press Ctrl+C';
  }
}

// `id` and `token`: the game and the creator's owner token, for "New link" (none without them).
export function invitePanel(invite, { id = null, token = null } = {}) {
  if (!invite?.seats?.length) return null;
  let current = invite;

  function seatBox(seat) {
    const box = h('div', { class: 'invite-seat', dataset: { seat: seat.seat } });
    const input = h('input', { type: 'text', readonly: true, value: seat.link, class: 'seat-link', dataset: { seat: seat.seat } });
    const button = h('button', { type: 'button', class: 'small' }, 'Copy');
    button.addEventListener('click', () => copy(seat.link, input, button));
    const renew = id && token
      ? h('button', { type: 'button', class: 'small new-link', dataset: { seat: seat.seat },
          title: 'Revoke this link and make a new one: whoever holds the old link can no longer play' }, 'New link')
      : null;
    renew?.addEventListener('click', async () => {
      const side = sideName(seat.seat);
      if (!confirm(`Make a new link for ${side}? The old link stops working at once: send ${side}'s player the new one.`)) return;
      renew.disabled = true;
      const answer = await attempt(() => api.post(`/api/games/${id}/seats/${seat.seat}/link`, {}, { token }));
      renew.disabled = false;
      if (!answer) return;
      current = withNewSeatLink(current, answer);
      keepInvite(id, current);
      const fresh = current.seats.find((s) => s.seat === seat.seat);
      box.replaceWith(seatBox(fresh));
    });
    replace(box,
      h('h3', {}, `${sideName(seat.seat)}'s link`),
      h('div', { class: 'row' }, input, button, renew),
      seat.qr_svg ? h('img', { class: 'qr', alt: `QR code of ${sideName(seat.seat)}'s link`, width: 160, height: 160,
        src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(seat.qr_svg)}` }) : null);
    return box;
  }

  return h('section', { class: 'panel invite', id: 'invite' },
    h('h2', {}, 'Invite a friend'),
    h('p', { class: 'muted small' }, 'Send each link to the person who plays that side. Whoever holds a link plays its side and sees only its hand; keep it secret. "New link" revokes a link (sent to the wrong person, or leaked) and makes another.'),
    current.seats.map(seatBox),
    current.spectator_link ? h('p', { class: 'small' }, 'Spectators: ', h('code', {}, current.spectator_link)) : null,
    current.owner_link ? ownLink(current.owner_link) : null);
}

// The creator's own link: this browser remembers it, but another device (or a cleared browser)
// needs it to play the creator's side and manage the links again. Not to be sent.
function ownLink(link) {
  const input = h('input', { type: 'text', readonly: true, value: link, class: 'owner-link' });
  const button = h('button', { type: 'button', class: 'small' }, 'Copy');
  button.addEventListener('click', () => copy(link, input, button));
  return h('details', { class: 'own-link small', id: 'own-link' },
    h('summary', {}, 'Your own link (keep it; do not send it)'),
    h('p', { class: 'muted small' }, 'Opens this game as its creator: your side and these links, from another device or browser.'),
    h('div', { class: 'row' }, input, button));
}
