// The content a saved game plays on, from its view's "content" (docs/api.md): "live", or the
// version of the content folder it began on when that folder has been edited since. Pure: tested
// outside a browser.

// The one-line notice the play page shows, or null when the game plays the live content.
export function contentNotice(view) {
  const content = view?.content;
  if (typeof content !== 'string' || content === '' || content === 'live') return null;
  return `This game plays the content ${content}: the content has been edited since, and a new ` +
    'game plays the edited one.';
}

// The line the replay page shows of what content the replay plays: the version its game began on,
// or the live content (also an imported log whose version this server does not hold).
export function replayContentLine(view) {
  const content = view?.content;
  if (typeof content !== 'string' || content === '') return null;
  if (content === 'live') return 'Replays on the content as it is now.';
  return `Replays on the content ${content}: the content has been edited since.`;
}

// A listed game's content (GET /api/games) in a few words, or null when it plays the live one.
export function listedContent(game) {
  const content = game?.content;
  if (typeof content !== 'string' || content === '' || content === 'live') return null;
  return `content ${content}`;
}
