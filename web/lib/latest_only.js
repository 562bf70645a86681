// Answers that may come back out of order (one fetch a game event, several in flight): only the
// last asked is kept. A slower answer to an earlier event would otherwise replace a newer view,
// and with no later event the page would stay a move behind. Pure: tested outside a browser.

// Wraps `ask` (an async function): each call returns its answer, or null when a later call was
// made before it came back.
export function latestOnly(ask) {
  let asked = 0;
  return async (...args) => {
    const mine = ++asked;
    const answer = await ask(...args);
    return mine === asked ? answer : null;
  };
}
