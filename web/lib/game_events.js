// A game's event stream (GET /api/games/{id}/events, docs/api.md): calls `onGame` when the game
// moved (its revision), `onPresence` with [Red connected, Blue connected], `onConnection` with
// "connected" or "reconnecting". EventSource reconnects by itself after a drop or a server
// restart and sends the last revision it saw, so nothing is missed. Returns a function that closes
// the stream.
export function watchGame(id, token, { onGame, onPresence, onConnection } = {}) {
  if (typeof EventSource === 'undefined') return () => {};
  const url = `/api/games/${encodeURIComponent(id)}/events${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  const source = new EventSource(url);
  const parse = (event) => {
    try {
      return JSON.parse(event.data);
    } catch {
      return null;
    }
  };
  source.addEventListener('open', () => onConnection?.('connected'));
  source.addEventListener('error', () => onConnection?.('reconnecting'));
  source.addEventListener('game', (event) => {
    const data = parse(event);
    if (data) onGame?.(data);
  });
  source.addEventListener('presence', (event) => {
    const data = parse(event);
    if (data) onPresence?.(data.connected);
  });
  return () => source.close();
}
