// The invitation of a game with remote seats, shown to its creator: each seat's link with a Copy
// button and its QR code (an SVG drawn by the server: no network service sees the link).
import { h } from '../lib/dom.js';
import { sideName } from '../lib/format.js';

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

export function invitePanel(invite) {
  if (!invite?.seats?.length) return null;
  return h('section', { class: 'panel invite', id: 'invite' },
    h('h2', {}, 'Invite a friend'),
    h('p', { class: 'muted small' }, 'Send each link to the person who plays that side. Whoever holds a link plays its side and sees only its hand; keep it secret.'),
    invite.seats.map((seat) => {
      const input = h('input', { type: 'text', readonly: true, value: seat.link, class: 'seat-link', dataset: { seat: seat.seat } });
      const button = h('button', { type: 'button', class: 'small' }, 'Copy');
      button.addEventListener('click', () => copy(seat.link, input, button));
      return h('div', { class: 'invite-seat', dataset: { seat: seat.seat } },
        h('h3', {}, `${sideName(seat.seat)}'s link`),
        h('div', { class: 'row' }, input, button),
        seat.qr_svg ? h('img', { class: 'qr', alt: `QR code of ${sideName(seat.seat)}'s link`, width: 160, height: 160,
          src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(seat.qr_svg)}` }) : null);
    }),
    invite.spectator_link ? h('p', { class: 'small' }, 'Spectators: ', h('code', {}, invite.spectator_link)) : null);
}
