// The start page: what this server offers, per ruleset (GET /api/rulesets), with links into each part.
import { cached } from '../lib/api.js';
import { h, append } from '../lib/dom.js';
import { editorLinks } from '../lib/navigate.js';
import { byOffers, loadRulesets } from '../lib/rulesets.js';

export async function render(root) {
  const [rulesets, health] = await Promise.all([loadRulesets(), cached('/api/health')]);
  append(root,
    h('h1', {}, 'Warband'),
    h('p', { class: 'lead' },
      'Build warbands, play on a drawn board against a friend or a bot, know the odds of every roll, ' +
      'and read the rules they come from.'),
    firstSteps(byOffers(rulesets).find((ruleset) => ruleset.playable)),
    h('div', { class: 'cards' }, byOffers(rulesets).map((ruleset) => rulesetCard(ruleset))),
    h('p', { class: 'muted small' }, `Warband ${health.version} · database ${health.db}`));
}

// What a newcomer clicks first: a game against the bot with the ruleset's sample lists, then the
// builder and the odds of the same ruleset.
function firstSteps(ruleset) {
  if (!ruleset) return null;
  const name = encodeURIComponent(ruleset.name);
  const title = ruleset.title ?? ruleset.name;
  return h('p', { class: 'first-steps' },
    h('strong', {}, 'First time here? '),
    h('a', { href: `#/play?ruleset=${name}` }, `Play ${title} against the bot`),
    ': the sample warbands and a map are chosen for you, press "Start the game". Then start a list ' +
    'of your own from a sample in Build, and ask Odds what a roll, an attack or a Cast will do.');
}

function rulesetCard(ruleset) {
  const name = encodeURIComponent(ruleset.name);
  const links = editorLinks(ruleset).map((link) => h('a', { href: link.href }, link.label));
  if (ruleset.playable) links.push(h('a', { href: `#/play?ruleset=${name}` }, 'Play'));
  if (ruleset.odds) links.push(h('a', { href: `#/odds/${name}` }, 'Odds'));
  if (ruleset.rules !== false) links.push(h('a', { href: `#/rules/${name}` }, 'Rules'));
  if (ruleset.balance) links.push(h('a', { href: `#/balance?ruleset=${name}` }, 'Balance'));
  return h('section', { class: 'card ruleset', dataset: { ruleset: ruleset.name } },
    h('h2', {}, ruleset.title ?? ruleset.name),
    h('p', {}, ruleset.summary),
    h('p', { class: 'links' }, links.flatMap((link, i) => (i ? [' · ', link] : [link]))));
}
