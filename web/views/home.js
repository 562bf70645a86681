// The start page: what this server offers, per ruleset, with links into each part.
import { cached } from '../api.js';
import { h, append } from '../dom.js';

export async function render(root) {
  const [rulesets, health] = await Promise.all([cached('/api/rulesets'), cached('/api/health')]);
  append(root,
    h('h1', {}, 'Warband'),
    h('p', { class: 'lead' },
      'Build warbands, play on a drawn board against a friend or a bot, know the odds of every roll, ' +
      'and read the rules they come from.'),
    h('div', { class: 'cards' }, [...rulesets].sort((a, b) => offers(b) - offers(a)).map((ruleset) => rulesetCard(ruleset))),
    h('p', { class: 'muted small' }, `Warband ${health.version} · database ${health.db}`));
}

// The rulesets that offer most come first.
function offers(ruleset) {
  return ['playable', 'builder', 'odds', 'balance', 'rules'].filter((what) => ruleset[what]).length;
}

function rulesetCard(ruleset) {
  const links = [];
  if (ruleset.builder)
    links.push(ruleset.name === 'spellweavers'
      ? h('a', { href: '#/spells' }, 'Spell creator')
      : h('a', { href: `#/build?ruleset=${ruleset.name}` }, 'Build'));
  if (ruleset.playable) links.push(h('a', { href: `#/play?ruleset=${ruleset.name}` }, 'Play'));
  if (ruleset.odds) links.push(h('a', { href: `#/odds/${ruleset.name}` }, 'Odds'));
  if (ruleset.rules !== false) links.push(h('a', { href: `#/rules/${ruleset.name}` }, 'Rules'));
  if (ruleset.balance) links.push(h('a', { href: '#/balance' }, 'Balance'));
  return h('section', { class: 'card ruleset' },
    h('h2', {}, title(ruleset.name)),
    h('p', {}, ruleset.summary),
    h('p', { class: 'links' }, links.flatMap((link, i) => (i ? [' · ', link] : [link]))));
}

const TITLES = { atomspast: 'AtomsPast', spellweavers: 'Spellweavers', conflict: 'Conflict', agame: 'A Game' };
export function title(name) {
  return TITLES[name] ?? name;
}
