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
